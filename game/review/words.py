"""A review in words, in the player's language: a plan ("tile at [2, -1] turned 90°, a
follower on the city"), a decision's line, a player's summary.  The reason a better move is
better is the Hint's own line (``game.review.hints.reason``: "completes your city: +8")."""

from __future__ import annotations

from collections.abc import Sequence

from game.review.hints import reason
from game.rules import Action, Choose, Deploy, Game, Move, Place, Skip, parse_action
from game.view import category_title
from game.words.i18n import _, decimal, ngettext
from game.words.vocabulary import a_figure, question_text, the_kind

from . import Decision, Review, Verdict

FIGURES_CATEGORY = "figures"  # game.ai.breakdown.FIGURES


def verdict_word(verdict: Verdict) -> str:
    return {Verdict.GOOD: _("good"), Verdict.INACCURACY: _("inaccuracy"),
            Verdict.MISTAKE: _("mistake")}[verdict]


def exact(decision: Decision) -> bool:
    """Every sampled future gave the move the same loss: its margin shows as nothing, not
    as "± 0.0"."""
    return decimal(decision.margin) == decimal(0.0)


def lost_text(decision: Decision) -> str:
    """"−4.2 ± 1.1": the points a move lost and their uncertainty ("−4.2" when exact)."""
    if exact(decision):
        return _("−{lost}").format(lost=decimal(decision.lost))
    return _("−{lost} ± {margin}").format(lost=decimal(decision.lost),
                                         margin=decimal(decision.margin))


def category_word(game: Game, category: str) -> str:
    """What points were lost on: "Cities", "Farms", "Sheep", "Figures kept"."""
    if category == FIGURES_CATEGORY:
        return _("Figures kept")
    return category_title(game, category)


def describe_plan(position: Game, actions: Sequence[Action | str]) -> str:
    """A plan played from ``position`` in words (the position is not changed)."""
    world = position.copy()
    parts: list[str] = []
    for item in actions:
        action = parse_action(item) if isinstance(item, str) else item
        if isinstance(action, Place):
            hand = list(world.hand) if world.extra_tile is None else []
            if len(hand) > 1 and action.tile in hand:
                # A hand of several tiles: which one, numbered as the tray numbers them (the
                # better move may place another tile than the one placed).
                parts.append(_("tile {n} of the hand at [{x}, {y}] turned {degrees}°").format(
                    n=hand.index(action.tile) + 1, x=action.cell[0], y=action.cell[1],
                    degrees=action.rotation))
            else:
                parts.append(_("tile at [{x}, {y}] turned {degrees}°").format(
                    x=action.cell[0], y=action.cell[1], degrees=action.rotation))
        elif isinstance(action, Deploy):
            index = world.target_feature(action.target)
            kind = world.board.tiles[world.last_cell].t.kinds[index] \
                if index is not None and world.last_cell is not None else ""
            parts.append(_("{figure} on {feature}").format(
                figure=a_figure(world.tileset, action.figure),
                feature=the_kind(world.tileset, kind)))
        elif isinstance(action, Skip):
            parts.append(_("no figure"))
        elif isinstance(action, Choose):
            parts.append(_answer(world, action.choice))
        elif isinstance(action, Move):
            parts.append(_("a figure moved to [{x}, {y}]").format(x=action.x, y=action.y))
        if world.is_legal(action):
            world.apply(action)
    return ", ".join(parts)


def _answer(world: Game, choice: str) -> str:
    if world.choices:
        text = question_text(world.tileset, world.choices[0].key)
        if text is not None and choice in text.answers:
            return text.answers[choice].label
    return choice


def why_better(position: Game, decision: Decision) -> str:
    """Why the better move is better: the Hint's line for it, less what the move made did
    too ("completes your city: +8" when both completed it is no reason)."""
    return reason(position, decision.best_actions(), made=decision.played_actions())


def decision_line(position: Game, decision: Decision) -> str:
    """One reviewed decision: "Turn 11, Red: tile at ... — inaccuracy, 3.0 ± 0.5 points
    lost; better: tile at ..., a follower on the field (follower here (field): +6 if the game
    ended now)"."""
    head = _("Turn {turn}, {player}: {plan}").format(
        turn=decision.turn, player=position.players[decision.player],
        plan=describe_plan(position, decision.played))
    if decision.best == decision.played:
        return _("{head} — {verdict}").format(head=head, verdict=verdict_word(Verdict.GOOD))
    lost = (_("{lost} points lost").format(lost=decimal(decision.lost)) if exact(decision)
            else _("{lost} ± {margin} points lost").format(lost=decimal(decision.lost),
                                                            margin=decimal(decision.margin)))
    better = _("better: {plan} ({why})").format(
        plan=describe_plan(position, decision.best),
        why=why_better(position, decision))
    return _("{head} — {verdict}, {lost}; {better}").format(
        head=head, verdict=verdict_word(decision.verdict), lost=lost, better=better)


def summary_lines(game: Game, review: Review, player: int) -> list[str]:
    """A player's summary: counts, points lost, by kind, the costliest moves."""
    counts = review.counts(player)
    lines = [_("{player}: {decisions}, {inaccuracies}, {mistakes}; {lost} points lost").format(
        player=game.players[player],
        decisions=ngettext("{n} decision judged", "{n} decisions judged",
                           len(review.of_player(player))).format(
                               n=len(review.of_player(player))),
        inaccuracies=ngettext("{n} inaccuracy", "{n} inaccuracies",
                              counts[Verdict.INACCURACY]).format(
            n=counts[Verdict.INACCURACY]),
        mistakes=ngettext("{n} mistake", "{n} mistakes", counts[Verdict.MISTAKE]).format(
            n=counts[Verdict.MISTAKE]),
        lost=decimal(review.lost(player)))]
    by_kind = [(c, v) for c, v in review.lost_by_category(player).items() if abs(v) >= 0.05]
    if by_kind:
        lines.append("  " + _("lost by kind: {parts}").format(parts=", ".join(
            f"{category_word(game, c)} {decimal(v)}" for c, v in by_kind)))
    costly = review.costliest(player)
    if costly:
        lines.append("  " + _("costliest: {moves}").format(moves=", ".join(
            _("turn {turn} ({lost})").format(turn=d.turn, lost=decimal(d.lost))
            for d in costly)))
    return lines
