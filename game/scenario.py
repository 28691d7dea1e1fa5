"""Run scenario files: rulebook examples written as data (see the README).

    python -m game.scenario FILE.yaml [FILE.yaml ...]   exit 0 when every expectation holds
    python -m game.scenario --print FILE.yaml           print the actual results as JSON

Exit 1 when an expectation fails, 2 when a scenario itself is invalid.
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
    CHOOSE,
    FIGURE,
    Choose,
    Deploy,
    Game,
    IllegalAction,
    Move,
    Place,
    RulesError,
    Skip,
    default_registry,
)
from game.rules.model import StartDef, TileSet
from game.rules.registry import Registry
from game.rules.yamlsrc import Located, LocatedList, load_located

TOP_KEYS = {"game", "expansions", "options", "players", "start", "turns", "expect"}
TURN_KEYS = {"tile", "at", "rotation", "place", "discard"}
EXPECT_KEYS = {"during", "final", "supply", "tokens"}


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


def _mapping(value: Any, what: str, line: int | None = None) -> Located:
    if not isinstance(value, Located):
        raise _fail(getattr(value, "line", line), f"{what} must be a mapping")
    return value


def _check_keys(m: Located, allowed: set[str], what: str, turn: int | None = None) -> None:
    for key in m:
        if key not in allowed:
            raise _fail(m.key_line(key), f"unknown key '{key}' in {what}", turn)


def build_game(doc: Located, registry: Registry) -> tuple[Game, TileSet]:
    _check_keys(doc, TOP_KEYS, "the scenario")
    game_id = doc.get("game")
    if not isinstance(game_id, str):
        raise _fail(doc.line, "'game' must name a tile set")
    expansions = doc.get("expansions", [])
    if not isinstance(expansions, list):
        raise _fail(doc.key_line("expansions"), "'expansions' must be a list")
    try:
        tileset = registry.ruleset(game_id, [str(e) for e in expansions])
    except KeyError as exc:
        raise _fail(doc.key_line("game"), str(exc.args[0])) from None
    players = doc.get("players")
    if not isinstance(players, list) or not players or len(set(players)) != len(players):
        raise _fail(doc.key_line("players"), "'players' must list distinct names")
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise _fail(doc.key_line("options"), "'options' must be a mapping")
    start = None
    if "start" in doc:
        s = _mapping(doc["start"], "'start'", doc.key_line("start"))
        _check_keys(s, {"tile", "at", "rotation"}, "'start'")
        tile = str(s.get("tile", ""))
        if tile not in {t.id for t in tileset.tiles}:
            raise _fail(s.key_line("tile"), f"unknown tile id '{tile}'")
        at = s.get("at", [0, 0])
        rotation = s.get("rotation", 0)
        if not (isinstance(at, list) and len(at) == 2) or rotation not in (0, 90, 180, 270):
            raise _fail(s.line, "'start' needs at: [x, y] and a rotation of 0/90/180/270")
        start = StartDef(tile, (int(at[0]), int(at[1])), int(rotation))
    try:
        game = Game(tileset, [str(p) for p in players], seed=0, options=options, start=start)
    except RulesError as exc:
        raise _fail(doc.line, str(exc)) from None
    return game, tileset


def play_turn(game: Game, tileset: TileSet, turn: Located, number: int) -> None:
    _check_keys(turn, TURN_KEYS | set(tileset.turn_keys), "a turn", number)
    tile = turn.get("tile")
    if not isinstance(tile, str) or tile not in game.tile_types:
        raise _fail(turn.line, f"unknown tile id '{tile}'", number)
    if game.over:
        raise _fail(turn.line, "the game is already over", number)
    try:
        game.force("tile", tile)
        # Random outcomes the turn fixes: the tile slid under a hill, tokens drawn from a bag,
        # the bonus tile drawn.
        if "under" in turn:
            game.force("under", str(turn["under"]))
        draws = turn.get("draws", [])
        if not isinstance(draws, list):
            raise _fail(turn.key_line("draws"), "'draws' must be a list", number)
        for value in draws:
            game.force("draws", str(value))
        bonus = turn.get("bonus")
        if bonus is not None:
            bonus = _mapping(bonus, "'bonus'", turn.key_line("bonus"))
            _check_keys(bonus, {"tile", "at", "rotation", "place"}, "'bonus'", number)
            game.force("bonus", str(bonus.get("tile")))
        if turn.get("discard", False):
            game.set_aside_current()
            return
        _place_and_figure(game, turn, number)
        if bonus is not None:
            if game.extra_tile is None:
                raise _fail(turn.key_line("bonus"), "no bonus tile was granted this turn",
                            number)
            _place_and_figure(game, bonus, number)
        unused = game.unused_forced()
        if unused:
            what = "; ".join(f"{k}: {', '.join(v)}" for k, v in unused.items())
            raise _fail(turn.line, f"the turn fixes outcomes that were never drawn ({what})",
                        number)
    except IllegalAction as exc:
        raise _fail(turn.line, str(exc), number) from None


def _place_and_figure(game: Game, turn: Located, number: int) -> None:
    """Place the turn's tile, answer the questions the rules ask, then place a figure, hike
    or pass."""
    tile = str(turn.get("tile"))
    at = turn.get("at")
    rotation = turn.get("rotation", 0)
    if not (isinstance(at, list) and len(at) == 2 and all(isinstance(c, int) for c in at)):
        raise _fail(turn.key_line("at"), "'at' must be [x, y]", number)
    if rotation not in (0, 90, 180, 270):
        raise _fail(turn.key_line("rotation"), "rotation must be 0, 90, 180 or 270", number)
    game.apply(Place(tile, at[0], at[1], rotation))
    while game.phase == CHOOSE:
        request = game.choices[0]
        if request.key not in turn:
            raise _fail(turn.line, f"the rules ask '{request.key}' ({request.prompt}: "
                                   f"{' or '.join(request.options)}) and the turn does not say",
                        number)
        game.apply(Choose(str(turn[request.key])))
    if game.phase != FIGURE:
        return
    if "hike" in turn:
        hike = _mapping(turn["hike"], "'hike'", turn.key_line("hike"))
        _check_keys(hike, {"to"}, "'hike'", number)
        to = hike.get("to")
        if not (isinstance(to, list) and len(to) == 2):
            raise _fail(hike.line, "hike needs to: [x, y]", number)
        game.apply(Move(int(to[0]), int(to[1])))
    elif "place" in turn:
        place = _mapping(turn["place"], "'place'", turn.key_line("place"))
        _check_keys(place, {"figure", "on"}, "'place'", number)
        game.apply(Deploy(str(place.get("figure")), str(place.get("on"))))
    else:
        game.apply(Skip())


def run(doc: Any, registry: Registry) -> Outcome:
    doc = _mapping(doc, "a scenario", 1)
    game, tileset = build_game(doc, registry)
    turns = doc.get("turns", [])
    if not isinstance(turns, LocatedList):
        raise _fail(doc.key_line("turns"), "'turns' must be a list")
    for i, turn in enumerate(turns, start=1):
        play_turn(game, tileset, _mapping(turn, "a turn", turns.item_line(i - 1)), i)
    names = game.players
    during = list(game.scores)
    final = game.final_scores_preview()
    results: dict[str, Any] = {
        "during": dict(zip(names, during, strict=False)),
        "final": dict(zip(names, final, strict=False)),
        "supply": {n: dict(game.supply[i]) for i, n in enumerate(names)},
        "tokens": {n: game.tokens(i) for i, n in enumerate(names)},
    }
    failures: list[str] = []
    expect = doc.get("expect", Located())
    expect = _mapping(expect, "'expect'", doc.key_line("expect"))
    _check_keys(expect, EXPECT_KEYS, "'expect'")
    for key, wanted in expect.items():
        if not isinstance(wanted, dict):
            raise _fail(expect.key_line(key), f"expect.{key} must map players to values")
        for player, value in wanted.items():
            if player not in names:
                raise _fail(expect.key_line(key), f"expect.{key}: unknown player '{player}'")
            actual = results[key][player]
            if key in ("supply", "tokens"):
                if not isinstance(value, dict):
                    raise _fail(expect.key_line(key), f"expect.{key}.{player} must be a mapping")
                for name, n in value.items():
                    if key == "supply" and name not in tileset.figures:
                        raise _fail(expect.key_line(key), f"unknown figure '{name}'")
                    got = actual.get(name, 0)
                    if got != n:
                        failures.append(f"{key} of {player} ({name}): expected {n}, got {got}")
            elif actual != value:
                failures.append(f"{key} score of {player}: expected {value}, got {actual}")
    return Outcome(results, failures)


def run_file(path: Path, registry: Registry) -> Outcome:
    try:
        doc = load_located(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InvalidScenario(f"cannot read: {exc.strerror}") from None
    except Exception as exc:
        raise InvalidScenario(f"not valid YAML: {exc}") from None
    return run(doc, registry)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.scenario", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--print", action="store_true", dest="show",
                        help="print the actual results as JSON")
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    registry = default_registry()
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
