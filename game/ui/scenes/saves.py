"""Saved games you can tell apart: the load list shows each save's name, game, players with
their scores and the turn; a save can be renamed and deleted (after a confirmation); saving
asks for a name.  Unreadable saves are listed with their error and never changed, except
when the player deletes one.  The unfinished network tables this computer sits at come
first: opened, they are served again or their seat is taken back; they can be removed."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.rules import RulesError
from game.store.savefile import summary_of
from game.store.storage import (
    AUTOSAVE,
    FINISHED,
    UNFINISHED,
    UNVERIFIED,
    ReservedName,
    SavedGame,
    SaveEntry,
    SaveError,
    save_file_name,
)
from game.system.filenames import readable
from game.words.i18n import _, ngettext
from game.words.vocabulary import set_name, set_names

from .. import palette as pal
from ..app import App, Scene
from ..focus import Spot, offer
from ..intents import Command, Intent, Pan, PointerDown, PointerMove, Wheel
from ..kept_tables import KeptTable
from ..seat_marks import resigned_words
from ..session import Session
from ..widgets import Button, TextField, blit_centred, first_blink, fit_line, fit_text, panel
from .kept import confirm_remove, open_kept, table_details, table_title, unfinished_tables
from .menus import ConfirmScene, MessageScene, dim

ROW = 62
LIST_WIDTH = 1100  # the list's widest, so that a save's line of details fits in big windows
DETAIL_SIZES = (17, 16, 15)  # a save's line of details, smaller before it is cut short
TOAST_SECONDS = 2.5  # "Game saved" shows this long, then fades
# Summaries of saves written before saves carried one, made by replaying them once a run.
_replayed: dict[tuple[Path, int, int], dict[str, Any] | None] = {}


def summary(app: App, entry: SaveEntry) -> dict[str, Any] | None:
    """A save's turn and scores: written in it, or found by replaying it (once)."""
    saved = entry.saved
    if saved is None:
        return None
    if isinstance(saved.summary, dict):
        return saved.summary
    try:
        st = entry.path.stat()
    except OSError:
        return None
    key = (entry.path, st.st_mtime_ns, st.st_size)
    if key not in _replayed:
        try:
            _replayed[key] = summary_of(saved.restore(app.registry, entry.path))
        except (SaveError, RulesError):
            _replayed[key] = None
    return _replayed[key]


def display_name(path: Path) -> str:
    """A save's name in the list: its file name, or what the game named it (the autosave, a
    game the autosave held before another took its place, a network game kept as this
    window saw it; the line under it tells the date)."""
    if path.name == AUTOSAVE:
        return _("Last game (autosave)")
    stem = readable(path.stem)
    kind, _dash, stamp = stem.partition("-")
    if stamp[:8].isdigit():
        if kind == FINISHED:
            return _("Finished game")
        if kind == UNFINISHED:
            return _("Unfinished game")
        if kind == UNVERIFIED:
            return _("Unverified game")
    return stem


def describe(app: App, entry: SaveEntry) -> str:
    """The line under a save's name: game, players and scores, turn, date."""
    saved = entry.saved
    if saved is None:
        return _("cannot be read: {problem}").format(problem=entry.error or "")
    sets = [app.registry.sets.get(sid) for sid in [saved.game, *saved.expansions]]
    parts = [" + ".join(set_name(ts) if ts is not None else sid
                        for ts, sid in zip(sets, [saved.game, *saved.expansions], strict=True))]
    info = summary(app, entry)
    scores = info.get("scores") if info else None
    if isinstance(scores, list) and len(scores) == len(saved.players):
        parts.append(", ".join(f"{name} {score}" for name, score in zip(saved.players, scores,
                                                                          strict=True)))
    else:
        parts.append(", ".join(saved.players))
    if saved.resigned_out:  # ended early: say by whom
        parts.append(_("finished: {resigned}").format(resigned=resigned_words(
            [saved.players[i] for i in sorted(set(saved.resigned))
             if 0 <= i < len(saved.players)])))
    elif saved.over or (info and info.get("over")):
        parts.append(_("finished"))
    elif info and isinstance(info.get("turn"), int):
        parts.append(_("turn {turn}").format(turn=info["turn"]))
    parts.append(time.strftime("%Y-%m-%d %H:%M", time.localtime(saved.saved_at or 0)))
    return "  ·  ".join(parts)


class LoadScene(Scene):
    """The unfinished network tables, then the list of saved games, each newest first."""

    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.tables: list[KeptTable] = []  # listed first
        self.entries: list[SaveEntry] = []
        self.rect = pygame.Rect(0, 0, 760, 520)
        self.scroll = 0
        self.hover = -1
        self.close = Button(pygame.Rect(0, 0, 160, 44), _("Back"), self.app.pop)
        self.row_buttons: list[Button] = []
        self.row_groups: list[list[Button]] = []

    def enter(self) -> None:
        self.tables = unfinished_tables(self.app)
        self.entries = self.app.storage.list_saves()
        self.layout(self.app.screen.get_size())

    def resume(self) -> None:
        self.enter()  # a save may have been renamed or deleted

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        self.rect = pygame.Rect(0, 0, min(px(LIST_WIDTH), size[0] - px(40)),
                                min(px(640), size[1] - px(40)))
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.close.rect.size = (px(160), px(44))
        self.close.rect.midbottom = (self.rect.centerx, self.rect.bottom - px(16))
        self.scroll = max(0, min(self.scroll, max(0, len(self.listed) - self._rows())))
        self.row_groups = []  # each visible row's buttons, drawn after the row (Tab's order)
        for i in self._visible():
            r = self._row_rect(i)
            entry = self.listed[i]
            if isinstance(entry, KeptTable):
                self.row_groups.append([Button(
                    pygame.Rect(r.right - px(114), r.y + px(12), px(104), px(34)),
                    _("Remove"), self._remover(entry))])
                continue
            delete = Button(pygame.Rect(r.right - px(114), r.y + px(12), px(104), px(34)),
                            _("Delete"), self._deleter(entry))
            rename = Button(pygame.Rect(delete.rect.x - px(120), r.y + px(12), px(114), px(34)),
                            _("Rename"), self._renamer(entry))
            self.row_groups.append([rename, delete])
        self.row_buttons = [b for group in self.row_groups for b in group]

    @property
    def listed(self) -> list[SaveEntry | KeptTable]:
        """The rows, in order: the unfinished tables, then the saves."""
        return [*self.tables, *self.entries]

    def _rows(self) -> int:
        px = self.app.res.px
        return max(1, (self.rect.h - px(140)) // px(ROW))

    def _row_rect(self, i: int) -> pygame.Rect:
        px = self.app.res.px
        return pygame.Rect(self.rect.x + px(20), self.rect.y + px(70) + (i - self.scroll)
                           * px(ROW), self.rect.w - px(40), px(ROW - 6))

    def _visible(self) -> range:
        return range(self.scroll, min(len(self.listed), self.scroll + self._rows()))

    def _remover(self, table: KeptTable) -> Callable[[], None]:
        return lambda: confirm_remove(self.app, table)

    def _renamer(self, entry: SaveEntry) -> Callable[[], None]:
        def rename() -> None:
            def done(name: str) -> None:
                try:
                    self.app.storage.rename(entry.path, name)
                except FileExistsError:
                    self.app.push(MessageScene(self.app, _("That name is taken"),
                                               _("Another save is called {name}.").format(
                                                   name=name)))
                    return
                except (OSError, ValueError) as exc:
                    self.app.push(MessageScene(self.app, _("Could not rename"), str(exc)))
                    return
                self.app.pop()
            self.app.push(NameScene(self.app, _("Rename the save"), entry.name, done))
        return rename

    def _deleter(self, entry: SaveEntry) -> Callable[[], None]:
        def delete() -> None:
            def confirmed() -> None:
                try:
                    self.app.storage.delete(entry.path)
                except OSError as exc:
                    self.app.pop()
                    self.app.push(MessageScene(self.app, _("Could not delete"), str(exc)))
                    return
                self.app.pop()
            self.app.push(ConfirmScene(
                self.app, _("Delete this save?"),
                _("{name} will be gone for good.").format(name=display_name(entry.path)),
                _("Delete"), confirmed))
        return delete

    def _scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(max(0, len(self.listed) - self._rows()), self.scroll + rows))
        self.layout(self.app.screen.get_size())

    def handle(self, intent: Intent) -> None:
        if self.close.handle(intent):
            return
        for b in self.row_buttons:
            if b.handle(intent):
                return
        if intent is Command.BACK:
            self.app.pop()
        elif isinstance(intent, Wheel):
            self._scroll_by(-intent.steps)
        elif isinstance(intent, Pan) and intent.dy:  # the arrow keys, a row at a time
            self._scroll_by(-1 if intent.dy > 0 else 1)
        elif isinstance(intent, PointerMove):
            self.hover = next((i for i in self._visible()
                               if self._row_rect(i).collidepoint(intent.pos)), -1)
        elif isinstance(intent, PointerDown) and intent.button == 1:
            for i in self._visible():
                if self._row_rect(i).collidepoint(intent.pos):
                    self.load(self.listed[i])
                    return

    def _loader(self, entry: SaveEntry | KeptTable) -> Callable[[], None]:
        return lambda: self.load(entry)

    def focus_scroll(self, step: int, at: object) -> bool:
        """Tab past the last row shown (Shift+Tab before the first): the list scrolls."""
        edge = self.row_buttons[-1:] if step > 0 else [*self.listed[self.scroll:][:1]]
        if not edge or at is not edge[0]:
            return False
        before = self.scroll
        self._scroll_by(step)
        return self.scroll != before

    def focus_wrap(self, step: int) -> bool:
        """The ring goes round: the first rows (the last) come back into sight."""
        before = self.scroll
        self._scroll_by(-len(self.listed) if step > 0 else len(self.listed))
        return self.scroll != before

    @staticmethod
    def _row_name(entry: SaveEntry | KeptTable) -> str:
        return table_title(entry) if isinstance(entry, KeptTable) else display_name(entry.path)

    def load(self, entry: SaveEntry | KeptTable) -> None:
        if isinstance(entry, KeptTable):
            open_kept(self.app, entry)
            return
        if entry.saved is None:
            self.app.push(MessageScene(self.app, _("This save cannot be read"),
                                       _("{name}: {problem}\nIt is left as it is.").format(
                                           name=readable(entry.path.name),
                                           problem=entry.error)))
            return
        try:
            open_saved(self.app, entry.saved, entry.path)
        except SaveError as exc:
            self.app.push(MessageScene(self.app, _("This save cannot be read"),
                                       _("{problem}\nIt is left as it is.").format(
                                           problem=exc)))

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        res = self.app.res
        px = res.px
        panel(surface, self.rect, radius=px(16), alpha=255)
        blit_centred(surface, res.heading(_("Saved games"), 34, pal.TEXT),
                     (self.rect.centerx, self.rect.y + px(34)))
        listed = self.listed
        if not listed:
            blit_centred(surface, res.text(_("No saved games yet."), 24, pal.TEXT_DIM),
                         self.rect.center)
        for shown, i in enumerate(self._visible()):
            entry = listed[i]
            r = self._row_rect(i)
            # Tab goes to the row (Enter loads it), then to its Rename and Delete
            offer(Spot(r, self._loader(entry), entry, self._row_name(entry)))
            pygame.draw.rect(surface, pal.CURRENT_ROW if i == self.hover else pal.BUTTON, r,
                             border_radius=px(8))
            room = r.w - px(24 + 250)
            if isinstance(entry, KeptTable):
                title, colour = table_title(entry), pal.TEXT
                details = table_details(self.app, entry)
            else:
                colour = pal.TEXT if entry.saved is not None else pal.ILLEGAL
                title, details = display_name(entry.path), describe(self.app, entry)
            name = fit_text(res, title, 22, room, True)
            surface.blit(res.text(name, 22, colour, bold=True), (r.x + px(12), r.y + px(7)))
            line, size = fit_line(res, details, DETAIL_SIZES, room)
            surface.blit(res.text(line, size, pal.TEXT_DIM), (r.x + px(12), r.y + px(33)))
            for b in self.row_groups[shown] if shown < len(self.row_groups) else ():
                b.draw(surface, res)
        if len(listed) > self._rows():
            more = _("Wheel or arrows: more saves ({shown} of {total} shown)").format(
                shown=len(self._visible()), total=len(listed))
            surface.blit(res.text(more, 16, pal.TEXT_DIM),
                         (self.rect.x + px(24), self.close.rect.centery - px(8)))
        self.close.draw(surface, res)


class NameScene(Scene):
    """Asks for a save's name; ``on_done(name)`` closes this scene once it used the name.
    The name offered is selected: typing replaces it, Enter keeps it."""

    overlay = True

    def __init__(self, app: App, title: str, name: str,
                 on_done: Callable[[str], None]) -> None:
        super().__init__(app)
        self.title = title
        self.on_done = on_done
        self.rect = pygame.Rect(0, 0, 560, 230)
        self.field = TextField(pygame.Rect(0, 0, 480, 46), name, max_len=48, focused=True,
                               selected=True)
        self.ok = Button(pygame.Rect(0, 0, 200, 46), _("OK"), self.done, primary=True)
        self.cancel = Button(pygame.Rect(0, 0, 200, 46), _("Cancel"), self.app.pop)
        self.problem = ""  # why the name typed cannot be used, under the field

    def enter(self) -> None:
        self.app.input.text_focus = True

    def exit(self) -> None:
        self.app.input.text_focus = False

    def resume(self) -> None:
        self.app.input.text_focus = True
        self.field.focused = True

    def pause(self) -> None:
        self.app.input.text_focus = False

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        self.rect.size = (px(560), px(230))
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.field.rect.size = (px(480), px(46))
        self.field.rect.midtop = (self.rect.centerx, self.rect.y + px(76))
        for b in (self.ok, self.cancel):
            b.rect.size = (px(200), px(46))
        self.ok.rect.bottomright = (self.rect.centerx - px(8), self.rect.bottom - px(20))
        self.cancel.rect.bottomleft = (self.rect.centerx + px(8), self.rect.bottom - px(20))

    def done(self) -> None:
        try:
            save_file_name(self.field.text)
        except ReservedName:
            self.problem = _("That name is the autosave's: choose another.")
            return
        except ValueError:
            self.problem = _("A save needs a name.")
            return
        self.on_done(self.field.text.strip())

    def handle(self, intent: Intent) -> None:
        if intent is Command.CONFIRM:
            self.done()
            return
        if intent is Command.BACK:
            self.app.pop()
            return
        for b in (self.ok, self.cancel):
            if b.handle(intent):
                return
        if isinstance(intent, PointerDown) and not self.field.rect.collidepoint(intent.pos):
            return  # a click beside the field keeps it as it is
        self.field.focused = True
        typed = self.field.text
        self.field.handle(intent)
        if self.field.text != typed:  # the problem told may be gone with the name
            self.problem = ""

    def update(self, dt: float) -> None:
        self.field.update(dt)

    def wake_in(self) -> float | None:
        # The name's cursor blinks once typed (the window would rest with it stuck).
        return first_blink([self.field])

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        res = self.app.res
        panel(surface, self.rect, radius=res.px(16), alpha=255)
        blit_centred(surface, res.text(self.title, 30, pal.TEXT, bold=True),
                     (self.rect.centerx, self.rect.y + res.px(38)))
        self.field.draw(surface, res)
        if self.problem:
            blit_centred(surface, res.text(self.problem, 17, pal.ILLEGAL),
                         (self.rect.centerx, self.field.rect.bottom + res.px(14)))
        self.ok.draw(surface, res)
        self.cancel.draw(surface, res)


def default_name(app: App, session: Session) -> str:
    game = app.registry.sets.get(session.game_id)
    title = set_name(game) if game is not None else session.game_id
    return f"{title} {time.strftime('%Y-%m-%d %H.%M')}"


def save_scene(app: App, session: Session) -> NameScene:
    """Ctrl+S and the menu's Save game: ask for a name, then save (asking before a save of
    that name is replaced)."""

    def write(name: str) -> None:
        try:
            app.storage.save(session.saved(), save_file_name(name))
        except OSError as exc:
            app.push(MessageScene(app, _("Could not save"), str(exc)))
            return
        app.show_toast(_("Game saved: {name}").format(name=name), TOAST_SECONDS)

    def done(name: str) -> None:
        if (app.storage.saves_dir / save_file_name(name)).exists():
            def replace() -> None:
                app.pop()  # the confirmation
                app.pop()  # the name
                write(name)
            app.push(ConfirmScene(app, _("Replace the save?"),
                                  _("A save is already called {name}.").format(name=name),
                                  _("Replace"), replace))
            return
        app.pop()
        write(name)

    return NameScene(app, _("Save the game"), default_name(app, session), done)


def open_saved(app: App, saved: SavedGame, path: Path, final_when_over: bool = False) -> None:
    """Restore a save and show it (its final scores, with ``final_when_over``, when the game
    had ended).  A save whose tile sets changed since, or with a seat of a computer level
    this version does not have, asks first.  A save that cannot be restored raises its
    SaveError.  A save opened from the list becomes the game Continue resumes: it is
    autosaved as it opens (the game the autosave held is kept, see ``Storage.autosave``)."""
    session = Session.restore(app.registry, saved, path)

    def show() -> None:
        if final_when_over and session.ended():  # played to its end, or resigned
            app.push(app.routes.final(session))
        else:
            app.replace(app.routes.play(session))
        if path != app.storage.autosave_path():
            problem = session.autosave(app.storage, app.registry)
            if problem is not None:  # told over the game
                app.push(MessageScene(app, _("Autosave failed"), problem))

    questions: list[tuple[str, str]] = []
    changed = saved.changed_tilesets(session.tileset)
    if changed:
        questions.append((_("A tile set has changed"), ngettext(
            "The tile set {names} changed since this game was saved. The game is replayed "
            "with it as it is now: its tiles and scores may differ from those played.",
            "The tile sets {names} changed since this game was saved. The game is replayed "
            "with them as they are now: its tiles and scores may differ from those played.",
            len(changed)).format(names=set_names(app.registry.sets, changed))))
    unknown = saved.unknown_seats()
    if unknown:
        questions.append((_("An unknown computer level"), ngettext(
            "{players} was played by a computer level this version does not have ({levels}). "
            "If you open the game, a person plays that seat.",
            "{players} were played by computer levels this version does not have ({levels}). "
            "If you open the game, people play those seats.", len(unknown)).format(
            players=", ".join(session.seats[i].name for i in unknown),
            levels=", ".join(dict.fromkeys(saved.seats[i][:40] for i in unknown)))))
    _ask_then(app, questions, show)


def _ask_then(app: App, questions: list[tuple[str, str]], then: Callable[[], object]) -> None:
    """Ask each question in turn (Open anyway or Back), then do ``then``."""
    if not questions:
        then()
        return
    title, text = questions[0]

    def confirmed() -> None:
        app.pop()
        _ask_then(app, questions[1:], then)

    app.push(ConfirmScene(app, title, text, _("Open anyway"), confirmed))
