"""The one generic game app every game uses: table, moves, log, seats, undo, save.

A game plugs in a *renderer* (``btlgames.ui.<game>``, or what its ``renderer(**options)``
returns) with four functions:
``table(view) -> html``, ``event(record) -> words``, ``group(action) -> label`` and
``summary(view) -> html``.
The app only ever hands the renderer and the bots a ``view``.
"""
from __future__ import annotations

import base64
import html
import importlib
from importlib import resources

import ipywidgets as w

import btlgames
from btlgames.core.bots import play_turns
from btlgames.core.i18n import t
from btlgames.core.registry import spec
from btlgames.core.saves import SaveError, dumps, loads
from btlgames.core.simulate import make_bot
from btlgames.core.state import IllegalAction

MAX_SEED = 2**31 - 1
HUMAN = "human"


def stylesheet() -> w.HTML:
    css = (resources.files("btlgames.ui") / "static" / "app.css").read_text(encoding="utf-8")
    return w.HTML(f"<style>{css}</style>")


class GameApp:
    """``GameApp("pentaquark").widget`` is the whole app, ready to display."""

    def __init__(self, game: str, seed: int | None = None, seats: list[str] | None = None,
                 renderer=None, **options):
        self.game = game
        self.options = options
        self.renderer = renderer or _renderer(game, options)
        self.seats = list(seats or default_seats(game, options.get("players")))
        self.undo_stack: list = []
        self.state = None
        self.passed_to: int | None = None  # the seat that has the device (hot-seat)

        self.seed_box = w.Text(description=t("app.seed"), layout=w.Layout(width="220px"))
        buttons = {"new": t("app.new_game"), "undo": t("app.undo")}
        self.new_button, self.undo_button = (w.Button(description=d) for d in buttons.values())
        self.new_button.on_click(lambda _: self.new_game(self.seed_box.value))
        self.undo_button.on_click(lambda _: self.undo())
        self.save_link = w.HTML()
        self.upload = w.FileUpload(accept=".json", multiple=False, description=t("app.resume"),
                                   layout=w.Layout(width="auto"))
        self.upload.observe(self._on_upload, names="value")
        self.status = w.HTML()
        self.table = w.HTML()
        self.moves = w.VBox()
        self.log = w.HTML()
        toolbar = w.HBox([self.seed_box, self.new_button, self.undo_button, self.save_link, self.upload])
        toolbar.add_class("btl-toolbar")
        self.seat_chooser = SeatChooser(game, self.seats)
        self.widget = w.VBox([
            stylesheet(), toolbar, self.seat_chooser.widget, self.status, self.table,
            w.HTML(f'<div class="btl-group-label">{t("app.your_moves")}</div>'), self.moves,
            w.HTML(f'<div class="btl-group-label">{t("app.log")}</div>'), self.log,
            w.HTML(f'<div style="font-size:14px">{t("app.hints")}</div>'),
        ])
        self.widget.add_class("btl-app")
        self.new_game(seed)

    # -- game life -------------------------------------------------------------------
    def new_game(self, seed=None) -> None:
        """A new game with the seats chosen in the seat chooser (if the game has one)."""
        if self.seat_chooser.active:
            self.seats = self.seat_chooser.seats()
            self.options["players"] = len(self.seats)
        if seed in (None, ""):
            state = btlgames.load(self.game, **self.options)
        else:
            try:
                number = int(str(seed).strip())
                if not 0 <= number <= MAX_SEED:
                    raise ValueError
            except ValueError:
                return self._say(t("app.bad_seed"), error=True)
            state = btlgames.load(self.game, seed=number, **self.options)
        self._start(state, t("app.started", seed=state.seed))

    def _start(self, state, message: str) -> None:
        self.state = state
        self.bots = {seat: make_bot(self.game, name, state.seed * 31 + seat)
                     for seat, name in enumerate(self.seats) if name != HUMAN}
        self.undo_stack = []
        self.seed_box.value = str(state.seed)
        play_turns(self.state, self.bots)
        self._say(message)
        self.refresh()

    def act(self, action) -> None:
        """A human's move (what a button press does)."""
        before = self.state.clone()
        try:
            self.state.apply(action)
        except IllegalAction as err:
            return self._say(t("app.illegal", why=err), error=True)
        self.undo_stack.append(before)
        play_turns(self.state, self.bots)
        self._say("")
        self.refresh()

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
        except SaveError as err:
            self._say(t("app.load_failed", why=err), error=True)
            return False
        if state.name != self.game:
            self._say(t("app.load_failed", why=f"this is a {state.name} game"), error=True)
            return False
        self.options = {k: v for k, v in state.options.items()}
        self.seats = (self.seats + default_seats(self.game, state.players))[:state.players]
        self.seat_chooser.show(self.seats)
        self._start(state, t("app.loaded", moves=len(state.history)))
        return True

    def _on_upload(self, change) -> None:
        files = change["new"]
        if files:
            self.resume(bytes(files[0]["content"]))
            self.upload.value = ()

    # -- drawing ---------------------------------------------------------------------------
    def _say(self, message: str, error: bool = False) -> None:
        css = "btl-status btl-error" if error else "btl-status"
        self.status.value = (f'<div class="{css}" role="status" aria-live="polite">{html.escape(str(message))}</div>'
                             if message else "")

    def viewer(self) -> int | None:
        """Whose eyes are on the screen: the human to play, or None (spectator)."""
        player = self.state.current_player()
        return player if player is not None and player not in self.bots else None

    def refresh(self) -> None:
        state, viewer = self.state, self.viewer()
        humans = [s for s, name in enumerate(self.seats) if name == HUMAN]
        if len(humans) > 1 and viewer is not None and viewer != self.passed_to:
            return self._pass_screen(viewer)
        view = state.view(viewer)
        # data-moves lets tests and benchmarks see that a click has been answered
        self.table.value = (f'<div class="btl-table" data-moves="{len(state.history)}" '
                            f'data-over="{str(state.is_over()).lower()}">{self.renderer.table(view)}</div>')
        if state.is_over():
            summary = self.renderer.summary(state.view(None))
            self.moves.children = (w.HTML(f'<div class="btl-summary btl-move-{len(state.history)}">{summary}</div>'),)
        else:
            self.moves.children = self._move_buttons() if viewer is not None else ()
        # Newest first: on a projector the last move is what the room looks for.
        records = state.log.to_records(viewer)
        items = "".join(f"<li>{html.escape(self.renderer.event(r))}</li>" for r in reversed(records[-40:]))
        self.log.value = f'<div class="btl-log"><ol reversed start="{len(records)}">{items}</ol></div>'
        self.undo_button.disabled = not self.undo_stack
        blob = base64.b64encode(dumps(state).encode()).decode()
        name = f"{self.game}-seed{state.seed}-move{len(state.history)}.json"
        self.save_link.value = (f'<a download="{name}" href="data:application/json;base64,{blob}" '
                                f'class="btl-save">{t("app.save")}</a>')

    def _move_buttons(self):
        groups: dict[str, list] = {}
        for action in self.state.legal_actions():
            groups.setdefault(self.renderer.group(action), []).append(action)
        boxes = []
        for label, actions in groups.items():
            buttons = []
            for action in actions:
                button = w.Button(description=str(action), tooltip=str(action),
                                  layout=w.Layout(width="auto"))
                button.add_class("btl-action")
                button.add_class(f"btl-move-{len(self.state.history)}")  # which table it belongs to
                button.on_click(lambda _, a=action: self.act(a))
                buttons.append(button)
            row = w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))
            boxes.append(w.VBox([w.HTML(f'<div class="btl-group-label">{html.escape(label)}</div>'), row]))
        return tuple(boxes)

    def _pass_screen(self, seat: int) -> None:
        """Hide the table until the next human says they hold the device."""
        # a renderer may name seats its own way ("Team 2", "Group 2")
        who = getattr(self.renderer, "seat_name", lambda p: t("app.player", seat=p + 1))(seat)
        self.table.value = f'<div class="btl-pass">{html.escape(t("app.pass_to", who=who))}</div>'
        ready = w.Button(description=t("app.i_am", who=who))
        ready.add_class("btl-action")

        def take(_):
            self.passed_to = seat
            self.refresh()

        ready.on_click(take)
        self.moves.children = (ready,)
        self.log.value = ""


def _renderer(game: str, options: dict):
    """The game's renderer module; one whose words depend on the options (the school game's
    teams) offers ``renderer(**options)``."""
    module = importlib.import_module(f"btlgames.ui.{game}")
    return module.renderer(**options) if hasattr(module, "renderer") else module


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
        who = [(t("app.seat_human"), HUMAN)] + [(t("app.seat_bot", bot=name), name) for name in spec(game).bots]
        self.count = w.Dropdown(options=counts, value=len(seats), description=t("app.players"),
                                layout=w.Layout(width="180px"))
        self.boxes = [w.Dropdown(options=who, value=HUMAN if i == 0 else default_bot(game),
                                 description=t("app.seat", seat=i + 1), layout=w.Layout(width="260px"))
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
        return [box.value for box in self.boxes[:self.count.value]]


def play(game: str, seed: int | None = None, seats: list[str] | None = None, **options) -> w.Widget:
    """The play app for one game, as a widget (what a play notebook displays)."""
    return GameApp(game, seed=seed, seats=seats, **options).widget
