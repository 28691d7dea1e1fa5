"""A review made up for window tests: the figures chosen, not judged (nothing to wait for,
the same on every run), each better move a legal one, the chances to win jumping now and
then."""

from __future__ import annotations

from collections.abc import Sequence

import game.review
from game.review import Decision, Review, moves_key
from game.review.chances import Chance, rounded
from game.rules import Place, Skip
from game.ui.session import Session


def made_up_review(session: Session, seats: Sequence[int] = (0,),
                   every: int = 3) -> tuple[Review, list[Decision]]:
    """Every decision of ``seats`` good but every ``every``-th from the third, a mistake
    whose better move is another legal placement of the same tile without a figure; the
    review and its mistakes."""
    played_game = session.game
    decisions: list[Decision] = []
    mistakes: list[Decision] = []
    for i, point in enumerate(game.review.decision_points(played_game, seats)):
        played = tuple(str(a) for a in point.played)
        made = point.played[0]
        other = next((a for a in point.position.legal_actions()
                      if isinstance(a, Place) and isinstance(made, Place)
                      and a.cell != made.cell), None)
        if i % every != 2 or other is None:
            decisions.append(Decision(point.move, point.turn, point.player, played, played,
                                      0.0, 0.0, 12, {}))
            continue
        lost = 6.0 + 2 * len(mistakes)
        parts = {"city": lost - 1.5, "road": 1.0, "field": 1.5, "figures": -1.0}
        mistake = Decision(point.move, point.turn, point.player, played,
                           (str(other), str(Skip())), lost, 1.0, 12, parts)
        decisions.append(mistake)
        mistakes.append(mistake)
    review = Review(tuple(sorted(set(seats))), len(played_game.moves),
                    moves_key(played_game.moves), decisions, readings=made_up_chances(session))
    return review, mistakes


LEVELS = (0.5, 0.9, 0.2, 0.7)  # the first player's chances, six turns each, then the last


def made_up_chances(session: Session) -> list[Chance]:
    """Every player's chances after every turn: the first player's jumping at turns 6, 12
    and 18 (the turning points), the rest shared by the others."""
    played_game = session.game
    players = len(played_game.players)
    out = []
    for point in game.review.decision_points(played_game, range(players)):
        if point.ends_turn:
            first = LEVELS[min(len(LEVELS) - 1, point.turn // 6)]
            rest = [(1.0 - first) * (p + 1) / sum(range(1, players)) for p in range(players - 1)]
            out.append(Chance(point.turn, point.move + len(point.played),
                              rounded([first, *rest])))
    return out
