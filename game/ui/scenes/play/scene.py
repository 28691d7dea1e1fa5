"""The play scene: its lifecycle, the player's actions (pick, place, rotate, confirm, undo)
and the frame's order of work; the pointer, the hand tray, the camera's following, computer
turns, feedback and drawing are its parts."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.rules import Action, Choose, Deploy, Move, Phase, Place, ScoreEvent, Skip
from game.rules.features import Figure
from game.view import notices
from game.vocabulary import background_kind, kind_word

from ...app import App, Scene
from ...board_view import BoardView
from ...camera import Camera, Cell
from ...highlight import FeatureOutlines
from ...hud import Layout
from ...intents import Command, Intent, PointerDown, PointerMove, PointerUp, Wheel
from ...session import Session
from ...widgets import Button
from ..menus import autosave
from .computer_turns import AUTOPLAY_PACE, PACES, ComputerTurns, Pace
from .drawing import draw_play
from .feedback import Feedback
from .follow import CameraFollow
from .hand import HandTray, hides_hands
from .hint import HintShown
from .history_mode import HistoryMode
from .hover_card import HoverCard
from .options import TurnOptions
from .pointer import Pointer
from .question import Question
from .remaining import RemainingPanel
from .score_show import ScoreShow

FINAL_SCORES_AFTER = 0.8  # seconds the finished board shows after the final scoring


class PlayScene(Scene):
    name = "play"

    def __init__(self, app: App, session: Session, autoplay: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.autoplay = autoplay  # seats made by --autoplay: a brisk pace
        self.view = BoardView(app.res, self.game)
        self.camera = Camera((0, 0, 800, 600))
        self.layout_obj = Layout.compute(app.screen.get_size(), len(session.seats),
                                         app.res.scale)
        self.rotation = 0  # quarter turns of the tile being handled
        self.pending: Deploy | Move | None = None
        self.buttons: list[Button] = []
        self.show_farms = False
        self.over_for = 0.0  # seconds since the game ended
        self.finished = False
        self.entered = False
        self.hand = HandTray(self.game)
        self.options = TurnOptions(self.game, self.camera, self.view.art, self.hand.handled)
        self.pointer = Pointer(self)
        self.feedback = Feedback(session, self.camera)
        self.follow = CameraFollow(self.camera, self.game)
        self.question = Question(self.game, lambda option: self.play(Choose(option)), app.wake)
        self.remaining = RemainingPanel()
        self.computer = ComputerTurns(session, self.play, self.pace, app.wake,
                                      self._computer_shows)
        self.viewer: int | None = None  # the human seat whose hand was last shown
        self.hint = HintShown(self)
        self.outlines = FeatureOutlines(app.res.images)
        self.score_show = ScoreShow(self)
        self.history = HistoryMode(self)
        self.hover = HoverCard(self)

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.entered = True
        self.follow.update_bounds()
        self.follow.fit(self.options.legal_cells(), immediate=True)
        self._turn_began()

    def exit(self) -> None:
        self.computer.cancel()

    def pause(self) -> None:
        self.exit()  # menus may load another game; a search in flight is dropped
        self.pointer.release()  # the button's release goes to the scene on top

    def layout(self, size: tuple[int, int]) -> None:
        resized = size != self.layout_obj.size
        px = self.app.res.px
        lay = self.layout_obj = Layout.compute(size, len(self.session.seats),
                                               self.app.res.scale)
        b = lay.board
        self.camera.viewport = (b.x, b.y, b.w, b.h)
        self.camera.free = (lay.free.x, lay.free.y, lay.free.w, lay.free.h)
        self.confirm_button = Button(lay.confirm, _("Confirm"), self.confirm, primary=True,
                                     hotkey=_("Enter"))
        self.undo_button = Button(lay.undo, _("Undo"), self.undo, hotkey=_("Backspace"))
        self.buttons = [self.confirm_button, self.undo_button]
        # once the game is over and its scores were shown: the table again
        self.scores_button = Button(lay.confirm.union(lay.undo), _("Scores"), self.show_final,
                                    primary=True, hotkey=_("Enter"))
        land = kind_word(self.game.tileset, background_kind(self.game.tileset), 2)
        tools = [("−", lambda: self.zoom(-1)), ("+", lambda: self.zoom(1)),
                 (_("Fit"), self.fit), (land[:1].upper() + land[1:], self.toggle_farms),
                 (_("Tiles"), self.toggle_tiles), (_("Menu"), self.open_menu)]
        if self.app.settings.get("hints"):
            tools.insert(0, (_("Hint"), self.hint.toggle))
        x = lay.toolbar.x
        self.hint_button: Button | None = None
        for label, fn in tools:
            width = max(px(46), self.app.res.font(24, bold=True).size(label)[0] + px(22))
            self.buttons.append(Button(pygame.Rect(x, lay.toolbar.y, width, px(46)), label, fn))
            if fn == self.hint.toggle:
                self.hint_button = self.buttons[-1]
            x += width + px(6)
        # the game's history, top left of the board (the banner takes the top middle)
        label = _("History")
        width = self.app.res.font(24, bold=True).size(label)[0] + px(26)
        self.history_button = Button(pygame.Rect(lay.board.x + px(12), lay.board.y + px(12),
                                                 width, px(42)),
                                     label, self.history.toggle, hotkey="V")
        self.buttons.append(self.history_button)
        # Laid out again at once: a dialog may come up over the scene before its next update.
        self.question.refresh(self.human_turn, lay.board, lay.toolbar, self.app.res)
        if resized and self.entered:
            self.follow.fit(self.options.legal_cells(), immediate=True)

    def help_topic(self) -> str | None:
        return self.session.game_id

    def active_buttons(self) -> list[Button]:
        """The buttons that show: Confirm and Undo while the game goes on, Scores after,
        neither in the history."""
        if self.history.active:
            return self.buttons[2:]
        if self.finished:
            return [self.scores_button, *self.buttons[2:]]
        return self.buttons

    @property
    def human_turn(self) -> bool:
        """The player at the window may act (not while the history is shown)."""
        return not self.game.over and self.session.current_seat.is_human and \
            not self.history.active

    def pace(self) -> Pace:
        chosen = self.app.config.computer_pace
        if chosen is None and self.autoplay:
            return AUTOPLAY_PACE
        return PACES.get(str(chosen or self.app.settings.get("computer_pace")), PACES["normal"])

    # ------------------------------------------------------------------ actions
    def play(self, action: Action) -> list[ScoreEvent]:
        phase_before = self.game.phase
        figures_before = dict(self.game.figures)
        placing = self._figure_placed(action)
        notices_before = len(self.game.notices)
        events = self.feedback.apply(action)
        if isinstance(action, Place):
            self.app.sound.play("tile")
        elif isinstance(action, (Deploy, Move)):
            self.app.sound.play("figure")
        for sound in notices.sounds(self.game, self.game.notices[notices_before:]):
            self.app.sound.play(sound)
        gone = [f for i, f in figures_before.items() if i not in self.game.figures]
        if placing is not None and not any(f.cell == placing.cell and f.index == placing.index
                                           for f in self.game.figures.values()):
            gone.append(placing)  # placed on a feature it completed: home again at once
        self.score_show.add(events, gone)
        if phase_before is Phase.FIGURE and self.game.phase is not Phase.FIGURE:
            self._turn_ended()
        return events

    def _figure_placed(self, action: Action) -> Figure | None:
        """The figure a Deploy puts down (to show it going home if it scores at once)."""
        game = self.game
        if not isinstance(action, Deploy) or game.last_cell is None:
            return None
        index = game.target_feature(action.target)
        if index is None:
            return None
        return Figure(-1, game.current, action.figure, game.last_cell, index)

    def place(self, cell: Cell, rotation: int) -> bool:
        tile = self.hand.handled()
        if tile is None:
            return False
        action = Place(tile, cell[0], cell[1], rotation * 90)
        if action not in self.game.legal_placements(tile):
            return False
        self.play(action)
        self.pending = None
        return True

    def select_tile(self, index: int) -> None:
        if index != self.hand.selected and self.hand.select(index):
            self.rotation = 0

    def confirm(self) -> None:
        if not self.human_turn or self.game.phase is not Phase.FIGURE:
            return
        action: Action = self.pending if self.pending is not None else Skip()
        if action not in self.game.legal_actions():
            self.pending = None
            return
        self.pending = None
        self.play(action)

    def undo(self) -> None:
        if not self.human_turn:
            return
        if self.pending is not None:
            self.pending = None
        elif self.game.can_undo:
            last = self.game.moves[-1]
            self.game.undo()
            if isinstance(last, Place):
                self.rotation = last.rotation // 90
                tiles = self.hand.tiles()
                if last.tile in tiles:
                    self.hand.select(tiles.index(last.tile))
            self.feedback.taken_back()

    def rotate(self, step: int = 1) -> None:
        tile = self.hand.handled()
        if tile is None:
            return
        hovered = self.pointer.hovered_cell()
        legal = self.game.legal_placements(tile)
        if hovered is not None and legal.rotations(hovered):
            rots = [r // 90 for r in legal.rotations(hovered)]
            i = rots.index(self.rotation) if self.rotation in rots else -step
            self.rotation = rots[(i + step) % len(rots)]
        else:
            self.rotation = (self.rotation + step) % 4

    def pan(self, dx: float, dy: float) -> None:
        self.follow.user_moved = True
        self.camera.pan_pixels(dx, dy)

    def zoom(self, steps: int, about: tuple[int, int] | None = None) -> None:
        self.follow.user_moved = True
        self.camera.zoom_step(steps, about)

    def fit(self) -> None:
        self.follow.fit(self.options.legal_cells())

    def toggle_farms(self) -> None:
        self.show_farms = not self.show_farms

    def toggle_tiles(self) -> None:
        self.remaining.toggle()

    def open_menu(self) -> None:
        self.app.push_scene("pause", self)

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> None:
        if isinstance(intent, PointerMove):
            self.pointer.mouse = intent.pos
        if self.history.handle(intent):
            return
        if self.score_show.final_running and (
                isinstance(intent, PointerDown) or intent in (Command("confirm"),
                                                              Command("back"))):
            self.score_show.skip()  # Space, Esc or a click: straight to the final scores
            return
        if not self.history.active and self.question.handle(intent):
            return
        for b in self.active_buttons():
            if b.handle(intent):
                return
        if isinstance(intent, Command):
            self._command(intent)
        elif isinstance(intent, PointerDown):
            self.pointer.down(intent)
        elif isinstance(intent, PointerMove):
            self.pointer.move(intent)
        elif isinstance(intent, PointerUp):
            self.pointer.up(intent)
        elif isinstance(intent, Wheel):
            if self.remaining.shown and self.pointer.drag is None:
                self.remaining.wheel(intent.steps)
            else:
                self.pointer.wheel(intent)

    def _command(self, cmd: Command) -> None:
        name = cmd.name
        simple: dict[str, Callable[[], object]] = {
            "confirm": self.show_final if self.finished else self.confirm,
            "undo": self.undo, "fit": self.fit, "history": self.history.toggle,
            "rotate": lambda: self.rotate(1), "rotate_back": lambda: self.rotate(-1),
            "farms": self.toggle_farms, "tiles": self.toggle_tiles,
            "zoom_in": lambda: self.zoom(1), "zoom_out": lambda: self.zoom(-1),
            "next": lambda: self._cycle(1), "prev": lambda: self._cycle(-1),
            "save": lambda: self.app.push_scene("save", self.session),
            "help": lambda: self.app.push_scene("help"), "hint": self.hint.toggle}
        if name in simple:
            simple[name]()
        elif name.startswith("tile") and name[4:].isdigit() and self.human_turn:
            self.select_tile(int(name[4:]) - 1)
        elif name == "log":
            self.feedback.show_log = not self.feedback.show_log
        elif name == "pan":
            self.pan(cmd.dx, cmd.dy)
        elif name == "back":
            if self.pointer.drag is not None:
                self.pointer.drag = None
            elif self.remaining.shown:
                self.remaining.toggle()
            else:
                self.open_menu()

    def _cycle(self, step: int) -> None:
        if self.human_turn and self.hand.cycle(step):
            self.rotation = 0

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        lay = self.layout_obj
        self.question.refresh(self.human_turn, lay.board, lay.toolbar, self.app.res)
        self.follow.keep_above(lay.free, self.question.card if self.question.answers else None,
                               self.app.res.px(8))
        self.follow.update_bounds()
        if not self.camera.update(dt):
            self.view.settle()
        self.feedback.keep_in_step()
        self.feedback.show_notices(lay.board.center)
        self.feedback.update(dt)
        self.pointer.update()
        self.score_show.update(dt)
        self.hover.update(dt)
        if self.history.active:
            return  # the game waits while its history is shown
        if self.game.over:
            if self.score_show.busy:
                return
            self.over_for += dt
            if not self.finished and self.over_for > FINAL_SCORES_AFTER:
                self.finished = True
                self.show_final()
            return
        if not self.human_turn and not self.score_show.busy:
            self.computer.update(dt)

    def show_final(self) -> None:
        self.app.sound.play("end")
        self.app.push_scene("final", self.session)

    def animating(self) -> bool:
        return (self.camera.moving() or bool(self.feedback.popups)
                or self.computer.animating() or self.score_show.moving()
                or (self.game.over and not self.finished and not self.history.active))

    def wake_in(self) -> float | None:
        waits = [self.hover.wake_in()]
        if not (self.human_turn or self.game.over or self.history.active):
            waits.append(self.computer.wake_in())
        return min((w for w in waits if w is not None), default=None)

    def _computer_shows(self, action: Action) -> None:
        """A computer's tile is about to glide into place: keep its cell in sight."""
        if isinstance(action, Place):
            self.follow.placing(action.cell)

    def _turn_ended(self) -> None:
        autosave(self.app, self.session)
        self.rotation = 0
        self.hand.reset()
        if not self.game.over:
            self._turn_began()
        else:
            self.follow.fit(())

    def _turn_began(self) -> None:
        """The camera shows the new tile and where the next may go; in a game of private
        hands, a person taking the mouse from another first sees the pass screen."""
        humans = sum(s.is_human for s in self.session.seats)
        if not self.human_turn:
            self.hand.face_down = hides_hands(self.game)
        else:
            self.hand.face_down = (hides_hands(self.game) and humans > 1
                                   and self.viewer != self.game.current
                                   and self.app.settings.get("pass_screen") is True)
        # Where a hidden tile fits is not shown either.
        self.follow.turn_began(self.options.legal_cells()
                               if self.human_turn and not self.hand.face_down else ())
        if self.human_turn and self.hand.face_down:
            self.app.push_scene("pass", self.session.current_seat, self._hand_shown,
                                self.open_menu)
        elif self.human_turn:
            self.viewer = self.game.current

    def _hand_shown(self) -> None:
        self.hand.face_down = False
        self.viewer = self.game.current
        self.follow.show_newest(self.options.legal_cells())

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        draw_play(surface, self)
