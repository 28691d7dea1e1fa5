"""Run scenario files: rulebook examples written as data (format: docs/scenarios.md).

    python -m game.scenario FILE.yaml [FILE.yaml ...]   exit 0 when every expectation holds
    python -m game.scenario --print FILE.yaml           print the actual results as JSON

Exit 1 when an expectation fails, 2 when a scenario itself is invalid (a wrong key or value,
an illegal move, a turn key the turn does not use): the message names the file, the line
and the turn.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules import (
    Choose,
    Deploy,
    Form,
    Game,
    Move,
    Phase,
    Place,
    RulesError,
    Skip,
    default_registry,
)
from game.rules.model import StartDef, TileSet
from game.rules.registry import Registry
from game.rules.yamlsrc import Located, LocatedList, load_located

TOP_KEYS = {"game", "expansions", "options", "players", "start", "turns", "expect"}
START_KEYS = {"tile", "at", "rotation"}
TURN_KEYS = {"tile", "at", "rotation", "place", "discard"}
PLACE_KEYS = {"figure", "on"}
EXTRA_KEYS = {"tile", "at", "rotation", "place"}  # a tile placed again in the same turn
MOVE_KEYS = {"to"}
EXPECT_KEYS = {"during", "final", "supply", "tokens"}
ROTATIONS = (0, 90, 180, 270)


class InvalidScenario(Exception):
    """The scenario file itself is wrong (exit 2)."""


@dataclass
class Outcome:
    results: dict[str, Any]
    failures: list[str]


def _fail(line: int | None, text: str, turn: int | None = None) -> InvalidScenario:
    where = f"line {line}: " if line else ""
    at_turn = f"turn {turn}: " if turn is not None else ""
    return InvalidScenario(f"{where}{at_turn}{text}")


def _line(value: Any, default: int | None) -> int | None:
    line = getattr(value, "line", None)
    return line if isinstance(line, int) and line > 0 else default


def _mapping(value: Any, what: str, line: int | None, turn: int | None = None) -> Located:
    if not isinstance(value, Located):
        raise _fail(_line(value, line), f"{what} must be a mapping, not {value!r}", turn)
    return value


def _list(value: Any, what: str, line: int | None, turn: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(_line(value, line), f"{what} must be a list, not {value!r}", turn)
    return value


def _check_keys(m: Located, allowed: set[str], what: str, turn: int | None = None) -> None:
    for key in m:
        if key not in allowed:
            raise _fail(m.key_line(key), f"unknown key '{key}' in {what} "
                                         f"(allowed: {', '.join(sorted(allowed))})", turn)


def _text(value: Any, what: str, line: int | None, turn: int | None = None) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail(line, f"{what} must be a name, not {value!r}", turn)
    return value


def _token(value: Any, what: str, line: int | None, turn: int | None = None) -> str:
    """A drawn outcome: a name or a number (a sheep token '3')."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise _fail(line, f"{what} must be a name or a number, not {value!r}", turn)
    return str(value)


def _cell(value: Any, what: str, line: int | None, turn: int | None = None
          ) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2
            and all(type(c) is int for c in value)):
        raise _fail(line, f"{what} must be [x, y] with two integers, not {value!r}", turn)
    return value[0], value[1]


def _rotation(value: Any, line: int | None, turn: int | None = None) -> int:
    if type(value) is not int or value not in ROTATIONS:
        raise _fail(line, f"rotation must be 0, 90, 180 or 270, not {value!r}", turn)
    return value


def _count(value: Any, what: str, line: int | None) -> int:
    if type(value) is not int:
        raise _fail(line, f"{what} must be an integer, not {value!r}")
    return value


# ------------------------------------------------------------------ the set-up

def build_game(doc: Located, registry: Registry) -> tuple[Game, TileSet]:
    _check_keys(doc, TOP_KEYS, "the scenario")
    game_id = _text(doc.get("game"), "'game'", doc.key_line("game"))
    expansions = _list(doc.get("expansions", []), "'expansions'", doc.key_line("expansions"))
    names = [_text(e, "an expansion", doc.key_line("expansions")) for e in expansions]
    try:
        tileset = registry.ruleset(game_id, names)
    except KeyError as exc:
        raise _fail(doc.key_line("game"), str(exc.args[0])) from None
    line = doc.key_line("players")
    players = _list(doc.get("players"), "'players'", line)
    players = [_text(p, "a player", line) for p in players]
    if not players or len(set(players)) != len(players):
        raise _fail(line, "'players' must list distinct names")
    options = _mapping(doc.get("options", Located()), "'options'", doc.key_line("options"))
    for name, value in options.items():
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise _fail(options.key_line(name), f"option '{name}' must be a name or a number, "
                                                f"not {value!r}")
    start = None
    if "start" in doc:
        s = _mapping(doc["start"], "'start'", doc.key_line("start"))
        _check_keys(s, START_KEYS, "'start'")
        tile = _text(s.get("tile"), "the start tile", s.key_line("tile"))
        if tile not in {t.id for t in tileset.tiles}:
            raise _fail(s.key_line("tile"), f"unknown tile id '{tile}'")
        at = _cell(s.get("at", [0, 0]), "'at' of the start", s.key_line("at"))
        start = StartDef(tile, at, _rotation(s.get("rotation", 0), s.key_line("rotation")))
    try:
        game = Game(tileset, players, seed=0, options=dict(options), start=start)
    except RulesError as exc:
        raise _fail(doc.line, str(exc)) from None
    return game, tileset


# ------------------------------------------------------------------ the turns

def play_turn(game: Game, turn: Located, number: int) -> None:
    keys = game.turn_keys  # the turn keys of the game's rule modules
    _check_keys(turn, TURN_KEYS | set(keys), "a turn", number)
    tile = turn.get("tile")
    if not isinstance(tile, str) or tile not in game.tile_types:
        raise _fail(turn.key_line("tile"), f"unknown tile id {tile!r}", number)
    if game.over:
        raise _fail(turn.line, "the game is already over", number)
    discard = turn.get("discard", False)
    if not isinstance(discard, bool):
        raise _fail(turn.key_line("discard"), f"'discard' must be true or false, not "
                                               f"{discard!r}", number)
    try:
        game.force("tile", tile)
        if discard:
            extra = [k for k in turn if k not in ("tile", "discard")]
            if extra:
                raise _fail(turn.key_line(extra[0]), f"'{extra[0]}' on a turn whose tile is "
                                                      f"set aside", number)
            game.set_aside_current()
            return
        extra_key = _force_outcomes(game, turn, number)
        answered = _place_and_figure(game, turn, number)
        if extra_key is not None:
            if game.extra_tile is None:
                raise _fail(turn.key_line(extra_key), f"no tile to place again was granted "
                                                      f"this turn ('{extra_key}')", number)
            _place_and_figure(game, turn[extra_key], number)
        asked = [k for k, t in keys.items() if t.form is Form.ANSWER and k in turn
                 and k not in answered]
        if asked:
            raise _fail(turn.key_line(asked[0]), f"the rules asked no '{asked[0]}' question "
                                                 f"this turn", number)
        unused = game.unused_forced()
        if unused:
            what = "; ".join(f"{k}: {', '.join(v)}" for k, v in unused.items())
            raise _fail(turn.line, f"the turn fixes outcomes that were never drawn ({what})",
                        number)
    except RulesError as exc:
        raise _fail(turn.line, str(exc), number) from None


def _force_outcomes(game: Game, turn: Located, number: int) -> str | None:
    """Fix the random outcomes the turn names (a tile under a hill, tokens drawn, a bonus
    tile); returns the key of a tile to place again this turn, if the turn has one."""
    extra_key = None
    for key, spec in game.turn_keys.items():
        if key not in turn:
            continue
        value, line = turn[key], turn.key_line(key)
        if spec.form is Form.OUTCOME:
            game.force(key, _token(value, f"'{key}'", line, number))
        elif spec.form is Form.OUTCOMES:
            for item in _list(value, f"'{key}'", line, number):
                game.force(key, _token(item, f"a value of '{key}'", line, number))
        elif spec.form is Form.EXTRA:
            extra = _mapping(value, f"'{key}'", line, number)
            _check_keys(extra, EXTRA_KEYS, f"'{key}'", number)
            game.force(key, _text(extra.get("tile"), f"the tile of '{key}'",
                                  extra.key_line("tile"), number))
            extra_key = key
    return extra_key


def _place_and_figure(game: Game, turn: Located, number: int) -> set[str]:
    """Place the turn's tile, answer the questions the rules ask, then place a figure, move
    one, or pass.  Returns the keys of the questions answered."""
    tile = str(turn.get("tile"))
    if "at" not in turn:
        raise _fail(turn.line, "a placed tile needs 'at: [x, y]'", number)
    x, y = _cell(turn["at"], "'at'", turn.key_line("at"), number)
    game.apply(Place(tile, x, y, _rotation(turn.get("rotation", 0), turn.key_line("rotation"),
                                           number)))
    answered: set[str] = set()
    while game.phase is Phase.CHOOSE:
        request = game.choices[0]
        if request.key not in turn:
            raise _fail(turn.line, f"the rules ask '{request.key}' ({request.prompt}: "
                                   f"{' or '.join(request.options)}) and the turn does not say",
                        number)
        answer = _text(turn[request.key], f"'{request.key}'", turn.key_line(request.key),
                       number)
        game.apply(Choose(answer))
        answered.add(request.key)
    moves = [k for k, t in game.turn_keys.items() if t.form is Form.MOVE and k in turn]
    if moves and "place" in turn:
        raise _fail(turn.key_line(moves[0]), f"'{moves[0]}' and 'place' in one turn: a player "
                                             f"places a figure or moves one, not both", number)
    if game.phase is not Phase.FIGURE:
        for key in [*moves, "place"]:
            if key in turn:
                raise _fail(turn.key_line(key), f"'{key}': there is no figure step now", number)
        return answered
    if moves:
        move = _mapping(turn[moves[0]], f"'{moves[0]}'", turn.key_line(moves[0]), number)
        _check_keys(move, MOVE_KEYS, f"'{moves[0]}'", number)
        to = _cell(move.get("to"), f"'to' of '{moves[0]}'", move.key_line("to"), number)
        game.apply(Move(*to))
    elif "place" in turn:
        place = _mapping(turn["place"], "'place'", turn.key_line("place"), number)
        _check_keys(place, PLACE_KEYS, "'place'", number)
        figure = _text(place.get("figure"), "'figure'", place.key_line("figure"), number)
        on = _token(place.get("on"), "'on'", place.key_line("on"), number)
        game.apply(Deploy(figure, on))
    else:
        game.apply(Skip())
    return answered


# ------------------------------------------------------------------ the results

def run(doc: Any, registry: Registry) -> Outcome:
    doc = _mapping(doc, "a scenario", 1)
    game, tileset = build_game(doc, registry)
    turns = doc.get("turns", LocatedList())
    if not isinstance(turns, LocatedList):
        raise _fail(doc.key_line("turns"), "'turns' must be a list")
    for i, turn in enumerate(turns, start=1):
        play_turn(game, _mapping(turn, "a turn", turns.item_line(i - 1), i), i)
    names = game.players
    during = list(game.scores)  # before the final scoring, even when it has run
    for event in game.events:
        if event.final:
            during[event.player] -= event.points
    results: dict[str, Any] = {
        "during": dict(zip(names, during, strict=True)),
        "final": dict(zip(names, game.final_scores_preview(), strict=True)),
        "supply": {n: dict(game.supply[i]) for i, n in enumerate(names)},
        "tokens": {n: game.tokens(i) for i, n in enumerate(names)},
    }
    return Outcome(results, _compare(doc, tileset, names, results))


def _compare(doc: Located, tileset: TileSet, names: Sequence[str],
             results: Mapping[str, Any]) -> list[str]:
    failures: list[str] = []
    expect = _mapping(doc.get("expect", Located()), "'expect'", doc.key_line("expect"))
    _check_keys(expect, EXPECT_KEYS, "'expect'")
    for key, wanted in expect.items():
        line = expect.key_line(key)
        wanted = _mapping(wanted, f"expect.{key}", line)
        for player, value in wanted.items():
            if player not in names:
                raise _fail(line, f"expect.{key}: unknown player '{player}'")
            actual = results[key][player]
            if key in ("supply", "tokens"):
                counts = _mapping(value, f"expect.{key}.{player}", line)
                for name, n in counts.items():
                    if key == "supply" and name not in tileset.figures:
                        raise _fail(line, f"unknown figure '{name}'")
                    n = _count(n, f"expect.{key}.{player}.{name}", line)
                    got = actual.get(name, 0)
                    if got != n:
                        failures.append(f"{key} of {player} ({name}): expected {n}, got {got}")
            elif _count(value, f"expect.{key}.{player}", line) != actual:
                failures.append(f"{key} score of {player}: expected {value}, got {actual}")
    return failures


def run_file(path: Path, registry: Registry) -> Outcome:
    try:
        doc = load_located(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InvalidScenario(f"cannot read: {exc.strerror}") from None
    except Exception as exc:
        raise InvalidScenario(f"not valid YAML: {exc}") from None
    return run(doc, registry)


def main(argv: Sequence[str] | None = None, registry: Registry | None = None) -> int:
    """The command; ``registry`` (the built-in tile sets by default) lets tests reuse one."""
    parser = argparse.ArgumentParser(prog="python -m game.scenario", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--print", action="store_true", dest="show",
                        help="print the actual results as JSON")
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE",
                        help="a scenario file (.yaml)")
    args = parser.parse_args(argv)
    registry = registry or default_registry()
    worst = 0
    printed: dict[str, Mapping[str, Any]] = {}
    for path in args.files:
        try:
            outcome = run_file(path, registry)
        except InvalidScenario as exc:
            print(f"{path}: invalid scenario: {exc}", file=sys.stderr)
            worst = 2
            continue
        if args.show:
            printed[str(path)] = outcome.results
            continue
        if outcome.failures:
            worst = max(worst, 1)
            for failure in outcome.failures:
                print(f"{path}: FAILED {failure}")
        else:
            print(f"{path}: ok")
    if args.show:
        only = list(printed.values())
        print(json.dumps(only[0] if len(only) == 1 else printed, indent=2, ensure_ascii=False))
    return worst


if __name__ == "__main__":
    sys.exit(main())
