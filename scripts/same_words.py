"""Seeded games of every game told in every language, as text: to show that a change of how
the words are found leaves what the players read exactly as it was.

    python scripts/same_words.py > before.txt      # on the tree before the change
    python scripts/same_words.py > after.txt       # on the tree after it
    diff before.txt after.txt                      # nothing: the same games, the same words

Each game (every game of the registry, with its expansions and some rule options changed) is
played by computer seats (the ``random`` and ``quick`` levels) from a fixed seed, then told in
English and in French, action by action: the action and the scores after it, the turn log's
new lines (``Chronicle``), the rules' question and what each answer scores now, the badges of
the moves offered, the rule modules' lines and the tokens beside figures whenever they
change, a hint now and then; at the end the final screen's categories and details and the
card of every feature.  ``--games N`` plays fewer seeds for a quick look.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import view
from game.ai import choose_action
from game.review import answers, hints
from game.rules import Action, Game, Phase, Place, default_registry
from game.rules.model import OptionValue, TileSet
from game.rules.registry import Registry
from game.view.cards import feature_card
from game.view.chronicle import Chronicle
from game.words.i18n import set_language
from game.words.vocabulary import question_text

PLAYERS = ("Red", "Blue", "Green", "Yellow", "Black")
LANGUAGES = ("en", "fr")
HINT_EVERY = 5  # a hint at every fifth placement of a quick game...
HINT_FUTURES = 8  # ... judged on this many futures whatever the time (the same words each run)
ANSWER_SAMPLES = 8  # copies an answer is measured on (few: the words matter, not the odds)

# Rule options changed, played besides a game's defaults
OPTIONS_CHANGED: dict[str, tuple[dict[str, OptionValue], ...]] = {
    "carcassonne": ({"farm_scoring": "per-field", "farm_city_points": 4, "small_city": 4},
                    {"hand": 3}),
    "hunters-and-gatherers": ({"returns": "end-of-turn"},),
}
Setup = tuple[str, tuple[str, ...], dict[str, OptionValue]]


def setups(registry: Registry) -> list[Setup]:
    """(game, expansions, options) played: every game of the registry with its defaults, then
    with its options changed, then with each of its expansions."""
    out: list[Setup] = []
    for game, expansions in registry.setups():
        out.append((game, expansions, {}))
        if not expansions:
            out += [(game, (), dict(options)) for options in OPTIONS_CHANGED.get(game, ())]
    return out


def _scarce(game: Game) -> None:
    """Rare announcements made common: a bonus pile of one tile, one token of each crop."""
    for module in game.modules:
        if module.name == "hunters-gatherers":
            del module.pile[1:]  # type: ignore[attr-defined]
        if module.name == "hill-dale":
            module.supply.update(dict.fromkeys(module.supply, 1))  # type: ignore[attr-defined]


# (game, seed, players, level) played besides: rare announcements (gold found again on a
# bonus tile), then the same with scarce supplies
RARE: tuple[tuple[str, int, int, str], ...] = (("hunters-and-gatherers", 195, 5, "random"),)
SCARCE = ("hunters-and-gatherers", "over-hill-and-dale")


def new_game(tileset: TileSet, players: Sequence[str], seed: int,
             options: dict[str, OptionValue], scarce: bool) -> Game:
    game = Game(tileset, players, seed, options)
    if scarce:
        _scarce(game)
    return game


def play(game: Game, level: str, seed: int) -> list[Action]:
    """The moves computer seats of ``level`` make in ``game`` to its end."""
    rng = random.Random(seed)
    while not game.over:
        game.apply(choose_action(game, level, rng))
    return list(game.moves)


def told(game: Game, moves: Sequence[Action], hinted: bool) -> Iterator[str]:
    """The game of ``moves`` told action by action in the window's language, from ``game``
    as it was set up."""
    chronicle = Chronicle(game)
    shown: dict[str, object] = {}
    placements = 0

    def changed(key: str, value: object) -> bool:
        if shown.get(key) == value:
            return False
        shown[key] = value
        return True

    for i, move in enumerate(moves):
        if game.phase is Phase.CHOOSE and game.choices:
            request = game.choices[0]
            said = question_text(game.tileset, request.key)
            yield f"  ask {said.prompt if said is not None else request.prompt}"
            for action in game.legal_actions():
                result = answers.outcome(game, action, samples=ANSWER_SAMPLES, seed=i)
                yield f"    {action}: {answers.describe(game, result)}"
        if game.phase is Phase.FIGURE:
            labels = [f"{a}={view.move_label(game, a)}" for a in game.extra_actions()]
            if labels:
                yield "  badges " + " ".join(labels)
        if hinted and isinstance(move, Place):
            placements += 1
            if placements % HINT_EVERY == 0:
                hint = hints.advise(game, budget=0.0, futures=(HINT_FUTURES, HINT_FUTURES))
                yield f"  hint {hint.why if hint is not None else '-'}"
        before = len(chronicle.entries)
        chronicle.apply(move)
        yield f"{i} {move} -> {list(game.scores)}"
        for entry in chronicle.entries[before:]:
            yield f"  log t{entry.turn} {entry.tone.value}: {entry.text}"
        lines = view.module_lines(game)
        if changed("lines", lines):
            yield "  lines " + " | ".join(lines)
        tokens = sorted((f.id, view.figure_tokens(game, f)) for f in game.figures.values())
        tokens = [(fid, t) for fid, t in tokens if t is not None]
        if changed("tokens", tokens):
            yield f"  tokens {tokens}"
    yield from final_words(game)


def category_titles(game: Game) -> list[str]:
    """The final screen's columns: those that stand even at zero, then what else scored."""
    cats = view.score_categories(game)
    for ev in game.events:
        if ev.category not in cats:
            cats.append(ev.category)
    return [view.category_title(game, c) for c in cats]


def final_words(game: Game) -> Iterator[str]:
    """The final screen's categories and details, and the card of every feature."""
    yield "categories " + " | ".join(category_titles(game))
    for line in view.final_details(game):
        yield f"detail {line}"
    for feature in game.all_features():
        card = feature_card(game, feature)
        yield f"card {card.title}: " + " / ".join(line.text for line in card.lines)


class Run(NamedTuple):
    game: str
    expansions: tuple[str, ...]
    options: dict[str, OptionValue]
    seed: int
    players: int
    level: str
    scarce: bool = False

    @property
    def title(self) -> str:
        return (f"{self.game} {'+'.join(self.expansions)} {self.options} seed {self.seed} "
                f"{self.level} {self.players} players{' scarce' if self.scarce else ''}")


def runs(seeds: int) -> list[Run]:
    """Every set-up with ``seeds`` seeds at each level, the rare announcements, and the
    scarce supplies."""
    out = [Run(game, expansions, options, seed, 2 + (seed + len(options)) % 4, level)
           for game, expansions, options in setups(default_registry())
           for seed in range(1, seeds + 1) for level in ("random", "quick")]
    out += [Run(game, (), {}, seed, players, level) for game, seed, players, level in RARE]
    out += [Run(game, (), {}, seed, 2 + seed, "random", True)
            for game in SCARCE for seed in range(1, seeds + 1)]
    return out


# What tests/test_same_words.py compares with its expectation: one random game of each
# set-up, and the scarce supplies (quick to play and to tell)
CHECKED = [r for r in runs(1) if r.level == "random"]


def dump(registry: Registry, run: Run) -> Iterator[str]:
    """One game played, then told in every language."""
    tileset = registry.ruleset(run.game, run.expansions)
    players = PLAYERS[:run.players]
    moves = play(new_game(tileset, players, run.seed, run.options, run.scarce), run.level,
                 run.seed)
    try:
        for code in LANGUAGES:
            set_language(code)
            yield f"== {run.title} [{code}]"
            game = new_game(tileset, players, run.seed, run.options, run.scarce)
            yield from told(game, moves, hinted=run.level == "quick")
    finally:
        set_language("en")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2, help="seeds per set-up and level")
    parser.add_argument("--checked", action="store_true",
                        help="only the games tests/test_same_words.py compares")
    args = parser.parse_args(argv)
    registry = default_registry()
    for run in CHECKED if args.checked else runs(args.games):
        for line in dump(registry, run):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
