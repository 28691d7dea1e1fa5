"""The play scene: its lifecycle, the player's actions and the frame's order of work.  Its
parts get what they need (the camera, the game's view, the hand, the options), never the
scene: the pointer, the question and the computer players return requests that the scene
acts on (``act``), the buttons a key's command; the parts that draw read the frame's
snapshot (``Frame``).  Who acts now is the session's to say (``Session.actor``); at a
network table the scene is a ``TablePlayScene`` (``table_scene``), whose actions go to the
table and whose moves come from it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import assert_never

import pygame

from game.rules import Action, Choose, Deploy, Move, Phase, Place, ScoreEvent
from game.ui.scenes.play.misfit_note import MisfitNote
from game.view import notices
from game.words.i18n import _

from ...app import App, Scene
from ...board_view import BoardView
from ...camera import Camera, Cell
from ...highlight import FeatureOutlines
from ...hud import Layout
from ...intents import Command, Intent, Pan, PickTile, PointerDown, PointerMove, PointerUp, Wheel
from ...level_record import count_results
from ...session import Actor, Session
from ...widgets import Button
from ..final import FinalScene
from ..menus import MessageScene
from ..pause import PauseScene
from ..review import ReviewScene, reviewed
from ..review_summary import ReviewSummaryScene
from ..saves import save_scene
from . import requests as rq
from .computer_turns import AUTOPLAY_PACE, PACES, ComputerTurns, Pace
from .controls import Controls
from .drawing import Drawing
from .feedback import Feedback
from .follow import CameraFollow
from .frame import Frame
from .hand import HandTray
from .hint import HintShown
from .history_mode import HistoryMode
from .hover_card import HoverCard
from .keyboard import KeyChoice, cells_in_order
from .options import TurnOptions
from .pass_screen import PassScene
from .pointer import Pointer
from .question import Question
from .remaining import RemainingPanel
from .score_show import ScoreShow, figure_placed, sent_home
from .turn import PersonTurn

FINAL_SCORES_AFTER = 0.8  # seconds the finished board shows after the final scoring
TURN_ZOOM = 7  # the camera's zoom step, at most, on a turn opened from the review


class PlayScene(Scene):
    focus_keys = False  # Tab goes through the lit cells and the figures, not the buttons

    def __init__(self, app: App, session: Session, autoplay: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.autoplay = autoplay  # seats made by --autoplay: a brisk pace
        res = app.res
        self.view = BoardView(res, self.game)
        self.camera = Camera((0, 0, 800, 600))
        self.layout_obj = Layout.compute(app.screen.get_size(), len(session.seats), res.scale)
        self.show_farms = False
        self.over_for = 0.0  # seconds since the game ended
        self.finished = False
        self.entered = False
        self.hand = HandTray(self.game)
        self.turn = PersonTurn(self.game, self.hand)
        self.options = TurnOptions(self.game, self.camera, self.view, self.hand.handled,
                                   lambda: self.turn.pending)
        self.pointer = Pointer(self.options, self.hand)
        self.feedback = Feedback(session, self.camera)
        self.follow = CameraFollow(self.camera, self.game,
                                   watching=not any(s.is_human for s in session.seats))
        self.question = Question(self.game, app.wake)
        self.remaining = RemainingPanel()
        self.misfit_note = MisfitNote()
        self.computer = self._computer_turns()
        self.hint = HintShown(self.game, self.options, self.turn, app.wake)
        outlines = FeatureOutlines(res.images)
        self.score_show = ScoreShow(session, self.camera, self.view, outlines, res)
        self.history = HistoryMode(session, res, self.review_game)
        # The view as the history found it (centre, zoom step, whose it was), for the way back.
        self._view_before_history: tuple[tuple[float, float], int, tuple[bool, bool]] | None \
            = None
        self.hover = HoverCard(outlines, self.options.feature_at, self.options.as_shown)
        self.keys = KeyChoice(self.game, self.options)
        self.take_hint_when_ready = False  # the hint's move asked for before it was thought of
        # The rest of the hint's move, taken at a table, and whose turn it is: its tile went
        # to the table and is not back yet; the rest follows once it is.
        self.hint_rest: tuple[int, list[Action], bool] | None = None
        self.controls = Controls(self.layout_obj, res, self.game.tileset, self._hints_on(),
                                 tiles=session.aids)
        self.drawing = Drawing(self.options, self.hand, self.controls, self.hint, self.question,
                               self.remaining, self.score_show, self.history, self.hover,
                               self.computer, self.feedback, self.misfit_note, self.keys)

    def _computer_turns(self) -> ComputerTurns:
        """The part that plays the turns nobody plays with the pointer."""
        return ComputerTurns(self.session, self.pace, self.app.wake)

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.entered = True
        self.follow.update_bounds()
        self.follow.fit(self._lit(), immediate=True)
        self._turn_began()

    def exit(self) -> None:
        self.computer.cancel()
        self.hint.cancel()

    def pause(self) -> None:
        self.computer.cancel()  # menus may load another game; a search in flight is dropped
        self.hint.cancel()  # so is the Hint's thinking
        self.pointer.release()  # the button's release goes to the scene on top
        self.hover.forget()  # a card would show through the screen on top

    def layout(self, size: tuple[int, int]) -> None:
        resized = size != self.layout_obj.size
        lay = self.layout_obj = Layout.compute(size, len(self.session.seats),
                                               self.app.res.scale)
        b = lay.board
        self.camera.viewport = (b.x, b.y, b.w, b.h)
        self.camera.free = (lay.free.x, lay.free.y, lay.free.w, lay.free.h)
        self.controls.layout(lay, self.app.res, self.game.tileset, self._hints_on())
        # Laid out again at once: a dialog may come up over the scene before its next update.
        self.question.refresh(self.human_turn, lay.board, lay.toolbar, self.app.res)
        if resized and self.entered:
            self.follow.fit(self._lit(), immediate=True)

    def _lit(self) -> set[Cell]:
        """The cells lit for the person to play (none for a hand face down)."""
        return self.options.legal_cells() if self.human_turn and not self.hand.face_down else set()

    def _hints_on(self) -> bool:
        return bool(self.app.settings.get("hints")) and self.session.aids

    def help_topic(self) -> str | None:
        return self.session.game_id

    @property
    def buttons(self) -> list[Button]:
        return self.controls.buttons

    @property
    def human_turn(self) -> bool:
        """The player at the window may act (not while the history is shown)."""
        return self.session.actor() is Actor.PERSON and not self.history.active

    def pace(self) -> Pace:
        chosen = self.app.config.computer_pace
        if chosen is None and self.autoplay:
            return AUTOPLAY_PACE
        pace = PACES.get(str(chosen or self.app.settings.get("computer_pace")), PACES["normal"])
        if self._still():  # a computer's tile and figure appear at once, in their time
            return Pace(pace.delay, 0.0, 0.0)
        return pace

    def _still(self) -> bool:
        """Motion reduced (the setting): no glides, no drift, scores told at once."""
        return self.app.settings.get("reduce_motion") is True

    def frame(self) -> Frame:
        """What the parts read of this moment."""
        history = self.history
        covers = [b.rect for b in self.controls.shown(history.active, self.finished)]
        if history.active:
            covers.extend(history.covers(self.layout_obj))
        pointer = self.pointer
        hint = self.hint.current()
        keyed = (self.keys.point(self.camera)
                 if self.human_turn and pointer.drag is None else None)
        return Frame(
            res=self.app.res, layout=self.layout_obj, camera=self.camera, session=self.session,
            view=self.view, human_turn=self.human_turn, rotation=self.turn.rotation,
            pending=self.turn.pending, drag=pointer.drag, mouse=keyed or pointer.mouse,
            panning=pointer.panning,
            pointer_seen=self.app.input.pointer is not None or keyed is not None,
            show_farms=self.show_farms, in_history=history.active,
            shown=history.session if history.active and history.session else self.session,
            over_board=tuple(covers), board_covered=self.remaining.shown,
            hinted=hint.figure if hint is not None else None, keyed=keyed is not None)

    # ------------------------------------------------------------------ actions
    def act(self, requests: Iterable[rq.Request]) -> None:
        """Do what the parts asked, in order."""
        for request in requests:
            match request:
                case rq.TurnTile(step):
                    self.rotate(step)
                case rq.ShowRotation(rotation):
                    self.turn.rotation = rotation
                case rq.HandleTile(index):
                    self.turn.select(index)
                case rq.PlaceTile(cell, rotation):
                    self.place(cell, rotation)
                case rq.Hold(choice):
                    self.turn.pending = choice
                case rq.PanBoard(dx, dy):
                    self.pan(dx, dy)
                case rq.ZoomBoard(steps, about):
                    self.zoom(steps, about)
                case rq.Play(action):
                    self.play(action)
                case rq.Follow(action):
                    self.apply(action)
                case rq.KeepInSight(cell):
                    self.follow.placing(cell)
                case rq.LookAt(cell):
                    self.follow.bring_into_view(cell, self._hint_line_bottom())
                case _:
                    assert_never(request)

    def play(self, action: Action) -> None:
        """An action of this window: the person's, its computer's, an answer."""
        self.apply(action)

    def apply(self, action: Action) -> list[ScoreEvent]:
        """Apply an action (the person's, a computer's, an answer, a table's): logged,
        heard, shown."""
        phase_before = self.game.phase
        figures_before = dict(self.game.figures)
        placing = figure_placed(self.game, action)
        notices_before = len(self.game.notices)
        events = self.feedback.apply(action)
        if isinstance(action, Place):
            self.app.sound.play("tile")
        elif isinstance(action, (Deploy, Move)):
            self.app.sound.play("figure")
        for sound in notices.sounds(self.game, self.game.notices[notices_before:]):
            self.app.sound.play(sound)
        self.score_show.add(events, sent_home(self.game, figures_before, placing))
        if self._still():
            self.score_show.skip()  # the scores at once, no counting, no flights
        if phase_before is Phase.FIGURE and self.game.phase is not Phase.FIGURE:
            self._turn_ended()
        return events

    def place(self, cell: Cell, rotation: int) -> bool:
        """The tile being handled, turned so, on ``cell``; False when that is not legal (the
        player is told why)."""
        action = self.turn.placement(cell, rotation)
        if action is None:
            if self.human_turn and not self.hand.face_down:
                self.misfit_note.misplaced(self.game, self.hand.handled(), cell, rotation,
                                       self.pointer.mouse)
            return False
        self.misfit_note.clear()
        self.play(action)
        self.turn.pending = None
        return True

    def confirm(self) -> None:
        if (self.human_turn and self.game.phase is Phase.PLACE and not self.hand.face_down
                and self.pointer.drag is None):
            self.misfit_note.place_first(self.pointer.mouse)
        if not self.human_turn or self.game.phase is not Phase.FIGURE:
            return
        action = self.turn.confirmed()
        if action is not None:
            self.play(action)

    def undo(self) -> None:
        self.hint_rest = None  # the player takes the hint's move back: their turn again
        if self.human_turn and self.turn.take_back():
            self.feedback.taken_back()

    def rotate(self, step: int = 1) -> None:
        self.turn.rotate(step, self.frame().hovered_cell)

    def pan(self, dx: float, dy: float) -> None:
        self.follow.moved_by_player()
        self.camera.pan_pixels(dx, dy)

    def zoom(self, steps: int, about: tuple[int, int] | None = None) -> None:
        self.follow.moved_by_player()
        self.camera.zoom_step(steps, about)

    def fit(self) -> None:
        self.follow.fit_pressed(self._lit())
        if self.history.active:
            self._keep_history_in_sight()

    def toggle_history(self) -> None:
        if self.history.active:
            self.history.close()
            self._left_history()
            return
        chronicle = self.feedback.chronicle
        if not chronicle.complete:  # its moves do not rebuild the game
            self.app.show_toast(_("This game's history cannot be rebuilt"))
            return
        self.score_show.skip()
        self.pointer.drag = None
        view = (self.camera.centre, self.camera.zoom, self.follow.kept())
        if self.history.open(chronicle):
            self._view_before_history = view
            self._keep_history_in_sight()

    def _keep_history_in_sight(self) -> None:
        self.history.keep_in_sight(self.camera, self.layout_obj,
                                   self.question.below_banner(self.app.res))

    def _left_history(self) -> None:
        """Back from the history: the board as the player left it, not the turn last shown."""
        if self._view_before_history is None:
            return
        centre, zoom, kept = self._view_before_history
        self._view_before_history = None
        self.camera.go_back(centre, zoom)
        self.follow.give_back(kept)

    def show_history_at(self, turn: int) -> None:
        """The history at ``turn``, the better move the review found (if any) in sight."""
        if not self.history.active:
            self.toggle_history()
        if not self.history.active:
            return
        self.history.show(turn)
        ghost = self.history.ghost_cell()
        cells = self.history.history.cells_of(turn) if self.history.history else []
        if ghost is not None:
            cells.append(ghost)
        if cells:  # the move made and the better one, large enough to read
            self.follow.moved_by_player()
            self.camera.fit(cells, margin=1.5, max_zoom=TURN_ZOOM)
            self._keep_history_in_sight()  # out from under the charts and the review's line

    def review_game(self) -> None:
        """The review's summary, or a review of the game (its summary follows)."""
        review = reviewed(self.session)
        if review is None:
            self.app.push(ReviewScene(self.app, self.session, self._reviewed))
        else:
            self.app.push(ReviewSummaryScene(self.app, self.session, review,
                                             self._summary_turn))

    def _reviewed(self) -> None:
        review = reviewed(self.session)
        if review is not None and self.app.scene is self:
            self.app.push(ReviewSummaryScene(self.app, self.session, review,
                                             self._summary_turn))

    def _summary_turn(self, turn: int) -> None:
        while self.app.scene is not self:
            self.app.pop()
        self.show_history_at(turn)

    def _hint_line_bottom(self) -> int:
        """The bottom of the Hint's line under the banner (0 when it does not show): what
        the hint shows is brought out from under it."""
        res = self.app.res
        rect = self.hint.line_rect(res, self.layout_obj.board, self.question.below_banner(res))
        return 0 if rect is None else rect.bottom + res.px(6)

    def _hints_allowed(self) -> bool:
        return self._hints_on() and self.human_turn

    def toggle_hint(self) -> None:
        self.act(self.hint.toggle(self._hints_allowed()))

    def open_menu(self) -> None:
        self.app.push(PauseScene(self.app, self.session))

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> None:
        if isinstance(intent, PointerMove):
            self.pointer.mouse = intent.pos
            if intent.rel != (0, 0):
                self.keys.active = False  # the board is the pointer's again
        if self.pointer.drag is None and self.feedback.show_log \
                and self.feedback.panel.handle(intent, self.layout_obj.log):
            return  # the log scrolled
        turn = self.history.turn
        if self.history.handle(intent, self.layout_obj):
            if self.history.active and self.history.turn != turn:
                self._keep_history_in_sight()
            if not self.history.active:
                self._left_history()
            return
        if self.score_show.final_running and (
                isinstance(intent, PointerDown) or intent in (Command.CONFIRM, Command.BACK)):
            self.score_show.skip()  # Space, Esc or a click: straight to the final scores
            return
        answered = None if self.history.active else self.question.handle(intent)
        if answered is not None:
            self.act(answered)
            return
        clicked = self.controls.handle(intent, self.history.active, self.finished)
        if clicked is not None:
            for command in clicked:
                self._command(command)
            return
        if isinstance(intent, Command):
            self._command(intent)
        elif isinstance(intent, Pan):
            if not self._key_arrow(intent):
                self.pan(intent.dx, intent.dy)
        elif isinstance(intent, PickTile):
            if self.human_turn:
                self.turn.select(intent.index)
                self._keep_key_cell()
        elif isinstance(intent, PointerDown):
            self.act(self.pointer.down(intent, self.frame()))
        elif isinstance(intent, PointerMove):
            self.act(self.pointer.move(intent))
        elif isinstance(intent, PointerUp):
            self.act(self.pointer.up(intent, self.frame()))
        elif isinstance(intent, Wheel):
            if self.remaining.shown and self.pointer.drag is None:
                self.remaining.wheel(intent.steps)
            else:
                self.act(self.pointer.wheel(intent, self.frame()))

    def _command(self, command: Command) -> None:
        does: dict[Command, Callable[[], object]] = {
            Command.CONFIRM: self.show_final if self.finished else self._confirm_key,
            Command.UNDO: self.undo, Command.FIT: self.fit, Command.HISTORY: self.toggle_history,
            Command.ROTATE: lambda: self.rotate(1), Command.ROTATE_BACK: lambda: self.rotate(-1),
            Command.FARMS: self._toggle_farms, Command.TILES: self._toggle_tiles,
            Command.ZOOM_IN: lambda: self.zoom(1), Command.ZOOM_OUT: lambda: self.zoom(-1),
            Command.NEXT: lambda: self._key_step(1), Command.PREV: lambda: self._key_step(-1),
            Command.NEXT_TILE: lambda: self._cycle(1), Command.TAKE_HINT: self.take_hint,
            Command.SAVE: self.save,
            Command.HINT: self.toggle_hint, Command.LOG: self.feedback.toggle_log,
            Command.MENU: self.open_menu, Command.BACK: self._back}
        action = does.get(command)
        if action is not None:
            action()

    def _toggle_farms(self) -> None:
        self.show_farms = not self.show_farms

    def _toggle_tiles(self) -> None:
        if self.session.aids or self.remaining.shown:  # no aids: the tiles to come are hidden
            self.remaining.toggle()

    def save(self) -> None:
        kept = self.session.final()  # at a network table: once it is over
        if kept is None:
            self.app.show_toast(_("The table keeps this game: save it once it is over"))
        else:
            self.app.push(save_scene(self.app, kept))

    def _back(self) -> None:
        """Esc: the tile or figure held goes back, else the panel over the board closes,
        else the game menu opens."""
        if self.pointer.drag is not None:
            self.pointer.drag = None
        elif self.keys.active and self.human_turn:
            if self.keys.chosen_figure()[1]:
                self.turn.pending = None  # the figure chosen goes back
            self.keys.forget()
        elif self.remaining.shown:
            self.remaining.toggle()
        else:
            self.open_menu()

    def _cycle(self, step: int) -> None:
        if self.human_turn:
            self.turn.cycle(step)
            self._keep_key_cell()

    # ------------------------------------------------------------------ the keys' turn
    def _key_step(self, step: int) -> None:
        """Tab, Shift+Tab: the next lit cell, figure or answer."""
        if not self.human_turn or self.hand.face_down or self.score_show.final_running:
            return
        self.pointer.drag = None
        if self.question.buttons:
            self.keys.step_answer(step, len(self.question.buttons))
        elif self.game.phase is Phase.PLACE:
            cell = self.keys.step_cell(step)
            if cell is not None:
                self._look_at(cell)
        elif self.game.phase is Phase.FIGURE:
            choice = self.keys.step_figure(step)
            self.turn.pending = choice
            cell = choice.cell if isinstance(choice, Move) else self.game.last_cell
            if cell is not None:
                self._look_at(cell)

    def _look_at(self, cell: Cell) -> None:
        """The camera keeps the cell the keys chose in view."""
        self.follow.bring_into_view(cell, self._hint_line_bottom())

    def _key_arrow(self, pan: Pan) -> bool:
        """An arrow key with a cell chosen: the nearest lit cell that way (True), else the
        board moves."""
        if not self.human_turn or self.keys.chosen_cell() is None:
            return False
        direction = ((pan.dx < 0) - (pan.dx > 0), (pan.dy < 0) - (pan.dy > 0))
        cell = self.keys.move_cell(direction)
        if cell is not None:
            self._look_at(cell)
        return True

    def _keep_key_cell(self) -> None:
        """Another tile of the hand: the cell chosen stays if it is lit for it, else the
        nearest lit one is chosen."""
        keys = self.keys
        if keys.active and keys.cell is not None and keys.chosen_cell() is None:
            order = cells_in_order(self.options.legal_cells(), keys.cell)
            keys.cell = order[0] if order else None

    def _confirm_key(self) -> None:
        """Enter: the tile on the cell the keys chose, the answer they chose, else the
        turn ends (with the figure held, if any)."""
        keys = self.keys
        cell = keys.chosen_cell() if self.human_turn else None
        if cell is not None:
            rotation = self.options.fitting_rotation(cell, self.turn.rotation)
            if rotation is not None:
                self.turn.rotation = rotation
                keys.forget()
                self.place(cell, rotation)
                return
        if self.human_turn and keys.active and keys.answer is not None and self.question.buttons:
            answer = keys.answer
            keys.forget()
            self.act(self.question.answer(answer))
            return
        keys.forget()
        self.confirm()

    def take_hint(self) -> None:
        """The Hint's move, whole: its tile placed, its answer given, its figure put down,
        the turn ended.  Asked before the Hint is shown, the Hint is asked for and its move
        taken once it is thought of."""
        if not self.human_turn:
            return
        if not self._hints_allowed():
            self.app.show_toast(_("The Hint is off in this game"))
            return
        hint = self.hint.current()
        if hint is None:
            if not self.hint.thinking():
                self.toggle_hint()
            self.take_hint_when_ready = True
            return
        self.take_hint_when_ready = False
        self.keys.forget()
        actions = hint.actions()
        # The Hint judges the turn up to the rules' question (grow or herd?) and no further:
        # a plan ending on its answer has not weighed the figure yet.
        self._take_hint_actions(self.game.current, actions,
                                bool(actions) and isinstance(actions[-1], Choose))

    def _take_hint_actions(self, player: int, actions: list[Action], to_answer: bool) -> None:
        """The hint's actions in turn, then the turn's end; or, when the turn goes on past
        what the hint judged (a question asked, or answered), the Hint of that moment, taken
        in turn.  At a table an action goes there and the game shown waits for it to come
        back: the rest waits too."""
        for i, action in enumerate(actions):
            if not self.human_turn:
                self.hint_rest = (player, actions[i:], to_answer)
                return
            if not self._take(action):
                return
        if not self.human_turn:
            self.hint_rest = (player, [], to_answer)  # the rest once the last action is back
        elif self.game.phase is Phase.CHOOSE or (self.game.phase is Phase.FIGURE and to_answer):
            self._next_hint_taken()
        elif self.game.phase is Phase.FIGURE:
            self.confirm()

    def _next_hint_taken(self) -> None:
        """The Hint of this moment is asked for, and its move taken once thought of."""
        if not self.hint.thinking():
            self.toggle_hint()
        self.take_hint_when_ready = True

    def _hint_rest_back(self) -> None:
        """The hint's last action back from the table: the rest of its move follows, unless
        the turn went on meanwhile."""
        if self.hint_rest is None:
            return
        player, rest, to_answer = self.hint_rest
        if self.game.over or self.game.current != player:
            self.hint_rest = None
        elif self.human_turn:
            self.hint_rest = None
            self._take_hint_actions(player, rest, to_answer)

    def _take(self, action: Action) -> bool:
        """One action of the Hint's move; False when it could not be played."""
        if isinstance(action, Place):
            tiles = self.hand.tiles()
            if action.tile not in tiles:
                return False
            self.turn.select(tiles.index(action.tile))
            self.turn.rotation = action.rotation // 90
            return self.place(action.cell, action.rotation // 90)
        if isinstance(action, (Deploy, Move)):
            self.turn.pending = action
            return True
        if isinstance(action, Choose) and action in self.game.legal_actions():
            self.play(action)
            return True
        return False

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        lay = self.layout_obj
        self.camera.still = self.feedback.still = self._still()
        self.question.refresh(self.human_turn, lay.board, lay.toolbar, self.app.res)
        self.follow.keep_above(lay.free, self.question.card if self.question.answers else None,
                               self.app.res.px(8))
        self.follow.update_bounds()
        if not self.camera.update(dt):
            self.view.settle()
        self.feedback.keep_in_step()
        self.feedback.show_notices(lay.board.center)
        self.feedback.update(dt)
        self.misfit_note.update(dt)
        if self.score_show.update(dt):
            self.app.sound.play("score")
        self.hover.update(dt, self.frame())
        if not (self._hints_on() and (self.human_turn or self.history.active)):
            self.hint.hide()  # a hint is the player's, for this moment of the game
        self.act(self.hint.poll(self._hints_allowed()))  # the hint asked for, once thought of
        self._hint_rest_back()
        if self.take_hint_when_ready and self.hint.current() is not None \
                and not self.history.active:
            self.take_hint()
            # the move may have brought the rules' question: its card shows in this frame
            self.question.refresh(self.human_turn, lay.board, lay.toolbar, self.app.res)
        elif self.take_hint_when_ready and not self.hint.thinking():
            self.take_hint_when_ready = False  # dropped: the player acted meanwhile
        if self.history.active:
            return  # the game waits while its history is shown
        if self.session.ended():
            if self.score_show.busy:
                return
            self.over_for += dt
            if not self.finished and self.over_for > FINAL_SCORES_AFTER \
                    and self.session.final() is not None:
                self.finished = True
                self.show_final()
            return
        self.advance(dt, self.session.actor())

    def advance(self, dt: float, actor: Actor) -> None:
        """The game goes on: a computer's turn."""
        if actor is Actor.COMPUTER and not self.score_show.busy:
            self.act(self.computer.update(dt))

    def show_final(self) -> None:
        self.app.sound.play("end")
        problem = count_results(self.session, self.app.storage)
        self.app.push(FinalScene(self.app, self.session.final() or self.session))
        if problem is not None:
            self.app.push(MessageScene(self.app, _("Results not saved"), problem))

    def animating(self) -> bool:
        return (self.camera.moving() or bool(self.feedback.popups)
                or self.computer.animating() or self.score_show.moving()
                or self.misfit_note.fading()
                or (self.session.ended() and not self.finished and not self.history.active))

    def wake_in(self) -> float | None:
        waits = [self.hover.wake_in(), self.misfit_note.wake_in()]
        if self.session.actor() is Actor.COMPUTER and not self.history.active:
            waits.append(self.computer.wake_in())
        return min((w for w in waits if w is not None), default=None)

    def _turn_ended(self) -> None:
        problem = self.session.autosave(self.app.storage, self.app.registry)
        if problem is not None:
            self.app.push(MessageScene(self.app, _("Autosave failed"), problem))
        self.turn.ended()
        self.keys.forget()
        if not self.game.over:
            self._turn_began()
        else:
            self.follow.fit(())

    def _turn_began(self) -> None:
        """The camera shows the new tile and where the next may go; in a game of private
        hands, a person taking the mouse from another first sees the pass screen."""
        people = sum(s.is_human for s in self.session.seats)
        pass_first = self.turn.began(self.human_turn, people,
                                     self.app.settings.get("pass_screen") is True)
        # Where a hidden tile fits is not shown either.
        self.follow.turn_began(self._lit())
        if pass_first:
            # The scoring just shown is settled: under the veil its counters would stand
            # still, behind the log's lines of it.
            self.score_show.skip()
            self.app.push(PassScene(self.app, self.session.current_seat, self._hand_shown,
                                    self.open_menu))

    def _hand_shown(self) -> None:
        self.turn.shown()
        self.follow.show_newest(self._lit())

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        human = self.human_turn
        figure_phase = self.game.phase is Phase.FIGURE
        self.controls.enable(confirm=human and figure_phase,
                             undo=human and (self.turn.pending is not None
                                             or self.game.can_undo),
                             hint=self._hints_allowed())
        self.drawing.draw(surface, self.frame(), self.finished)
