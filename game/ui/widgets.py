"""Small widgets drawn by the game itself: buttons, text fields, panels."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.system.filenames import readable
from game.words.i18n import _

from . import palette as pal
from .focus import Spot, offer
from .intents import Command, Intent, PointerDown, PointerMove, PointerUp, TextInput
from .resources import Resources

Colour = tuple[int, int, int]


@dataclass
class Motion:
    """Whether the player reduced motion (the setting; the app keeps it): widgets then do
    not blink."""

    reduced: bool = False


motion = Motion()


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: Colour = pal.PANEL,
          radius: int = 10, alpha: int = 235, border: Colour | None = pal.PANEL_EDGE) -> None:
    """A rounded panel with a soft shadow."""
    shadow = pygame.Surface((rect.w + 12, rect.h + 12), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 60), shadow.get_rect().inflate(-6, -6).move(3, 5),
                     border_radius=radius + 2)
    surface.blit(shadow, (rect.x - 6, rect.y - 6))
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, (*colour, alpha), body.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(body, (*border, 255), body.get_rect(), width=2, border_radius=radius)
    surface.blit(body, rect.topleft)


def blit_centred(surface: pygame.Surface, image: pygame.Surface,
                 centre: tuple[float, float]) -> None:
    surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def _arrow(up: bool) -> Callable[[pygame.Surface, pygame.Rect, Colour], None]:
    def draw(surface: pygame.Surface, r: pygame.Rect, colour: Colour) -> None:
        cx, cy = r.center
        d = min(r.w, r.h) // 5
        pts = ([(cx - d, cy + d // 2), (cx + d, cy + d // 2), (cx, cy - d)] if up
               else [(cx - d, cy - d // 2), (cx + d, cy - d // 2), (cx, cy + d)])
        pygame.draw.polygon(surface, colour, pts)
    return draw


# Labels drawn as shapes: an arrow as wide as the button wants, whatever the text size.
GLYPHS: dict[str, Callable[[pygame.Surface, pygame.Rect, Colour], None]] = {
    "up": _arrow(True), "down": _arrow(False)}


def wrap_text(res: Resources, text: str, size: int, width: int,
              bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width`` px, broken at plain spaces (a no-break
    space, "12\u00a0%", holds, and so does the space French sets before ":" ";" "!" "?"
    and "»"); a word wider than a line (a long file path) is broken where the line ends."""
    font = res.font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in _unbroken(paragraph.split(" ")):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = word
            while font.size(line)[0] > width and len(line) > 1:
                cut = len(line) - 1
                while cut > 1 and font.size(line[:cut])[0] > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def _unbroken(words: list[str]) -> list[str]:
    """The words of a line, a high punctuation mark kept with the word before it."""
    out: list[str] = []
    for word in words:
        if not word:
            continue
        if out and word[0] in HELD_PUNCTUATION:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


HELD_PUNCTUATION = ":;!?»"  # never starts a line


def fit_text(res: Resources, text: str, size: int, width: int, bold: bool = False) -> str:
    """``text``, cut short with an ellipsis if it is wider than ``width`` px."""
    text = readable(text)  # a file name that is not UTF-8 is measured as it is drawn
    font = res.font(size, bold)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_line(res: Resources, text: str, sizes: Sequence[int], width: int,
             bold: bool = False) -> tuple[str, int]:
    """``text`` on one line of ``width`` px: at the first of ``sizes`` (largest first) it
    fits at, else at the last, cut short.  Returns the text and its size."""
    for size in sizes:
        if res.font(size, bold).size(readable(text))[0] <= width:
            return text, size
    return fit_text(res, text, sizes[-1], width, bold), sizes[-1]


def fit_lines(res: Resources, text: str, sizes: Sequence[int], width: int, most: int,
              bold: bool = False) -> tuple[list[str], int]:
    """``text`` wrapped in lines of ``width`` px, at most ``most`` of them: at the first of
    ``sizes`` (largest first) it fits at; else at the last, its last line cut short.
    Returns the lines and their size."""
    for size in sizes:
        lines = wrap_text(res, text, size, width, bold)
        font = res.font(size, bold)
        if len(lines) <= most and all(font.size(line)[0] <= width for line in lines):
            return lines, size
    size = sizes[-1]
    lines = wrap_text(res, text, size, width, bold)
    kept = [fit_text(res, line, size, width, bold) for line in lines[:most]]
    if len(lines) > most:
        kept[-1] = fit_text(res, " ".join(lines[most - 1:]), size, width, bold)
    return kept, size


def draw_tooltip(surface: pygame.Surface, res: Resources, title: str, text: str,
                 beside: pygame.Rect, width: int = 440, source: str = "",
                 within: pygame.Rect | None = None) -> pygame.Rect:
    """A small panel with a bold title and wrapped text beside the ``beside`` rectangle (to
    its left when there is room, else to its right), kept on screen, and inside ``within``
    when it is given (clear of a row of buttons, say); ``width`` at 100 %.  ``source``: the
    text as first written, when ``text`` is a translation of it, told under it in smaller
    type."""
    px = res.px
    width = px(width)
    lines = wrap_text(res, text, 17, width - px(24))
    original = wrap_text(res, _("Original: {text}").format(text=source), 15,
                         width - px(24)) if source else []
    height = px(34 + 20 * len(lines) + 8) + (px(8 + 18 * len(original)) if original else 0)
    gap = px(12)
    x = beside.x - gap - width if beside.x - gap - width >= px(4) else beside.right + gap
    rect = pygame.Rect(x, beside.y, width, height)
    if within is not None:
        rect.clamp_ip(within)
    rect.clamp_ip(surface.get_rect().inflate(-px(8), -px(8)))
    panel(surface, rect, colour=pal.FIELD_BG, radius=px(8), alpha=250)
    surface.blit(res.text(title, 17, pal.TEXT, bold=True), (rect.x + px(12), rect.y + px(9)))
    for i, line in enumerate(lines):
        surface.blit(res.text(line, 17, pal.TEXT_DIM),
                     (rect.x + px(12), rect.y + px(32 + 20 * i)))
    top = rect.y + px(32 + 20 * len(lines) + 8)
    for i, line in enumerate(original):
        surface.blit(res.text(line, 15, pal.TEXT_DIM), (rect.x + px(12), top + px(18 * i)))
    return rect


SMALLEST_LABEL = 14  # a button's label is set down to this size before it is cut short


def label_sizes(size: int) -> range:
    """The sizes a button's label is tried at, from its own down to ``SMALLEST_LABEL``: a
    longer word in another language is set smaller, not spilled over the button's edge."""
    return range(size, SMALLEST_LABEL - 1, -1)


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], object]  # what it returns is not used
    primary: bool = False
    enabled: bool = True
    hotkey: str = ""  # shown small under the label
    detail: str = ""  # a line of smaller text under the label (what a choice means)
    hover: bool = False
    pressed: bool = False
    on: bool = False  # a toggle that is on (the board help, the tiles to come): a golden edge
    # A row of a list of pages: the keyboard's ring on it shows its page (``focus.Spot``).
    follows_focus: bool = False

    def handle(self, intent: Intent) -> bool:
        """True when the intent was the button's (it may have clicked)."""
        if isinstance(intent, PointerMove):
            self.hover = self.rect.collidepoint(intent.pos)
            return False
        if isinstance(intent, PointerDown) and intent.button == 1 \
                and self.rect.collidepoint(intent.pos):
            self.pressed = self.enabled
            return True
        if isinstance(intent, PointerUp) and intent.button == 1 and self.pressed:
            self.pressed = False
            if self.enabled and self.rect.collidepoint(intent.pos):
                self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, res: Resources) -> None:
        if self.enabled:  # Tab may bring the keyboard's ring to it
            offer(Spot(self.rect, self.on_click, self, self.label,
                       follows=self.follows_focus, chosen=self.primary))
        px = res.px
        if not self.enabled:
            fill, text = pal.BUTTON_OFF, pal.TEXT_DIM
        elif self.primary:
            fill, text = (pal.PRIMARY_HOVER if self.hover else pal.PRIMARY), pal.TEXT_ON_PRIMARY
        else:
            fill, text = (pal.BUTTON_HOVER if self.hover else pal.BUTTON), pal.TEXT
        r = self.rect.move(0, px(1) if self.pressed else 0)
        pygame.draw.rect(surface, pal.SHADOW, r.move(0, px(3)), border_radius=px(8))
        pygame.draw.rect(surface, fill, r, border_radius=px(8))
        if self.on:
            pygame.draw.rect(surface, pal.HIGHLIGHT, r, width=px(3), border_radius=px(8))
        else:
            pygame.draw.rect(surface, pal.PANEL_EDGE, r, width=1, border_radius=px(8))
        height = round(r.h / res.scale)  # the button's height at 100 %, for its text size
        if self.label in GLYPHS:
            GLYPHS[self.label](surface, r, text)
            return
        if self.label[:2] in ("[ ", "[x"):  # a check box followed by its label
            box = pygame.Rect(r.x + px(12), r.centery - px(9), px(18), px(18))
            pygame.draw.rect(surface, pal.FIELD_BG, box, border_radius=px(3))
            pygame.draw.rect(surface, text, box, width=px(2), border_radius=px(3))
            if self.label.startswith("[x"):
                pygame.draw.lines(surface, pal.PRIMARY, False, [
                    (box.x + px(3), box.centery), (box.centerx - px(1), box.bottom - px(4)),
                    (box.right - px(3), box.y + px(3))], px(3))
            words, size = fit_line(res, self.label[4:],
                                   label_sizes(max(16, min(24, height // 2 + 2))),
                                   r.right - box.right - px(20), bold=True)
            label = res.text(words, size, text, bold=True)
            surface.blit(label, label.get_rect(midleft=(box.right + px(12), r.centery)))
            return
        if self.detail:
            words, size = fit_line(res, self.label, label_sizes(18), r.w - px(24), bold=True)
            label = res.text(words, size, text, bold=True)
            surface.blit(label, (r.x + px(12), r.y + px(5)))
            detail = fit_text(res, self.detail, 15, r.w - px(24))
            surface.blit(res.text(detail, 15, text if self.primary else pal.TEXT_DIM),
                         (r.x + px(12), r.y + px(8) + label.get_height()))
            return
        words, size = fit_line(res, self.label, label_sizes(max(16, min(26, height // 2 + 4))),
                               r.w - px(16), bold=True)
        label = res.text(words, size, text, bold=True)
        if self.hotkey and height >= 40:
            blit_centred(surface, label, (r.centerx, r.centery - px(6)))
            hint = res.text(self.hotkey, 15, pal.TEXT_DIM if not self.primary else text)
            blit_centred(surface, hint, (r.centerx, r.centery + px(11)))
        else:
            blit_centred(surface, label, r.center)


FIELD_SIZES = (24, 21, 18)  # a text field's type, smaller for a long text


@dataclass
class TextField:
    """A line of text typed at its end.  Its whole text may be selected (a name offered,
    or Ctrl+A): typing then replaces it, Backspace or Delete clears it; a click in the
    field, End or the right arrow drops the selection, the cursor after the text."""

    rect: pygame.Rect
    text: str
    max_len: int = 16
    focused: bool = False
    placeholder: str = ""
    on_change: Callable[[str], None] | None = None
    selected: bool = False  # the whole text selected
    _blink: float = field(default=0.0)

    def insert(self, text: str) -> None:
        """``text`` typed or pasted: in place of the selected text, else at the end."""
        self.text = (("" if self.selected else self.text) + text)[: self.max_len]
        self.selected = False

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, PointerDown) and intent.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(intent.pos)
            self.selected = False
            return self.focused or was
        if not self.focused:
            return False
        if isinstance(intent, TextInput):
            self.insert(intent.text)
        elif intent is Command.ERASE:
            self.text = "" if self.selected else self.text[:-1]
            self.selected = False
        elif intent is Command.SELECT_ALL:
            self.selected = bool(self.text)
        elif intent is Command.TO_END:
            self.selected = False
        elif intent in (Command.CONFIRM, Command.BACK):
            self.focused = False
            self.selected = False
        else:
            return False
        if self.on_change is not None:
            self.on_change(self.text)
        return True

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def next_blink(self) -> float | None:
        """Seconds until the cursor shows or hides; None when the field has no focus, or
        while its whole text is selected (the cursor is not drawn then: nothing blinks), or
        with motion reduced (it does not blink)."""
        if not self.focused or self.selected or motion.reduced:
            return None
        return 0.5 - self._blink % 0.5

    def edit(self, on: bool) -> None:
        """The keyboard's ring came to the field (the keys type in it, its text selected:
        typing replaces it), or left it."""
        self.focused = on
        self.selected = on and bool(self.text)

    def draw(self, surface: pygame.Surface, res: Resources) -> None:
        offer(Spot(self.rect, None, self, self.placeholder, edit=self.edit))
        px = res.px
        pygame.draw.rect(surface, pal.FIELD_BG, self.rect, border_radius=px(6))
        edge = pal.HIGHLIGHT if self.focused else pal.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, width=px(2), border_radius=px(6))
        shown = self.text or self.placeholder
        colour = pal.TEXT if self.text else pal.TEXT_DIM
        room = self.rect.w - px(22)
        size = next((s for s in FIELD_SIZES if res.font(s).size(readable(shown))[0] <= room),
                    FIELD_SIZES[-1])
        label = res.text(shown, size, colour)
        y = self.rect.centery - label.get_height() // 2
        # Too long even in the smallest type: the field scrolls to show its end, where the
        # cursor is, as a text field does.
        hidden = max(0, label.get_width() - room)
        shown_width = label.get_width() - hidden
        if self.selected and self.text:
            pygame.draw.rect(surface, pal.SELECTION,
                             (self.rect.x + px(7), y, shown_width + px(6), label.get_height()),
                             border_radius=px(3))
        surface.blit(label, (self.rect.x + px(10), y),
                     pygame.Rect(hidden, 0, shown_width, label.get_height()))
        if self.focused and not self.selected and (self._blink < 0.5 or motion.reduced):
            x = self.rect.x + px(10) + (shown_width if self.text else 0) + 1
            pygame.draw.line(surface, pal.TEXT, (x, y), (x, y + label.get_height()), px(2))


def fields_take(fields: Sequence[TextField], intent: Intent) -> tuple[bool, bool]:
    """Hands ``intent`` to every one of a screen's text fields first: whether a field took it
    as typing (the screen then does nothing more with it; a click goes on to the buttons),
    and whether a field now has the keyboard (the app's ``input.text_focus``)."""
    took = False
    for f in fields:
        if f.handle(intent):
            took = True
    return took and not isinstance(intent, PointerDown), any(f.focused for f in fields)


def first_blink(fields: Sequence[TextField]) -> float | None:
    """Seconds until the cursor of the focused one of ``fields`` shows or hides (a screen of
    text fields rests until then)."""
    return min((t for f in fields if (t := f.next_blink()) is not None), default=None)


def draw_toast(surface: pygame.Surface, res: Resources, text: str,
               shown: float = 1.0) -> None:
    """A short message at the top of the window, under the banner, on up to two lines;
    ``shown``: how much of it is left as it fades away (1 whole, 0 gone)."""
    px = res.px
    lines, size = fit_lines(res, text, (24, 21), surface.get_width() - px(120), 2, bold=True)
    images = [res.text(line, size, pal.TEXT, bold=True) for line in lines]
    step = res.font(size, bold=True).get_linesize() + px(4)
    width = max(img.get_width() for img in images) + px(40)
    height = step * len(images) - px(4) + px(20)
    toast = pygame.Surface((width + 12, height + 12), pygame.SRCALPHA)
    rect = pygame.Rect(6, 6, width, height)
    panel(toast, rect, radius=px(14), alpha=245)
    for i, img in enumerate(images):
        blit_centred(toast, img, (rect.centerx, rect.y + px(10) + step * i
                                  + img.get_height() // 2))
    toast.set_alpha(round(255 * max(0.0, min(1.0, shown))))
    surface.blit(toast, toast.get_rect(midtop=(surface.get_width() // 2, px(70) - 6)))
