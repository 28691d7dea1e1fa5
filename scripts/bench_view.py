#!/usr/bin/env python3
"""What the window's reading aids cost on finished games of every tile set: telling a game
again from its moves (the turn log on Continue and Load), rebuilding its history (the state
after every turn), a feature's worth, and a feature card.

Prints medians over several runs (milliseconds, or microseconds per feature).  Headless, no
pygame.  Asserts nothing."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.random_policy import random_action
from game.rules import Deploy, FeatureView, Game, Worth, default_registry
from game.view.cards import Card, feature_card
from game.view.chronicle import Chronicle
from game.view.history import History

RUNS = 7


def finished(game_id: str, expansions: list[str], seed: int) -> Game:
    game = Game(default_registry().ruleset(game_id, expansions), ["A", "B", "C"], seed=seed)
    rng = random.Random(seed)
    while not game.over:
        actions = game.legal_actions()
        deploys = [a for a in actions if isinstance(a, Deploy)]
        game.apply(rng.choice(deploys) if deploys and rng.random() < 0.6
                   else random_action(game, rng))
    return game


def median_ms(work: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        work()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def worths(game: Game, features: Sequence[FeatureView]) -> list[Worth]:
    return [game.feature_worth(f.id) for f in features]


def cards(game: Game, features: Sequence[FeatureView]) -> list[Card]:
    return [feature_card(game, f) for f in features]


def main() -> None:
    # no options, but --help (or a mistyped option) answers rather than starting the benchmark
    argparse.ArgumentParser(description=__doc__).parse_args()
    print(f"finished 3-player games, median of {RUNS} runs")
    print(f"{'game':36} {'moves':>5} {'log again':>10} {'history':>9} "
          f"{'worth/feature':>14} {'card/feature':>13}")
    for game_id, expansions in default_registry().setups():  # every game there is
        game = finished(game_id, list(expansions), seed=3)
        told = Chronicle.of(game)
        features = game.all_features()
        log_ms = median_ms(partial(Chronicle.of, game))
        history_ms = median_ms(partial(History, game, told.turn_ends))
        worth_ms = median_ms(partial(worths, game, features))
        card_ms = median_ms(partial(cards, game, features))
        name = "+".join([game_id, *expansions])
        worth_us = 1000 * worth_ms / len(features)
        card_us = 1000 * card_ms / len(features)
        print(f"{name:36} {len(game.moves):5d} {log_ms:8.1f} ms {history_ms:6.1f} ms "
              f"{worth_us:11.1f} µs {card_us:10.1f} µs")


if __name__ == "__main__":
    main()
