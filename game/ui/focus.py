"""The keyboard's focus on a screen: Tab and Shift+Tab go from one button (text field, row
of a list) to the next, a ring shows which, Enter or Space acts on it.

No screen lists its buttons for this: every widget that can be chosen offers itself while
it is drawn (``offer``), so the ring goes through what the screen on top shows, in the
order it draws it (a screen draws its rows top to bottom, a row left to right).  The app
collects the offers while it draws the top screen (``collecting``), and hands Tab, Shift+Tab
and Enter to the ring (``handle``) before the screen sees them, unless the screen keeps
those keys for itself (``Scene.focus_keys``: the board, where Tab goes through the lit
cells).

The ring shows once Tab is pressed on a screen; until then Enter does what it always did on
that screen (its main button), and a key that changed the screen never acts on the ring of
the next.  A click hides it.  A screen that scrolls a list (``Scene.focus_scroll``) is asked
to scroll when Tab goes past the last row shown: the ring then goes to the row that took
its place; and when the ring goes round (Tab past the screen's last widget, Shift+Tab before
its first), to bring the list's first (last) rows back into sight (``Scene.focus_wrap``), so
that every row comes in turn on each round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from . import palette as pal
from .intents import Command, Intent, PointerDown

RING_GAP = 4  # px at 100 %: between a widget's edge and its ring
RING_WIDTH = 3


@dataclass
class Spot:
    """Something the ring can stand on: where it is, what Enter does there (None: a text
    field, which then takes the typing), and what it is (to find it again once the screen
    has made its widgets anew)."""

    rect: pygame.Rect
    activate: Callable[[], object] | None
    owner: object
    label: str = ""
    edit: Callable[[bool], None] | None = None  # a text field: give it the typing, or not
    # A row of a list whose rows are its pages (the rules pages): the ring on it shows it.
    follows: bool = False
    chosen: bool = False  # that row, the page shown: where Tab starts from


Scroll = Callable[[int, object], bool]  # the screen's list scrolled (step, from whose row)
Wrap = Callable[[int], bool]  # the ring goes round (step): the screen's list back at its end


def _no_wrap(step: int) -> bool:
    return False


class FocusRing:
    def __init__(self, typing: Callable[[bool], None] = lambda on: None) -> None:
        self.typing = typing  # a text field has the ring: the keys type in it, or no more
        self.spots: list[Spot] = []  # what the top screen showed last
        self.current: Spot | None = None
        self.visible = False
        self._collected: list[Spot] | None = None
        self._near: pygame.Rect | None = None  # after a scroll: the row at that place

    # ------------------------------------------------------------------ collecting
    @contextmanager
    def collecting(self) -> Iterator[None]:
        """While the top screen draws: the widgets it draws are the ring's spots."""
        global _target
        self._collected = []
        before, _target = _target, self
        try:
            yield
        finally:
            _target = before
            self._found(self._collected)
            self._collected = None

    def offer(self, spot: Spot) -> None:
        if self._collected is not None:
            self._collected.append(spot)

    def _found(self, spots: list[Spot]) -> None:
        """The spots of this frame; the ring stays on its widget, or on the one made anew
        for it (the only one of its label), else on the one that took its place (a screen
        that lays out its buttons again makes new ones)."""
        self.spots = spots = _reading_order(spots)
        old, near = self.current, self._near
        self._near = None
        if old is None:
            return
        if near is not None:  # scrolled: the row now where the ring's row was
            self.current = _nearest(spots, near)
            return
        same = next((s for s in spots if s.owner is old.owner), None)
        if same is None:
            same = next((s for s in spots if s.label and s.label == old.label
                         and s.rect == old.rect), None)
        if same is None:  # made anew elsewhere (Add player, below the row it added)
            named = [s for s in spots if s.label and s.label == old.label]
            same = named[0] if len(named) == 1 else None
        self.current = same or _nearest(spots, old.rect)

    # ------------------------------------------------------------------ the keys
    def reset(self) -> None:
        """Another screen: no ring until Tab is pressed there.  A text field the ring left
        on the screen below keeps the typing, as one clicked does: it has it again when
        that screen is back."""
        self.current, self.visible, self.spots, self._near = None, False, [], None

    def handle(self, intent: Intent, scroll: Scroll, wrap: Wrap = _no_wrap) -> bool:
        """True when the ring took ``intent``: Tab and Shift+Tab move it (``scroll``: the
        screen's list scrolls a row, asked before the ring leaves one of its rows; ``wrap``:
        its first or last rows come back into sight, asked as the ring goes round), Enter
        or Space act on its button; a click hides it."""
        if isinstance(intent, PointerDown):
            self._leave()
            self.visible = False
            self.current = None
            return False
        if intent in (Command.NEXT, Command.PREV):
            return self._move(1 if intent is Command.NEXT else -1, scroll, wrap)
        if intent is Command.CONFIRM and self.visible and self.current is not None \
                and self.current.activate is not None:
            self.current.activate()
            return True
        return False

    def _move(self, step: int, scroll: Scroll, wrap: Wrap) -> bool:
        spots = self.spots
        if not spots:
            return False
        if self.current is None or self.current not in spots:
            # From the field that has the typing, or the page shown: the ring goes on from
            # there, as if it stood on it (the field stops typing once the ring leaves).
            start = next((s for s in spots if (s.edit is not None and _editing(s))
                          or (s.follows and s.chosen)), None)
            if start is None:
                self._go(spots[0] if step > 0 else spots[-1])
                return True
            self.current = start
        return self._put(self.current, step, spots, scroll, wrap)

    def _put(self, at: Spot, step: int, spots: list[Spot], scroll: Scroll, wrap: Wrap
             ) -> bool:
        i = spots.index(at) + step
        if scroll(step, at.owner):
            self._near = at.rect.copy()  # the row that scrolls into its place takes the ring
            self.visible = True
            return True
        target = spots[i % len(spots)]
        if not 0 <= i < len(spots) and wrap(step):
            # Round again, the list back at its start (end): the ring goes to what now stands
            # where the first (last) widget stood, the list's first (last) row.
            self._leave()
            self._near = target.rect.copy()
            self.visible = True
            return True
        self._go(target)
        return True

    def _go(self, spot: Spot) -> None:
        self._leave()
        self.current = spot
        self.visible = True
        if spot.edit is not None:
            spot.edit(True)
            self.typing(True)
        if spot.follows and spot.activate is not None:
            spot.activate()

    def _leave(self) -> None:
        if self.current is not None and self.current.edit is not None:
            self.current.edit(False)
            self.typing(False)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, scale: float) -> None:
        if self.visible and self.current is not None:
            draw_ring(surface, self.current.rect, scale)


def draw_ring(surface: pygame.Surface, around: pygame.Rect, scale: float) -> None:
    """The keyboard's ring around ``around``: a golden line on a dark one, seen on any
    background."""
    px = max(1, round(scale))
    rect = around.inflate(2 * RING_GAP * px, 2 * RING_GAP * px)
    radius = 10 * px
    pygame.draw.rect(surface, pal.SHADOW, rect.inflate(2 * px, 2 * px),
                     width=(RING_WIDTH + 2) * px, border_radius=radius + px)
    pygame.draw.rect(surface, pal.HIGHLIGHT, rect, width=RING_WIDTH * px, border_radius=radius)


def _reading_order(spots: list[Spot]) -> list[Spot]:
    """The spots in the order they were drawn, but a text field drawn after its row's
    buttons (a player's name between their colour and their kind) comes right after the
    one to its left on its row."""
    ordered = [s for s in spots if s.edit is None]
    for field in (s for s in spots if s.edit is not None):
        row = [s for s in ordered if abs(s.rect.centery - field.rect.centery) * 2 < field.rect.h
               and s.rect.right <= field.rect.x]
        if row:
            left = max(row, key=lambda s: s.rect.right)
            ordered.insert(ordered.index(left) + 1, field)
        else:
            ordered.insert(_drawn_before(spots, ordered, field), field)
    return ordered


def _drawn_before(spots: list[Spot], ordered: list[Spot], field: Spot) -> int:
    """Where a field with nothing to its left goes: after what was drawn before it."""
    earlier = spots[:spots.index(field)]
    return max((ordered.index(s) + 1 for s in earlier if s in ordered), default=0)


def _editing(spot: Spot) -> bool:
    """A text field that has the typing already (clicked, or focused by its screen)."""
    return bool(getattr(spot.owner, "focused", False))


def _nearest(spots: list[Spot], rect: pygame.Rect) -> Spot | None:
    if not spots:
        return None
    cx, cy = rect.center
    return min(spots, key=lambda s: (s.rect.centerx - cx) ** 2 + (s.rect.centery - cy) ** 2)


_target: FocusRing | None = None  # the ring collecting, while the top screen draws


def offer(spot: Spot) -> None:
    """A widget drawn: the ring may stand on it (when the top screen is being drawn)."""
    if _target is not None:
        _target.offer(spot)

