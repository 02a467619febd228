"""The one generic game app every game uses: table, moves, log, seats, undo, save.

Projector first: the app fills the screen (a header, then the table on the left and a side
panel on the right with whose turn it is, the moves that can be made now and the latest
events), so nothing a move needs is below the fold. **Present** hides the notebook around it.

A game's renderer (``ui/games/<game>.py``, which builds the app) is handed in: it keeps the
contract of ``renderer.Renderer`` (the table, the headline, log lines, moves' groups, words and
places on the table, seats' names, the ending). The app only ever hands the renderer and the
bots a ``view``.
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

from .table import LiveText, TableView
from ..common.assets import FOCUS_CSS, static_text
from ..common.widgets import WIDE, replace_children
from .renderer import Renderer

MAX_SEED = 2**31 - 1
HUMAN = "human"
LOG_LINES = 40  # the side panel's "what happened", newest first
ANNOUNCED = 4  # a screen reader reads out at most this many of the newest events after a move
MANY = 2  # a group of more moves than this starts folded when its moves are all on the table too


def stylesheet() -> w.HTML:
    """The game app's style: the kit's focus ring (static/focus.css), then app.css."""
    return w.HTML(f"<style>{FOCUS_CSS}{static_text(__package__, 'app.css')}</style>")


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
    effect with New game).
    """

    def __init__(self, game: str, renderer: Renderer, seed: int | None = None, seats: list[str] | None = None,
                 *, title: str | None = None, hand_privacy: bool = True,
                 debrief: Callable | None = None, header: tuple = (), settings: tuple = (),
                 **options):
        self.game = game
        self.options = options
        self.renderer = renderer
        self.seats = list(seats or default_seats(game, options.get("players")))
        self.hand_privacy = hand_privacy
        self.debrief = debrief
        self.undo_stack: list = []
        self.state = None
        self.passed_to: int | None = None  # the seat that has the device (hot-seat)
        self.choosing: list | None = None  # the moves of one pressed target, when it has several
        self.targets: dict[str, list] = {}  # this turn's parts of the table -> their moves (refresh)
        self.legal: list = []  # this turn's moves, and the view they are drawn from (refresh)
        self.view: dict | None = None

        # the label whole in every language ("Startgetal (seed)"), the field as wide as a seed
        self.seed_box = w.Text(description=t("app.seed"), style=WIDE, layout=w.Layout(width="auto"))
        self.seed_box.add_class("btl-seed")
        self.new_button = _button(t("app.new_game"), "btl-new")
        self.settings_button = _button(t("app.settings"), "btl-settings-toggle")
        self.undo_button = _button(t("app.undo"), "btl-undo")
        self.present_button = _button(t("app.present"), "btl-present-toggle")
        self.debrief_button = _button(t("app.debrief"), "btl-debrief-open")
        self.new_button.on_click(lambda _: self._new_game_pressed())
        self.settings_button.on_click(lambda _: self.show_settings(not self.settings_shown))
        self.undo_button.on_click(lambda _: self.undo())
        self.present_button.on_click(lambda _: self.present(not self.presenting))
        self.debrief_button.on_click(lambda _: self.open_debrief())
        self.save_link = w.HTML()
        self.upload = w.FileUpload(accept=".json", multiple=False, description=t("app.resume"),
                                   layout=w.Layout(width="auto"))
        self.upload.add_class("btl-resume")
        self.upload.observe(self._on_upload, names="value")

        self.headline = w.HTML()
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

        tools = [self.new_button, self.settings_button, self.undo_button, self.present_button] + (
            [self.debrief_button] if debrief else [])
        self.toolbar = _box(w.HBox, tools, "btl-toolbar")
        name = title or spec(game).title
        self.header = _box(w.HBox, [w.HTML(f'<div class="btl-title">{html.escape(name)}</div>'),
                                    *header, self.toolbar], "btl-header")
        self.settings = _box(w.HBox, [self.seed_box, self.seat_chooser.widget, *offered, *settings, self.save_link,
                                      self.upload],
                             "btl-settings")
        self.settings_shown = True
        side = [self.announcer, self.headline, self.status,
                w.HTML(f'<h2 class="btl-group-label btl-moves-label" title="{html.escape(t("app.hints"))}">'
                       f'{t("app.your_moves")}</h2>'), self.moves,
                w.HTML(f'<h2 class="btl-group-label">{t("app.log")}</h2>'), self.log]
        self.side = _box(w.VBox, side, "btl-side")
        self.board = _box(w.Box, [self.table], "btl-board")
        self.game_view = _box(w.Box, [self.board, self.side], "btl-main")
        self.main = _box(w.Box, [self.game_view], "btl-body")
        self.widget = _box(w.VBox, [stylesheet(), self.header, self.settings, self.main], "btl-app", "btl-game-app")
        self.presenting = False
        self.show_settings(False)  # "Settings" opens them: the table gets the whole screen
        self.new_game(seed)

    # -- game life -------------------------------------------------------------------------------
    def new_game(self, seed=None) -> None:
        """A new game with the seats chosen in the seat chooser (if the game has one)."""
        if self.seat_chooser.active:
            self.seats = self.seat_chooser.seats()
            self.options["players"] = len(self.seats)
        if seed in (None, ""):
            state = load(self.game, **self.options)
        else:
            try:
                number = int(str(seed).strip())
                if not 0 <= number <= MAX_SEED:
                    raise ValueError
            except ValueError:
                return self._say(t("app.bad_seed"), error=True)
            state = load(self.game, seed=number, **self.options)
        self._start(state, t("app.started", seed=state.seed))

    def _new_game_pressed(self) -> None:
        """New game, as the button starts it: the settings have done their work and fold away."""
        self.new_game(self.seed_box.value)
        if self.state is not None and self.state.seed == _seed_or_none(self.seed_box.value):
            self.show_settings(False)

    def _start(self, state, message: str) -> None:
        self.state = state
        self.bots = {seat: make_bot(self.game, name, state.seed * 31 + seat)
                     for seat, name in enumerate(self.seats) if name != HUMAN}
        self.undo_stack = []
        self._announced = 0
        self.seed_box.value = str(state.seed)
        self.show_game()
        made = play_turns(self.state, self.bots, forced=True)
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
        self._say(self._made_words(made))
        self.refresh()

    def press(self, key: str) -> None:
        """A target on the table was pressed: its move, or its moves listed beside the table."""
        actions = self.targets.get(key, [])
        if len(actions) == 1:
            return self.act(actions[0])
        if actions:
            self.choosing = actions
            self._say(t("app.choose_one", n=len(actions)))
            self._draw_moves()

    def undo(self) -> None:
        if not self.undo_stack:
            return self._say(t("app.nothing_to_undo"), error=True)
        self.state = self.undo_stack.pop()
        self._say("")
        self.refresh()

    def resume(self, text: str | bytes) -> bool:
        """Load a saved game; a refused file leaves the current game untouched."""
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
        """Presentation mode: the app covers the page (the notebook's text and the settings go)."""
        self.presenting = on
        (self.widget.add_class if on else self.widget.remove_class)("btl-presenting")
        self.present_button.description = t("app.present_end" if on else "app.present")
        self.present_button.tooltip = self.present_button.description
        self.show_settings(self.settings_shown)

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
        self.choosing = None
        humans = [s for s, name in enumerate(self.seats) if name == HUMAN]
        # Undo works on the pass screen too: who just moved still holds the device ("I misclicked")
        self.undo_button.disabled = not self.undo_stack
        self.targets = {}
        if self.hand_privacy and len(humans) > 1 and viewer is not None and viewer != self.passed_to:
            return self._pass_screen(viewer)
        # the view and the legal moves once a redraw: the table, the moves and their words read them
        view = state.view(viewer)
        over = state.is_over()
        legal = state.legal_actions() if viewer is not None and not over else []
        self.targets = self._targets_of(legal)
        # data-moves lets tests and benchmarks see that a click has been answered
        with self.table.hold_sync():
            self.table.value = (f'<div class="btl-table" data-moves="{len(state.history)}" '
                                f'data-over="{str(over).lower()}">{self.renderer.table(view)}</div>')
            self.table.targets = sorted(self.targets)
        self.headline.value = f'<div class="btl-headline">{self.renderer.headline(view)}</div>'
        self.legal, self.view = legal, view
        self._draw_moves()
        records = state.log.to_records(viewer)
        self._draw_log(records)
        self._announce(records, view)
        self._draw_save_link(state)

    def _announce(self, records, view) -> None:
        """Read out the events since the last redraw (the newest few) and whose turn it is now."""
        new = records[self._announced:]
        self._announced = len(records)
        words = [self.renderer.event(r) for r in new[-ANNOUNCED:]]
        if self.state.is_over():
            words.append(t("app.game_over") + ". " + _plain(self.renderer.summary(self.state.view(None)))[:300])
        else:
            words.append(_plain(self.renderer.headline(view)))
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
            children = [w.HTML(f'<div class="btl-summary btl-move-{len(state.history)}">{summary}</div>')]
            if self.debrief:  # first: what the class does next
                debrief = _button(t("app.debrief_this"), "btl-action", "btl-debrief-now",
                                  f"btl-move-{len(state.history)}")
                debrief.on_click(lambda _: self.open_debrief())
                children.insert(0, debrief)
            replace_children(self.moves, children)
        elif self.viewer() is None:
            replace_children(self.moves, ())
        elif self.choosing:
            back = _button(t("app.all_moves"), "btl-all-moves")
            back.on_click(lambda _: (setattr(self, "choosing", None), self._draw_moves()))
            replace_children(self.moves, (*self._move_boxes(self.choosing, fold=False), back))
        else:
            replace_children(self.moves, self._move_boxes(self.legal))

    def _move_boxes(self, actions, fold: bool = True):
        """The moves in their groups; groups of one move share a last row (their buttons say it all)."""
        groups: dict[str, list] = {}
        for action in actions:
            groups.setdefault(self.renderer.group(action), []).append(action)
        on_table = set(self.targets) if fold else set()
        target = self.renderer.target
        boxes, singles = [], []
        for label, group in groups.items():
            if len(group) == 1 and len(groups) > 1:
                singles.append(self._move_button(group[0]))
                continue
            row = _move_row([self._move_button(a) for a in group])
            title = w.HTML(f'<div class="btl-group-label">{html.escape(label)}</div>')
            folded = fold and len(group) > MANY and all(target(a) in on_table for a in group)
            boxes.append(_folded(title, row, len(group)) if folded else w.VBox([title, row]))
        if singles:
            boxes.append(w.VBox([w.HTML(f'<div class="btl-group-label">{t("app.other_moves")}</div>')
                                 if boxes else w.HTML(""), _move_row(singles)]))
        return tuple(boxes)

    def _move_button(self, action) -> w.Button:
        # a renderer may say more about a move than its own words (a test's chance of success)
        text = self.renderer.move_words(action, self.view)
        button = _button(text, "btl-action", f"btl-move-{len(self.state.history)}")  # which table
        button.on_click(lambda _, a=action: self.act(a))
        return button

    def _pass_screen(self, seat: int) -> None:
        """Hide the table until the next human says they hold the device. The screen is a table
        of this move (``data-moves``: a keyboard press that passed the device is answered, and
        table.js puts the focus on "I am ...", the one button, which has ``btl-pass-take``)."""
        who = self.renderer.seat_name(seat)
        with self.table.hold_sync():
            self.table.value = (f'<div class="btl-table" data-moves="{len(self.state.history)}" data-over="false">'
                                f'<div class="btl-pass-screen">{html.escape(t("app.pass_to", who=who))}</div></div>')
            self.table.targets = []
        self.headline.value = ""
        ready = _button(t("app.i_am", who=who), "btl-action", "btl-pass-take")

        def take(_):
            self.passed_to = seat
            self.refresh()

        ready.on_click(take)
        replace_children(self.moves, (ready,))
        self.log.value = ""
        self.announcer.value = html.escape(t("app.pass_to", who=who))


def _box(kind, children, *classes: str):
    box = kind(list(children))
    for c in classes:
        box.add_class(c)
    return box


def _seed_or_none(text):
    try:
        return int(str(text).strip())
    except ValueError:
        return None


def _move_row(buttons) -> w.HBox:
    row = w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))
    row.add_class("btl-move-row")
    return row


def _plain(fragment: str) -> str:
    """The words of an HTML fragment, white space folded (what a screen reader is given)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _joined(*sentences: str) -> str:
    return " ".join(s for s in sentences if s)


def _folded(title: w.HTML, row: w.HBox, n: int) -> w.VBox:
    """A long group of moves shown as one button that unfolds it (its moves are on the table)."""
    toggle = _button(t("app.show_moves", n=n), "btl-unfold")
    toggle.tooltip = t("app.show_moves_hint")
    row.layout.display = "none"

    def unfold(_):
        row.layout.display = ""
        toggle.layout.display = "none"

    toggle.on_click(unfold)
    return w.VBox([title, toggle, row])


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
        who = [(t("app.seat_human"), HUMAN)] + [(t("app.seat_bot", bot=t(f"bot.{name}")), name) for name in spec(game).bots]
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
