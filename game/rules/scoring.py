"""Scoring: the kinds' points, majorities, features completed in a turn, the final
scoring, and the figures that go home."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .board import Cell, PlacedTile
from .events import ScoreEvent, Worth
from .features import NO_FIGURES, Feature, Figure
from .modules import RuleModule
from .state import GameState

_new = tuple.__new__  # builds a named tuple without its Python-level constructor

# The order in which features around a placed tile are scored: its own first, then its
# neighbours column by column (west to east), each from north to south.
AROUND_ORDER = {(0, 0): 0, **{(dx, dy): 1 + i for i, (dx, dy) in enumerate(
    (dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)}}


class Scoring(GameState):
    def counted_points(self, feature: Feature, each: Mapping[str, int]) -> int:
        """A feature's points counted at ``each``, a kind's points (``points`` or ``final``):
        per tile (for a feature completed by the tiles around it, itself and those present)
        and per icon."""
        if not each:
            return 0
        if self.kinds[feature.kind].completion == "surrounded":
            tiles = 1 + self.board.count_neighbours8(self.features.owner[feature.root].cell)
        else:
            tiles = feature.tiles
        points = each.get("tile", 0) * tiles
        if len(each) > 1 or "tile" not in each:
            icons = feature.icons
            for icon, worth in each.items():
                if icon != "tile":
                    points += worth * icons.get(icon, 0)
        return points

    def winners(self, figures: Sequence[Figure]) -> list[int]:
        """Players with the most figures that count for majorities (all of them on a tie)."""
        majority = self.lookups.majority
        if len(figures) == 1:  # the usual case
            (only,) = figures
            if not majority[only.kind]:
                return []
            winners = [only.player]
        else:
            counts: dict[int, int] = {}
            for f in figures:
                if majority[f.kind]:
                    counts[f.player] = counts.get(f.player, 0) + 1
            if not counts:
                return []
            if len(counts) == 1:
                winners = list(counts)
            else:
                best = max(counts.values())
                winners = sorted(p for p, n in counts.items() if n == best)
        hooked = self.hooks[RuleModule.adjust_winners]
        if hooked:
            modules, host = self.modules, self.host
            for i in hooked:
                winners = modules[i].adjust_winners(host, figures, winners)
        return winners

    def award(self, player: int, points: int, category: str, cells: Sequence[Cell]) -> None:
        """Give points (marked final when the final scoring is under way)."""
        if points <= 0:
            return
        self.scores[player] += points
        where = cells if type(cells) is tuple else tuple(cells)
        self.events.append(_new(ScoreEvent, (player, points, category, where, self._final)))

    def feature_points(self, feature: Feature, completed: bool) -> int:
        """What a feature scores: completed (its kind's points) or at the end (its final
        points), as the rule modules adjust them."""
        kind = self.kinds[feature.kind]
        points = self.counted_points(feature, kind.points if completed else kind.final)
        hooked = self.hooks[RuleModule.adjust_points]
        if hooked:
            modules, host = self.modules, self.host
            for i in hooked:
                points = modules[i].adjust_points(host, feature, completed, points)
        return points

    def feature_worth(self, fid: int) -> Worth:
        """What the feature of ``fid`` is worth as it stands: completed now (a feature
        completed by the tiles around it counts them all) and at the end, by its kind's
        points as the rule modules adjust them, with what the modules award it at the end
        (farmers' cities, a hunt, huts' fish).  The game is not changed."""
        feature = Feature(self.features, self.features.find(fid))
        kind = self.kinds[feature.kind]
        completed = final = None
        if kind.completion != "never" and kind.points:
            completed = self.feature_points(feature, completed=True)
            if kind.completion == "surrounded":  # the 8 tiles around, all there
                cell = self.features.owner[feature.root].cell
                completed += kind.points.get("tile", 0) * (8 - self.board.count_neighbours8(cell))
        if kind.final:
            final = self.feature_points(feature, completed=False)
        modules, host = self.modules, self.host
        for i in self.hooks[RuleModule.end_worth]:
            extra = modules[i].end_worth(host, feature)
            if extra is not None:
                final = (final or 0) + extra
        return Worth(completed, final)

    def _score_feature(self, root: int, completed: bool) -> None:
        feats = self.features
        feature = Feature(feats, root)
        points = self.feature_points(feature, completed)
        modules, host = self.modules, self.host
        figures = feats.figures[root]
        winners = self.winners(figures)
        if winners and points > 0:
            cells = tuple(sorted(feature.cells))
            for player in winners:
                self.award(player, points, feats.kind[root], cells)
        for i in self.hooks[RuleModule.on_scored]:
            modules[i].on_scored(host, feature, completed, winners, points)
        feats.done[root] = True
        if completed and figures:
            self._return_figures(root)

    def _return_figures(self, root: int) -> None:
        stays = self.lookups.stays
        kept: list[Figure] = []
        for fig in self.features.figures[root]:
            if stays[fig.kind]:
                kept.append(fig)
            elif self._defer:
                self._deferred.append(fig)
            else:
                self.return_figure(fig)
        self.features.figures[root] = tuple(kept) if kept else NO_FIGURES

    def return_figure(self, fig: Figure) -> None:
        """Send a figure home (to its owner's supply)."""
        self.supply[fig.player][fig.kind] += 1
        self.figures.pop(fig.id, None)

    def move_figure(self, fig: Figure, cell: Cell, index: int) -> Figure:
        """Move a figure on the board to feature ``index`` of the tile at ``cell`` (a hike);
        it stays its owner's, out of the supply."""
        feats = self.features
        tiles = self.board.tiles
        old = feats.find(tiles[fig.cell].first + fig.index)
        feats.figures[old] = tuple(f for f in feats.figures[old] if f.id != fig.id)
        moved = _new(Figure, (fig.id, fig.player, fig.kind, cell, index))
        new = feats.find(tiles[cell].first + index)
        feats.figures[new] += (moved,)
        self.figures[fig.id] = moved
        return moved

    def remove_figure(self, fig: Figure) -> None:
        """Take a figure off its feature and send it home (a wolf, a herded flock...)."""
        feats = self.features
        root = feats.find(self.board.tiles[fig.cell].first + fig.index)
        feats.figures[root] = tuple(f for f in feats.figures[root] if f.id != fig.id)
        self.return_figure(fig)

    def _score_completed(self, placed: PlacedTile) -> None:
        """Score every feature the tile just placed completed: its own closed features, then
        features completed by the tiles around them, from its own tile outwards."""
        feats = self.features
        t = placed.t
        if t.closed:
            find, open_, done = feats.find, feats.open, feats.done
            first = placed.first
            roots = []
            for i in t.closed:
                root = find(first + i)
                if open_[root] == 0 and not done[root]:
                    roots.append(root)
            if roots:
                for root in sorted(set(roots)):
                    if not done[root]:
                        self._score_feature(root, completed=True)
        if 8 in self.board.waiting.values():
            self._score_surrounded(placed.cell)

    def _score_surrounded(self, at: Cell) -> None:
        """Features completed by the tiles around them, near a tile just placed at ``at``."""
        waiting = self.board.waiting
        x, y = at
        full = [(AROUND_ORDER[cx - x, cy - y], (cx, cy)) for (cx, cy), around in waiting.items()
                if around == 8 and -1 <= cx - x <= 1 and -1 <= cy - y <= 1]
        feats = self.features
        find, done = feats.find, feats.done
        for _, cell in sorted(full):
            other = self.board.tiles[cell]
            for idx in other.t.surrounded:
                root = find(other.first + idx)
                if not done[root]:
                    self._score_feature(root, completed=True)
            del waiting[cell]

    def final_scoring(self) -> None:
        """Score what the end of the game scores: every unscored feature holding figures
        whose kind has end points (in id order), then the modules' final scoring."""
        self._final = True
        feats = self.features
        kinds, kind, done = self.kinds, feats.kind, feats.done
        held = self.held_roots()
        for root in held:
            if not done[root] and kinds[kind[root]].final:
                self._score_feature(root, completed=False)
        hooked = self.hooks[RuleModule.final_scoring]
        if hooked:
            modules, host = self.modules, self.host
            self._held = held  # no figure moves during the final scoring
            try:
                for i in hooked:
                    modules[i].final_scoring(host)
            finally:
                self._held = None

    def held_roots(self) -> list[int]:
        """The features holding figures (their roots), in id order."""
        if self._held is not None:
            return list(self._held)
        parent = self.features.parent
        tiles = self.board.tiles
        out = set()
        for f in self.figures.values():
            root = tiles[f.cell].first + f.index
            while parent[root] != root:
                root = parent[root]
            out.add(root)
        return sorted(out)

    def final_scores_preview(self) -> list[int]:
        """What the scores would be if the game ended now (the game is not changed)."""
        if self.over:
            return list(self.scores)
        other = self.copy()
        other.final_scoring()
        return other.scores
