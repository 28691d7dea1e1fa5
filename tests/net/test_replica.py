"""A client's replica follows the table's game from what its seat may see, and agrees with it
after every action: scores, score events, announcements, legal moves of its own turns."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.ai import choose_action, random_action
from game.net.recorded import TableGame
from game.net.replica import Replica, ReplicaError
from game.net.steps import Digest, Step, chain_next, public_hands
from game.rules import IllegalAction, Skip

from .loopback import registry

GAMES = [("carcassonne", (), {}), ("carcassonne", (), {"hand": 3}),
         ("carcassonne", ("hills-and-sheep",), {}),
         ("carcassonne", ("hills-and-sheep",), {"hand": 3}),
         ("hunters-and-gatherers", (), {}), ("over-hill-and-dale", (), {})]


def table_and_replicas(game_id: str, expansions: tuple[str, ...], options: dict[str, int],
                       players: int, seed: int) -> tuple[TableGame, list[Replica]]:
    tileset = registry().ruleset(game_id, list(expansions))
    table = TableGame(tileset, [f"P{i}" for i in range(players)], seed, options)
    opening = table.take_opening()
    public = public_hands(table)
    replicas = [Replica(tileset, table.players, options, {s}, opening.view({s}, public))
                for s in range(players)]
    return table, replicas


def play(table: TableGame, action: object, chain: str) -> Step:
    seat = table.current
    _, outcomes, deals = table.play(action)  # type: ignore[arg-type]
    return Step(len(table.moves) - 1, seat, str(action), outcomes, deals, Digest.of(table),
                chain_next(chain, str(action)))


@pytest.mark.parametrize(("game_id", "expansions", "options"), GAMES)
def test_replicas_agree_with_the_table_after_every_action(
        game_id: str, expansions: tuple[str, ...], options: dict[str, int]) -> None:
    for seed in range(6):
        players = 2 + seed % 3
        table, replicas = table_and_replicas(game_id, expansions, options, players, seed)
        rng = random.Random(seed)
        chain = ""
        while not table.over:
            before = len(table.notices)
            if table.current == 0 and rng.random() < 0.5:
                # the seat's own view offers exactly the table's legal moves
                assert replicas[0].legal_actions() == table.legal_actions()
            step = play(table, random_action(table, rng), chain)
            chain = step.chain
            for seat, replica in enumerate(replicas):
                events = replica.follow(step.view({seat}, public_hands(table)))
                assert events == table.events[len(table.events) - len(events):]
                assert replica.notices[before:] == table.notices[before:]
                assert replica.hands[seat] == table.hands[seat]
        for replica in replicas:
            assert replica.scores == table.scores and replica.over


def test_a_replica_never_holds_anothers_real_hand_and_counts_what_it_has_not_seen() -> None:
    table, replicas = table_and_replicas("carcassonne", (), {"hand": 3}, 3, 12)
    rng = random.Random(2)
    chain = ""
    for _ in range(30):
        step = play(table, random_action(table, rng), chain)
        chain = step.chain
        for seat, replica in enumerate(replicas):
            replica.follow(step.view({seat}, False))
    me = replicas[0]
    unseen = Counter(table.deck) + Counter(table.hands[1]) + Counter(table.hands[2])
    assert me.remaining() == unseen  # the same tiles, whichever order and holder
    assert me.deck != table.deck  # but never the table's order...
    assert [len(h) for h in me.hands] == [len(h) for h in table.hands]


def test_a_copy_plays_on_and_a_computer_can_choose_from_it() -> None:
    table, replicas = table_and_replicas("carcassonne", ("hills-and-sheep",), {"hand": 3}, 2, 3)
    replica = replicas[0]
    action = choose_action(replica, "quick", random.Random(1))
    assert action in table.legal_actions()
    copy = replica.copy()
    rng = random.Random(5)
    while not copy.over:  # a look-ahead: draws from its own pile, shuffled
        copy.apply(random_action(copy, rng))
    assert len(replica.moves) == 0 and not replica.over


def test_a_step_that_does_not_fit_spoils_the_replica_and_says_so() -> None:
    table, replicas = table_and_replicas("carcassonne", (), {}, 2, 4)
    rng = random.Random(1)
    step = play(table, random_action(table, rng), "")
    wrong = [
        Step(step.n + 1, step.seat, step.action, step.outcomes, step.deals, step.digest, ""),
        Step(step.n, 1, step.action, step.outcomes, step.deals, step.digest, ""),
        Step(step.n, step.seat, "X@0,0r0", step.outcomes, step.deals, step.digest, ""),
        Step(step.n, step.seat, step.action, (("tile", "A"),), step.deals, step.digest, ""),
    ]
    for bad in wrong:
        with pytest.raises(ReplicaError):
            table_and_replicas("carcassonne", (), {}, 2, 4)[1][0].follow(bad)
    with pytest.raises(IllegalAction):
        replicas[0].undo()


def test_a_replica_plays_again_from_its_moves_as_a_turn_log_or_a_history_does() -> None:
    from game.view.chronicle import replay

    table, replicas = table_and_replicas("carcassonne", ("hills-and-sheep",), {"hand": 3}, 3, 6)
    rng = random.Random(6)
    chain = ""
    while not table.over:
        step = play(table, random_action(table, rng), chain)
        chain = step.chain
        for seat, replica in enumerate(replicas):
            replica.follow(step.view({seat}, False))
    me = replicas[1]
    again = replay(me, fresh=me.fresh())  # every move applied again, in order
    assert again.scores == table.scores and again.notices == table.notices
    assert again.hands[1] == me.hands[1] and again.over
    with pytest.raises(IllegalAction):
        me.fresh().apply(Skip())  # not the move the table played there
