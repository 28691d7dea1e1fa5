"""The light policy: how every player plays the turns inside ``strong``'s futures.

A turn is chosen like ``quick`` chooses one, on fewer placements and with the evaluation
worked out only where a placement changes it.  The position before the turn is judged once,
feature by feature (``Evaluator.parts``); a placement can only change the features whose
open cells it fills or borders (it changes what the neighbouring empty cells demand, and so
their chance of being filled), so each placement is played on a copy and only those
features are judged again.  The figure options after it are judged the same way, the figure
imagined on its feature.  The result equals the static evaluation of the whole position
(a test holds it to that).

Placements next to features that hold figures (where the play is) come first, then a few
others at random.  Questions a rule module asks are answered by playing each answer once.
"""

from __future__ import annotations

import random

from game.rules import Action, Deploy, Game, Phase, Place
from game.rules.actions import SKIP
from game.rules.board import Cell
from game.rules.features import Figure

from .evaluate import Evaluator, Parts, turns_left
from .quick import turn_candidates

Judged = tuple[float, Action | None]  # an option's value, and the option

HOT = 6  # placements next to features with figures looked at, at most...
OTHERS = 2  # ... and this many others at random
AT_LEAST = 6  # placements looked at when there are as many
MAX_TURN_ACTIONS = 12  # a turn ends after this many actions at the latest


class LightPolicy:
    """Plays whole turns for any player, judged by one decision's evaluator."""

    def __init__(self, ev: Evaluator) -> None:
        self.ev = ev

    def turn(self, game: Game, rng: random.Random) -> Game:
        """Play the current player's turn; returns the game after it (``game`` itself or
        one of its copies)."""
        me = game.current
        for _ in range(MAX_TURN_ACTIONS):
            if game.over or game.current != me:
                break
            if game.phase is Phase.PLACE:
                game, follow_up = self.place(game, me, rng)
                if follow_up is not None and game.phase is Phase.FIGURE:
                    game.apply_legal(follow_up)
            elif game.phase is Phase.FIGURE:
                game.apply_legal(self.figure_step(game, me))
            else:
                game = self.answer(game, me)
        return game

    # ------------------------------------------------------------------ placing
    def place(self, game: Game, me: int, rng: random.Random) -> tuple[Game, Action | None]:
        """The best of a sample of placements, played: the game after it and the figure
        step's best option (None when the placement led elsewhere, to a question)."""
        best: tuple[float, Game, Action | None] | None = None
        for after, options in self.judge(game, me, rng):
            score, follow_up = max(options, key=lambda o: o[0])
            if best is None or score > best[0]:
                best = (score, after, follow_up)
        assert best is not None
        return best[1], best[2]

    def judge(self, game: Game, me: int, rng: random.Random | None,
              actions: list[Action] | None = None) -> list[tuple[Game, list[Judged]]]:
        """Placements (``actions``, or a sample of them drawn with ``rng``) each played on
        a copy, with the options of the figure step after it judged: (the copy, [(value,
        option)...]).  The first option is the placement followed by a pass (None when the
        figure step does not follow at once); figures are imagined on their features."""
        ev = self.ev
        after_turns = turns_left(game)
        if game.extra_tile is None:  # the tile placed leaves the hand
            after_turns -= 1 / len(game.players)
        base = ev.base(game, after_turns)
        near: dict[Cell, list[int]] = {}
        hot: set[Cell] = set()
        for root in base.parts:
            open_cells, around = self.sensitive_cells(game, root)
            hot |= open_cells
            for cell in around:
                near.setdefault(cell, []).append(root)
        if actions is None:
            assert rng is not None
            actions = self.sample(game, hot, rng)
        out: list[tuple[Game, list[Judged]]] = []
        for action in actions:
            after = game.copy()
            after.apply_legal(action)
            feats = after.features
            value, weight = list(base.value), list(base.weight)
            parts: dict[int, Parts] = {}
            if isinstance(action, Place):
                for root in near.get(action.cell, ()):
                    _add(value, weight, base.parts[root], -1.0)
                    now = feats.find(root)
                    if now not in parts and not feats.done[now]:
                        parts[now] = ev.parts(after, now, feats.figures[now], after_turns)
                        _add(value, weight, parts[now], 1.0)
            supply = [sum(s.values()) for s in after.supply]
            score = ev.objective(ev.totals(after, value, weight, supply, after_turns), me)
            if after.phase is Phase.FIGURE and after.current == me:
                options = self._follow_ups(after, me, score, value, weight, supply, parts,
                                           after_turns)
            else:
                options = [(score, None)]
            out.append((after, options))
        return out

    def sample(self, game: Game, hot: set[Cell], rng: random.Random) -> list[Action]:
        """The placements looked at: those on ``hot`` cells first, a few others at random."""
        actions = turn_candidates(game)
        if len(actions) <= AT_LEAST:
            return actions
        first = [a for a in actions if isinstance(a, Place) and a.cell in hot]
        others = [a for a in actions if not (isinstance(a, Place) and a.cell in hot)]
        rng.shuffle(others)
        return first[:HOT] + others[:max(OTHERS, AT_LEAST - len(first))]

    def sensitive_cells(self, game: Game, root: int) -> tuple[set[Cell], set[Cell]]:
        """A feature's open cells (empty cells it needs), and every cell where a tile would
        change its value: those and the cells beside them (whose tile changes what the
        open cell demands)."""
        feats = game.features
        completion = game.kinds[feats.kind[root]].completion
        if completion == "closed":
            open_cells = self.ev.open_cells(game, root)
        elif completion == "surrounded":
            x, y = feats.owner[root].cell
            tiles = game.board.tiles
            open_cells = {(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                          if (x + dx, y + dy) not in tiles}
        else:
            return set(), set()
        around = set(open_cells)
        for x, y in open_cells:
            around.update(((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)))
        return open_cells, around

    def _follow_ups(self, after: Game, me: int, skip: float, value: list[float],
                    weight: list[float], supply: list[int], parts: dict[int, Parts],
                    turns: float) -> list[Judged]:
        """The options of the figure step after a placement, passing first: each figure
        imagined on its feature, each other action (a hike) by the points it makes."""
        ev = self.ev
        feats = after.features
        out: list[Judged] = [(skip, SKIP)]
        cell = after.last_cell
        if cell is None:
            return out
        placed = after.board.tiles[cell]
        fewer = list(supply)
        fewer[me] -= 1
        for figure, index in after.figure_options():
            root = feats.find(placed.first + index)
            if feats.done[root]:
                continue
            fig = Figure(-1, me, figure, cell, index)
            v, w = list(value), list(weight)
            old = parts.get(root)
            if old is not None:
                _add(v, w, old, -1.0)
            _add(v, w, ev.parts(after, root, (*feats.figures[root], fig), turns), 1.0)
            out.append((ev.objective(ev.totals(after, v, w, fewer, turns), me),
                        after.deploy_option(figure, index)))
        extras = after.extra_actions()
        if extras:
            passed = after.copy()
            passed.apply_legal(SKIP)
            for extra in extras:
                moved = after.copy()
                moved.apply_legal(extra)
                values = ev.totals(after, value, weight, supply, turns)
                for player, (a, b) in enumerate(zip(moved.scores, passed.scores, strict=True)):
                    values[player] += a - b  # what the action scored (a hike's points)
                out.append((ev.objective(values, me), extra))
        return out

    # ------------------------------------------------------------------ other steps
    def figure_step(self, game: Game, me: int) -> Action:
        """A figure step reached after a question: figures imagined, judged whole."""
        ev = self.ev
        best: tuple[float, Action] = (ev.objective(ev.values(game), me), SKIP)
        cell = game.last_cell
        for option in game.legal_actions():
            if isinstance(option, Deploy) and cell is not None:
                index = game.target_feature(option.target)
                if index is None:
                    continue
                value = ev.objective(ev.values(game, extra=Figure(-1, me, option.figure, cell,
                                                                  index)), me)
                if value > best[0]:
                    best = (value, option)
        return best[1]

    def answer(self, game: Game, me: int) -> Game:
        """A question or move a module asks for: every answer played once on a copy."""
        ev = self.ev
        best: tuple[float, Game] | None = None
        for action in game.legal_actions():
            after = game.copy()
            after.apply_legal(action)
            value = ev.objective(ev.values(after), me)
            if best is None or value > best[0]:
                best = (value, after)
        assert best is not None
        return best[1]


def _add(value: list[float], weight: list[float], parts: Parts, sign: float) -> None:
    v, w = parts
    for player in range(len(value)):
        value[player] += sign * v[player]
        weight[player] += sign * w[player]
