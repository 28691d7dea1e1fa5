"""The game: turn order, the actions a player may take and what applying them does.

A game is fully determined by its tile set, options, players, seed, tile order (tiles a
player typed to be drawn first, usually none) and move list (plus any outcome a scenario
forced); ``replay`` rebuilds one from those, which is also how ``undo``
works.  The parts of the engine live beside this file: ``placing`` (legal placements,
tiles and figures put down), ``scoring``, ``outcomes`` (the draw pile, random and forced
outcomes) and ``state`` (what a game holds, its questions and its copy).

Two ways to play an action: ``apply`` checks it first and raises ``IllegalAction`` when the
rules do not allow it; ``apply_legal`` trusts it, for actions taken from this very
position's legal lists (``legal_actions``, ``legal_placements``, ``deploy_options``), as
computer players and simulations do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .actions import (
    DEGREES,
    SKIP,
    Action,
    Choose,
    Deploy,
    Move,
    Place,
    Skip,
    describe,
    is_int,
    well_formed,
)
from .board import PlacedTile
from .errors import IllegalAction
from .events import ChoiceRequest, Notice, ScoreEvent
from .model import OptionValue, StartDef, TileSet
from .modules import RuleModule
from .outcomes import Outcomes
from .placing import Placing
from .scoring import Scoring
from .state import CHOOSE, FIGURE, OVER, PLACE
from .tile_order import check_order

if TYPE_CHECKING:
    from .host import Asking, Host

_new = tuple.__new__  # builds a named tuple without its Python-level constructor


class Game(Placing, Scoring, Outcomes):
    def __init__(self, tileset: TileSet, players: Sequence[str], seed: int = 0,
                 options: Mapping[str, OptionValue] | None = None,
                 start: StartDef | None = None, *, earlier_dealing: bool = False,
                 order: Sequence[str] = ()) -> None:
        """``order``: tile ids to be drawn first, in that order (a typed order, see
        ``tile_order``); the rest of the pile is shuffled from the seed."""
        self._set_up(tileset, players, seed, options, start)
        self.earlier_dealing = earlier_dealing and self._hand_size > 1
        if order:
            check_order(tileset, order, self.start)
            self.order = tuple(order)
        self.deck = self._shuffled_deck()
        self._place_tile(self.start.tile, self.start.at, self.start.rotation // 90)
        if self._refills_as_turns_end:  # every player draws their hand before the first turn
            self._refills = tuple(range(len(self.players)))
        self._begin_turn()

    @property
    def _refills_as_turns_end(self) -> bool:
        """Hands of several tiles are dealt as the rule has it (all at the start, a refill
        as a turn ends).  ``earlier_dealing`` is how versions before save format 3 dealt them:
        each hand filled as its owner's turn began.  Which tile each player gets differs only
        when a tile fitted nowhere in the first round, so it is kept for the saves of those
        versions alone."""
        return self._hand_size > 1 and not self.earlier_dealing

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is PLACE:
            out: list[Action] = []
            for tid in self.placeable_tiles():
                out.extend(self.legal_placements(tid))
            return out
        if phase is FIGURE:
            return [*self.deploy_options(), *self.extra_actions(), SKIP]
        if phase is CHOOSE:
            return [Choose(o) for o in self.choices[0].options]
        return []

    def extra_actions(self) -> list[Action]:
        """What the rule modules offer besides a figure in the figure step (a hike)."""
        hooked = self.hooks[RuleModule.extra_actions]
        if not hooked or self.phase is not FIGURE:
            return []
        modules, host = self.modules, self.host
        return [a for i in hooked for a in modules[i].extra_actions(host)]

    def is_legal(self, action: object) -> bool:
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    # ------------------------------------------------------------------ applying actions
    def apply(self, action: object) -> list[ScoreEvent]:
        """Play one action; returns the score events it caused."""
        return self.apply_legal(self._check(action))

    def apply_legal(self, action: Action) -> list[ScoreEvent]:
        """Play an action known to be legal here (taken from this position's legal lists):
        nothing is checked.  Returns the score events it caused."""
        before = len(self.events)
        self.moves.append(action)
        if isinstance(action, Place):
            tile, x, y, rotation = action
            if self.extra_tile is not None:
                self.extra_tile = None
            else:
                self.hands[self.current].remove(tile)
            placed = self._place_tile(tile, (x, y), rotation // 90)
            self.last_cell = placed.cell
            self.phase = FIGURE
            hooked = self.hooks[RuleModule.after_place]
            if hooked:
                modules, host = self.modules, self.host
                for i in hooked:
                    modules[i].after_place(host, placed)
                if self.choices:
                    self.phase = CHOOSE
        elif isinstance(action, Skip):
            self._finish_turn()
        elif isinstance(action, Deploy):
            placed = self._placed_now()
            fig = self._put_figure(self.current, action.figure, placed,
                                   placed.t.targets[action.target])
            hooked = self.hooks[RuleModule.on_deploy]
            if hooked:
                modules, host = self.modules, self.host
                for i in hooked:
                    modules[i].on_deploy(host, fig, placed)
            self._finish_turn()
        elif isinstance(action, Choose):
            request = self.choices.pop(0)
            self.modules[request.module].on_choice(self.host, request.key, action.choice)
            if not self.choices and self.phase is CHOOSE:
                self.phase = FIGURE
        else:
            modules, host = self.modules, self.host
            hooked = self.hooks[RuleModule.apply_extra]
            if not any(modules[i].apply_extra(host, action) for i in hooked):
                raise IllegalAction(f"{action}: no rule handles it")
            self._finish_turn()
        events = self.events
        return events[before:] if len(events) > before else []

    def _placed_now(self) -> PlacedTile:
        """The tile placed this turn."""
        if self.last_cell is None:
            raise IllegalAction("no tile is placed yet this turn")
        return self.board.tiles[self.last_cell]

    def _check(self, action: object) -> Action:
        """The action itself when the rules allow it now; else IllegalAction says why."""
        phase = self.phase
        if type(action) is Place and phase is PLACE:
            tile, x, y, rotation = action
            # The usual case at once: true integers, the tile held, a fitting rotation.
            extra = self.extra_tile
            if type(x) is int and type(y) is int and type(rotation) is int \
                    and type(tile) is str \
                    and (tile in self.hands[self.current] if extra is None else tile == extra):
                demand = self.board.demands.get((x, y))
                if demand is not None and rotation in DEGREES \
                        and rotation // 90 in self.lookups.fit[tile][demand]:
                    return action
        if not well_formed(action):  # checked before anything compares, hashes or prints it
            raise IllegalAction(f"not a legal action: {describe(action)}")
        if phase is OVER:
            raise IllegalAction("the game is over")
        if isinstance(action, Place):
            self._check_place(action)
            return action
        if phase is CHOOSE:
            request = self.choices[0]
            if not isinstance(action, Choose) or action.choice not in request.options:
                raise IllegalAction(f"{action}: first answer: {request.prompt} "
                                    f"({' / '.join(request.options)})")
            return action
        if not isinstance(action, Skip | Move | Deploy | Choose):
            raise IllegalAction(f"not an action: {describe(action)}")
        if phase is not FIGURE:
            raise IllegalAction(f"{action}: place the tile first")
        if isinstance(action, Skip):
            return action
        if isinstance(action, Move):
            if action not in self.extra_actions():
                raise IllegalAction(f"{action}: no figure of yours may move there now")
            return action
        if isinstance(action, Deploy):
            self._check_deploy(action)
            return action
        raise IllegalAction(f"{action}: nothing to choose now")

    def _check_place(self, action: Place) -> None:
        if self.phase is not PLACE:
            raise IllegalAction(f"{action}: a tile is already placed this turn")
        tile, x, y, rotation = action
        if not isinstance(tile, str) or tile not in self.placeable_tiles():
            raise IllegalAction(f"{action}: tile {tile} is not the tile to place "
                                f"(now: {', '.join(self.placeable_tiles())})")
        if not (is_int(x) and is_int(y) and is_int(rotation) and rotation in DEGREES):
            raise IllegalAction(f"{action!r}: a placement needs integer coordinates and a "
                                f"rotation of 0, 90, 180 or 270")
        demand = self.board.demands.get((x, y))
        if demand is None or rotation // 90 not in self.lookups.fit[tile][demand]:
            raise IllegalAction(f"{action}: tile {tile} does not fit at [{x}, {y}] "
                                f"turned {rotation}")

    def _check_deploy(self, action: Deploy) -> None:
        figure, target = action
        if not isinstance(figure, str) or figure not in self.tileset.figures:
            raise IllegalAction(f"{action!r}: unknown figure {figure!r}")
        placed = self._placed_now()
        index = placed.t.targets.get(target) if isinstance(target, str) else None
        if index is None:
            raise IllegalAction(f"{action!r}: tile {placed.tile.id} has no feature {target!r}")
        if (figure, index) in self.figure_options():
            return
        if self.supply[self.current][figure] <= 0:
            raise IllegalAction(f"{action}: no {figure} left in the supply")
        raise IllegalAction(f"{action}: a {figure} may not go on that "
                            f"{placed.t.kinds[index]} (occupied, or not allowed there)")

    # ------------------------------------------------------------------ undo and replay
    def undo(self) -> None:
        """Take back the last action of the current turn."""
        if not self.can_undo:
            raise IllegalAction("nothing of this turn to take back")
        other = Game.replay(self.tileset, self.players, self.seed, self.chosen_options,
                            self.moves[:-1], self.forced, self.start,
                            earlier_dealing=self.earlier_dealing, order=self.order)
        self.__dict__.update(other.__dict__)

    def fresh(self) -> Game:
        """A new game with this one's set-up (tile set, players, seed, options, start, tile
        order), to play its moves again (a turn log, a history)."""
        return Game(self.tileset, self.players, self.seed, self.chosen_options, self.start,
                    earlier_dealing=self.earlier_dealing, order=self.order)

    @property
    def can_undo(self) -> bool:
        """Undo works within a turn until something random was revealed in it (a token, a
        bonus tile): the player has seen the outcome and must live with it."""
        return self.phase in (FIGURE, CHOOSE) and bool(self.moves) and not self._drew_this_turn

    @classmethod
    def replay(cls, tileset: TileSet, players: Sequence[str], seed: int,
               options: Mapping[str, OptionValue], moves: Sequence[Action],
               forced: Sequence[tuple[int, str, str]] = (),
               start: StartDef | None = None, *, earlier_dealing: bool = False,
               order: Sequence[str] = ()) -> Game:
        game = cls(tileset, players, seed, options, start, earlier_dealing=earlier_dealing,
                   order=order)
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

    # ------------------------------------------------------------------ for rule modules
    def request_choice(self, module: Asking, key: str, options: Sequence[str],
                       prompt: str) -> None:
        """Ask the current player a question before the figure step."""
        asking = next(i for i, m in enumerate(self.modules) if m is module)
        self.choices.append(_new(ChoiceRequest, (asking, key, tuple(options), prompt)))
        if self.phase is FIGURE:
            self.phase = CHOOSE

    def grant_extra_placement(self, tile: str) -> bool:
        """Give the current player a second placement this turn (a bonus tile).  At most
        one per turn; False when refused."""
        if self.in_extra or self._granted is not None:
            return False
        self._granted = tile
        return True

    def notice(self, notice: Notice) -> None:
        """Announce something to the players (the window shows and logs it): a record a rule
        module defines, told by its view."""
        self.notices.append(notice)

    def set_aside_current(self) -> None:
        """Set aside the tile to place because it fits nowhere, and draw another."""
        tid = self.current_tile
        if tid is None or self._fits_somewhere(tid):
            raise IllegalAction(f"tile {tid} fits somewhere: it cannot be set aside")
        self.hands[self.current].remove(tid)
        self.set_aside.append(tid)
        self._begin_turn()

    # ------------------------------------------------------------------ turn flow
    def _finish_turn(self) -> None:
        placed = self._placed_now()
        if placed.t.closed or 8 in self.board.waiting.values():
            self._score_completed(placed)
        hooked = self.hooks[RuleModule.after_scoring]
        if hooked:
            modules, host = self.modules, self.host
            for i in hooked:
                modules[i].after_scoring(host, placed)
        self.last_cell = None
        granted = self._granted
        if granted is not None:
            self._granted = None
            self.in_extra = True
            if self._fits_somewhere(granted):
                self.extra_tile = granted
                self.phase = PLACE
                return
            self.set_aside.append(granted)
        if self._deferred:
            for fig in self._deferred:
                self.supply[fig.player][fig.kind] += 1
                self.figures.pop(fig.id, None)
            self._deferred = []
        self.in_extra = False
        self.extra_tile = None
        self._drew_this_turn = False
        self.phase = PLACE
        ended, self.current = self.current, (self.current + 1) % len(self.players)
        if self._refills_as_turns_end:
            self._refills = (ended,)
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Deal the player to move their tile(s); a player with none passes; with no tile
        left anywhere the game ends.  With a hand of several tiles, the hands due a refill
        are topped up first: every hand at the start of the game, and the hand of the player
        whose turn just ended (the rule draws the new tile at the end of the turn).  A tile
        that fits nowhere is set aside when its owner's turn comes, as the rule has it for a
        player who cannot place the tile: by then it may fit.  Dealing
        here, and only here, keeps one place where tiles leave the pile for a hand."""
        refills, self._refills = self._refills, ()
        hand, deck = self.hands[self.current], self.deck
        if not hand and self._hand_size == 1:  # the usual turn, at once: draw one that fits
            while deck:
                tid = deck.pop()
                if self._fits_somewhere(tid):
                    hand.append(tid)
                    self.phase = PLACE
                    return
                self.set_aside.append(tid)
        for player in refills:  # whether a tile fits is asked on its owner's turn
            refill = self.hands[player]
            while len(refill) < self._hand_size and deck:
                refill.append(deck.pop())
        players = len(self.players)
        for _ in range(players + 1):
            if self._fill_hand(self.current):
                self.phase = PLACE
                return
            if not self.deck and not any(self.hands):
                break
            self.current = (self.current + 1) % players
        self.final_scoring()
        self.phase = OVER

    def _fill_hand(self, player: int) -> bool:
        """Draw up to the hand size; tiles that fit nowhere are set aside.  Whether the
        player holds a tile afterwards."""
        hand = self.hands[player]
        fits = self._fits_somewhere
        if hand:
            for tid in [t for t in hand if not fits(t)]:
                hand.remove(tid)
                self.set_aside.append(tid)
        deck = self.deck
        while len(hand) < self._hand_size and deck:
            tid = deck.pop()
            if fits(tid):
                hand.append(tid)
            else:
                self.set_aside.append(tid)
        return bool(hand)


if TYPE_CHECKING:
    def _game_is_a_host(game: Game) -> Host:
        return game  # mypy checks here that Game offers everything Host promises
