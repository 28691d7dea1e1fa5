"""The naive referee of ``naive_checker.py`` for the other games: Hills & Sheep, Hunters &
Gatherers, Over Hill and Dale.  Typed in from their rulebooks (the French editions) and the
decisions of docs/games/; no code of ``game.rules``.  Random outcomes are handed in by the
cross-check: the token a shepherd draws, the bonus tile drawn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from tests.naive_checker import Feature, Figure, Follower, NaiveCarcassonne, NaiveGame, Rules
from tests.naive_tiles import AROUND, FACING, STEP, Cell, Part

WOLF = "wolf"
# « 18 jetons Mouton et Loup (4x 1 mouton, 5x 2 moutons, 5x 3 moutons, 2x 4 moutons, 2x loup) »
BAG = ["1"] * 4 + ["2"] * 5 + ["3"] * 5 + ["4"] * 2 + [WOLF] * 2


class NaiveHillsSheep(NaiveCarcassonne):
    """Shepherds and their flocks, hills that break ties, vineyards around cloisters."""

    RULES = Rules(
        roles=NaiveCarcassonne.RULES.roles, completion=NaiveCarcassonne.RULES.completion,
        figures={**NaiveCarcassonne.RULES.figures,
                 "shepherd": Figure(1, frozenset({"field"}), "shepherd", majority=False)})

    def __init__(self, paths: Sequence[Path], players: int = 2) -> None:
        super().__init__(paths, players)
        self.bag = list(BAG)
        self.flocks: dict[int, list[str]] = {}  # player -> tokens beside their shepherd
        self.asking = False  # the player must grow or herd before the figure step

    def shepherd(self, player: int) -> Follower | None:
        return next((f for f in self.followers if f.kind == "shepherd" and f.player == player),
                    None)

    def after_place(self, player: int) -> None:
        """A tile extending the field of one's own shepherd asks: grow or herd."""
        mine = self.shepherd(player)
        assert self.last_cell is not None
        if mine is None:
            return
        field_ = self.feature_of((mine.cell, mine.index))
        self.asking = any((self.last_cell, i) in field_.parts
                          for i in range(len(self.board[self.last_cell].tile.features)))

    def choose(self, player: int, choice: str, token: str | None) -> None:
        assert self.asking, "nobody is asked"
        self.asking = False
        mine = self.shepherd(player)
        assert mine is not None
        if choice == "herd":
            field_ = self.feature_of((mine.cell, mine.index))
            shepherds = [f for f in self.followers_on(field_) if f.kind == "shepherd"]
            sheep = sum(int(t) for s in shepherds for t in self.flocks[s.player])
            for owner in sorted({s.player for s in shepherds}):
                self.scores[owner] += sheep
            self._clear(shepherds)
        else:
            assert token is not None
            self._draw(mine, token)

    def deploy(self, player: int, target: str, figure: str = "follower",
               token: str | None = None) -> None:
        super().deploy(player, target, figure)
        if figure == "shepherd":
            assert token is not None
            self.flocks[player] = []
            self._draw(self.followers[-1], token)

    def _draw(self, shepherd: Follower, token: str) -> None:
        assert token in self.bag, f"{token} is not in the bag"
        if token == WOLF:  # every shepherd of that field goes home, the wolf stays in the bag
            field_ = self.feature_of((shepherd.cell, shepherd.index))
            self._clear([f for f in self.followers_on(field_) if f.kind == "shepherd"])
            return
        self.bag.remove(token)
        self.flocks[shepherd.player].append(token)

    def _clear(self, shepherds: list[Follower]) -> None:
        for s in shepherds:
            self.bag.extend(self.flocks.pop(s.player))
            self.send_home(s)

    def tokens(self, player: int) -> dict[str, int]:
        if self.shepherd(player) is None:
            return {}
        return {"sheep": sum(int(t) for t in self.flocks[player])}

    def winners(self, followers: list[Follower]) -> list[int]:
        """Among tied players, those with a counting figure on a hill tile win."""
        winners = super().winners(followers)
        if len(winners) > 1:
            on_hills = [p for p in winners if any(
                f.player == p and f.kind == "follower" and "hill" in self.board[f.cell].tile.marks
                for f in followers)]
            return on_hills or winners
        return winners

    def completed_points(self, feature: Feature) -> int:
        points = super().completed_points(feature)
        if feature.kind == "cloister":  # +3 per vineyard among the 8 around
            ((cell, _),) = feature.parts
            points += 3 * self._vineyards(cell)
        return points

    def _vineyards(self, cell: Cell) -> int:
        return sum(1 for dx, dy in AROUND
                   if (n := self.board.get((cell[0] + dx, cell[1] + dy))) is not None
                   and "vineyard" in n.tile.marks)


class NaiveHunters(NaiveGame):
    """Rivers with lakes, forests with gold and bonus tiles, huts, hunters."""

    RULES = Rules(
        roles={"river": "line", "lake": "inner", "forest": "area", "meadow": "background"},
        completion={"river": "closed", "lake": "never", "forest": "closed", "meadow": "never"},
        figures={"follower": Figure(5, frozenset({"river", "forest", "meadow"}), "follower"),
                 "hut": Figure(2, frozenset({"river", "lake"}), "hut", majority=False,
                               stays=True)})

    def __init__(self, paths: Sequence[Path], players: int = 2,
                 returns: str = "at-once") -> None:
        super().__init__(paths, players)
        self.returns = returns
        self.pile = [t.id for t in self.tiles.values() if t.pile == "bonus"
                     for _ in range(t.count)]
        self.cult: dict[Cell, int] = {}  # a tile with the cult site -> who placed it
        self.gold = False  # a forest with gold was completed this placement
        self.in_extra = False  # the bonus placement of the turn is under way
        self.deferred: list[Follower] = []

    def after_place(self, player: int) -> None:
        assert self.last_cell is not None
        if any("cult" in f.icons for f in self.board[self.last_cell].tile.features):
            self.cult[self.last_cell] = player

    def lakes_of(self, river: Feature) -> list[Feature]:
        touched = self.touched(river)
        return [f for f in self.features() if f.kind == "lake" and f.parts & touched]

    def completed_points(self, feature: Feature) -> int:
        if feature.kind == "river":  # a segment each, and the fish of the lakes at its ends
            return feature.tiles + sum(lake.icons["fish"] for lake in self.lakes_of(feature))
        if feature.kind == "forest":
            return 2 * feature.tiles + 2 * feature.icons["mushroom"]
        raise AssertionError(f"{feature.kind} never completes")

    def incomplete_points(self, feature: Feature) -> int:
        return 0  # unfinished rivers and forests score nothing; meadows are the hunters'

    def gold_now(self) -> bool:
        """Whether the tile just placed completes a forest with gold (before it scores)."""
        assert self.last_cell is not None
        return any(f.kind == "forest" and f.complete and f.icons["gold"]
                   and f.parts not in self.scored and any(c == self.last_cell for c, _ in f.parts)
                   for f in self.features())

    def bonus_due(self) -> bool:
        """Whether ending this placement draws a bonus tile."""
        return self.gold_now() and not self.in_extra and bool(self.pile)

    def networks(self) -> list[list[Feature]]:
        """Rivers and lakes joined through the lakes the rivers run into."""
        nodes = [f for f in self.features() if f.kind in ("river", "lake")]
        out: list[list[Feature]] = []
        seen: set[frozenset[Part]] = set()
        for start in nodes:
            if start.parts in seen:
                continue
            group, todo = [start], [start]
            seen.add(start.parts)
            while todo:
                f = todo.pop()
                if f.kind == "river":
                    linked = self.lakes_of(f)
                else:
                    linked = [r for r in nodes if r.kind == "river" and self.touched(r) & f.parts]
                for g in linked:
                    if g.parts not in seen:
                        seen.add(g.parts)
                        group.append(g)
                        todo.append(g)
            out.append(group)
        return out

    def may_deploy(self, player: int, figure: str, index: int) -> bool:
        if figure != "hut":
            return True
        assert self.last_cell is not None
        part = (self.last_cell, index)
        network = next(n for n in self.networks() if any(part in f.parts for f in n))
        return not any(f.kind == "hut" for g in network for f in self.followers_on(g))

    def end_turn(self) -> None:
        self.gold = self.gold_now()
        super().end_turn()

    def send_home(self, fig: Follower) -> None:
        if self.returns == "end-of-turn" and fig in self.followers and fig not in self.deferred:
            self.deferred.append(fig)  # off its feature now, home at the end of the turn
            self.followers.remove(fig)
            return
        super().send_home(fig)

    def finish_turn(self) -> None:
        """The whole turn is over (after a bonus placement, if any)."""
        for fig in self.deferred:
            self.supplies[fig.player][fig.kind] += 1
        self.deferred = []
        self.in_extra = False

    def final_extra(self) -> None:
        for network in self.networks():
            huts = [f for g in network for f in self.followers_on(g) if f.kind == "hut"]
            if huts:
                counts = Counter(f.player for f in huts)
                best = max(counts.values())
                fish = sum(g.icons["fish"] for g in network if g.kind == "lake")
                for player, n in counts.items():
                    if n == best:
                        self.scores[player] += fish
        for meadow in self.features():
            hunters = [f for f in self.followers_on(meadow) if f.kind == "follower"]
            if meadow.kind != "meadow" or not hunters:
                continue
            icons = meadow.icons
            tigers = 0 if icons["fire"] else icons["tiger"]
            points = 2 * (max(0, icons["deer"] - tigers) + icons["mammoth"] + icons["aurochs"])
            cult = next((f.player for f in hunters if self.cult.get(f.cell) == f.player
                         and "cult" in self.board[f.cell].tile.features[f.index].icons), None)
            if cult is not None:
                self.scores[cult] += points
            else:
                self.award_majority(hunters, points)


CROPS = ("apple", "strawberry", "pumpkin", "sunflower", "wheat")
HARVEST = (*CROPS, "scarecrow")
ANIMALS = ("rooster", "cow", "horse", "sheep", "pig")


def harvest_value(held: Counter[str]) -> int:
    """1 a token, 5 more for each set of five different crops (scarecrows fill gaps)."""
    sets = 0
    while sum(max(0, sets + 1 - held[c]) for c in CROPS) <= held["scarecrow"]:
        sets += 1
    return sum(held[t] for t in HARVEST) + 5 * sets


class NaiveHillDale(NaiveGame):
    """Paths and hikes, crop fields and their harvest tokens, stables."""

    RULES = Rules(
        roles={"path": "line", "cropfield": "area", "meadow": "background"},
        completion={"path": "closed", "cropfield": "closed", "meadow": "never"},
        figures={"meeple": Figure(4, frozenset({"path", "cropfield"}), "meeple"),
                 "stable": Figure(2, frozenset({"meadow"}), "stable", blocks=False,
                                  majority=False, stays=True)})

    def __init__(self, paths: Sequence[Path], players: int = 2) -> None:
        super().__init__(paths, players)
        self.left = {**{c: 5 for c in CROPS}, "scarecrow": 8}  # 33 tokens
        self.held = [Counter[str]() for _ in range(players)]
        self.current = 0

    def completed_points(self, feature: Feature) -> int:
        return feature.tiles * (2 if feature.kind == "cropfield" else 1)

    def incomplete_points(self, feature: Feature) -> int:
        return feature.tiles if feature.kind in ("path", "cropfield") else 0

    def may_deploy(self, player: int, figure: str, index: int) -> bool:
        assert self.last_cell is not None
        x, y = self.last_cell
        return figure != "stable" or not any(
            f.kind == "stable" and abs(f.cell[0] - x) <= 1 and abs(f.cell[1] - y) <= 1
            for f in self.followers)

    def on_completed(self, feature: Feature, winners: list[int]) -> None:
        """A completed crop field hands out a token per harvest icon, the winners taking
        them in turn from the player whose turn it is; each takes the one worth most."""
        if feature.kind != "cropfield" or not winners:
            return
        pool = []
        for name in HARVEST:
            for _ in range(feature.icons[name]):
                if self.left[name]:
                    self.left[name] -= 1
                    pool.append(name)
        order = sorted(winners, key=lambda p: (p - self.current) % self.players)
        for turn in range(len(pool)):
            held = self.held[order[turn % len(order)]]

            def worth(token: str, held: Counter[str] = held) -> tuple[int, bool, int, int]:
                return (harvest_value(held + Counter([token])), token == "scarecrow",
                        -held[token], -HARVEST.index(token))

            token = max(pool, key=worth)
            pool.remove(token)
            held[token] += 1

    def tokens(self, player: int) -> dict[str, int]:
        return {t: n for t, n in self.held[player].items() if n}

    def segments_next(self, seg: Part) -> list[Part]:
        """The path pieces across the edges a path piece covers."""
        cell, idx = seg
        out = []
        for port, owners in self.board[cell].covers.items():
            if idx not in owners or len(port) != 1:
                continue
            there = (cell[0] + STEP[port][0], cell[1] + STEP[port][1])
            other = self.board.get(there)
            if other is not None:
                out += [(there, j) for j in other.covers.get(FACING[port], ())
                        if other.tile.features[j].kind == "path"]
        return out

    def hikes(self, player: int) -> dict[Cell, tuple[int, Follower, Part]]:
        """Where a hiker of the player may walk now (the tile placed continued its
        unfinished path), with the tiles walked: the longest walk to each tile (then the
        oldest hiker)."""
        assert self.last_cell is not None
        placed = self.board[self.last_cell]
        paths = [self.feature_of((self.last_cell, i)) for i, f in
                 enumerate(placed.tile.features) if f.kind == "path"]
        hikers = [f for f in self.followers if f.kind == "meeple"
                  and self.board[f.cell].tile.features[f.index].kind == "path"]
        out: dict[Cell, tuple[int, Follower, Part]] = {}
        for fig in hikers:
            if fig.player != player or not any((fig.cell, fig.index) in p.parts
                                               and not p.complete for p in paths):
                continue
            blocked = {f.cell for f in hikers if f is not fig}
            dist = {(fig.cell, fig.index): 0}
            todo = [(fig.cell, fig.index)]
            while todo:
                seg = todo.pop(0)
                for nxt in self.segments_next(seg):
                    if nxt not in dist:
                        dist[nxt] = dist[seg] + 1
                        todo.append(nxt)
            for seg, d in dist.items():
                if d > 0 and seg[0] not in blocked and d > out.get(seg[0], (0,))[0]:
                    out[seg[0]] = (d, fig, seg)
        return out

    def move(self, player: int, cell: Cell) -> None:
        tiles, fig, (to, index) = self.hikes(player)[cell]
        self.followers[self.followers.index(fig)] = Follower(player, to, index, fig.kind)
        self.scores[player] += tiles

    def final_extra(self) -> None:
        for fig in self.followers:
            if fig.kind == "stable":
                cx, cy = fig.cell
                self.scores[fig.player] += sum(
                    1 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                    if (t := self.board.get((cx + dx, cy + dy))) is not None
                    for name in (*t.tile.marks, *(i for f in t.tile.features for i in f.icons))
                    if name in ANIMALS)
        for player, held in enumerate(self.held):
            self.scores[player] += harvest_value(held)
