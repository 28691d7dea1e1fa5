"""What a game is made of, its read-only questions and its copy.

``GameState`` holds the state the engine's parts share (``placing``, ``scoring``,
``outcomes`` and the turn flow in ``game``).  What a game never changes after set-up (its
tile set, lookups, players, options, which hooks its modules override) is shared by every
copy; everything else is copied, and every value kept in it is immutable or owned by one
game only, so that a copy never changes its original and needs no garbage collector.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Self, cast

from .board import Board, Cell
from .errors import IllegalAction, UnknownOption
from .events import ChoiceRequest, FeatureView, Notice, ScoreEvent
from .features import Feature, Features, Figure
from .host import Host, Phase, TurnKey
from .lookups import Lookups, lookups_of
from .model import KindDef, OptionValue, StartDef, TileSet, TileType
from .modules import MODULES, Hooks, RuleModule, hooks_of

if TYPE_CHECKING:
    from .actions import Action

PLACE, CHOOSE, FIGURE, OVER = Phase.PLACE, Phase.CHOOSE, Phase.FIGURE, Phase.OVER
NO_OPTIONS: Mapping[str, OptionValue] = MappingProxyType({})


class GameState:
    # Set once and shared by copies (read only):
    tileset: TileSet
    lookups: Lookups
    kinds: Mapping[str, KindDef]
    players: tuple[str, ...]
    seed: int
    options: Mapping[str, OptionValue]
    chosen_options: Mapping[str, OptionValue]
    tile_types: Mapping[str, TileType]
    start: StartDef
    hooks: Hooks  # for each hook, the modules that override it (by index)
    turn_keys: Mapping[str, TurnKey]  # scenario turn keys of the game's modules
    _hand_size: int
    earlier_dealing: bool  # hands dealt as versions before save format 3 dealt them
    order: tuple[str, ...]  # tiles a player typed to be drawn first, in order (``tile_order``)
    _defer: bool  # figures of scored features go home at the end of the turn
    # The game's state (copied):
    board: Board
    features: Features
    scores: list[int]
    supply: list[dict[str, int]]
    figures: dict[int, Figure]  # figures on the board, by id
    events: list[ScoreEvent]
    moves: list[Action]
    forced: list[tuple[int, str, str]]  # (move number, what, value): outcomes fixed
    hands: list[list[str]]
    deck: list[str]  # the draw pile, drawn from its end
    set_aside: list[str]
    current: int
    phase: Phase
    last_cell: Cell | None
    choices: list[ChoiceRequest]
    notices: list[Notice]
    modules: list[RuleModule]
    extra_tile: str | None  # a tile granted for a second placement, to place now
    in_extra: bool  # the turn's second placement is under way
    _next_figure: int
    _queued: dict[str, list[str]]  # forced random outcomes not drawn yet, by kind
    _granted: str | None
    _deferred: list[Figure]  # figures going home at the end of the turn
    _drew_this_turn: bool
    _refills: tuple[int, ...]  # hands to top up where the next turn begins (see _begin_turn)
    _final: bool  # the final scoring is under way
    _held: list[int] | None  # during it, the features holding figures
    _options_at: tuple[int, tuple[tuple[str, int], ...]] | None  # figure step options cache
    # The random source: a generator this game alone uses, or what makes one when needed
    # (a seed, or a state shared with copies); see ``outcomes``.
    _rng: random.Random | None
    _rng_from: int | tuple[Any, ...] | None

    def _set_up(self, tileset: TileSet, players: Sequence[str], seed: int,
                options: Mapping[str, OptionValue] | None, start: StartDef | None) -> None:
        lo, hi = tileset.players
        if not isinstance(players, Sequence) or isinstance(players, str) \
                or not all(isinstance(p, str) for p in players):
            raise IllegalAction("players must be a list of names")
        if not lo <= len(players) <= hi:
            raise IllegalAction(f"{tileset.name} takes {lo} to {hi} players, not {len(players)}")
        if type(seed) is not int:
            raise IllegalAction(f"the seed must be an integer, not {seed!r}")
        self.tileset = tileset
        lookups = self.lookups = lookups_of(tileset)
        self.kinds = tileset.kinds
        self.players = tuple(players)
        self.seed = seed
        if options:
            self.options = MappingProxyType(_check_options(tileset, options))
            self.chosen_options = MappingProxyType(dict(options))
        else:
            self.options = lookups.default_options
            self.chosen_options = NO_OPTIONS
        self.tile_types = lookups.tile_types
        chosen_start = start or tileset.start
        if chosen_start is None:
            raise IllegalAction(f"{tileset.name} has no start tile")
        if chosen_start.tile not in self.tile_types:
            raise IllegalAction(f"unknown start tile '{chosen_start.tile}'")
        self.start = chosen_start
        n = len(players)
        self.board = Board()
        self.features = Features()
        self.scores = [0] * n
        self.supply = [{name: f.count for name, f in tileset.figures.items()} for _ in players]
        self.figures = {}
        self.events = []
        self.moves = []
        self.forced = []
        self.hands = [[] for _ in players]
        self.deck = []
        self.set_aside = []
        self.current = 0
        self.phase = PLACE
        self.last_cell = None
        self.choices = []
        self.notices = []
        self.extra_tile = None
        self.in_extra = False
        self._next_figure = 0
        self._queued = {}
        self._granted = None
        self._deferred = []
        self._drew_this_turn = False
        self.earlier_dealing = False
        self.order = ()
        self._refills = ()
        self._final = False
        self._held = None
        self._options_at = None
        self._rng = None
        self._rng_from = seed
        host = self.host
        self.modules = [MODULES[name](host) for name in tileset.rules]
        classes = tuple(type(m) for m in self.modules)
        shared = lookups.by_modules.get(classes)
        if shared is None:
            shared = lookups.by_modules[classes] = (
                hooks_of(classes),
                MappingProxyType({k.name: k for cls in classes for k in cls.turn_keys}))
        self.hooks, self.turn_keys = shared
        modules, hooks = self.modules, self.hooks
        self._hand_size = next((h for i in hooks[RuleModule.hand_size]
                                if (h := modules[i].hand_size(host)) is not None), 1)
        self._defer = any(modules[i].defers_returns(host)
                          for i in hooks[RuleModule.defers_returns])

    @property
    def host(self) -> Host:
        """This game as its rule modules see it (``Game`` implements ``Host``)."""
        return cast(Host, self)

    def copy(self) -> Self:
        """An independent copy of the game (what every look-ahead starts from): it shares
        with the original only what neither ever changes."""
        out = object.__new__(type(self))
        state = self.__dict__.copy()
        out.__dict__ = state
        rng = self._rng
        if rng is not None:  # both continue from the same state, each on its own generator
            self._rng = None
            self._rng_from = state["_rng_from"] = rng.getstate()
            state["_rng"] = None
        state["board"] = self.board.copy()
        state["features"] = self.features.copy()
        state["scores"] = self.scores.copy()
        state["supply"] = [s.copy() for s in self.supply]
        state["figures"] = self.figures.copy()
        state["events"] = self.events.copy()
        state["moves"] = self.moves.copy()
        state["forced"] = self.forced.copy()
        state["hands"] = [h.copy() for h in self.hands]
        state["deck"] = self.deck.copy()
        state["set_aside"] = self.set_aside.copy()
        state["choices"] = self.choices.copy()
        state["notices"] = self.notices.copy()
        state["modules"] = [m.clone() for m in self.modules]
        state["_queued"] = {k: v.copy() for k, v in self._queued.items()}
        state["_deferred"] = self._deferred.copy()
        return out

    # ------------------------------------------------------------------ questions
    def option(self, name: str) -> OptionValue:
        return self.options[name]

    @property
    def over(self) -> bool:
        return self.phase is OVER

    @property
    def hand_size(self) -> int:
        """How many tiles a player holds (1, or 3 in the tactical variant...)."""
        return self._hand_size

    @property
    def hand(self) -> tuple[str, ...]:
        return tuple(self.hands[self.current])

    @property
    def current_tile(self) -> str | None:
        """The tile to place (the first of the hand when a player holds several)."""
        if self.phase is not PLACE:
            return None
        if self.extra_tile is not None:
            return self.extra_tile
        hand = self.hands[self.current]
        return hand[0] if hand else None

    @property
    def tiles_left(self) -> int:
        return len(self.deck)

    def placeable_tiles(self) -> list[str]:
        """The tiles the current player may place now (a granted tile, else the hand)."""
        if self.phase is not PLACE:
            return []
        if self.extra_tile is not None:
            return [self.extra_tile]
        hand = self.hands[self.current]
        return hand.copy() if len(hand) == 1 else list(dict.fromkeys(hand))

    def remaining(self) -> Counter[str]:
        """Tiles not yet seen: the draw pile plus the other players' hands."""
        out = Counter(self.deck)
        for i, hand in enumerate(self.hands):
            if i != self.current:
                out.update(hand)
        return out

    def module(self, name: str) -> RuleModule | None:
        return next((m for m in self.modules if m.name == name), None)

    def tokens(self, player: int) -> dict[str, int]:
        out: Counter[str] = Counter()
        modules, host = self.modules, self.host
        for i in self.hooks[RuleModule.tokens]:
            out.update(modules[i].tokens(host, player))
        return dict(out)

    def held_points(self, player: int) -> int:
        """Points the player's figures hold for a later action (see ``RuleModule``)."""
        modules, host = self.modules, self.host
        return sum(modules[i].held_points(host, player)
                   for i in self.hooks[RuleModule.held_points])

    # ------------------------------------------------------------------ features
    def feature(self, fid: int) -> Feature:
        """A read-only view of the whole feature that feature id ``fid`` belongs to."""
        return self.features.view(fid)

    def is_complete(self, fid: int) -> bool:
        """Whether the feature that feature id ``fid`` belongs to is complete."""
        feats = self.features
        root = feats.find(fid)
        completion = self.kinds[feats.kind[root]].completion
        if completion == "closed":
            return feats.open[root] == 0
        if completion == "surrounded":
            return self.board.count_neighbours8(feats.owner[root].cell) == 8
        return False

    def feature_view(self, fid: int) -> FeatureView:
        feats = self.features
        root = feats.find(fid)
        parts = feats.parts(root)
        return FeatureView(id=root, kind=feats.kind[root], parts=frozenset(parts),
                           tiles=len({cell for cell, _ in parts}), open=feats.open[root],
                           complete=self.is_complete(root), figures=feats.figures[root],
                           icons=dict(feats.icons[root]))

    def feature_at(self, cell: Cell, target: str | int) -> FeatureView:
        """The feature at a port or feature name (or feature index) of the tile at a cell."""
        placed = self.board.tiles.get(cell)
        if placed is None:
            raise IllegalAction(f"no tile at {list(cell)}")
        idx = target if isinstance(target, int) else placed.t.targets.get(target)
        if idx is None or not 0 <= idx < len(placed.fids):
            raise IllegalAction(f"no feature '{target}' on the tile at {list(cell)}")
        return self.feature_view(placed.fids[idx])

    def all_features(self) -> list[FeatureView]:
        return [self.feature_view(r) for r in self.features.roots()]

    def target_feature(self, target: str) -> int | None:
        """The feature index a figure target (port or name) means on the tile just placed."""
        if self.last_cell is None or not isinstance(target, str):
            return None
        return self.board.tiles[self.last_cell].t.targets.get(target)


def _check_options(tileset: TileSet, chosen: Mapping[str, OptionValue]
                   ) -> dict[str, OptionValue]:
    if not isinstance(chosen, Mapping):
        raise UnknownOption(f"options must be a mapping of names to values, not {chosen!r}")
    out = {name: o.default for name, o in tileset.options.items()}
    for name, value in chosen.items():
        if name not in tileset.options:
            raise UnknownOption(f"unknown option '{name}' (known: "
                                f"{', '.join(tileset.options) or 'none'})")
        values = tileset.options[name].values
        if isinstance(value, bool) or value not in values:
            raise UnknownOption(f"option '{name}' cannot be {value!r} "
                                f"(values: {', '.join(map(str, values))})")
        out[name] = value
    return out
