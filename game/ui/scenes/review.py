"""Review game in the window: the strong player judges the moves of the human seats (every
seat when none is human), and reads every player's chances after every turn, off the frame
loop (in processes of their own, one per processor: ``game.review.job``), over a progress
bar with Cancel (Esc).  The window rests meanwhile: the review's thread wakes it after each
position, so it draws only when the bar moves.  The review is kept in the session and
written into the autosave and the save the game was opened from (atomically), so a second
review is instant; it is the one ``python -m game.review`` makes of that save."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from game.review import DEFAULT_FUTURES, Review, moves_key
from game.review.job import ReviewJob
from game.store.savefile import SaveError
from game.system.processes import processors
from game.words.i18n import _

from .. import palette as pal
from ..app import App, Scene
from ..intents import Command, Intent
from ..session import Session
from ..widgets import Button, blit_centred, fit_line, panel
from .menus import MessageScene, dim

FUTURES = DEFAULT_FUTURES  # the futures a decision is judged on, as python -m game.review
PROCESSES: int | None = None  # the processes judging at once (None: one per processor)

log = logging.getLogger(__name__)


def review_seats(session: Session) -> list[int]:
    """The seats a review looks at: the human ones, every seat if none is."""
    humans = [i for i, seat in enumerate(session.seats) if seat.is_human]
    return humans or list(range(len(session.seats)))


def reviewed(session: Session) -> Review | None:
    """The session's review when it judged every decision of its seats in the game as it
    stands now (else a review is still to make)."""
    review = session.review
    game = session.game
    if review is None or not review.complete or review.moves != len(game.moves) \
            or review.key != moves_key(game.moves):
        return None
    return review if set(review_seats(session)) <= set(review.seats) else None


def keep_review(app: App, session: Session, review: Review) -> str | None:
    """The review into the session, the autosave and the save the game came from (when it
    still holds these moves); what went wrong, for the player, or None."""
    session.review = review
    saved = session.saved()
    try:
        app.storage.autosave(saved, app.registry)
        path = session.save_path
        if path is not None and path.parent == app.storage.saves_dir \
                and path != app.storage.autosave_path() and path.is_file():
            held = app.storage.load(path)
            if held.continued_by(saved) and saved.continued_by(held):
                app.storage.save(saved, path.name)
    except (OSError, SaveError) as exc:
        log.warning("the review could not be kept: %s", exc)
        return str(exc)
    return None


class ReviewScene(Scene):
    """The review under way: a card with its progress and Cancel, over the screen that
    started it.  ``done`` is called once the review is kept (never after Cancel)."""

    overlay = True

    def __init__(self, app: App, session: Session, done: Callable[[], object]) -> None:
        super().__init__(app)
        self.session = session
        self.done = done
        self.job = ReviewJob(session.game, review_seats(session), FUTURES,
                             previous=session.review, on_progress=app.wake,
                             processes=processors() if PROCESSES is None else PROCESSES)
        self.card = pygame.Rect(0, 0, 560, 220)
        self.bar = pygame.Rect(0, 0, 480, 24)
        self.cancel_button = Button(pygame.Rect(0, 0, 200, 54), _("Cancel"), self.cancel,
                                    hotkey=_("Esc"))

    def enter(self) -> None:
        self.job.start()

    def exit(self) -> None:
        self.job.cancel()  # a window closed or a crash: the thread stops at its decision

    def layout(self, size: tuple[int, int]) -> None:
        px = self.app.res.px
        self.card = pygame.Rect(0, 0, min(px(560), size[0] - px(40)), px(230))
        self.card.center = (size[0] // 2, size[1] // 2)
        self.bar = pygame.Rect(self.card.x + px(40), self.card.y + px(104),
                               self.card.w - px(80), px(24))
        self.cancel_button.rect.size = (px(200), px(54))
        self.cancel_button.rect.midbottom = (self.card.centerx, self.card.bottom - px(18))

    def cancel(self) -> None:
        """Stop the review; nothing is kept (its thread ends at the decision under way)."""
        self.job.cancel()
        self.app.pop()

    def handle(self, intent: Intent) -> None:
        if self.cancel_button.handle(intent):
            return
        if intent is Command.BACK:
            self.cancel()

    def update(self, dt: float) -> None:
        if not self.job.finished:
            return
        self.app.pop()
        try:
            review = self.job.result()
        except Exception as exc:  # the review failed: told, the game untouched
            log.exception("the review failed")
            self.app.push(MessageScene(self.app, _("The review failed"), str(exc)))
            return
        if review is None:
            return
        problem = keep_review(self.app, self.session, review)
        self.done()
        if problem is not None:
            self.app.push(MessageScene(self.app, _("The review could not be saved"), problem))

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 120)
        res = self.app.res
        px = res.px
        card = self.card
        panel(surface, card, radius=px(16), alpha=255)
        title, size = fit_line(res, _("Reviewing the game"), (30, 26, 22), card.w - px(40),
                               True)
        blit_centred(surface, res.text(title, size, pal.TEXT, bold=True),
                     (card.centerx, card.y + px(34)))
        judged, total = self.job.progress
        line = (_("Position {done} of {total} looked at").format(done=judged, total=total)
                if total else _("Rebuilding the game's positions…"))
        shown, size = fit_line(res, line, (20, 18, 16), card.w - px(40))
        blit_centred(surface, res.text(shown, size, pal.TEXT_DIM),
                     (card.centerx, card.y + px(76)))
        pygame.draw.rect(surface, pal.FIELD_BG, self.bar, border_radius=px(6))
        if total:
            filled = self.bar.copy()
            filled.w = round(self.bar.w * judged / total)
            pygame.draw.rect(surface, pal.PRIMARY, filled, border_radius=px(6))
        pygame.draw.rect(surface, pal.PANEL_EDGE, self.bar, width=px(2), border_radius=px(6))
        self.cancel_button.draw(surface, res)
