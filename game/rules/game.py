"""The game: turn order, tile placement, figures and scoring, driven by a loaded tile set.

A game is fully determined by its tile set, options, players, seed and move list (plus any
outcome a scenario forced); ``replay`` rebuilds one from those, which is also how ``undo``
works.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from . import ports as P
from .actions import Action, Choose, Deploy, Move, Place, Skip
from .board import Board, Cell, PlacedTile
from .errors import IllegalAction, UnknownOption
from .features import FeatureData, Features, Figure
from .model import KindDef, OptionValue, StartDef, TileSet, TileType
from .modules import MODULES, RuleModule

PLACE, CHOOSE, FIGURE, OVER = "place", "choose", "figure", "over"
_DEGREES = (0, 90, 180, 270)


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    player: int
    points: int
    category: str  # the feature kind scored (city, road, cloister, field...)
    cells: tuple[Cell, ...]  # where, for showing it
    final: bool  # awarded by the final scoring


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the window should announce (a wolf, a herded flock, a bonus tile...): its
    English text, and what happened as data (``what`` and its ``values``) from which the
    window tells it in the player's language."""

    text: str
    cells: tuple[Cell, ...]
    player: int | None
    what: str = ""  # e.g. "wolf", "draws", "takes"
    values: tuple[tuple[str, object], ...] = ()  # (name, value) pairs, values plain data


@dataclass(frozen=True, slots=True)
class ChoiceRequest:
    """A question a rule module asks the current player before the figure step."""

    module: int  # index into game.modules
    key: str  # its name in scenario files (e.g. "flock")
    options: tuple[str, ...]
    prompt: str


@dataclass(frozen=True, slots=True)
class Worth:
    """What a feature is worth to the players leading it, as it stands."""

    completed: int | None  # if it were completed now (None: its kind never completes)
    final: int | None  # at the end of the game (None: nothing at the end)


@dataclass(frozen=True, slots=True)
class FeatureView:
    """A read-only summary of one whole feature, for tools, tests and the window."""

    id: int
    kind: str
    parts: frozenset[tuple[Cell, int]]  # (cell, feature index on that tile)
    tiles: int
    open: int
    complete: bool
    figures: tuple[Figure, ...]
    icons: Mapping[str, int]


class LegalPlacements:
    """The legal placements of one tile: a lazy view with a cheap membership test."""

    __slots__ = ("_board", "_list", "tile")

    def __init__(self, board: Board, tile: TileType) -> None:
        self._board = board
        self.tile = tile
        self._list: list[Place] | None = None

    def __contains__(self, item: object) -> bool:
        if isinstance(item, Place):
            if item.tile != self.tile.id or item.rotation % 90:
                return False
            return item.rotation // 90 in self._board.fits(self.tile, item.cell)
        if isinstance(item, tuple) and len(item) == 2:
            cell, rotation = item
            return isinstance(rotation, int) and rotation % 90 == 0 and \
                rotation // 90 in self._board.fits(self.tile, cell)
        return False

    def _all(self) -> list[Place]:
        if self._list is None:
            tile, board = self.tile, self._board
            tid, cache = tile.id, tile.fit_cache
            new = tuple.__new__  # skips the named tuple's Python-level constructor
            out: list[Place] = []
            for cell, demand in board.demands.items():
                hit = cache.get(demand)
                if hit is None:
                    hit = board.fits(tile, cell)
                for q in hit:
                    out.append(new(Place, (tid, cell[0], cell[1], _DEGREES[q])))
            self._list = out
        return self._list

    def __iter__(self) -> Iterator[Place]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __bool__(self) -> bool:
        return self._board.has_placement(self.tile)

    def cells(self) -> list[Cell]:
        return [c for c in self._board.demands if self._board.fits(self.tile, c)]

    def rotations(self, cell: Cell) -> tuple[int, ...]:
        """Legal rotations (degrees) of the tile on a cell."""
        return tuple(q * 90 for q in self._board.fits(self.tile, cell))

    def distinct(self) -> list[Place]:
        """One placement per rules-distinct rotation (symmetric turns dropped)."""
        tid = self.tile.id
        return [Place(tid, c[0], c[1], q * 90) for c, q in self.pairs(distinct=True)]

    def pairs(self, distinct: bool = False) -> list[tuple[Cell, int]]:
        """(cell, quarter turns) pairs, without building Place values (for fast playouts)."""
        pairs = self._board.placements(self.tile)
        if distinct and len(self.tile.distinct_rotations) < 4:
            keep = self.tile.distinct_rotations
            pairs = [p for p in pairs if p[1] in keep]
        return pairs


class Game:
    def __init__(self, tileset: TileSet, players: Sequence[str], seed: int = 0,
                 options: Mapping[str, OptionValue] | None = None,
                 start: StartDef | None = None) -> None:
        lo, hi = tileset.players
        if not lo <= len(players) <= hi:
            raise IllegalAction(f"{tileset.name} takes {lo} to {hi} players, not {len(players)}")
        self.tileset = tileset
        self.kinds: Mapping[str, KindDef] = tileset.kinds
        self.players = tuple(players)
        self.seed = seed
        self.options = _check_options(tileset, options or {})
        self.chosen_options = dict(options or {})
        self.tile_types: dict[str, TileType] = {t.id: t for t in tileset.tiles}
        self._surrounded = {t.id: tuple(f.index for f in t.features
                                        if self.kinds[f.kind].completion == "surrounded")
                            for t in tileset.tiles}
        self.rng = random.Random(seed)
        self.board = Board()
        self.features = Features()
        self.scores = [0] * len(players)
        self.supply = [{name: f.count for name, f in tileset.figures.items()} for _ in players]
        self.figures: dict[int, Figure] = {}
        self.events: list[ScoreEvent] = []
        self.moves: list[Action] = []
        self.forced: list[tuple[int, str, str]] = []
        self.hands: list[list[str]] = [[] for _ in players]
        self.set_aside: list[str] = []
        self.current = 0
        self.phase = PLACE
        self.last_cell: Cell | None = None
        self._next_figure = 0
        self.choices: list[ChoiceRequest] = []
        self._queued: dict[str, list[str]] = {}  # forced random outcomes, by kind
        self.extra_tile: str | None = None  # a tile granted for a second placement
        self._granted: str | None = None
        self.in_extra = False  # the turn's second placement is under way
        self._deferred: list[Figure] = []  # figures going home at the end of the turn
        self._drew_this_turn = False
        self.notices: list[Notice] = []
        self.modules: list[RuleModule] = [MODULES[name](self) for name in tileset.rules]
        chosen_start = start or tileset.start
        if chosen_start is None:
            raise IllegalAction(f"{tileset.name} has no start tile")
        self.start: StartDef = chosen_start
        self.deck = self._build_deck()
        self._hand_size = next((h for m in self.modules if (h := m.hand_size()) is not None), 1)
        self._place_tile(self.tile_types[self.start.tile], self.start.at,
                         self.start.rotation // 90)
        self._begin_turn()

    # ------------------------------------------------------------------ set-up and queries
    def _build_deck(self) -> list[str]:
        deck: list[str] = []
        start_taken = False
        for t in self.tileset.tiles:
            if t.pile != "main":
                continue
            n = t.count
            if t.id == self.start.tile and not start_taken:
                n -= 1
                start_taken = True
            deck.extend([t.id] * n)
        self.rng.shuffle(deck)
        return deck

    def option(self, name: str) -> OptionValue:
        return self.options[name]

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def hand(self) -> tuple[str, ...]:
        return tuple(self.hands[self.current])

    @property
    def current_tile(self) -> str | None:
        """The tile to place (the first of the hand when a player holds several)."""
        if self.phase != PLACE:
            return None
        if self.extra_tile is not None:
            return self.extra_tile
        hand = self.hands[self.current]
        return hand[0] if hand else None

    @property
    def tiles_left(self) -> int:
        return len(self.deck)

    def remaining(self) -> Counter[str]:
        """Tiles not yet seen: the draw pile plus the other players' hands."""
        out = Counter(self.deck)
        for i, hand in enumerate(self.hands):
            if i != self.current:
                out.update(hand)
        return out

    def legal_placements(self, tile: str | None = None) -> LegalPlacements:
        tid = tile or self.current_tile
        if tid is None:
            raise IllegalAction("no tile to place now")
        return LegalPlacements(self.board, self.tile_types[tid])

    def feature_data(self, fid: int) -> FeatureData:
        return self.features.root_data(fid)

    def is_complete(self, fid: int) -> bool:
        data = self.features.root_data(fid)
        completion = self.kinds[data.kind].completion
        if completion == "closed":
            return data.open == 0
        if completion == "surrounded":
            (cell,) = data.cells
            return self.board.count_neighbours8(cell) == 8
        return False

    def feature_view(self, fid: int) -> FeatureView:
        root = self.features.find(fid)
        d = self.features.root_data(root)
        return FeatureView(id=root, kind=d.kind, parts=frozenset(d.parts), tiles=len(d.cells),
                           open=d.open, complete=self.is_complete(root),
                           figures=tuple(d.figures), icons=dict(d.icons))

    def feature_at(self, cell: Cell, target: str | int) -> FeatureView:
        placed = self.board.tiles[cell]
        idx = target if isinstance(target, int) else self._resolve(placed, target)
        if idx is None:
            raise IllegalAction(f"no feature '{target}' on the tile at {list(cell)}")
        return self.feature_view(placed.fids[idx])

    def feature_worth(self, fid: int) -> Worth:
        """What the feature of ``fid`` is worth as it stands: completed now (a feature
        completed by the tiles around it counts them all) and at the end, by its kind's
        tables as the rule modules adjust them, with what the modules award it at the end
        (farmers' cities, a hunt, huts' fish).  The game is not changed."""
        data = self.features.root_data(fid)
        kind = self.kinds[data.kind]
        completed = final = None
        if kind.completion != "never" and kind.points:
            completed = self.table_points(data, kind.points)
            if kind.completion == "surrounded":  # the 8 tiles around, all there
                (cell,) = data.cells
                completed += kind.points.get("tile", 0) * (8 - self.board.count_neighbours8(cell))
            for m in self.modules:
                completed = m.adjust_points(data, True, completed)
        if kind.final:
            final = self.table_points(data, kind.final)
            for m in self.modules:
                final = m.adjust_points(data, False, final)
        for m in self.modules:
            extra = m.end_worth(data)
            if extra is not None:
                final = (final or 0) + extra
        return Worth(completed, final)

    def all_features(self) -> list[FeatureView]:
        return [self.feature_view(r) for r in self.features.roots()]

    def figures_in_supply(self, player: int, kind: str) -> int:
        return self.supply[player][kind]

    def tokens(self, player: int) -> dict[str, int]:
        out: Counter[str] = Counter()
        for m in self.modules:
            out.update(m.tokens(player))
        return dict(out)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        if self.phase == PLACE:
            out: list[Action] = []
            for tid in self.placeable_tiles():
                out.extend(self.legal_placements(tid))
            return out
        if self.phase == CHOOSE:
            return [Choose(o) for o in self.choices[0].options]
        if self.phase == FIGURE:
            extras = [a for m in self.modules for a in m.extra_actions()]
            return [*self.deploy_options(), *extras, Skip()]
        return []

    def placeable_tiles(self) -> list[str]:
        """The tiles the current player may place now (a granted tile, else the hand)."""
        if self.phase != PLACE:
            return []
        if self.extra_tile is not None:
            return [self.extra_tile]
        return list(dict.fromkeys(self.hands[self.current]))

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action (placements once per rules-distinct rotation):
        the random player of simulations and tests."""
        if self.phase == PLACE:
            options: list[tuple[str, tuple[Cell, int]]] = []
            for tid in self.placeable_tiles():
                options.extend((tid, pair) for pair in self.legal_placements(tid).pairs(True))
            tid, ((x, y), q) = options[rng.randrange(len(options))]
            return Place(tid, x, y, _DEGREES[q])
        actions = self.legal_actions()
        return actions[rng.randrange(len(actions))]

    def deploy_options(self) -> list[Deploy]:
        if self.phase != FIGURE or self.last_cell is None:
            return []
        placed = self.board.tiles[self.last_cell]
        supply = self.supply[self.current]
        out: list[Deploy] = []
        for f in placed.tile.features:
            data = self.features.root_data(placed.fids[f.index])
            for name, fig in self.tileset.figures.items():
                if supply[name] <= 0 or f.kind not in fig.on:
                    continue
                if fig.blocks and any(self.tileset.figures[o.kind].group == fig.group
                                      for o in data.figures):
                    continue
                if all(m.may_deploy(fig, placed, f.index) for m in self.modules):
                    out.append(Deploy(name, self._target_name(placed, f.index)))
        return out

    def is_legal(self, action: Action) -> bool:
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    # ------------------------------------------------------------------ applying actions
    def apply(self, action: Action) -> list[ScoreEvent]:
        """Play one action; returns the score events it caused."""
        self._check(action)
        before = len(self.events)
        self.moves.append(action)
        if isinstance(action, Place):
            tile = self.tile_types[action.tile]
            if self.extra_tile is not None:
                self.extra_tile = None
            else:
                self.hands[self.current].remove(action.tile)
            self._place_tile(tile, action.cell, action.rotation // 90)
            self.last_cell = action.cell
            self.phase = FIGURE
            placed = self.board.tiles[action.cell]
            for m in self.modules:
                m.after_place(placed)
            if self.choices:
                self.phase = CHOOSE
        elif isinstance(action, Choose):
            request = self.choices.pop(0)
            self.modules[request.module].on_choice(request.key, action.choice)
            if not self.choices and self.phase == CHOOSE:
                self.phase = FIGURE
        elif isinstance(action, Move):
            if not any(m.apply_extra(action) for m in self.modules):
                raise IllegalAction(f"{action}: no rule handles it")  # _check let it through
            self._finish_turn()
        elif isinstance(action, Deploy):
            assert self.last_cell is not None
            placed = self.board.tiles[self.last_cell]
            idx = self._resolve(placed, action.target)
            assert idx is not None
            fig = self._put_figure(self.current, action.figure, placed, idx)
            for m in self.modules:
                m.on_deploy(fig, placed)
            self._finish_turn()
        elif isinstance(action, Skip):
            self._finish_turn()
        return self.events[before:]

    def _check(self, action: Action) -> None:
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        if isinstance(action, Place):
            if self.phase != PLACE:
                raise IllegalAction(f"{action}: a tile is already placed this turn")
            if action.tile not in self.placeable_tiles():
                raise IllegalAction(f"{action}: tile {action.tile} is not the tile to place "
                                    f"(now: {', '.join(self.placeable_tiles())})")
            if action not in self.legal_placements(action.tile):
                raise IllegalAction(f"{action}: tile {action.tile} does not fit at "
                                    f"[{action.x}, {action.y}] turned {action.rotation}")
            return
        if self.phase == CHOOSE:
            request = self.choices[0]
            if not isinstance(action, Choose) or action.choice not in request.options:
                raise IllegalAction(f"{action}: first answer: {request.prompt} "
                                    f"({' / '.join(request.options)})")
            return
        if self.phase != FIGURE:
            raise IllegalAction(f"{action}: place the tile first")
        if isinstance(action, Skip):
            return
        if isinstance(action, Move):
            if action not in [a for m in self.modules for a in m.extra_actions()]:
                raise IllegalAction(f"{action}: no figure of yours may move there now")
            return
        if isinstance(action, Deploy):
            assert self.last_cell is not None
            placed = self.board.tiles[self.last_cell]
            if action.figure not in self.tileset.figures:
                raise IllegalAction(f"{action}: unknown figure '{action.figure}'")
            idx = self._resolve(placed, action.target)
            if idx is None:
                raise IllegalAction(f"{action}: tile {placed.tile.id} has no feature "
                                    f"'{action.target}'")
            wanted = (action.figure, idx)
            for option in self.deploy_options():
                if (option.figure, self._resolve(placed, option.target)) == wanted:
                    return
            kind = placed.tile.features[idx].kind
            if self.supply[self.current][action.figure] <= 0:
                raise IllegalAction(f"{action}: no {action.figure} left in the supply")
            raise IllegalAction(f"{action}: a {action.figure} may not go on that {kind} "
                                f"(occupied, or not allowed there)")
        if isinstance(action, Choose):
            raise IllegalAction(f"{action}: nothing to choose now")
        raise IllegalAction(f"not an action: {action!r}")

    def undo(self) -> None:
        """Take back the last action of the current turn."""
        if not self.can_undo:
            raise IllegalAction("nothing of this turn to take back")
        other = Game.replay(self.tileset, self.players, self.seed, self.chosen_options,
                            self.moves[:-1], self.forced, self.start)
        self.__dict__.update(other.__dict__)
        for m in self.modules:
            m.game = self

    @property
    def can_undo(self) -> bool:
        """Undo works within a turn until something random was revealed in it (a token, a
        bonus tile): the player has seen the outcome and must live with it."""
        return self.phase in (FIGURE, CHOOSE) and bool(self.moves) and not self._drew_this_turn

    @classmethod
    def replay(cls, tileset: TileSet, players: Sequence[str], seed: int,
               options: Mapping[str, OptionValue], moves: Sequence[Action],
               forced: Sequence[tuple[int, str, str]] = (),
               start: StartDef | None = None) -> Game:
        game = cls(tileset, players, seed, options, start)
        pending = sorted(forced, key=lambda f: f[0])
        for i, move in enumerate(moves):
            for when, what, value in pending:
                if when == i:
                    game.force(what, value)
            game.apply(move)
        for when, what, value in pending:
            if when == len(moves):
                game.force(what, value)
        return game

    def force(self, what: str, value: str) -> None:
        """Fix a random outcome: the tile to place ("tile"), or the next outcome a rule module
        draws with ``draw`` ("under", "draws", "bonus"...).  Recorded for replays."""
        if what != "tile":
            self._queued.setdefault(what, []).append(str(value))
            self.forced.append((len(self.moves), what, str(value)))
            return
        if self.phase != PLACE:
            raise IllegalAction("a tile can only be forced before it is placed")
        hand = self.hands[self.current]
        if value not in hand:
            # Take it from the pile, or else from another player's hand (with several
            # tiles in hand a copy may have been dealt elsewhere); swap in what we held.
            holder = self.deck if value in self.deck else next(
                (h for h in self.hands if value in h), None)
            if holder is None:
                raise IllegalAction(f"no tile {value} left to draw")
            pos = len(holder) - 1 - holder[::-1].index(value)
            if hand:
                holder[pos] = hand[0]
                hand[0] = value
            else:
                del holder[pos]
                hand.append(value)
        else:
            hand.remove(value)
            hand.insert(0, value)
        self.forced.append((len(self.moves), what, value))

    def unused_forced(self) -> dict[str, list[str]]:
        """Forced outcomes not drawn yet (a scenario that fixed more than happened)."""
        return {k: list(v) for k, v in self._queued.items() if v}

    def draw(self, what: str, population: Sequence[str]) -> str:
        """A random outcome for a rule module (a token from a bag, a tile from a pile): the
        next forced one if a scenario fixed it, else a seeded random choice."""
        self._drew_this_turn = True
        forced = self._forced_value(what, population)
        if forced is not None:
            return forced
        if not population:
            raise IllegalAction(f"nothing left to draw for {what}")
        return population[self.rng.randrange(len(population))]

    def draw_from_deck(self, what: str) -> str | None:
        """Take a tile from the draw pile unseen (e.g. under a hill); None if it is empty.
        Nothing is revealed, so undo stays possible."""
        if not self.deck:
            return None
        tid = self._forced_value(what, self.deck) or self.deck[-1]
        pos = len(self.deck) - 1 - self.deck[::-1].index(tid)
        del self.deck[pos]
        return tid

    def _forced_value(self, what: str, population: Sequence[str]) -> str | None:
        queue = self._queued.get(what)
        if not queue:
            return None
        value = queue.pop(0)
        if value not in population:
            raise IllegalAction(f"forced {what} '{value}' cannot be drawn now "
                                f"(possible: {', '.join(sorted(set(population)))})")
        return value

    def request_choice(self, module: RuleModule, key: str, options: Sequence[str],
                       prompt: str) -> None:
        """Ask the current player a question before the figure step."""
        self.choices.append(ChoiceRequest(self.modules.index(module), key, tuple(options),
                                          prompt))
        if self.phase == FIGURE:
            self.phase = CHOOSE

    def grant_extra_placement(self, tile: str) -> bool:
        """Give the current player a second placement this turn (a bonus tile).  At most
        one per turn; False when refused."""
        if self.in_extra or self._granted is not None:
            return False
        self._granted = tile
        return True

    def notice(self, text: str, cells: Sequence[Cell] = (), player: int | None = None,
               what: str = "", **values: object) -> None:
        """Announce something to the players (the window shows and logs it): ``text`` in
        English, ``what`` happened with its ``values`` for the window to tell."""
        self.notices.append(Notice(text, tuple(cells), player, what, tuple(values.items())))

    def module(self, name: str) -> RuleModule | None:
        return next((m for m in self.modules if m.name == name), None)

    def set_aside_current(self) -> None:
        """Set aside the tile to place because it fits nowhere, and draw another."""
        tid = self.current_tile
        if tid is None or self.legal_placements(tid):
            raise IllegalAction(f"tile {tid} fits somewhere: it cannot be set aside")
        self.hands[self.current].remove(tid)
        self.set_aside.append(tid)
        self._begin_turn()

    # ------------------------------------------------------------------ internals
    def _target_name(self, placed: PlacedTile, index: int) -> str:
        f = placed.tile.features[index]
        if f.name is not None:
            return f.name
        turned = placed.turned
        # The lowest port that means this feature (a shared port may mean its twin).
        return P.port_name(min(p for p in turned.feature_ports[index]
                               if turned.target[p] == index))

    def target_feature(self, target: str) -> int | None:
        """The feature index a figure target (port or name) means on the tile just placed."""
        if self.last_cell is None:
            return None
        return self._resolve(self.board.tiles[self.last_cell], target)

    def _resolve(self, placed: PlacedTile, target: str) -> int | None:
        port = P.PORT_INDEX.get(target)
        if port is not None:
            return placed.turned.target[port]
        return placed.tile.names.get(target)

    def _place_tile(self, tile: TileType, cell: Cell, q: int) -> None:
        feats = self.features
        turned = tile.rotations[q]
        fids: list[int] = []
        for f in tile.features:
            kind = self.kinds[f.kind]
            open_ports = 0
            if kind.role in ("area", "line"):
                open_ports = sum(1 for p in turned.feature_ports[f.index] if p < 4)
            fids.append(feats.add(FeatureData(f.kind, cell, f.index, open_ports,
                                              Counter(i.name for i in f.icons))))
        for f in tile.features:
            if f.touches:
                d = feats.data[fids[f.index]]
                assert d is not None
                d.touches = [fids[i] for i in f.touches]
        placed = PlacedTile(tile, q, cell, tuple(fids), len(self.board))
        x, y = cell
        tiles = self.board.tiles
        for side, (dx, dy) in enumerate(P.OFFSETS):
            other = tiles.get((x + dx, y + dy))
            if other is None:
                continue
            o_connect = other.turned.connect
            for port in (side, 4 + 2 * side, 5 + 2 * side):
                mine = turned.connect[port]
                if not mine:
                    continue
                theirs = o_connect[P.facing_port(port)]
                for a in mine:
                    for b in theirs:
                        feats.union(fids[a], other.fids[b])
                if port < 4:
                    feats.root_data(fids[mine[0]]).open -= len(mine) + len(theirs)
        self.board.add(placed)

    def _put_figure(self, player: int, kind: str, placed: PlacedTile, index: int) -> Figure:
        fig = Figure(self._next_figure, player, kind, placed.cell, index,
                     on_hill=placed.tile.has_mark("hill"))
        self._next_figure += 1
        self.supply[player][kind] -= 1
        self.figures[fig.id] = fig
        self.features.root_data(placed.fids[index]).figures.append(fig)
        return fig

    def _finish_turn(self) -> None:
        assert self.last_cell is not None
        placed = self.board.tiles[self.last_cell]
        self._score_completed(self.last_cell)
        for m in self.modules:
            m.after_scoring(placed)
        self.last_cell = None
        granted, self._granted = self._granted, None
        if granted is not None:
            self.in_extra = True
            if self.board.has_placement(self.tile_types[granted]):
                self.extra_tile = granted
                self.phase = PLACE
                return
            self.set_aside.append(granted)
        self._end_turn()

    def _end_turn(self) -> None:
        for fig in self._deferred:
            self.supply[fig.player][fig.kind] += 1
            self.figures.pop(fig.id, None)
        self._deferred = []
        self.in_extra = False
        self.extra_tile = None
        self._drew_this_turn = False
        self.phase = PLACE
        self.current = (self.current + 1) % len(self.players)
        self._begin_turn()

    def _begin_turn(self) -> None:
        for _ in range(len(self.players) + 1):
            self._fill_hand(self.current)
            if self.hands[self.current]:
                self.phase = PLACE
                return
            if not self.deck and not any(self.hands):
                break
            self.current = (self.current + 1) % len(self.players)
        self._final_scoring()
        self.phase = OVER

    def _fill_hand(self, player: int) -> None:
        hand = self.hands[player]
        board = self.board
        for tid in list(hand):
            if not board.has_placement(self.tile_types[tid]):
                hand.remove(tid)
                self.set_aside.append(tid)
        while len(hand) < self._hand_size and self.deck:
            tid = self.deck.pop()
            if board.has_placement(self.tile_types[tid]):
                hand.append(tid)
            else:
                self.set_aside.append(tid)

    # ------------------------------------------------------------------ scoring
    def table_points(self, data: FeatureData, table: Mapping[str, int]) -> int:
        if self.kinds[data.kind].completion == "surrounded":
            (cell,) = data.cells
            tiles = 1 + self.board.count_neighbours8(cell)
        else:
            tiles = len(data.cells)
        points = table.get("tile", 0) * tiles
        for icon, each in table.items():
            if icon != "tile":
                points += each * data.icons.get(icon, 0)
        return points

    def winners(self, figures: Sequence[Figure]) -> list[int]:
        """Players with the most figures that count for majorities (all of them on a tie)."""
        figs = self.tileset.figures
        counts = Counter(f.player for f in figures if figs[f.kind].majority)
        if not counts:
            return []
        best = max(counts.values())
        winners = sorted(p for p, n in counts.items() if n == best)
        for m in self.modules:
            winners = m.adjust_winners(figures, winners)
        return winners

    def award(self, player: int, points: int, category: str, cells: Sequence[Cell],
              final: bool) -> None:
        if points <= 0:
            return
        self.scores[player] += points
        self.events.append(ScoreEvent(player, points, category, tuple(cells), final))

    def _score_feature(self, root: int, completed: bool) -> None:
        data = self.features.root_data(root)
        kind = self.kinds[data.kind]
        points = self.table_points(data, kind.points if completed else kind.final)
        for m in self.modules:
            points = m.adjust_points(data, completed, points)
        winners = self.winners(data.figures)
        for player in winners:
            self.award(player, points, data.kind, sorted(data.cells), final=not completed)
        for m in self.modules:
            m.on_scored(data, completed, winners, points)
        data.done = True
        if completed:
            self._return_figures(data)

    def _return_figures(self, data: FeatureData) -> None:
        figs = self.tileset.figures
        defer = any(m.defers_returns() for m in self.modules)
        kept: list[Figure] = []
        for fig in data.figures:
            if figs[fig.kind].stays:
                kept.append(fig)
            elif defer:
                self._deferred.append(fig)
            else:
                self.return_figure(fig)
        data.figures = kept

    def return_figure(self, fig: Figure) -> None:
        """Send a figure home (to its owner's supply)."""
        self.supply[fig.player][fig.kind] += 1
        self.figures.pop(fig.id, None)

    def move_figure(self, fig: Figure, cell: Cell, index: int) -> Figure:
        """Move a figure on the board to feature ``index`` of the tile at ``cell`` (a hike);
        it stays its owner's, out of the supply."""
        old = self.features.root_data(self.board.tiles[fig.cell].fids[fig.index])
        old.figures = [f for f in old.figures if f.id != fig.id]
        placed = self.board.tiles[cell]
        moved = Figure(fig.id, fig.player, fig.kind, cell, index,
                       on_hill=placed.tile.has_mark("hill"))
        self.features.root_data(placed.fids[index]).figures.append(moved)
        self.figures[fig.id] = moved
        return moved

    def remove_figure(self, fig: Figure) -> None:
        """Take a figure off its feature and send it home (a wolf, a herded flock...)."""
        data = self.features.root_data(self.board.tiles[fig.cell].fids[fig.index])
        data.figures = [f for f in data.figures if f.id != fig.id]
        self.return_figure(fig)

    def _score_completed(self, cell: Cell) -> None:
        placed = self.board.tiles[cell]
        feats = self.features
        for root in sorted({feats.find(fid) for fid in placed.fids}):
            data = feats.root_data(root)
            if (not data.done and data.open == 0
                    and self.kinds[data.kind].completion == "closed"):
                self._score_feature(root, completed=True)
        around = [placed, *self.board.neighbours8(cell)]
        for t in around:
            for idx in self._surrounded[t.tile.id]:
                root = feats.find(t.fids[idx])
                if not feats.root_data(root).done and self.is_complete(root):
                    self._score_feature(root, completed=True)

    def _final_scoring(self) -> None:
        for root in self.features.roots():
            data = self.features.root_data(root)
            if not data.done and data.figures and self.kinds[data.kind].final:
                self._score_feature(root, completed=False)
        for m in self.modules:
            m.final_scoring()

    def final_scores_preview(self) -> list[int]:
        """What the scores would be if the game ended now (the game is not changed)."""
        if self.over:
            return list(self.scores)
        other = self.copy()
        other._final_scoring()
        return other.scores

    def copy(self) -> Game:
        out = Game.__new__(Game)
        out.__dict__.update(self.__dict__)
        out.rng = random.Random(0)  # a fixed seed skips reading the OS entropy pool
        out.rng.setstate(self.rng.getstate())
        board = Board()
        board.tiles = dict(self.board.tiles)
        board.demands = dict(self.board.demands)
        out.board = board
        out.features = self.features.copy()
        out.scores = list(self.scores)
        out.supply = [dict(s) for s in self.supply]
        out.figures = dict(self.figures)
        out.events = list(self.events)
        out.moves = list(self.moves)
        out.forced = list(self.forced)
        out.hands = [list(h) for h in self.hands]
        out.set_aside = list(self.set_aside)
        out.deck = list(self.deck)
        out.modules = [m.copy_for(out) for m in self.modules]
        out.choices = list(self.choices)
        out._queued = {k: list(v) for k, v in self._queued.items()}
        out._deferred = list(self._deferred)
        out.notices = list(self.notices)
        return out


def _check_options(tileset: TileSet, chosen: Mapping[str, OptionValue]
                   ) -> dict[str, OptionValue]:
    out = {name: o.default for name, o in tileset.options.items()}
    for name, value in chosen.items():
        if name not in tileset.options:
            raise UnknownOption(f"unknown option '{name}' (known: "
                                f"{', '.join(tileset.options) or 'none'})")
        values = tileset.options[name].values
        if value not in values:
            raise UnknownOption(f"option '{name}' cannot be {value!r} "
                                f"(values: {', '.join(map(str, values))})")
        out[name] = value
    return out
