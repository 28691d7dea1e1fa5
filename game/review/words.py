"""A review in words, in the player's language: a plan ("tile at [2, -1] turned 90°, a
follower on the city"), a better move told as what to do and why ("tile at [0, -3] turned
180°, keep your followers (completes your city: +12)"), a decision's line, a player's
summary, the turning points.  Why a better move is better is said in the Hint's words
(``game.review.hints``: "completes your city: +8"), else by the points it gains and where
("Farms: about +3.1")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from game.review.hints import better_parts
from game.rules import Action, Choose, Deploy, Game, Move, Place, Skip, parse_action
from game.view import category_title
from game.words.i18n import _, decimal, ngettext
from game.words.vocabulary import a_figure, figure_word, question_text, the_kind

from . import Decision, Review, Verdict

# How a plan's cell is named (``describe_plan``).
CellWords = Literal["numbers", "outlined", "as placed", "same cell", "another cell"]

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


def describe_plan(position: Game, actions: Sequence[Action | str], advice: bool = False,
                  cell: CellWords = "numbers") -> str:
    """A plan played from ``position`` in words (the position is not changed); as
    ``advice``, what to do: no figure is "keep your followers" (nothing when none is
    left).  ``cell``: how the tile's cell is named: by its coordinates; beside a board
    that shows the plan, as the outlined cell, or as the cell the player's own tile went
    to (a better move that only places another figure); where no board shows it, by the
    cell the player chose: the same one, or another."""
    world = position.copy()
    parts: list[str] = []
    for item in actions:
        action = parse_action(item) if isinstance(item, str) else item
        if isinstance(action, Place):
            hand = list(world.hand) if world.extra_tile is None else []
            if cell == "as placed":
                parts.append(_("your tile as you placed it"))
            elif len(hand) > 1 and action.tile in hand and cell != "numbers":
                parts.append(_hand_tile_on(cell).format(n=hand.index(action.tile) + 1,
                                                        degrees=action.rotation))
            elif len(hand) > 1 and action.tile in hand:
                # A hand of several tiles: which one, numbered as the tray numbers them (the
                # better move may place another tile than the one placed).
                parts.append(_("tile {n} of the hand at [{x}, {y}] turned {degrees}°").format(
                    n=hand.index(action.tile) + 1, x=action.cell[0], y=action.cell[1],
                    degrees=action.rotation))
            elif cell != "numbers":
                parts.append(_tile_on(cell).format(degrees=action.rotation))
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
            kept = _kept(world) if advice else _("no figure")
            if kept is not None:
                parts.append(kept)
        elif isinstance(action, Choose):
            parts.append(_answer(world, action.choice))
        elif isinstance(action, Move):
            parts.append(_("a figure moved to [{x}, {y}]").format(x=action.x, y=action.y))
        if world.is_legal(action):
            world.apply(action)
    return ", ".join(parts)


def _tile_on(cell: CellWords) -> str:
    """The tile of a one-tile turn on a cell named without coordinates."""
    if cell == "same cell":
        return _("your tile on the same cell, turned {degrees}°")
    if cell == "another cell":
        return _("the tile on another cell, turned {degrees}°")
    return _("the tile on the outlined cell, turned {degrees}°")


def _hand_tile_on(cell: CellWords) -> str:
    """Tile {n} of a hand on a cell named without coordinates."""
    if cell == "same cell":
        return _("tile {n} of the hand on the same cell, turned {degrees}°")
    if cell == "another cell":
        return _("tile {n} of the hand on another cell, turned {degrees}°")
    return _("tile {n} of the hand on the outlined cell, turned {degrees}°")


def _kept(world: Game) -> str | None:
    """"keep your followers": the figures the player keeps by placing none (the kind they
    have most of), None when they have none left."""
    kept = sorted(((n, kind) for kind, n in world.supply[world.current].items() if n > 0),
                  key=lambda nk: -nk[0])
    if not kept:
        return None
    count, kind = kept[0]
    return ngettext("keep your {figures}", "keep your {figures}", count).format(
        figures=figure_word(world.tileset, kind, count))


def _answer(world: Game, choice: str) -> str:
    if world.choices:
        text = question_text(world.tileset, world.choices[0].key)
        if text is not None and choice in text.answers:
            return text.answers[choice].label
    return choice


def why_better(position: Game, decision: Decision) -> str:
    """Why the better move is better: the Hint's line for it, less what the move made did
    too ("completes your city: +8" when both completed it is no reason); when that leaves
    nothing, where the points it gains come from ("Farms: about +3.1")."""
    parts = better_parts(position, decision.best_actions(), decision.played_actions())
    if parts:
        return _("; ").join(parts[:2])
    gains = [(value, category) for category, value in decision.parts.items() if value > 0]
    if gains:
        value, category = max(gains)
        return _("{what}: about +{points}").format(what=category_word(position, category),
                                                   points=decimal(value))
    return _("the tile fits best here")


def advice(position: Game, decision: Decision, shown: bool = False,
           board: bool = True) -> str:
    """The better move as what to do, and why: "tile at [0, -3] turned 180°, keep your
    followers (completes your city: +12)"; ``shown``: beside a board that draws it ("the
    tile on the outlined cell, turned 180°, ...", or "your tile as you placed it, ..." when
    only the figure differs); ``shown`` with no ``board``: told to a player with no board
    beside it, by the cell the player chose ("your tile on the same cell, turned 90°", "the
    tile on another cell, turned 180°")."""
    cell: CellWords = "numbers"
    if shown:
        best = next((a for a in decision.best_actions() if isinstance(a, Place)), None)
        made = next((a for a in decision.played_actions() if isinstance(a, Place)), None)
        if best is not None and best == made:
            cell = "as placed"
        elif board:
            cell = "outlined"
        else:
            same = best is not None and made is not None and best.cell == made.cell
            cell = "same cell" if same else "another cell"
    return _("{move} ({why})").format(move=describe_plan(position, decision.best, True, cell),
                                      why=why_better(position, decision))


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
        plan=describe_plan(position, decision.best, True),
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


def turning_points_line(game: Game, review: Review) -> str | None:
    """The turns that swung the chances most: "Turning points: turn 27 (Red 48% → 71%),
    ..."; None when none did."""
    turns = review.turning_points()
    if not turns:
        return None
    by_turn = {c.turn: c for c in review.chances}
    said = []
    for turn in turns:
        after = by_turn[turn].chances
        before = by_turn[turn - 1].chances if turn - 1 in by_turn \
            else tuple(1.0 / len(after) for _c in after)
        player = max(range(len(after)), key=lambda p: after[p] - before[p])  # who gained
        said.append(_("turn {turn} ({player} {before}% → {after}%)").format(
            turn=turn, player=game.players[player], before=round(100 * before[player]),
            after=round(100 * after[player])))
    return _("Turning points: {turns}").format(turns=", ".join(said))
