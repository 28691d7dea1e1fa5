"""The game told as it happens: the turn log's entries in the order things happened, and
where each turn ended.

A ``Chronicle`` plays the actions of a game and tells what each did (a tile and a figure
placed, points scored, a rule's announcement, the final scoring); at a network table, a turn
a computer played for a player says so first, and why (``played_for``).  A game loaded from a save
is told again from its set-up and move list (``Chronicle.of``), so the log survives Load and
Continue; undo drops what the taken-back action told.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from game.rules import Action, Choose, Deploy, Game, Move, Phase, Place, RulesError, ScoreEvent
from game.words.i18n import _

from . import narrate, notices


class Tone(enum.Enum):
    ACTION = "action"  # what a player did
    SCORE = "score"  # points scored
    NOTICE = "notice"  # something the rules announce (a wolf, a token taken...)
    HEADING = "heading"  # the final scoring begins


@dataclass(frozen=True)
class Entry:
    move: int  # the index in the move list of the action it tells of
    turn: int  # the turn it belongs to, from 1
    player: int | None
    text: str
    tone: Tone


def new_like(game: Game) -> Game:
    """A new game with the set-up of ``game`` (its tile set, players, seed, options), which
    plays its moves again as they were played (a network game's copy follows the table's
    steps again)."""
    return game.fresh()


def replay(game: Game, play: Callable[[Game, Action], object] | None = None,
           fresh: Game | None = None) -> Game:
    """A fresh game (``new_like(game)`` unless given) rebuilt from the forced outcomes and
    moves of ``game``; each move is played by ``play(fresh, move)`` (which applies it), or
    simply applied."""
    fresh = new_like(game) if fresh is None else fresh
    forced = sorted(game.forced, key=lambda f: f[0])
    for i, move in enumerate(game.moves):
        for when, what, value in forced:
            if when == i:
                fresh.force(what, value)
        if play is None:
            fresh.apply(move)
        else:
            play(fresh, move)
    for when, what, value in forced:
        if when == len(game.moves):
            fresh.force(what, value)
    return fresh


def ends_turn(game: Game) -> bool:
    """After an action: the turn is over (the next player's, or the game's end)."""
    return game.phase in (Phase.PLACE, Phase.OVER) and not game.in_extra


PlayedFor = Callable[[int], "str | None"]  # why a computer played move n for its player


class Chronicle:
    def __init__(self, game: Game, played_for: PlayedFor | None = None) -> None:
        self.game = game
        self.played_for = played_for
        self._stood_in = 0  # the turn whose stand-in was told last
        self.entries: list[Entry] = []
        self.turn_ends: list[int] = []  # the move count when each turn ended
        self.told = len(game.moves)  # moves told so far
        self.complete = True  # told from the first move (else from the middle of a game)
        self._notices = len(game.notices)

    @classmethod
    def of(cls, game: Game, played_for: PlayedFor | None = None) -> Chronicle:
        """The chronicle of a game so far, told again from its set-up and moves; it then
        follows ``game`` itself.  A game its moves do not rebuild (one changed by hand, as
        a benchmark does) is told from now on only."""
        fresh = new_like(game)
        told = cls(fresh, played_for)
        try:
            replay(game, told._apply, fresh)
        except RulesError:
            told = cls(game, played_for)
            told.complete = False
        told.game = game
        told._notices = len(game.notices)
        told.told = len(game.moves)
        return told

    @property
    def turn(self) -> int:
        """The turn under way (or the last one, once the game is over), from 1."""
        return len(self.turn_ends) + (0 if self.game.over else 1)

    def apply(self, action: Action) -> list[ScoreEvent]:
        """Play an action on the game and tell it; returns its score events."""
        return self._apply(self.game, action)

    def _apply(self, game: Game, action: Action) -> list[ScoreEvent]:
        self.game = game
        player = game.current
        name = game.players[player]
        move = len(game.moves)
        turn = len(self.turn_ends) + 1
        extra = game.in_extra
        told = self._before(game, action, name)
        where = dict(game.figures)
        events = game.apply(action)
        self.told = len(game.moves)
        if isinstance(action, Move):
            moved = next((f for f in game.figures.values()
                          if f.id in where and where[f.id].cell != f.cell), None)
            if moved is not None:
                kind = game.board.tiles[moved.cell].tile.features[moved.index].kind
                told = narrate.moved_figure(game, name, moved.kind, kind)

        def add(text: str, tone: Tone, who: int | None) -> None:
            self.entries.append(Entry(move, turn, who, text, tone))

        reason = self.played_for(move) if self.played_for is not None else None
        if reason is not None and self._stood_in != turn:  # once a turn, before its moves
            self._stood_in = turn
            add(narrate.stood_in(name, reason), Tone.NOTICE, player)
        last = self.entries[-1] if self.entries else None
        if isinstance(told, tuple):  # a figure: with its tile in one sentence if it follows
            figure, kind = told
            if last is not None and last.move == move - 1 and last.tone is Tone.ACTION \
                    and isinstance(game.moves[-2], Place):
                self.entries[-1] = Entry(last.move, turn, player, narrate.placed_tile_and_figure(
                    game, name, extra, figure, kind), Tone.ACTION)
            else:
                add(narrate.placed_figure(game, name, figure, kind), Tone.ACTION, player)
        elif told is not None:
            add(told, Tone.ACTION, player)
        for ev in events:
            if not ev.final:
                add(narrate.scored(game, ev), Tone.SCORE, ev.player)
        for notice in game.notices[self._notices:]:
            if notices.logged(game, notice):
                add(notices.told(game, notice), Tone.NOTICE, notice.player)
        self._notices = len(game.notices)
        if game.over:
            add(_("Final scoring"), Tone.HEADING, None)
            for ev in events:
                if ev.final:
                    add(narrate.scored(game, ev), Tone.SCORE, ev.player)
        if ends_turn(game):
            self.turn_ends.append(len(game.moves))
        return events

    @staticmethod
    def _before(game: Game, action: Action, name: str) -> str | tuple[str, str] | None:
        """What an action says, read before it is applied: a sentence, or for a figure its
        kind and the kind of feature it goes on."""
        if isinstance(action, Place):
            return narrate.placed_tile(game, name, extra=game.in_extra)
        if isinstance(action, Deploy) and game.last_cell is not None:
            index = game.target_feature(action.target)
            if index is None:
                return None
            return (action.figure, game.board.tiles[game.last_cell].tile.features[index].kind)
        if isinstance(action, Choose) and game.choices:
            return narrate.answered(game, name, game.choices[0].key, action.choice)
        return None

    def taken_back(self) -> None:
        """The game's last action was undone (a tile, within its turn): drop what it told."""
        moves = len(self.game.moves)
        while self.entries and self.entries[-1].move >= moves:
            self.entries.pop()
        self._notices = len(self.game.notices)
        self.told = moves

    def in_step(self) -> bool:
        """Whether the chronicle has told every move of its game and no other (else it must
        be told again: something played or took back moves without it)."""
        return self.told == len(self.game.moves)
