"""The new-game screen: players (name, colour, seat order, a person at this screen, a
computer level, or an open seat for someone joining over the network), the game, its
expansions and rule options, the tile draws (a seed, tiles to draw first: for a game on this
computer only), and the table's options (play without aids; with an open seat,
a turn clock, where the table is served, who may watch it).  With an open seat the game is
hosted, from this window or on a table server (then also a clock of days a move, and a
table listed on the server): the table's lobby opens.  Every choice is remembered for the
next game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pygame

from game.ai import LEVELS
from game.net.headless import PACES as TABLE_PACES
from game.net.seats import TableConfig
from game.net.terms import SeatKind
from game.review.ladder import ladder_key, load_ladder
from game.rules import RulesError, TileSet
from game.rules.looks import figure_sprite
from game.rules.tile_order import OrderError, read_order
from game.store.level_results import LevelResults
from game.store.savefile import Person
from game.words.i18n import _, ngettext
from game.words.levels import how_it_plays, rating_detail, results_problem
from game.words.tile_order import order_refusal
from game.words.vocabulary import (
    option_name,
    option_quote,
    set_name,
    set_note,
    value_label,
    value_text,
)

from .. import hosted
from .. import palette as pal
from ..app import App
from ..intents import Command, Intent, PointerMove
from ..ladder_view import draw_ladder
from ..net_link import Listening, create_table, host_table
from ..session import LADDER_LEVELS, OFFERED_KINDS, Seat, Session, kind_name
from ..table_options import (
    CLOCKS,
    MOVE_DAYS,
    WATCHERS,
    Clock,
    clock_button,
    clock_from,
    days_label,
    per_move_from,
    watchers_button,
)
from ..widgets import (
    Button,
    TextField,
    blit_centred,
    draw_tooltip,
    fit_text,
    panel,
    wrap_text,
)
from .form import FormScene
from .help import HelpScene
from .lobby import LobbyScene
from .menus import MessageScene
from .play import PlayScene
from .server_choice import ServerChoiceScene, server_link
from .tile_order import TileOrderScene

# The table's seat for each person's seat of the set-up: the host's, or an open one.
TABLE_SEATS: dict[str, str] = {Person.HUMAN: SeatKind.HOST, Person.OPEN: SeatKind.OPEN}

ROW = 60
RIGHT_X = 560  # where the game column starts in the card
GAME_ROW = 48


class OptionRow(NamedTuple):
    option: str
    source: str  # the rulebook sentence it comes from, as the rulebook says it
    button: Button


class SetupScene(FormScene):
    def __init__(self, app: App, again: Session | None = None) -> None:
        """The set-up of the last game set up here; ``again``: of that finished game instead
        (a network game's, its seats played elsewhere offered as open seats)."""
        super().__init__(app)
        names = [n for n, _ in pal.PLAYER_COLOURS]
        settings = app.settings
        last = settings.recall("players")
        last = last if isinstance(last, list) else None
        if last:
            self.seats = [Seat(_printable(p.get("name", "Player"))[:16],
                               _printable(p.get("colour", "red")),
                               p["kind"] if p.get("kind") in (*LEVELS, Person.OPEN)
                               else Person.HUMAN)
                          for p in last if isinstance(p, dict)]
            for seat in self.seats:  # a default name, kept in another language, in this one
                if pal.is_colour_name(seat.name, seat.colour):
                    seat.name = pal.colour_name(seat.colour)
        else:
            self.seats = [Seat(pal.colour_name(names[0]), names[0]),
                          Seat(pal.colour_name(names[1]), names[1])]
        games = app.registry.games()
        self.game_id = str(settings.recall("game", games[0].id if games else "carcassonne"))
        if self.game_id not in {g.id for g in games}:
            self.game_id = games[0].id if games else "carcassonne"
        self.expansions: list[str] = []
        self.options: dict[str, str | int] = {}
        kept = settings.recall("setup")  # the other choices of the last game
        kept = kept if isinstance(kept, dict) else {}
        self.clock = clock_from(kept.get("clock"))
        self.aids = kept.get("aids") is not False
        # Where a hosted table is served: "" this computer, else a server's address; with
        # its correspondence clock (seconds a move, instead of ``clock``), who may watch,
        # and whether the server lists it.
        server = kept.get("server")
        self.server = _printable(server)[:100] if isinstance(server, str) else ""
        self.per_move = per_move_from(kept.get("per_move")) if self.server else None
        if self.per_move is not None:
            self.clock = None
        watchers = kept.get("watchers")
        self.watchers = watchers if watchers in WATCHERS else WATCHERS[0]
        self.public = kept.get("public") is True
        # The tile draws: a seed chosen (None: random) and tiles typed to be drawn first,
        # as typed (checked against the game chosen when it starts).  Not remembered: a
        # game set up after this one draws at random again, unless the command line chose.
        self.seed: int | None = app.config.seed
        self.order = ", ".join(app.config.order)
        self._recall(kept)
        if again is not None:
            self._again(again)
        self.fields: list[TextField] = []
        self.widgets: list[Button] = []
        self.option_rows: list[OptionRow] = []
        self.buttons_top = 0  # where the row of Back, Rules and Start begins
        self.note: list[str] = []  # what the chosen game says about itself
        self.expansions_top = 0
        self.kinds_help_top = 0  # where the line on the seats' Human buttons begins
        self.mouse = (0, 0)
        self.card = pygame.Rect(0, 0, 1000, 640)
        self.ladder = load_ladder()
        self.results = LevelResults.load(app.storage)  # the player's games against each level
        self.ladder_rows: list[tuple[str, pygame.Rect]] = []  # as last drawn, for the pointer

    def _again(self, session: Session) -> None:
        self.seats = [Seat(s.name, s.colour, Person.OPEN if i in session.elsewhere else s.kind)
                      for i, s in enumerate(session.seats)]
        self.game_id = session.game_id
        self.expansions = list(session.expansions)
        self.options = dict(session.game.chosen_options)
        self.aids = session.aids

    def _recall(self, kept: dict[str, object]) -> None:
        """The last game's expansions and options, those the chosen game still has."""
        offered = {e.id for e in self.app.registry.expansions(self.game_id)}
        expansions = kept.get("expansions")
        if isinstance(expansions, list):
            self.expansions = [e for e in expansions if e in offered]
        tileset = self._tileset()
        options = kept.get("options")
        if tileset is not None and isinstance(options, dict):
            self.options = {k: v for k, v in options.items() if k in tileset.options
                            and isinstance(v, (str, int)) and v in tileset.options[k].values}

    @property
    def hosting(self) -> bool:
        return any(s.kind == Person.OPEN for s in self.seats)

    # -- layout
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.res.px
        self.card = pygame.Rect(0, 0, min(px(1100), w - px(40)), min(px(700), h - px(40)))
        self.card.center = (w // 2, h // 2)
        self._build()

    def _build(self) -> None:
        c = self.card
        px = self.app.res.px
        self.fields = []
        self.widgets = []
        left = c.x + px(30)
        top = c.y + px(110)
        for i, seat in enumerate(self.seats):
            y = top + i * px(ROW)

            def at(x: int, width: int, y: int = y) -> pygame.Rect:
                return pygame.Rect(left + px(x), y, px(width), px(44))

            self.widgets.append(Button(at(0, 44), "", self._cycle_colour(i)))
            if seat.kind != Person.OPEN:  # an open seat takes the name of who joins
                self.fields.append(TextField(at(56, 166), seat.name,
                                             placeholder=_("Player {number}").format(
                                                 number=i + 1), on_change=self._rename(i)))
            self.widgets.append(Button(at(232, 144), kind_name(seat.kind), self._cycle_kind(i)))
            self.widgets.append(Button(at(386, 40), "up", self._move(i, -1), enabled=i > 0))
            self.widgets.append(Button(at(432, 40), "down", self._move(i, 1),
                                       enabled=i < len(self.seats) - 1))
            self.widgets.append(Button(at(478, 40), "×", self._remove(i),
                                       enabled=len(self.seats) > self._min_players()))
        add_y = top + len(self.seats) * px(ROW)
        self.kinds_help_top = add_y + px(56)
        self.widgets.append(Button(pygame.Rect(left, add_y, px(166), px(44)), _("Add player"),
                                   self._add, enabled=len(self.seats) < self._max_players()))
        self.widgets.append(Button(pygame.Rect(left + px(178), add_y, px(140), px(44)),
                                   ("[ ] " if self.aids else "[x] ") + _("No aids"),
                                   self._toggle_aids))
        if not self.hosting:
            self.widgets.append(Button(pygame.Rect(left + px(330), add_y, px(188), px(44)),
                                       self._tiles_label(), self.choose_tiles))
        else:
            self.widgets.append(Button(pygame.Rect(left + px(330), add_y, px(188), px(44)),
                                       self._clock_label(), self._cycle_clock))
            table_y = add_y + px(52)
            self.kinds_help_top = table_y + px(56)
            where = (_("Table on: {server}").format(server=self.server) if self.server
                     else _("Table on: this computer"))
            self.widgets.append(Button(pygame.Rect(left, table_y, px(214), px(44)), where,
                                       self.choose_server))
            self.widgets.append(Button(pygame.Rect(left + px(226), table_y,
                                                   px(174 if self.server else 292), px(44)),
                                       watchers_button(self.watchers), self._cycle_watchers))
            if self.server:
                self.widgets.append(Button(pygame.Rect(left + px(412), table_y, px(106),
                                                       px(44)),
                                           ("[x] " if self.public else "[ ] ") + _("Public"),
                                           self._toggle_public))
        right = c.x + px(RIGHT_X)
        width = c.right - right - px(30)
        y = top
        for g in self.app.registry.games():
            self.widgets.append(Button(pygame.Rect(right, y, width, px(GAME_ROW - 6)),
                                       set_name(g), self._choose_game(g.id),
                                       primary=g.id == self.game_id))
            y += px(GAME_ROW)
        chosen = self.app.registry.sets.get(self.game_id)
        self.note = wrap_text(self.app.res, set_note(chosen), 16, width) \
            if chosen is not None and set_note(chosen) else []
        y += px(20 * len(self.note) + (10 if self.note else 0))
        self.expansions_top = y + px(4)
        exps = self.app.registry.expansions(self.game_id)
        if exps:
            y += px(26)
            for e in exps:
                on = e.id in self.expansions
                label = ("[x] " if on else "[ ] ") + set_name(e)
                self.widgets.append(Button(pygame.Rect(right, y, width, px(38)),
                                           label, self._toggle_expansion(e.id)))
                y += px(44)
        self.options_top = y + px(8)
        y = self.options_top + px(26)
        self.option_rows = []
        tileset = self._tileset()
        if tileset is not None and tileset.options:
            # Rows shrink to fit the card on small windows.
            room = c.bottom - px(16) - y
            step = max(px(44), min(px(56), room // len(tileset.options)))
            for name, opt in tileset.options.items():
                value = self.options.get(name, opt.default)
                label = _("{option}: {value}").format(option=option_name(tileset, name),
                                                       value=value_label(tileset, name, value))
                meaning = value_text(tileset, name, value)
                button = Button(pygame.Rect(right, y, width, step - px(6)), label,
                                self._cycle_option(name),
                                detail=meaning.explain if meaning is not None else "")
                self.widgets.append(button)
                self.option_rows.append(OptionRow(name, opt.source, button))
                y += step
        # The game column may run to the bottom: the buttons sit under the players.
        bottom = self.buttons_top = c.bottom - px(70)
        self.widgets.append(Button(pygame.Rect(c.x + px(30), bottom, px(130), px(50)),
                                   _("Back"), self.app.pop))
        self.widgets.append(Button(pygame.Rect(c.x + px(170), bottom, px(130), px(50)),
                                   _("Rules"), self.show_rules))
        self.widgets.append(Button(pygame.Rect(c.x + px(RIGHT_X - 230), bottom, px(200), px(50)),
                                   _("Host game") if self.hosting else _("Start game"),
                                   self.start, primary=True))

    def help_topic(self) -> str | None:
        return self.game_id

    def hovered_option(self) -> OptionRow | None:
        """The option under the pointer."""
        return next((row for row in self.option_rows
                     if row.button.rect.collidepoint(self.mouse)), None)

    def show_rules(self) -> None:
        self.app.push(HelpScene(self.app, self.game_id))

    def _tileset(self) -> TileSet | None:
        try:
            return self.app.registry.ruleset(self.game_id, self.expansions)
        except (KeyError, RulesError):
            return None

    def _min_players(self) -> int:
        ts = self._tileset()
        return ts.players[0] if ts else 2

    def _max_players(self) -> int:
        ts = self._tileset()
        return min(ts.players[1], len(pal.PLAYER_COLOURS)) if ts else 5

    # -- actions (closures bound to a row)
    def _cycle_colour(self, i: int) -> Callable[[], None]:
        def fn() -> None:
            names = [n for n, _ in pal.PLAYER_COLOURS]
            used = {s.colour for j, s in enumerate(self.seats) if j != i}
            k = names.index(self.seats[i].colour) if self.seats[i].colour in names else 0
            for step in range(1, len(names) + 1):
                cand = names[(k + step) % len(names)]
                if cand not in used:
                    seat = self.seats[i]
                    seat.colour, old = cand, seat.colour
                    if pal.is_colour_name(seat.name, old):  # not a name chosen: follows
                        seat.name = pal.colour_name(cand)
                        self._build()  # its field shows the new name
                    break
        return fn

    def _rename(self, i: int) -> Callable[[str], None]:
        def fn(text: str) -> None:
            self.seats[i].name = text
        return fn

    def _cycle_kind(self, i: int) -> Callable[[], None]:
        def fn() -> None:
            kinds = OFFERED_KINDS
            self.seats[i].kind = kinds[(kinds.index(self.seats[i].kind) + 1) % len(kinds)] \
                if self.seats[i].kind in kinds else Person.HUMAN
            self._build()
        return fn

    def _move(self, i: int, d: int) -> Callable[[], None]:
        def fn() -> None:
            j = i + d
            self.seats[i], self.seats[j] = self.seats[j], self.seats[i]
            self._build()
        return fn

    def _remove(self, i: int) -> Callable[[], None]:
        def fn() -> None:
            del self.seats[i]
            self._build()
        return fn

    def _add(self) -> None:
        names = [n for n, _ in pal.PLAYER_COLOURS]
        used = {s.colour for s in self.seats}
        colour = next(n for n in names if n not in used)
        self.seats.append(Seat(pal.colour_name(colour), colour))
        self._build()

    def _toggle_aids(self) -> None:
        self.aids = not self.aids
        self._build()

    def _clock_choices(self) -> list[tuple[Clock | None, int | None]]:
        """The clocks offered, in click order: a turn clock, or on a server also a clock
        of days a move."""
        offered: list[tuple[Clock | None, int | None]] = [(c, None) for c in CLOCKS]
        if self.server:
            offered += [(None, days) for days in MOVE_DAYS]
        return offered

    def _clock_label(self) -> str:
        if self.per_move is not None:
            return _("Clock: {days}").format(days=days_label(self.per_move))
        return clock_button(self.clock)

    def _cycle_clock(self) -> None:
        offered = self._clock_choices()
        now = (self.clock, self.per_move)
        at = offered.index(now) if now in offered else -1
        self.clock, self.per_move = offered[(at + 1) % len(offered)]
        self._build()

    def choose_server(self) -> None:
        """This computer or a server: asked on a screen of its own."""
        def chosen(address: str) -> None:
            self.server = address
            if not address:
                self.per_move = None  # days a move: a server's table only
                self.public = False
            self._build()

        self.app.push(ServerChoiceScene(self.app, self.server, bool(self.server), chosen))

    def _tiles_label(self) -> str:
        typed = len(self.order.replace(",", " ").replace(";", " ").split())
        if self.seed is None and not typed:
            return _("Tiles: random")
        if not typed:
            return _("Tiles: seed {seed}").format(seed=self.seed)
        if self.seed is None:
            return ngettext("Tiles: {count} first", "Tiles: {count} first", typed).format(
                count=typed)
        return ngettext("Tiles: seed {seed}, {count} first", "Tiles: seed {seed}, {count} first",
                        typed).format(seed=self.seed, count=typed)

    def choose_tiles(self) -> None:
        """The seed and the tiles drawn first, typed on a screen of their own."""
        def chosen(seed: int | None, order: str) -> None:
            self.seed, self.order = seed, order
            self._build()

        self.app.push(TileOrderScene(self.app, self._tileset(), self.seed, self.order, chosen))

    def _cycle_watchers(self) -> None:
        self.watchers = WATCHERS[(WATCHERS.index(self.watchers) + 1) % len(WATCHERS)]
        self._build()

    def _toggle_public(self) -> None:
        self.public = not self.public
        self._build()

    def _choose_game(self, gid: str) -> Callable[[], None]:
        def fn() -> None:
            self.game_id = gid
            self.expansions = []
            self.options = {}
            self._build()
        return fn

    def _toggle_expansion(self, eid: str) -> Callable[[], None]:
        def fn() -> None:
            if eid in self.expansions:
                self.expansions.remove(eid)
            else:
                self.expansions.append(eid)
            self._build()
        return fn

    def _cycle_option(self, name: str) -> Callable[[], None]:
        def fn() -> None:
            ts = self._tileset()
            if ts is None:
                return
            opt = ts.options[name]
            current = self.options.get(name, opt.default)
            self.options[name] = opt.values[(opt.values.index(current) + 1) % len(opt.values)]
            self._build()
        return fn

    def start(self) -> None:
        for i, s in enumerate(self.seats):
            s.name = " ".join(s.name.split())[:24] or _("Player {number}").format(number=i + 1)
        if len({s.name for s in self.seats}) != len(self.seats):
            self.app.push(MessageScene(self.app, _("Two players share a name"),
                                       _("Give every player a different name.")))
            return
        if self.hosting:
            self.host()
            return
        try:
            tileset = self.app.registry.ruleset(self.game_id, self.expansions)
            order = read_order(tileset, self.order)
            session = Session.new(self.app.registry, self.game_id, self.expansions, self.seats,
                                  self.options, seed=self.seed, aids=self.aids, order=order)
        except OrderError as exc:  # the game or its expansions changed since it was typed
            self.app.push(MessageScene(self.app, _("This game cannot start"),
                                       order_refusal(exc)))
            return
        except (KeyError, RulesError) as exc:
            self.app.push(MessageScene(self.app, _("This game cannot start"), str(exc)))
            return
        self._remember()
        self.app.replace(PlayScene(self.app, session))

    def host(self) -> None:
        """Serve the game as a network table from this window, or have a server make it;
        its lobby opens."""
        config = self.app.config
        here = [s for s in self.seats if s.kind == Person.HUMAN]
        if self.server:
            self.host_on_server(here[0].name if here else _("Host"))
            return
        pace = TABLE_PACES.get(str(self.app.settings.get("computer_pace")), 0.55)
        table = TableConfig(
            self.game_id, tuple(self.expansions), tuple(self.options.items()),
            tuple(TABLE_SEATS.get(s.kind, s.kind) for s in self.seats),  # or its level
            tuple(s.name for s in self.seats), self.clock if self.hosting else None,
            takeover=0, auto_start=False, pace=pace,
            colours=tuple(s.colour for s in self.seats), aids=self.aids,
            watchers=self.watchers)
        try:
            link = host_table(self.app.registry, self.app.storage, table,
                              here[0].name if here else _("Host"),
                              Listening(config.host_interface, config.host_port,
                                        config.host_address))
        except (OSError, ValueError, KeyError, RulesError) as exc:
            self.app.push(MessageScene(self.app, _("The table cannot be opened"), str(exc)))
            return
        self._remember()
        hosted.remember(self.app.settings, link)
        self.app.push(LobbyScene(self.app, link))

    def host_on_server(self, name: str) -> None:
        """Have the chosen server make the table, with this set-up: this window takes its
        host's seats there (nobody forwards a port)."""
        try:
            server = server_link(self.server)
        except ValueError as exc:
            self.app.push(MessageScene(self.app, _("The table cannot be opened"), str(exc)))
            return
        setup = {"game": self.game_id, "expansions": list(self.expansions),
                 "options": [[k, v] for k, v in self.options.items()],
                 "seats": [TABLE_SEATS.get(s.kind, s.kind) for s in self.seats],
                 "names": [s.name for s in self.seats],
                 "clock": list(self.clock) if self.clock else None,
                 "per_move": self.per_move, "aids": self.aids,
                 "colours": [s.colour for s in self.seats], "watchers": self.watchers,
                 "public": self.public}
        self._remember()
        link = create_table(self.app.registry, self.app.storage, server, setup, name)
        self.app.push(LobbyScene(self.app, link))

    def _remember(self) -> None:
        settings = self.app.settings
        settings.remember("game", self.game_id)
        settings.remember("players", [{"name": s.name, "colour": s.colour, "kind": s.kind}
                                      for s in self.seats])
        settings.remember("setup", {"expansions": list(self.expansions),
                                    "options": dict(self.options),
                                    "clock": list(self.clock) if self.clock else None,
                                    "aids": self.aids, "server": self.server,
                                    "per_move": self.per_move, "watchers": self.watchers,
                                    "public": self.public})

    # -- events and drawing
    def handle(self, intent: Intent) -> None:
        if isinstance(intent, PointerMove):
            self.mouse = intent.pos
        if self.fields_took(intent):
            return
        for b in self.widgets:
            if b.handle(intent):
                return
        if intent is Command.BACK:
            self.app.pop()
        elif intent is Command.CONFIRM and not self.app.input.text_focus:
            self.start()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.TABLETOP)
        res = self.app.res
        px = res.px
        c = self.card
        panel(surface, c, radius=px(18), alpha=250)
        blit_centred(surface, res.heading(_("New game"), 42, pal.TEXT),
                     (c.centerx, c.y + px(36)))
        surface.blit(res.text(_("Players, in seat order"), 24, pal.TEXT_DIM, bold=True),
                     (c.x + px(30), c.y + px(76)))
        right = c.x + px(RIGHT_X)
        surface.blit(res.text(_("Game"), 24, pal.TEXT_DIM, bold=True), (right, c.y + px(76)))
        games = len(self.app.registry.games())
        for i, line in enumerate(self.note):
            surface.blit(res.text(line, 16, pal.TEXT_DIM),
                         (right + px(4), c.y + px(112 + games * GAME_ROW + 20 * i)))
        if self.app.registry.expansions(self.game_id):
            surface.blit(res.text(_("Expansions"), 22, pal.TEXT_DIM, bold=True),
                         (right, self.expansions_top))
        tileset = self._tileset()
        if tileset is not None and tileset.options:
            surface.blit(res.text(_("Rule options"), 22, pal.TEXT_DIM, bold=True),
                         (right, self.options_top))
        for b in self.widgets:
            b.draw(surface, res)
        for i, seat in enumerate(self.seats):
            swatch = pygame.Rect(c.x + px(30), c.y + px(110 + i * ROW), px(44), px(44))
            sprite = (figure_sprite(tileset.looks, next(iter(tileset.figures))) if tileset
                      else "follower")
            img = res.figures.figure(sprite, seat.rgb, px(36))
            blit_centred(surface, img, swatch.center)
        for f in self.fields:
            f.draw(surface, res)
        self._draw_kinds_help(surface)
        for i, seat in enumerate(self.seats):
            if seat.kind == Person.OPEN:  # no name yet: whoever joins brings theirs
                line = fit_text(res, _("joins over the network"), 18, px(166))
                surface.blit(res.text(line, 18, pal.TEXT_DIM),
                             (c.x + px(92), c.y + px(110 + i * ROW + 12)))
        hovered = self.hovered_option()
        tileset = self._tileset()
        if hovered is not None and tileset is not None:
            # The rulebook's sentence in the window's language, the original under it.
            quote = option_quote(tileset, hovered.option)
            above_buttons = pygame.Rect(c.x, c.y, c.w, self.buttons_top - px(8) - c.y)
            draw_tooltip(surface, res, _("The rulebook says:"), quote or hovered.source,
                         hovered.button.rect, source=hovered.source if quote else "",
                         within=above_buttons)
        elif hovered is None:
            self._draw_rating_detail(surface)
        errors = self.app.registry.errors
        y = c.bottom - px(130)
        for err in errors[:3]:
            where = Path(err.path).name + (f":{err.line}" if err.line else "")
            line = fit_text(res, _("Not loaded: {file}: {problem}").format(
                file=where, problem=err.problem), 17, px(RIGHT_X - 60))
            surface.blit(res.text(line, 17, pal.ILLEGAL), (c.x + px(30), y))
            y += px(20)


    def _draw_kinds_help(self, surface: pygame.Surface) -> None:
        """Under the players, how to seat a computer: the Human button turns a seat into
        one, at the level it shows; then the ladder of levels, each with its rating in the
        chosen game and how it plays (the levels seated stand out); told where the rows
        leave room for them.  Before them, at a network table, that the tile draws chosen
        are set aside: the host would know them."""
        res = self.app.res
        px = res.px
        width = px(RIGHT_X - 60)
        self.ladder_rows = []  # none under the pointer unless drawn this frame
        blocks: list[tuple[str, pal.Colour]] = []
        if self.hosting and (self.seed is not None or self.order.strip()):
            blocks.append((_("A network table deals its tiles at random: the seed and tiles "
                             "chosen are for games on this computer."), pal.ILLEGAL))
        blocks.append((_("To play against the computer, click “{human}”: each click chooses "
                         "another level").format(human=kind_name(Person.HUMAN)),
                       pal.TEXT_DIM))
        if self.results.file.problem is not None:
            blocks.append((results_problem(self.results.file.problem, self.results.file.kept),
                           pal.ILLEGAL))
        y = self.kinds_help_top
        for text, colour in blocks:  # each whole, or not at all
            lines = wrap_text(res, text, 17, width)
            if y + px(20) * len(lines) > self.buttons_top - px(8):
                return
            for line in lines:
                surface.blit(res.text(line, 17, colour), (self.card.x + px(30), y))
                y += px(20)
            y += px(8)
        key = ladder_key(self.game_id, self.expansions)
        room = pygame.Rect(self.card.x + px(30), y + px(6), width,
                           self.buttons_top - px(8) - y - px(6))
        self.ladder_rows = draw_ladder(
            surface, res, self.ladder, (self.game_id, self.expansions), LADDER_LEVELS,
            {s.kind for s in self.seats}, room,
            {level: self.results.of(key, level) for level in LADDER_LEVELS})

    def _draw_rating_detail(self, surface: pygame.Surface) -> None:
        """How the level under the pointer plays, and what its rating rests on."""
        level = next((lv for lv, rect in self.ladder_rows if rect.collidepoint(self.mouse)),
                     None)
        if level is None:
            return
        rated = self.ladder.rating(self.game_id, self.expansions, level)
        told = how_it_plays(level)  # also where the ladder had no room to say it
        told = told[:1].upper() + told[1:] + "."
        if rated is not None:
            told += " " + rating_detail(rated.rating, rated.low, rated.high, rated.games)
        c, px = self.card, self.app.res.px
        above_buttons = pygame.Rect(c.x, c.y, c.w, self.buttons_top - px(8) - c.y)
        draw_tooltip(surface, self.app.res, kind_name(level), told,
                     dict(self.ladder_rows)[level], within=above_buttons)


def _printable(value: object) -> str:
    """A remembered value as text a font can draw (the settings file may hold anything)."""
    return "".join(c for c in str(value) if c.isprintable())
