"""How to play: the rules page of every game and expansion, and the controls.

The list on the left names the topics (the controls, then each game with its expansions
under it); the page on the right scrolls with the wheel, the arrow keys or its scroll bar.
Reached from the title, the set-up screen (the chosen game's page), the menu in a game and
F1 or H anywhere (the page of the game in hand)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game import view
from game.rules import RulesError, TileSet
from game.rules.registry import builtin_tileset_dir
from game.system.version import version
from game.words.i18n import N_, _, language
from game.words.rulespages import Heading, Page, PageError, Paragraph, Span, find_page
from game.words.setpage import generated_page
from game.words.vocabulary import set_name

from .. import keymap
from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent, Pan, PointerDown, PointerMove, PointerUp, Wheel
from ..pages import PageRenderer, RenderedPage
from ..widgets import Button, blit_centred, panel
from .menus import dim

CONTROLS = "controls"
LIST_W = 250
ROW = 44
SCROLL_STEP = 60
BAR_W = 10

# What each control does and how; {name}: the player's keys for that action (keymap).
KEYS = [
    (N_("Place the tile"), N_("drag it from the tray onto a lit cell, or click a lit cell")),
    (N_("Place it with the keys"), N_("Tab chooses a lit cell, the nearest the last tile "
                                      "first; Tab and Shift+Tab the next and the previous, "
                                      "{left}, {right}, {up}, {down} the nearest that way; "
                                      "Enter places it")),
    (N_("Pick a tile"), N_("1, 2, 3 or {next_tile}, with several tiles in hand")),
    (N_("Turn the tile"), N_("{rotate}, right-click or the mouse wheel while dragging "
                             "({rotate_back} turns back); on a chosen cell, among the ways "
                             "it fits there")),
    (N_("Place a figure"), N_("drag it onto a lit area of the new tile, or click the area; "
                              "with the keys, Tab and Shift+Tab go through the areas, the "
                              "moves the game offers and no figure")),
    # here: what the rule modules' views add
    (N_("Answer a question"), N_("click an answer, or Tab to it and Enter")),
    (N_("End the turn"), N_("Enter or {confirm} (Confirm), with the figure chosen if any")),
    (N_("Take back"), N_("{undo} or Ctrl+Z, before confirming")),
    (N_("Hint"), N_("{hint} or the Hint button: where the computer would play, and why; "
                    "{take_hint} plays its move")),
    (N_("Move the board"), N_("drag empty board, or {left}, {right}, {up}, {down} while "
                              "no cell is chosen")),
    (N_("Zoom"), N_("mouse wheel (about the cursor), {zoom_in} and {zoom_out}; {fit} fits "
                    "the board and keeps it fitted until you move it")),
    (N_("Board help"), N_("{farms} colours the land between features by what it joins and "
                          "crosses out the cells no tile still to come can fill")),
    (N_("Tiles to come"), N_("{tiles} shows the tiles still in the pile")),
    (N_("Feature card"), N_("rest the pointer on a placed feature, or choose it with the "
                            "keys: who holds it, what it is worth")),
    (N_("Turn log, history"), N_("{log} shows or hides the log; {history} the history "
                                 "(arrow keys step)")),
    (N_("Menu"), N_("Esc (save, load, rules, settings, quit); Esc first drops a cell or "
                    "a figure chosen with the keys")),
    (N_("Save now"), N_("Ctrl+S, then a name")),
    (N_("Full screen, sound"), N_("{fullscreen}; {mute} turns the sound on and off")),
    (N_("This screen"), N_("F1 or {help}, in every screen; Esc closes it")),
    (N_("Every screen"), N_("Tab and Shift+Tab go from button to button, Enter or Space "
                            "presses the one in the ring, Esc goes back")),
    (N_("Your keys"), N_("Settings, Keys: any action on the keys you choose; Settings, "
                         "Reduce motion: no glides, no drift")),
]
MODULE_ROWS_AT = 5  # the rule modules' rows come after placing a figure


@dataclass(frozen=True)
class Topic:
    key: str  # CONTROLS or a tile set id
    game: str  # the game whose tiles draw the pictures ("" for the controls)
    expansion: str | None = None


def controls() -> list[tuple[str, str]]:
    """Each control: what it does, and how, in the window's language (the rule modules'
    views add their own rows)."""
    rows = [*KEYS[:MODULE_ROWS_AT], *view.controls(), *KEYS[MODULE_ROWS_AT:]]
    keys = keymap.labels()
    return [(_(what), _(how).format(**keys)) for what, how in rows]


def controls_page() -> Page:
    """The controls as a page's text (the window draws them as a two-column list)."""
    blocks: list[Heading | Paragraph] = [Heading(1, _("Controls"), 0)]
    blocks += [Paragraph((Span(what, True), Span(" " + how)), 0, "•")
               for what, how in controls()]
    return Page(CONTROLS, language(), "", tuple(blocks))


def help_layout(size: tuple[int, int], px: Callable[[float], int]
                ) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The help screen in a window of ``size``: its card, the list of topics, and the page's
    view (as wide as a page is laid out)."""
    w, h = size
    card = pygame.Rect(0, 0, min(px(1180), w - px(40)), min(px(900), h - px(40)))
    card.center = (w // 2, h // 2)
    top = card.y + px(70)
    bottom = card.bottom - px(76)
    topics = pygame.Rect(card.x + px(20), top, px(LIST_W), bottom - top)
    view = pygame.Rect(topics.right + px(24), top,
                       card.right - px(24 + BAR_W + 8) - topics.right - px(24), bottom - top)
    return card, topics, view


class HelpScene(Scene):
    overlay = True
    help_page = True

    def __init__(self, app: App, topic: str | None = None) -> None:
        super().__init__(app)
        self.topics = self._topics()
        wanted = topic or self._topic_below()
        self.current = next((t for t in self.topics if t.key == wanted),
                            self.topics[1] if len(self.topics) > 1 else self.topics[0])
        self.rect = pygame.Rect(0, 0, 900, 600)
        self.view = pygame.Rect(0, 0, 600, 400)
        self.list_rect = pygame.Rect(0, 0, LIST_W, 400)
        self.rows: list[tuple[Topic, Button]] = []
        self.close = Button(pygame.Rect(0, 0, 160, 46), _("Close"), self.app.pop, primary=True)
        self.scroll = 0
        self.list_scroll = 0
        self.dragging_bar: int | None = None  # pointer y minus the thumb's top while dragged
        self.renderer = PageRenderer(app.res)
        self._pages: dict[tuple[str, int, str], RenderedPage] = {}

    # -- topics and pages
    def _topics(self) -> list[Topic]:
        topics = [Topic(CONTROLS, "")]
        registry = self.app.registry
        for game in registry.games():
            topics.append(Topic(game.id, game.id))
            topics += [Topic(e.id, game.id, e.id) for e in registry.expansions(game.id)]
        return topics

    def _topic_below(self) -> str | None:
        """The page of the game the screen below is about."""
        below = [s for s in self.app.stack if s is not self]
        for scene in reversed(below):
            topic = scene.help_topic()
            if topic is not None:
                return topic
        return None

    def _tileset(self, topic: Topic) -> TileSet | None:
        try:
            return self.app.registry.ruleset(topic.game, [topic.expansion]
                                             if topic.expansion else [])
        except (KeyError, RulesError):
            return None

    def title_of(self, topic: Topic) -> str:
        if topic.key == CONTROLS:
            return _("Controls")
        own = self.app.registry.sets.get(topic.key)
        return set_name(own) if own is not None else topic.key

    def page(self, topic: Topic) -> Page:
        if topic.key == CONTROLS:
            return controls_page()
        folders = [builtin_tileset_dir(), self.app.storage.user_tilesets_dir,
                   *self.app.config.extra_tileset_dirs]
        try:
            found = find_page(folders, topic.key, language())
        except PageError as exc:
            return Page(topic.key, language(), exc.path, (
                Heading(1, self.title_of(topic), 0),
                Paragraph((Span(_("This rules page cannot be read: {problem}").format(
                    problem=f"{exc.path}:{exc.line}: {exc.problem}")),), 0)))
        if found is not None:
            return found
        own = self.app.registry.sets.get(topic.key)
        tileset = self._tileset(topic)
        return generated_page(own or tileset, tileset)

    def rendered(self, topic: Topic) -> RenderedPage:
        key = (topic.key, self.view.w, language())
        page = self._pages.get(key)
        if page is None:
            if topic.key == CONTROLS:
                page = self.renderer.render_columns(_("Controls"), controls(), self.view.w)
            else:
                page = self.renderer.render(self.page(topic), self._tileset(topic), self.view.w)
            self._pages[key] = page
        return page

    # -- layout
    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        self.rect, self.list_rect, self.view = help_layout(size, px)
        self.close.rect.size = (px(160), px(46))
        self.close.rect.bottomright = (self.rect.right - px(24), self.rect.bottom - px(18))
        self._build_rows()
        self._clamp()

    def _build_rows(self) -> None:
        px = self.app.res.px
        self.rows = []
        for i, topic in enumerate(self.topics):
            indent = px(22) if topic.expansion else 0
            r = pygame.Rect(self.list_rect.x + indent, self.list_rect.y + (i - self.list_scroll)
                            * px(ROW), self.list_rect.w - indent, px(ROW - 6))
            if self.list_rect.y <= r.y and r.bottom <= self.list_rect.bottom:
                self.rows.append((topic, Button(r, self.title_of(topic), self._chooser(topic),
                                                primary=topic == self.current,
                                                follows_focus=True)))

    def _chooser(self, topic: Topic) -> Callable[[], None]:
        def choose() -> None:
            self.show(topic)
        return choose

    def show(self, topic: Topic) -> None:
        self.current = topic
        self.scroll = 0
        self._build_rows()

    # -- scrolling
    def _max_scroll(self) -> int:
        return max(0, self.rendered(self.current).surface.get_height() - self.view.h)

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self._max_scroll()))

    def _thumb(self) -> pygame.Rect | None:
        total = self.rendered(self.current).surface.get_height()
        if total <= self.view.h:
            return None
        px = self.app.res.px
        track = pygame.Rect(self.view.right + px(8), self.view.y, px(BAR_W), self.view.h)
        height = max(px(30), track.h * self.view.h // total)
        y = track.y + (track.h - height) * self.scroll // max(1, self._max_scroll())
        return pygame.Rect(track.x, y, px(BAR_W), height)

    def scroll_by(self, pixels: int) -> None:
        self.scroll += pixels
        self._clamp()

    # -- events
    def handle(self, intent: Intent) -> None:
        if self.close.handle(intent):
            return
        for _topic, button in self.rows:
            if button.handle(intent):
                return
        if isinstance(intent, Wheel):
            if self.list_rect.collidepoint(intent.pos):
                most = max(0, len(self.topics) - self.list_rect.h // self.app.res.px(ROW))
                self.list_scroll = max(0, min(most, self.list_scroll - intent.steps))
                self._build_rows()
            else:
                self.scroll_by(-intent.steps * self.app.res.px(SCROLL_STEP))
        elif isinstance(intent, PointerDown) and intent.button == 1:
            thumb = self._thumb()
            if thumb is not None and thumb.collidepoint(intent.pos):
                self.dragging_bar = intent.pos[1] - thumb.y
            elif thumb is not None and thumb.x <= intent.pos[0] <= thumb.right \
                    and self.view.y <= intent.pos[1] <= self.view.bottom:
                self.scroll_by(self.view.h if intent.pos[1] > thumb.y else -self.view.h)
        elif isinstance(intent, PointerMove) and self.dragging_bar is not None:
            thumb = self._thumb()
            if thumb is not None:
                room = max(1, self.view.h - thumb.h)
                self.scroll = (intent.pos[1] - self.dragging_bar - self.view.y) \
                    * self._max_scroll() // room
                self._clamp()
        elif isinstance(intent, PointerUp):
            self.dragging_bar = None
        elif isinstance(intent, Pan):
            self.scroll_by(-intent.dy)
        elif intent in (Command.BACK, Command.HELP):
            self.app.pop()

    def focus_scroll(self, step: int, at: object) -> bool:
        """Tab past the last topic shown (Shift+Tab before the first): the list scrolls a
        row and the topic that comes into sight shows."""
        shown = [(topic, button) for topic, button in self.rows]
        if not shown or at is not shown[-1 if step > 0 else 0][1]:
            return False
        i = self.topics.index(shown[-1 if step > 0 else 0][0]) + step
        if not 0 <= i < len(self.topics):
            return False
        self.list_scroll = max(0, self.list_scroll + step)
        self.show(self.topics[i])
        return True

    # -- drawing
    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        res = self.app.res
        px = res.px
        panel(surface, self.rect, radius=px(16), alpha=255)
        blit_centred(surface, res.heading(_("How to play"), 34, pal.TEXT),
                     (self.rect.centerx, self.rect.y + px(34)))
        for _topic, button in self.rows:
            button.draw(surface, res)
        page = self.rendered(self.current)
        clip = surface.get_clip()
        surface.set_clip(self.view)
        surface.blit(page.surface, self.view.topleft, area=pygame.Rect(0, self.scroll,
                                                                      self.view.w, self.view.h))
        surface.set_clip(clip)
        thumb = self._thumb()
        if thumb is not None:
            track = pygame.Rect(thumb.x, self.view.y, thumb.w, self.view.h)
            pygame.draw.rect(surface, pal.BUTTON_OFF, track, border_radius=thumb.w // 2)
            pygame.draw.rect(surface, pal.PANEL_EDGE, thumb, border_radius=thumb.w // 2)
            more = res.text(_("Wheel, arrows or the bar on the right: more"), 17, pal.TEXT_DIM)
            surface.blit(more, (self.view.x, self.close.rect.centery - px(18)))
        stamp = res.text(_("Carcassonne {version}").format(version=version()), 16, pal.TEXT_DIM)
        surface.blit(stamp, (self.view.x, self.close.rect.centery + px(4)))
        self.close.draw(surface, res)
