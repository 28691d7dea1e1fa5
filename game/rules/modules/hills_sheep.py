"""Rule modules of Hills & Sheep (Moutons & collines): shepherds and their flocks, hills,
vineyards.  Rulebook: shared/rules/002_8689ab2ab1475f6c.txt; decisions where the text is
silent: docs/games/hills-and-sheep.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..features import FeatureData, Figure
from . import RuleModule

if TYPE_CHECKING:
    from ..board import Cell, PlacedTile
    from ..game import Game

SHEPHERD = "shepherd"
CLOISTER = "cloister"
WOLF = "wolf"
HILL = "hill"
VINEYARD = "vineyard"
SHEEP = ("1", "2", "3", "4")
# « 18 jetons Mouton et Loup (4x 1 mouton, 5x 2 moutons, 5x 3 moutons, 2x 4 moutons, 2x loup) »
BAG: tuple[str, ...] = ("1",) * 4 + ("2",) * 5 + ("3",) * 5 + ("4",) * 2 + (WOLF,) * 2
FLOCK_KEY = "flock"
GROW, HERD = "grow", "herd"
VINEYARD_POINTS = 3


def _sheep(tokens: Sequence[str]) -> int:
    return sum(int(t) for t in tokens if t != WOLF)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Shepherds(RuleModule):
    """Shepherds and the bag of sheep and wolves.

    A shepherd goes on a field instead of a follower and draws a token: sheep stay beside it,
    a wolf sends it home (the wolf goes back into the bag).  When a player's tile extends the
    field of their own shepherd they must grow (draw a token) or herd (every shepherd of that
    field scores all its sheep; tokens back into the bag, shepherds home) before the figure
    step.  A wolf drawn while growing clears the whole field.  Shepherds score nothing at the
    end and never count for a majority (``majority: false`` in the tile set).
    """

    name = "shepherds"

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.bag: list[str] = list(BAG)
        self.flocks: dict[int, list[str]] = {}  # shepherd figure id -> tokens beside it
        self.asking: int | None = None  # the shepherd the grow/herd question is about

    def copy_for(self, game: Game) -> RuleModule:
        out = Shepherds(game)
        out.bag = list(self.bag)
        out.flocks = {fid: list(tokens) for fid, tokens in self.flocks.items()}
        out.asking = self.asking
        return out

    # ------------------------------------------------------------------ queries
    def field_of(self, fig: Figure) -> int:
        """The root of the field a figure stands in."""
        return self.game.features.find(self.game.board.tiles[fig.cell].fids[fig.index])

    def shepherds_in(self, root: int) -> list[Figure]:
        return [f for f in self.game.feature_data(root).figures if f.kind == SHEPHERD]

    def flock_size(self, root: int) -> int:
        """Sheep in a field: the tokens beside every shepherd standing in it."""
        return sum(_sheep(self.flocks.get(f.id, ())) for f in self.shepherds_in(root))

    def shepherd_of(self, player: int) -> Figure | None:
        return next((f for f in self.game.figures.values()
                     if f.kind == SHEPHERD and f.player == player), None)

    def tokens_out(self) -> int:
        """Tokens beside shepherds on the board (the rest are in the bag)."""
        return sum(len(t) for t in self.flocks.values())

    # ------------------------------------------------------------------ hooks
    def after_place(self, placed: PlacedTile) -> None:
        game = self.game
        fig = self.shepherd_of(game.current)
        if fig is None:
            return
        root = self.field_of(fig)
        roles = game.kinds
        extended = any(roles[f.kind].role == "background"
                       and game.features.find(placed.fids[f.index]) == root
                       for f in placed.tile.features)
        if not extended:
            return
        self.asking = fig.id
        sheep = self.flock_size(root)
        game.request_choice(self, FLOCK_KEY, [GROW, HERD],
                            f"Flock of {sheep} sheep: grow or herd?")

    def on_choice(self, key: str, choice: str) -> None:
        if key != FLOCK_KEY or self.asking is None:
            return
        fig = self.game.figures.get(self.asking)
        self.asking = None
        if fig is None:
            return
        if choice == HERD:
            self._herd(fig)
        else:
            self._draw(fig)

    def on_deploy(self, figure: Figure, placed: PlacedTile) -> None:
        if figure.kind == SHEPHERD:
            self.flocks[figure.id] = []
            self._draw(figure)

    def after_scoring(self, placed: PlacedTile) -> None:
        # A shepherd taken off the board by another rule (none in this set) leaves its
        # tokens behind: they go back into the bag, so that all 18 stay accounted for.
        for fid in [f for f in self.flocks if f not in self.game.figures]:
            self.bag.extend(self.flocks.pop(fid))

    # ------------------------------------------------------------------ the flock
    def _draw(self, fig: Figure) -> None:
        """Draw a token for a shepherd: a sheep joins its flock, a wolf clears its field."""
        game = self.game
        token = game.draw("draws", self.bag)
        name = game.players[fig.player]
        if token == WOLF:
            self._wolf(fig)
            return
        self.bag.remove(token)
        self.flocks.setdefault(fig.id, []).append(token)
        game.notice(f"{name} draws {token} sheep", [fig.cell], fig.player, what="draws",
                    sheep=int(token))

    def _wolf(self, fig: Figure) -> None:
        """A wolf: every shepherd of the field goes home, every sheep there back into the bag
        (the wolf stays in the bag)."""
        game = self.game
        root = self.field_of(fig)
        shepherds = self.shepherds_in(root) or [fig]
        lost = self.flock_size(root)
        self._clear(shepherds)
        owners = list(dict.fromkeys(game.players[f.player] for f in shepherds))
        who = " and ".join(f"{name}'s" for name in owners)
        goes = "shepherd goes" if len(shepherds) == 1 else "shepherds go"
        lost_text = f"{lost} sheep lost, " if lost else ""
        game.notice(f"Wolf! {lost_text}{who} {goes} home", [f.cell for f in shepherds],
                    fig.player, what="wolf", lost=lost, shepherds=len(shepherds),
                    owners=tuple(dict.fromkeys(f.player for f in shepherds)))

    def _herd(self, fig: Figure) -> None:
        """Herd: every shepherd of the field scores all its sheep, then all go home."""
        game = self.game
        root = self.field_of(fig)
        shepherds = self.shepherds_in(root)
        sheep = self.flock_size(root)
        cells = sorted({f.cell for f in shepherds})
        players = sorted({f.player for f in shepherds})
        for player in players:
            game.award(player, sheep, "sheep", cells, final=False)
        self._clear(shepherds)
        names = " and ".join(game.players[p] for p in players)
        game.notice(f"{names} herd{'s' if len(players) == 1 else ''} {sheep} sheep: "
                    f"+{sheep}{' each' if len(players) > 1 else ''}", cells, fig.player,
                    what="herd", sheep=sheep, players=tuple(players))

    def _clear(self, shepherds: Sequence[Figure]) -> None:
        for f in shepherds:
            self.bag.extend(t for t in self.flocks.pop(f.id, ()) if t != WOLF)
            if f.id in self.game.figures:
                self.game.remove_figure(f)

    # ------------------------------------------------------------------ shown
    def tokens(self, player: int) -> dict[str, int]:
        fig = self.shepherd_of(player)
        if fig is None:
            return {}
        return {"sheep": _sheep(self.flocks.get(fig.id, ()))}

    def held_points(self, player: int) -> int:
        # Herding scores the whole field's flock for every shepherd standing in it.
        fig = self.shepherd_of(player)
        return 0 if fig is None else self.flock_size(self.field_of(fig))

    def figure_badge(self, figure: Figure) -> str | None:
        if figure.kind != SHEPHERD:
            return None
        tokens = self.flocks.get(figure.id, [])
        own = _sheep(tokens)
        total = self.flock_size(self.field_of(figure))
        text = f"{own} sheep" if own == total else f"{own} sheep (field {total})"
        return text

    def info(self) -> list[str]:
        counts = Counter(self.bag)
        sheep = ", ".join(f"{counts[s]}\u00d7{s}" for s in SHEEP if counts[s])
        wolves = counts[WOLF]
        out = [f"Bag: {len(self.bag)} tokens, {wolves} {'wolf' if wolves == 1 else 'wolves'}",
               f"Sheep: {sheep or 'none'}"]
        if self.flocks:
            on_board = _sheep([t for tokens in self.flocks.values() for t in tokens])
            out.append(f"Flocks: {on_board} sheep, {_plural(len(self.flocks), 'shepherd')}")
        return out

    def final_details(self) -> list[str]:
        left = _sheep([t for tokens in self.flocks.values() for t in tokens])
        if not self.flocks:
            return []
        return [f"Shepherds still out at the end score nothing ({left} sheep unherded)"]


class Hills(RuleModule):
    """Hills: a tile slides unseen under each hill tile placed (the pile shrinks), and among
    players tied for a feature those with a follower on a hill tile win it (in play and at the
    final scoring, farms too).  Several tied players on hills stay tied among themselves."""

    name = "hills"

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.under: list[tuple[Cell, str]] = []  # (hill cell, the tile under it)

    def copy_for(self, game: Game) -> RuleModule:
        out = Hills(game)
        out.under = list(self.under)
        return out

    def after_place(self, placed: PlacedTile) -> None:
        if not placed.tile.has_mark(HILL):
            return
        tid = self.game.draw_from_deck("under")
        if tid is not None:
            self.under.append((placed.cell, tid))

    def adjust_winners(self, figures: Sequence[Figure], winners: list[int]) -> list[int]:
        if len(winners) < 2:
            return winners
        defs = self.game.tileset.figures
        on_hill = [p for p in winners
                   if any(f.player == p and f.on_hill and defs[f.kind].majority for f in figures)]
        return on_hill or winners

    def info(self) -> list[str]:
        if not self.under:
            return []
        return [f"Under hills: {_plural(len(self.under), 'tile')}"]

    def final_details(self) -> list[str]:
        if not self.under:
            return []
        return [f"{_plural(len(self.under), 'tile')} lay under hills, out of the game"]


class Vineyards(RuleModule):
    """A completed cloister scores 3 more for each vineyard tile among its 8 neighbours;
    nothing extra at the end for an incomplete one."""

    name = "vineyards"

    def adjust_points(self, feature: FeatureData, completed: bool, points: int) -> int:
        if not completed or feature.kind != CLOISTER:
            return points
        (cell,) = feature.cells
        vineyards = sum(1 for t in self.game.board.neighbours8(cell) if t.tile.has_mark(VINEYARD))
        return points + VINEYARD_POINTS * vineyards
