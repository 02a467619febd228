"""The one generic game app every game uses: table, moves, log, seats, undo, save.

Projector first: the app fills the screen (a header, then the table on the left and a side
panel on the right with whose turn it is, the moves that can be made now and the latest
events), so nothing a move needs is below the fold. **Present** hides the notebook around it.

A game's renderer (``ui/games/<game>.py``, which builds the app) is handed in: it keeps the
contract of ``renderer.Renderer`` (the table, the headline, log lines, moves' groups, words and
places on the table, seats' names, the end; and the teaching layer: a "how to play", a first
game's hints, the game's science moments as a show, an ending that says what the game showed).
The app only ever hands the renderer and the bots a ``view`` (and the public log's records).

On a projector (**Present**) the class screen holds what the class needs now: the table, whose
turn, the moves, the newest event large, the show; the parts of the table a renderer marks
``btl-detail`` (a score table, a market), the log and the moves that are all on the table fold
away, and **Details** opens them for the teacher.
"""
from __future__ import annotations

import base64
import html
import re
from typing import Callable

import ipywidgets as w

from ...core.bots import play_turns
from ...core.i18n import t
from ...core.playing import make_bot
from ...core.registry import load, spec
from ...core.saves import SaveError, dumps, loads
from ...core.state import IllegalAction
from ...core.tables import Keeper, TableError
from ..common.assets import FOCUS_CSS, static_text
from ..common.widgets import WIDE, replace_children
from .renderer import Renderer
from .show import ShowView, Step
from .table import LiveText, TableView

MAX_SEED = 2**31 - 1
HUMAN = "human"
LOG_LINES = 40  # the side panel's "what happened", newest first
ANNOUNCED = 4  # a screen reader reads out at most this many of the newest events after a move


def stylesheet() -> w.HTML:
    """The game app's style: the kit's focus ring (static/focus.css), then app.css."""
    return w.HTML(f"<style>{FOCUS_CSS}{static_text(__package__, 'app.css')}</style>")


def css_name(key: str) -> str:
    """A part of the table's key ("problem:3") as a CSS class's name ("problem-3")."""
    return re.sub(r"[^A-Za-z0-9_-]", "-", key)


def _button(description: str, *classes: str) -> w.Button:
    button = w.Button(description=description, tooltip=description, layout=w.Layout(width="auto"))
    for c in classes:
        button.add_class(c)
    return button


class GameApp:
    """``GameApp("pentaquark", renderer).widget`` is the whole app, ready to display (a game's
    renderer module builds it: ``ui.games.pentaquark.app()``).

    ``hand_privacy=False`` drops the pass-the-device screen (a class on one projector sees
    everything anyway: the school game); otherwise a game of several seats offers to drop it in
    its settings, "Open hands" (every look public), at once. ``debrief(state, close)`` returns a
    widget that debriefs a game: with it the app offers a **Debrief** button; ``header`` widgets
    (a lesson clock) join the header; ``settings`` widgets join the settings row (they take
    effect with New game). ``introduce``: the "how to play" opens with the app; ``guided``: the
    first game shows hints that point at the table (switched off once it ends; **Hints** turns
    them on and off). ``table``: the game of a class's table (``core.tables.Keeper``), resumed at its
    last stored move, every move stored as it is made; a table's game is its own: no new game, no
    undo, no other game loaded.
    """

    def __init__(self, game: str, renderer: Renderer, seed: int | None = None, seats: list[str] | None = None,
                 *, title: str | None = None, hand_privacy: bool = True,
                 debrief: Callable | None = None, header: tuple = (), settings: tuple = (),
                 introduce: bool = True, guided: bool = True, table: Keeper | None = None, **options):
        self.game = game
        self.options = options
        self.renderer = renderer
        self.seats = list(seats or default_seats(game, options.get("players")))
        self.hand_privacy = hand_privacy
        self.debrief = debrief
        self.undo_stack: list = []
        self.state = None
        self.passed_to: int | None = None  # the seat that has the device (hot-seat)
        self.hints_on = guided  # the first game's hints (off once it ends)
        self.guiding = guided
        self._shown = 0  # the public log's records already turned into the show's moments
        self._ended = False  # the end's show was given
        self.targets: dict[str, list] = {}  # this turn's parts of the table -> their moves (refresh)
        self.legal: list = []  # this turn's moves, and the view they are drawn from (refresh)
        self.view: dict | None = None

        # a game's number: the same number deals the same game again (its label whole in every language)
        self.seed_box = w.Text(description=t("app.seed"), style=WIDE, layout=w.Layout(width="auto"))
        self.seed_box.add_class("btl-seed")
        self.new_button = _button(t("app.new_game"), "btl-new")
        self.replay_button = _button(t("app.replay"), "btl-replay")
        self.how_button = _button(t("app.how_to_play"), "btl-how")
        self.hints_button = _button("", "btl-hints-toggle")
        self.settings_button = _button(t("app.settings"), "btl-settings-toggle")
        self.undo_button = _button(t("app.undo"), "btl-undo")
        self.details_button = _button(t("app.details_show"), "btl-details-toggle")
        self.present_button = _button(t("app.present"), "btl-present-toggle")
        self.debrief_button = _button(t("app.debrief"), "btl-debrief-open")
        self.new_button.on_click(lambda _: self._new_game_pressed())
        self.replay_button.on_click(lambda _: self.new_game(self.state.seed))
        self.how_button.on_click(lambda _: self.how_to_play())
        self.hints_button.on_click(lambda _: self.guide(not self.hints_on))
        self.settings_button.on_click(lambda _: self.show_settings(not self.settings_shown))
        self.undo_button.on_click(lambda _: self.undo())
        self.details_button.on_click(lambda _: self.show_details(not self.details_shown))
        self.present_button.on_click(lambda _: self.present(not self.presenting))
        self.debrief_button.on_click(lambda _: self.open_debrief())
        self.save_link = w.HTML()
        self.upload = w.FileUpload(accept=".json", multiple=False, description=t("app.resume"),
                                   layout=w.Layout(width="auto"))
        self.upload.add_class("btl-resume")
        self.upload.observe(self._on_upload, names="value")

        self.headline = w.HTML()
        self.latest = w.HTML()  # the class screen's newest event, large (the log folds away there)
        self.latest.add_class("btl-latest")
        self.show = ShowView()  # the game's moments, large over the table
        self.show.add_class("btl-show-widget")
        self.status = LiveText()  # read out when it changes, like the announcer
        # For a screen reader: what just happened and whose turn it is (hidden on the screen,
        # where the log and the headline say it)
        self.announcer = LiveText()
        self.announcer.add_class("btl-sr-only")
        self._announced = 0  # the log records already read out
        self.table = TableView()
        self.table.add_class("btl-table-widget")
        self.table.on_press(self.press)
        self.moves = w.VBox()
        self.moves.add_class("btl-moves")
        self.log = w.HTML()
        self.log.add_class("btl-log-box")
        self.seat_chooser = SeatChooser(game, self.seats)
        # A room that agreed to play with open hands (every look public) is spared the pass click
        self.open_hands = w.Checkbox(value=False, description=t("app.open_hands"), indent=False,
                                     layout=w.Layout(width="auto"))
        self.open_hands.add_class("btl-open-hands")
        self.open_hands.observe(lambda change: self.play_open_hands(change["new"]), names="value")
        offered = [self.open_hands] if hand_privacy and self.seat_chooser.active else []

        tools = [self.new_button, self.how_button, self.hints_button, self.settings_button, self.undo_button,
                 self.details_button, self.present_button] + ([self.debrief_button] if debrief else [])
        self.toolbar = _box(w.HBox, tools, "btl-toolbar")
        name = title or t(f"{game}.title")  # the game's name in the page's language
        self.header = _box(w.HBox, [w.HTML(f'<div class="btl-title" title="{html.escape(name)}">{html.escape(name)}</div>'),
                                    *header, self.toolbar], "btl-header")
        self.settings = _box(w.HBox, [self.seed_box, self.replay_button, self.seat_chooser.widget, *offered,
                                      *settings, self.save_link, self.upload],
                             "btl-settings")
        self.settings_shown = True
        self.details_shown = False
        log_label = w.HTML(f'<h2 class="btl-group-label">{t("app.log")}</h2>')
        for folded in (log_label, self.log):  # on the class screen, for the teacher to open
            folded.add_class("btl-detail")
        side = [self.announcer, self.headline, self.latest, self.status,
                w.HTML(f'<h2 class="btl-group-label btl-moves-label" title="{html.escape(t("app.hints"))}">'
                       f'{t("app.your_moves")}</h2>'), self.moves, log_label, self.log]
        self.side = _box(w.VBox, side, "btl-side")
        self.board = _box(w.Box, [self.table, self.show], "btl-board")
        self.game_view = _box(w.Box, [self.board, self.side], "btl-main")
        self.main = _box(w.Box, [self.game_view], "btl-body")
        self.widget = _box(w.VBox, [stylesheet(), self.header, self.settings, self.main], "btl-app", "btl-game-app")
        self.presenting = False
        self.show_settings(False)  # "Settings" opens them: the table gets the whole screen
        self.details_button.layout.display = "none"  # a class screen's tool
        self.guide(guided)
        self.keeper = table
        if table is None:
            self.new_game(seed)
        else:
            for own in (self.new_button, self.replay_button, self.undo_button, self.seed_box, self.upload,
                        self.seat_chooser.widget):
                own.layout.display = "none"
            self._start(table.state, t("app.at_table", name=table.name, n=len(table.state.history)))
        if introduce:
            self.how_to_play()

    # -- game life -------------------------------------------------------------------------------
    def new_game(self, seed=None) -> None:
        """A new game with the seats chosen in the seat chooser (if the game has one)."""
        if self.keeper is not None:
            return self._say(t("app.table_own_game"), error=True)
        if self.seat_chooser.active:
            self.seats = self.seat_chooser.seats()
            self.options["players"] = len(self.seats)
        if seed in (None, ""):
            state = load(self.game, **self.options)
        elif (number := _game_number(seed)) is None:
            return self._say(t("app.bad_seed"), error=True)
        else:
            state = load(self.game, seed=number, **self.options)
        self._start(state, t("app.started"))  # the game number is in the settings (seed_box), not said

    def _new_game_pressed(self) -> None:
        """New game, as the button starts it: a new deal, or the game whose number was typed into
        the settings (the number of the game on the table deals a new one: Replay replays it).
        The settings have done their work and fold away, before the new table is drawn: folded
        after, they would move the table up under a student's pointer (or a test's measure)."""
        typed = self.seed_box.value.strip()
        asked = typed if typed and typed != str(self.state.seed) else None
        if asked is None or _game_number(asked) is not None:
            self.show_settings(False)
        self.new_game(asked)

    def _start(self, state, message: str) -> None:
        self.state = state
        self.bots = {seat: make_bot(self.game, name, state.seed * 31 + seat)
                     for seat, name in enumerate(self.seats) if name != HUMAN}
        self.undo_stack = []
        self._announced = 0
        self._shown = len(state.log.to_records(None))  # a game's set-up is no moment
        self._ended = state.is_over()
        self.show.steps = []
        self.seed_box.value = str(state.seed)
        self.show_game()
        made = play_turns(self.state, self.bots, forced=True)
        if not self._kept():
            return
        self._say(_joined(message, self._made_words(made)))
        self.refresh()

    def act(self, action) -> None:
        """A human's move (what a button press or a press on the table does)."""
        before = self.state.clone()
        try:
            self.state.apply(action)
        except IllegalAction as err:
            return self._say(t("app.illegal", why=err), error=True)
        self.undo_stack.append(before)
        made = play_turns(self.state, self.bots, forced=True)
        if not self._kept():
            return
        self._say(self._made_words(made))
        self.refresh()

    def _kept(self) -> bool:
        """At a table: the moves just made stored in the class file, and the game as it stores it.
        A move it refuses (another device at this table moved first) is said in words, and the
        table's game as stored is drawn instead (False)."""
        if self.keeper is None:
            return True
        try:
            self.state = self.keeper.keep(self.state)
            return True
        except TableError as err:
            refused = err.message
        try:
            self.state = self.keeper.reload()
        except TableError as err:
            refused = err.message
        self.undo_stack = []
        self._shown = len(self.state.log.to_records(None))
        self._ended = self.state.is_over()
        self._say(refused, error=True)
        self.refresh()
        return False

    def press(self, key: str, choice: int | None = None) -> None:
        """A part of the table was pressed: its one move is made; a part with several moves opens
        them beside it, on the table (``choice``: the one then pressed)."""
        actions = self.targets.get(key, [])
        if choice is not None and 0 <= choice < len(actions):
            return self.act(actions[choice])
        if len(actions) == 1:
            return self.act(actions[0])
        if actions:
            self.table.choices = {"key": key, "title": t("app.choose_for", n=len(actions)),
                                  "options": [self.renderer.move_words(a, self.view) for a in actions]}

    def undo(self) -> None:
        if self.keeper is not None:  # a stored move is the class's: no device takes it back
            return self._say(t("app.table_own_game"), error=True)
        if not self.undo_stack:
            return self._say(t("app.nothing_to_undo"), error=True)
        self.state = self.undo_stack.pop()
        self._shown = len(self.state.log.to_records(None))  # what was undone is shown no more
        self._ended = self.state.is_over()
        self.show.steps = []
        self._say("")
        self.refresh()

    def resume(self, text: str | bytes) -> bool:
        """Load a saved game; a refused file leaves the current game untouched."""
        if self.keeper is not None:
            return self._refuse(t("app.table_own_game"))
        try:
            state = loads(text)
        except SaveError as err:  # loads refuses everything it cannot load with a SaveError
            return self._refuse(err.message, err.detail)
        if state.name != self.game:
            return self._refuse(t("app.other_game", game=spec(state.name).title))
        self.options = {k: v for k, v in state.options.items()}
        # who plays each seat: what the chooser shows (a teacher may have set it for this game)
        chosen = self.seat_chooser.picks(state.players) if self.seat_chooser.active else self.seats
        self.seats = (chosen + default_seats(self.game, state.players))[:state.players]
        self.seat_chooser.show(self.seats)
        self._start(state, t("app.loaded", n=len(state.history)))
        return True

    def _refuse(self, why: str, detail: str = "") -> bool:
        """A refused file, in a teacher's words; the developers' detail folds away below them."""
        self._say(t("app.load_failed", why=why) + " " + t("app.kept"), error=True, detail=detail)
        return False

    def _on_upload(self, change) -> None:
        files = change["new"]
        if files:
            self.resume(bytes(files[0]["content"]))
            self.upload.value = ()

    def _made_words(self, made) -> str:
        """"Made for you: ..." for the moves that had only one possible choice."""
        if not made:
            return ""
        return t("app.made_for_you", moves="; ".join(f"{self.renderer.seat_name(p)}: {a}" for p, a in made))

    def play_open_hands(self, on: bool = True) -> None:
        """Open hands: every look is public and the table stays on the screen (no pass screen).
        Turned off, the seat to play holds the device: the next human seat gets the pass screen."""
        self.hand_privacy = not on
        self.passed_to = None if on else self.viewer()
        if self.state is not None:
            self.refresh()

    # -- screens ---------------------------------------------------------------------------------
    def present(self, on: bool = True) -> None:
        """Presentation mode, the class screen: the app covers the page (the notebook's text and the
        settings go), in type read from the back row; details fold away (**Details** opens them)."""
        self.presenting = on
        (self.widget.add_class if on else self.widget.remove_class)("btl-presenting")
        self.present_button.description = t("app.present_end" if on else "app.present")
        self.present_button.tooltip = self.present_button.description
        self.details_button.layout.display = "" if on else "none"
        self.show_details(False)
        self.show_settings(self.settings_shown)

    def show_details(self, on: bool = True) -> None:
        """On the class screen, the details the teacher opens: the score table, the log ..."""
        self.details_shown = on
        (self.widget.add_class if on else self.widget.remove_class)("btl-details-open")
        self.details_button.description = t("app.details_hide" if on else "app.details_show")
        self.details_button.tooltip = self.details_button.description

    def how_to_play(self) -> None:
        """The game's "how to play" (a screen or less, with a picture of the table), over the table."""
        self.show.show(self.renderer.how_to_play())

    def guide(self, on: bool = True) -> None:
        """Hints on or off: what to do now, and the part of the table it is done on."""
        self.hints_on = on
        self.hints_button.description = t("app.hints_shown" if on else "app.hints_hidden")
        self.hints_button.tooltip = self.hints_button.description
        if self.state is not None:
            self._draw_hint(self.view if self.viewer() is not None and not self.state.is_over() else None)

    def show_settings(self, on: bool = True) -> None:
        self.settings_shown = on
        shown = on and not self.presenting
        self.settings.layout.display = "" if shown else "none"
        (self.widget.add_class if shown else self.widget.remove_class)("btl-settings-open")  # tables size by it
        self.settings_button.description = t("app.settings_hide" if on else "app.settings")

    def open_debrief(self) -> None:
        """The debrief of this game (a copy: the game itself goes on unchanged)."""
        if self.debrief is None:
            return
        self.main.children = (self.debrief(self.state.clone(), close=self.show_game),)  # the game view stays
        self.widget.add_class("btl-debriefing")

    def show_game(self) -> None:
        replace_children(self.main, (self.game_view,))  # a debrief shown is closed
        self.widget.remove_class("btl-debriefing")

    # -- drawing ---------------------------------------------------------------------------------
    def _say(self, message: str, error: bool = False, detail: str = "") -> None:
        css = "btl-status btl-error" if error else "btl-status"
        more = (f'<details class="btl-detail"><summary>{html.escape(t("app.details"))}</summary>'
                f'{html.escape(detail)}</details>' if detail else "")
        self.status.value = f'<div class="{css}">{html.escape(str(message))}{more}</div>' if message else ""

    def viewer(self) -> int | None:
        """Whose eyes are on the screen: the human to play, or None (spectator)."""
        player = self.state.current_player()
        return player if player is not None and player not in self.bots else None

    def refresh(self) -> None:
        state, viewer = self.state, self.viewer()
        humans = [s for s, name in enumerate(self.seats) if name == HUMAN]
        # Undo works on the pass screen too: who just moved still holds the device ("I misclicked")
        self.undo_button.disabled = not self.undo_stack
        self.targets = {}
        # the show first: a page (or a test) that sees the new table sees the moments over it too
        self._show_moments()
        if self.hand_privacy and len(humans) > 1 and viewer is not None and viewer != self.passed_to:
            return self._pass_screen(viewer)
        # the view and the legal moves once a redraw: the table, the moves and their words read them
        view = state.view(viewer)
        over = state.is_over()
        legal = state.legal_actions() if viewer is not None and not over else []
        self.targets = self._targets_of(legal)
        # data-moves lets tests and benchmarks see that a click has been answered
        self.legal, self.view = legal, view
        with self.table.hold_sync():
            self.table.value = (f'<div class="btl-table" data-moves="{len(state.history)}" '
                                f'data-over="{str(over).lower()}">{self.renderer.table(view)}</div>')
            self.table.targets = sorted(self.targets)
            self.table.choices = {}
            self._draw_hint(view if viewer is not None and not over else None)
        self.headline.value = f'<div class="btl-headline">{self.renderer.headline(view)}</div>'
        self._draw_moves()
        records = state.log.to_records(viewer)
        self._draw_log(records)
        self.latest.value = (f'<div class="btl-latest-line">{html.escape(self.renderer.event(records[-1]))}</div>'
                             if records else "")
        self._announce(records, view)
        self._draw_save_link(state)

    def _draw_hint(self, view) -> None:
        """The first game's hint for the seat to play (``view`` None: none now): a note on the table
        beside the part it points at (marked), or at the table's top for a move by a button."""
        found = self.renderer.hint(view) if self.hints_on and view is not None else None
        words, key = found if found else ("", "")
        with self.table.hold_sync():
            self.table.hint = words
            self.table.hinted = key if key in self.targets else ""

    def _show_moments(self) -> None:
        """The game's moments since the last redraw, as a show over the table (public records
        only: the show is the class's); at the game's end, what the game showed, as its last step."""
        public = self.state.log.to_records(None)
        earlier, new, self._shown = public[:self._shown], public[self._shown:], len(public)
        steps = list(self.renderer.moments(new, self.state.view(None), earlier)) if new else []
        if self.state.is_over() and not self._ended:
            self._ended = True
            ending = self._ending(public)
            steps.append(Step(t("app.what_it_showed"), ending, _plain(ending), "end"))
            if self.guiding:  # the first game is over: no more hints unless asked for
                self.guiding = False
                self.guide(False)
        if steps:
            self.show.show(steps)

    def _ending(self, public) -> str:
        return self.renderer.ending(self.state.view(None), public)

    def _announce(self, records, view) -> None:
        """Read out the events since the last redraw (the newest few) and whose turn it is now."""
        new = records[self._announced:]
        self._announced = len(records)
        words = [self.renderer.event(r) for r in new[-ANNOUNCED:]]
        if self.state.is_over():
            words.append(t("app.game_over") + ". " + _plain(self.renderer.summary(self.state.view(None)))[:300])
        else:
            words += [_plain(self.renderer.headline(view)), self.table.hint]  # the hint's note is heard too
        self.announcer.value = html.escape(" ".join(word for word in words if word))

    def _draw_save_link(self, state) -> None:
        try:
            blob = base64.b64encode(dumps(state).encode()).decode()
        except SaveError as err:  # a game set up with scripted chance: say so instead of a link
            self.save_link.value = f'<span class="btl-save-refused">{html.escape(err.message)}</span>'
            return
        name = f"{self.game}-seed{state.seed}-move{len(state.history)}.json"
        self.save_link.value = (f'<a download="{name}" href="data:application/json;base64,{blob}" '
                                f'class="btl-save" role="button">{t("app.save")}</a>')

    def _draw_log(self, records) -> None:
        # Newest first: on a projector the last move is what the room looks for. Numbers are
        # text, not list markers, so no number is ever cut at the edge.
        items = "".join(f'<li><span class="btl-log-n">{n}.</span><span>{html.escape(self.renderer.event(r))}</span></li>'
                        for n, r in reversed(list(enumerate(records, start=1))[-LOG_LINES:]))
        # a list that scrolls: reachable by the keyboard (tabindex), named for a screen reader
        self.log.value = (f'<div class="btl-log" tabindex="0" role="region" aria-label="{html.escape(t("app.log"))}">'
                          f'<ol>{items}</ol></div>')

    def _targets_of(self, legal) -> dict[str, list]:
        """The table's targets of this turn: key -> the legal moves that belong to it."""
        found: dict[str, list] = {}
        for action in legal:
            key = self.renderer.target(action)
            if key:
                found.setdefault(key, []).append(action)
        return found

    def _draw_moves(self) -> None:
        state = self.state
        if state.is_over():
            summary = self.renderer.summary(state.view(None))
            ending = self._ending(state.log.to_records(None))
            children = [w.HTML(f'<div class="btl-summary btl-move-{len(state.history)}">{summary}'
                               f'<div class="btl-ending">{ending}</div></div>')]
            if self.debrief:  # first: what the class does next
                debrief = _button(t("app.debrief_this"), "btl-action", "btl-debrief-now",
                                  f"btl-move-{len(state.history)}")
                debrief.on_click(lambda _: self.open_debrief())
                children.insert(0, debrief)
            replace_children(self.moves, children)
        elif self.viewer() is None:
            replace_children(self.moves, ())
        else:
            replace_children(self.moves, self._move_boxes(self.legal))

    def _move_boxes(self, actions):
        """The moves in their groups; groups of one move share a last row (their buttons say it all).
        A group whose moves are all parts of the table folds away (they are made there, by a press
        or by Tab then Enter), and a note says so."""
        groups: dict[str, list] = {}
        for action in actions:
            groups.setdefault(self.renderer.group(action), []).append(action)
        target = self.renderer.target
        boxes, singles = [], []
        for label, group in groups.items():
            if len(group) == 1 and len(groups) > 1:
                singles.append(self._move_button(group[0]))
                continue
            row = _move_row([self._move_button(a) for a in group])
            title = w.HTML(f'<div class="btl-group-label">{html.escape(label)}</div>')
            box = w.VBox([title, row])
            if all(target(a) in self.targets for a in group):
                box.add_class("btl-on-table")
            boxes.append(box)
        if singles:
            boxes.append(w.VBox([w.HTML(f'<div class="btl-group-label">{t("app.other_moves")}</div>')
                                 if boxes else w.HTML(""), _move_row(singles)]))
        if any("btl-on-table" in box._dom_classes for box in boxes):  # the class screen says where they went
            boxes.insert(0, w.HTML(f'<div class="btl-on-table-note">{html.escape(t("app.moves_on_table"))}</div>'))
        return tuple(boxes)

    def _move_button(self, action) -> w.Button:
        # a renderer may say more about a move than its own words (a test's chance of success)
        text = self.renderer.move_words(action, self.view)
        part = self.renderer.target(action)  # a move on the table: btl-for-<its part> says which
        button = _button(text, "btl-action", f"btl-move-{len(self.state.history)}",  # which table
                         *([f"btl-for-{css_name(part)}"] if part else []))
        button.on_click(lambda _, a=action: self.act(a))
        return button

    def _pass_screen(self, seat: int) -> None:
        """Hide the table until the next human says they hold the device. The screen is a table
        of this move (``data-moves``: a keyboard press that passed the device is answered, and
        table.js puts the focus on "I am ...", the one button, which has ``btl-pass-take``)."""
        who = self.renderer.seat_name(seat)
        ready = _button(t("app.i_am", who=who), "btl-action", "btl-pass-take")

        def take(_):
            self.passed_to = seat
            self.refresh()

        ready.on_click(take)
        # Beside the table first, the table last: its data-moves tells a page (a test, the keyboard's
        # guard) that the answer is drawn, so nothing moves the button after that. The first game's
        # note goes with the table: the seat that moved may have been told what the next may not see.
        self.headline.value = ""
        replace_children(self.moves, (ready,))
        self.log.value = ""
        with self.table.hold_sync():
            self.table.value = (f'<div class="btl-table" data-moves="{len(self.state.history)}" data-over="false">'
                                f'<div class="btl-pass-screen">{html.escape(t("app.pass_to", who=who))}</div></div>')
            self.table.targets = []
            self.table.choices = {}
            self.table.hint = self.table.hinted = ""
        self.announcer.value = html.escape(t("app.pass_to", who=who))


def _box(kind, children, *classes: str):
    box = kind(list(children))
    for c in classes:
        box.add_class(c)
    return box


def _game_number(text) -> int | None:
    """The game number typed, or None where it is not one (not a whole number, or out of range)."""
    try:
        number = int(str(text).strip())
    except ValueError:
        return None
    return number if 0 <= number <= MAX_SEED else None


def _move_row(buttons) -> w.HBox:
    row = w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))
    row.add_class("btl-move-row")
    return row


def _plain(fragment: str) -> str:
    """The words of an HTML fragment, white space folded (what a screen reader is given)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _joined(*sentences: str) -> str:
    return " ".join(s for s in sentences if s)


def default_bot(game: str) -> str:
    """The bot that fills seats unless told otherwise: the first that is not "random"."""
    bots = list(spec(game).bots)
    return next((name for name in bots if name != "random"), bots[0])


def default_seats(game: str, players: int | None = None) -> list[str]:
    """Seat 1 a person, the others the default bot: a game to play at once."""
    option = spec(game).options.get("players")
    n = players or (option.default if option else 1)
    return [HUMAN] + [default_bot(game)] * (n - 1)


class SeatChooser:
    """How many players, and who plays each seat: a person or a bot (for games of 2 or more)."""

    def __init__(self, game: str, seats: list[str]):
        option = spec(game).options.get("players")
        counts = list(option.choices) if option and option.choices else (
            list(range(option.low, option.high + 1)) if option and option.low is not None else [1])
        self.widget = w.HBox()
        self.widget.add_class("btl-seats")
        self.active = max(counts) > 1  # a solo game has nothing to choose
        if not self.active:
            return
        who = [(t("app.seat_human"), HUMAN)] + [(t("app.seat_bot", bot=t(f"bot_plays.{name}")), name)
                                                for name in spec(game).bots]
        # sized by their words in every language ("Paikka 1", "botti: heuristinen"), never a fixed width
        self.count = w.Dropdown(options=counts, value=len(seats), description=t("app.players"), style=WIDE,
                                layout=w.Layout(width="auto"))
        self.boxes = [w.Dropdown(options=who, value=HUMAN if i == 0 else default_bot(game),
                                 description=t("app.seat", seat=i + 1), style=WIDE, layout=w.Layout(width="auto"))
                      for i in range(max(counts))]
        self.count.observe(lambda _: self.show(), names="value")
        self.show(seats)

    def show(self, seats: list[str] | None = None) -> None:
        if not self.active:
            return
        if seats:
            self.count.value = len(seats)
            for box, name in zip(self.boxes, seats):
                box.value = name
        self.widget.children = (self.count, *self.boxes[:self.count.value])

    def seats(self) -> list[str]:
        """The seats for the next game (the chooser takes effect with "New game")."""
        return self.picks(self.count.value)

    def picks(self, n: int) -> list[str]:
        """Who the first ``n`` seats are, as chosen (a loaded game's seats: its count is the save's)."""
        return [box.value for box in self.boxes[:n]]
