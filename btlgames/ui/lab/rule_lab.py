"""The rule-and-strategy lab: change a game's rules or its players, play it many times, compare.

One widget for every game. Its controls come from the registry (``GameSpec.options`` and
``bots``), so an option a game declares appears here without a change to this module: a fixed
set of values is a dropdown, a whole number a box whose range is said beside it (a value out of
range gets a sentence, never a silent correction). The games run through ``core.study`` on a
thread (so **Stop** is heard at once) and on two worker processes; a stopped run shows only the
games it finished, and **More games** goes on with the same study on the next seeds. Configuration
B, when asked for, is A with something changed; the lab then gives the difference of a chosen
share (Newcombe's interval) or of a mean the game declares (``GameSpec.quantities``, Welch's
interval) and a sentence a student can defend. Tables are drawn when a run ends, the plot (the
shares, and the chosen one as games were added, its interval narrowing) only when asked for; the
games are a CSV download (a ``data:`` link: it works in Voilà without a file on the server) and,
in a notebook, ``study = lab.make()`` then ``study.table()``: the same table as a DataFrame.

``lab()`` is the page of its own; ``lab(preset="confinement")`` and the other :data:`PRESETS`
are the concept notebooks' studies, each asking a question its default run can answer.
"""
from __future__ import annotations

import base64
import os
import threading

import ipywidgets as w

from ...core import study
from ...core.i18n import catalogue, number, t, words_of
from ...core.registry import Option, games, load, spec
from ..common.figures import figure, png, title
from ..common.widgets import WIDE, Refused, Runner, RunPanel, app, button, esc, heading, message, replace_children, row, stylesheet

GAMES_RANGE = (1, 20_000)
WORKERS = max(1, min(study.MAX_WORKERS, os.cpu_count() or 1))

STYLE = stylesheet("""\
.btl-lab { font-size: 17px; line-height: 1.4; --jp-widgets-font-size: 16px; --jp-widgets-inline-height: 34px; }
.btl-lab .widget-button { height: auto; min-height: 34px; padding: 4px 12px; }
.btl-lab .btl-lab-panel { border: 1px solid #999; padding: .3em .6em; margin: .2em .4em .2em 0; min-width: 22em; }
.btl-lab table.btl-table { border-collapse: collapse; margin: .3em 0; }
.btl-lab table.btl-table th, .btl-lab table.btl-table td { border: 1px solid #888; padding: .25em .5em; text-align: left; }
.btl-lab table.btl-table th { background: #eee; }
.btl-lab .btl-lab-results { display: flex; flex-wrap: wrap; gap: 1em; }
.btl-lab .btl-lab-verdict { font-size: 1.2em; font-weight: bold; }
.btl-lab .btl-lab-differs-words { margin: .2em 0; padding: .2em .6em; border-left: 5px solid #1a5fb4; background: #eef4fc; }
.btl-lab img { max-width: 100%; height: auto; }
""")

# The concept notebooks' studies: (game, A, B or None, games, share, question key); each default run
# finishes in a few seconds on two cores (bench/studies.py)
PRESETS = {
    "confinement": dict(game="pentaquark", a={"bots": "heuristic", "options": {"annihilate_cards": 3}},
                        b={"bots": "heuristic", "options": {"annihilate_cards": 0}}, games=300, share="seat:0",
                        question="preset.confinement"),
    "detector-ranges": dict(game="beamtimes", a={"bots": ["heuristic", "no-verify"], "rotate": True},
                            b=None, games=300, share="bot:heuristic", question="preset.detector_ranges"),
    "strategy-lab": dict(game="beat-the-logic", a={"bots": ["planner", "greedy"], "rotate": True},
                         b=None, games=200, share="bot:planner", question="preset.strategy_lab"),
    "pauli": dict(game="antimatter", a={"bots": "heuristic", "options": {"players": 2}},
                  b={"bots": "heuristic", "options": {"players": 6}}, games=100, share="mean:pauli",
                  question="preset.pauli"),
    "replication": dict(game="research", a={"bots": "heuristic"},
                        b={"bots": "heuristic", "options": {"synthesis_target": 9}}, games=300,
                        share="decided_by:synthesis", question="preset.replication"),
}


msg = words_of("lab")  # this app's words (catalogue section [lab])


def has_msg(key: str) -> bool:
    return f"lab.{key}" in catalogue("en")


def _words(key: str, fallback: str) -> str:
    return msg(key) if has_msg(key) else fallback


def game_title(game: str) -> str:
    return _words(f"game.{game}", spec(game).title)


def option_label(game: str, name: str) -> str:
    """An option's name; a game whose option means something else than the same name elsewhere
    (Beamtimes' hand is tokens, Research's is cards) has words of its own."""
    return _words(f"option.{game}.{name}", _words(f"option.{name}", name.replace("_", " ")))


def option_tip(game: str, name: str, rule: Option) -> str:
    """What an option changes, for its tooltip, in the page's language (the engine's English
    ``Option.help`` only for an option lab.toml does not know yet)."""
    return _words(f"tip.{game}.{name}", rule.help or option_label(game, name))


def bot_label(game: str, bot: str) -> str:
    return _words(f"bot.{game}.{bot}", bot)


def value_label(value, name: str = "") -> str:
    """An option's value in words ("at the first solve" for ``ending=first``); a number or an
    atom's symbol as it is."""
    if isinstance(value, bool):
        return msg("yes") if value else msg("no")
    return _words(f"value.{name}.{value}", str(value)) if isinstance(value, str) else str(value)


def bot_name(bot: str) -> str:
    """A bot as a sentence names it ("the greedy bot")."""
    key = f"bot.{bot}"
    return t(key) if key in catalogue("en") else bot


def quantity_label(game: str, name: str) -> str:
    """A number a game declares per game (``GameSpec.quantities``), in words: "Pauli moves back"."""
    return _words(f"quantity.{game}.{name}", name.replace("_", " "))


def measure_label(game: str, measure: str, seats: int = 2) -> str:
    """A share as the games it counts: "games seat 1 won alone", "games won" (a solo game), "ties"...;
    a mean as its number per game ("Pauli moves back per game (mean)")."""
    kind, _, what = measure.partition(":")
    if kind == "mean":
        return msg("measure.mean", what=quantity_label(game, what))
    if kind == "seat":
        return msg("measure.won") if seats == 1 else msg("measure.seat", n=int(what) + 1)
    if kind == "bot":
        return msg("measure.bot", bot=bot_name(what))
    if kind == "decided_by":
        return msg("measure.decided_by", rule=_words(f"decided.{game}.{what}", what.replace("_", " ")))
    return msg(f"measure.{measure}")


def range_words(rule: Option) -> str:
    if rule.low is not None and rule.high is not None:
        return msg("range.both", low=rule.low, high=rule.high)
    if rule.low is not None:
        return msg("range.low", low=rule.low)
    return msg("range.any")


def check_option(game: str, name: str, rule: Option, value):
    """The option's value, or :class:`Refused` with a sentence in the student's words."""
    try:
        return rule.check(name, value)
    except ValueError as error:
        label = option_label(game, name)
        if rule.kind == "words":  # such an option's own check says what it could not read
            raise Refused(msg("bad_words", option=label, why=str(error))) from None
        raise Refused(msg("bad_option", option=label, value=value_label(value, name),
                          allowed=range_words(rule) if not rule.choices else
                          ", ".join(value_label(c, name) for c in rule.choices))) from None


def option_control(game: str, name: str, rule: Option, value) -> w.Widget:
    """A dropdown for a fixed set of values, a text box for words, else a whole-number box with
    its range in its description."""
    label = option_label(game, name)
    tip = option_tip(game, name, rule)
    if rule.kind == "words":
        return w.Text(value=value, description=label, tooltip=tip, style=WIDE,
                      continuous_update=False, layout=w.Layout(width="auto"))
    if rule.choices:
        return w.Dropdown(options=[(value_label(c, name), c) for c in rule.choices], value=value,
                          description=label, tooltip=tip, style=WIDE, layout=w.Layout(width="auto", max_width="100%"))
    return w.IntText(value=value, description=f"{label} ({range_words(rule)})",
                     tooltip=tip, style=WIDE, layout=w.Layout(width="auto"))


class Panel:
    """One configuration's controls: the game's options, a bot per seat, and seat rotation."""

    def __init__(self, key: str, game: str, options: dict | None = None, bots=None, rotate: bool = False):
        self.label = msg(key)  # key "a" or "b"
        self.box = w.VBox()
        self.box.add_class("btl-lab-panel")
        self.box.add_class(f"btl-lab-{key}")  # for the browser tests
        self.problem = w.HTML()
        self.listeners: list = []  # called after any of its controls changed (the lab says what B changes)
        self.build(game, options or {}, bots, rotate)

    def build(self, game: str, options: dict, bots=None, rotate: bool = False) -> None:
        self.game = game
        rules = spec(game).options
        self.controls = {name: option_control(game, name, rule, options.get(name, rule.default))
                         for name, rule in rules.items() if not (rule.choices and len(rule.choices) == 1)}
        for name, control in self.controls.items():
            control.add_class(f"btl-option-{name}")
            control.observe(lambda _change: self.check(), names="value")
        names = list(spec(game).bots)
        if isinstance(bots, str) or bots is None:
            bots = [bots or ("heuristic" if "heuristic" in names else names[0])] * 6
        self.seat_controls = [w.Dropdown(options=[(bot_label(game, b), b) for b in names],
                                         value=bots[i % len(bots)], description=msg("seat", n=i + 1), style=WIDE,
                                         layout=w.Layout(width="auto", max_width="100%"))
                              for i in range(self.max_seats())]
        for i, control in enumerate(self.seat_controls):
            control.add_class(f"btl-seat-{i + 1}")
        self.rotate = w.Checkbox(value=rotate, description=msg("rotate"), indent=False,
                                 layout=w.Layout(width="auto"))
        if "players" in self.controls:
            self.controls["players"].observe(lambda _change: self.show_seats(), names="value")
        for control in (*self.controls.values(), *self.seat_controls, self.rotate):
            control.observe(self.changed, names="value")
        self.seats_box = w.VBox(self.seat_controls)
        # a new game's controls replace the last game's, which are closed (else they stay in the kernel)
        replace_children(self.box, [w.HTML(f"<h4>{esc(self.label)}</h4>"), *self.controls.values(),
                                     self.seats_box, self.rotate, self.problem])
        self.show_seats()

    def changed(self, _change=None) -> None:
        for tell in self.listeners:
            tell()

    def settings(self) -> tuple[dict, list, bool]:
        """What its controls hold: the options' values, every seat's bot, rotation."""
        return ({name: control.value for name, control in self.controls.items()},
                [c.value for c in self.seat_controls], self.rotate.value)

    def copy(self, other: "Panel") -> None:
        """The same game, options, seats and rotation as ``other``."""
        options, bots, rotate = other.settings()
        self.build(other.game, options, bots, rotate)

    def differences(self, other: "Panel") -> list[str]:
        """How this panel differs from ``other``, in words: "Annihilate cards: 3 → 0"."""
        (mine, my_bots, my_turns), (theirs, their_bots, their_turns) = self.settings(), other.settings()
        said = [f"{option_label(self.game, name)}: {value_label(theirs.get(name), name)} → {value_label(value, name)}"
                for name, value in mine.items() if theirs.get(name) != value]
        said += [f"{msg('seat', n=i + 1)}: {bot_label(self.game, theirs_)} → {bot_label(self.game, mine_)}"
                 for i, (mine_, theirs_) in enumerate(zip(my_bots[:self.seats()], their_bots))
                 if mine_ != theirs_]
        if my_turns != their_turns:
            said.append(f"{msg('rotated')}: {value_label(their_turns)} → {value_label(my_turns)}")
        return said

    def max_seats(self) -> int:
        rule = spec(self.game).options.get("players")
        if rule is None:
            return 1
        return max(rule.choices) if rule.choices else (rule.high or rule.default)

    def seats(self) -> int:
        players = self.controls.get("players")
        value = players.value if players is not None else spec(self.game).options.get("players", Option(1)).default
        return value if isinstance(value, int) and 1 <= value <= len(self.seat_controls) else 0

    def show_seats(self) -> None:
        k = self.seats()
        for i, control in enumerate(self.seat_controls):
            control.layout.display = "" if i < k else "none"
        self.rotate.layout.display = "" if k > 1 else "none"

    def check(self) -> bool:
        """Say at once, under the panel, what is wrong with an option or with the options together
        (a game the rules refuse to set up: an atom too big for the bank, 3 players in teams)."""
        try:
            self.config()
        except Refused as e:
            self.problem.value = message(esc(e), error=True)
            return False
        self.problem.value = ""
        return True

    def options(self) -> dict:
        rules = spec(self.game).options
        return {name: check_option(self.game, name, rules[name], control.value) for name, control in self.controls.items()}

    def config(self) -> study.Config:
        options = self.options()
        bots = [c.value for c in self.seat_controls[:self.seats()]]
        try:
            config = study.Config.make(self.game, bots, self.rotate.value and len(bots) > 1, **options)
            load(self.game, seed=0, **dict(config.options))  # what the game's set-up refuses, in its words
        except ValueError as e:
            raise Refused(msg("bad_config", label=self.label, why=e)) from None
        return config


class Lab:
    """The lab: a game, configuration A (and B), the number of games, Run and Stop, results."""

    def __init__(self, game: str = "pentaquark", a: dict | None = None, b: dict | None = None, games: int = 200,
                 share: str | None = None, question: str | None = None, workers: int = WORKERS):
        self.workers = workers
        self.share_choice = share
        self.game = w.Dropdown(options=[(game_title(g), g) for g in sorted(games_list())], value=game,
                               description=msg("game_label"), style=WIDE)
        self.a = Panel("a", game, **_panel(a))
        self.b = Panel("b", game, **_panel(b or a))
        self.compare = w.Checkbox(value=b is not None, description=msg("compare"), indent=False,
                                  layout=w.Layout(width="auto"))
        self.games = w.IntText(value=games, description=msg("games"), style=WIDE, layout=w.Layout(width="16em"))
        self.games.add_class("btl-lab-games")
        self.compare.add_class("btl-lab-compare")
        self.run_button, self.stop_button = button(msg("run")), button(msg("stop"))
        self.more_button = button(msg("more"), msg("more_tip"))
        self.more_button.layout.display = "none"  # until there are results to add games to
        self.panel = RunPanel(lambda **n: msg("progress", **n), msg("idle"), lambda e: msg("failed", why=e))
        self.runner = Runner(self.run_button, self.stop_button, self.panel, self.work)
        self.more_button.on_click(lambda _: self.runner.start(lambda stopping: self.work(stopping, more=True)))
        self.results = w.HTML()
        self.share = w.Dropdown(description=msg("share"), style=WIDE, layout=w.Layout(display="none"))
        self.verdict = w.HTML()
        self.replication = w.HTML()  # after More games: the added games apart from the first run's
        self.plot_button = button(msg("plot"))
        self.plot_button.layout.display = "none"
        self.download = w.HTML()
        self.studies: list = []
        self.first: list[int] = []  # each study's games of its first run (More games adds to them)
        self.next_seed = 0  # the first seed More games plays: every game of a study has a seed of its own
        self.game.observe(self.change_game, names="value")
        self.compare.observe(lambda _change: self.start_b(), names="value")
        self.differs = w.HTML()
        self.differs.add_class("btl-lab-differs")
        self.a.listeners.append(self.say_differences)
        self.b.listeners.append(self.say_differences)
        self.share.observe(lambda _change: self.draw_verdict(), names="value")
        self.plot_button.on_click(lambda _: self.draw_plot())
        self.panels = w.HBox([self.a.box, self.b.box], layout=w.Layout(flex_flow="row wrap"))
        self.show_b()
        intro = msg(f"{question}.question") if question else msg("help")
        self.widget = app([
            heading(msg(f"{question}.title") if question else msg("title"), intro),
            row([self.game, self.compare]), self.panels, self.differs,
            row([self.games, self.run_button, self.more_button, self.stop_button]),
            self.panel.progress_row(), self.panel.message,
            self.verdict, self.replication, self.share, self.results, row([self.plot_button, self.download]), self.panel.plot,
        ], "btl-lab", style=STYLE)

    # -- controls ---------------------------------------------------------------------------------
    def change_game(self, _change=None) -> None:
        self.a.build(self.game.value, {})
        self.b.build(self.game.value, {})
        self.forget()
        self.say_differences()

    def start_b(self) -> None:
        """B, ticked: a copy of A as it is now (seats included), for one change to be made in it."""
        if self.compare.value:
            self.b.copy(self.a)
        self.show_b()

    def show_b(self) -> None:
        self.b.box.layout.display = "" if self.compare.value else "none"
        self.say_differences()

    def say_differences(self) -> None:
        """Under A and B, what B changes: the one thing a comparison is about (or that nothing is)."""
        if not self.compare.value:
            self.differs.value = ""
            return
        changes = self.b.differences(self.a)
        words = msg("b_changes", changes="; ".join(changes)) if changes else msg("b_copied")
        self.differs.value = f'<p class="btl-lab-differs-words">{esc(words)}</p>'  # a note, not the run's status

    def forget(self) -> None:
        self.studies, self.first = [], []
        self.next_seed = 0
        self.results.value = self.verdict.value = self.replication.value = self.download.value = ""
        self.share.layout.display = self.plot_button.layout.display = self.more_button.layout.display = "none"
        self.panel.clear(msg("idle"))

    def table(self):
        """The games the lab shows, as a pandas DataFrame, one row per game (with B, a column
        ``study`` says A or B): the same table as the CSV download. Empty before a run."""
        import pandas as pd

        return study.games_table(self.studies) if self.studies else pd.DataFrame()

    def _repr_mimebundle_(self, **kwargs):
        """A notebook shows the lab itself: ``study = lab.make()`` then ``study`` on a cell's last line."""
        return self.widget._repr_mimebundle_(**kwargs)

    # -- running ----------------------------------------------------------------------------------
    def read(self):
        low, high = GAMES_RANGE
        n = self.panel.read_number(self.games, low, high, msg("bad_games", low=low, high=high))
        a = self.a.config()
        b = self.b.config() if self.compare.value else None
        if b is not None and b == a:
            raise Refused(msg("same"))
        return n, a, b

    def join(self, timeout: float | None = None) -> None:
        """Wait for the run to end (tests; a notebook never waits)."""
        self.runner.join(timeout)

    def work(self, stopping: threading.Event, more: bool = False) -> str:
        """One run, on the runner's thread: A (and B), then the tables and the CSV; returns the
        closing sentence. ``more``: More games, the same study going on. The game, the compare box
        and More wait meanwhile (a new game would rebuild what the run reads)."""
        n, a, b = self.read()
        configs = [a] + ([b] if b else [])
        if more and [s.config for s in self.studies] != configs[:len(self.studies)]:
            raise Refused(msg("more_changed"))
        self.game.disabled = self.compare.disabled = self.more_button.disabled = True
        try:
            return self.play(n, a, b, stopping, more)
        finally:
            self.game.disabled = self.compare.disabled = self.more_button.disabled = False

    def play(self, n: int, a: study.Config, b: study.Config | None, stopping: threading.Event,
             more: bool = False) -> str:
        """``n`` games of A (and of B), on the next seeds: a new study, or with ``more`` the games
        added to the study shown (A's and B's seeds never the same: run_ab gives B the seeds after A's)."""
        if not more:
            self.forget()
        self.panel.plot.outputs = ()  # a plot of fewer games would no longer be the study's
        total = n * (2 if b else 1)
        seed, self.next_seed = self.next_seed, self.next_seed + total
        self.panel.start(total)
        self.panel.say(msg("running", n=total))
        report = self.reporter(total)
        if b is None:
            new = [study.run(a, n, seed, workers=self.workers, progress=report, stop=stopping)]
        else:
            first, second = study.run_ab(a, b, n, seed, workers=self.workers, progress=report, stop=stopping)
            new = [first] + ([second] if second is not None else [])
        old = self.studies
        self.studies = ([study.extend(o, m) for o, m in zip(old, new)] + new[len(old):] + old[len(new):])
        if not more:
            self.first = [s.n for s in self.studies]
        played = sum(s.n for s in new)
        self.panel.bar.value = played
        self.panel.count.value = esc(msg("progress", done=played, total=total))
        self.draw()
        seconds = sum(s.seconds for s in new)
        held = sum(s.n for s in self.studies)
        if stopping.is_set() or any(s.stopped for s in new):
            return msg("more_stopped", n=played, asked=total, total=held) if more else msg("stopped", n=played, total=total)
        if more:
            return msg("more_done", n=played, seconds=number(seconds, ".1f"), total=held)
        return msg("done", n=played, seconds=number(seconds, ".1f"))

    def reporter(self, total: int):
        """Move the bar and the count at most about four times a second (each update is a message to
        the browser), and always at the end."""
        import time

        last = [0.0]

        def report(done: int, _n: int) -> None:
            now = time.monotonic()
            if now - last[0] >= 0.25 or done == total:
                last[0] = now
                self.panel.bar.value = done
                self.panel.count.value = esc(msg("progress", done=done, total=total))
        return report

    # -- results ----------------------------------------------------------------------------------
    def draw(self) -> None:
        if not self.studies or not self.studies[0].n:
            return
        labels = [msg("a"), msg("b")]
        self.results.value = ('<div class="btl-lab-results">'
                              + "".join(study_html(s, label) for s, label in zip(self.studies, labels))
                              + "</div>" + f"<p><small>{esc(msg('ties_note'))}</small></p>")
        game = self.studies[0].config.game
        common = comparable(self.studies, self.share_choice)
        kept = self.share.value if self.share.value in common else self.share_choice  # the student's last choice
        chosen = kept if kept in common else first_measure(common)
        seats = self.studies[0].config.seats
        self.share.options = [(measure_label(game, m, seats), m) for m in common]
        self.share.value = chosen
        self.share.layout.display = ""  # shown ("": the static site's widgets keep a style set to None)
        self.draw_verdict()
        self.plot_button.layout.display = self.more_button.layout.display = ""
        self.download.value = csv_link(self.studies)

    def draw_verdict(self) -> None:
        if not self.studies or not self.share.value:
            return
        self.verdict.value = verdict_html(self.studies, self.share.value)
        self.replication.value = replication_html(self.studies, self.first, self.share.value)

    def draw_plot(self) -> None:
        if self.studies and self.share.value:
            png, alt = plot_png(self.studies, self.share.value)
            self.panel.show_png(png, alt, *PLOT_SIZE)


def games_list() -> list[str]:
    return list(games())


def comparable(studies: list, asked: str | None = None) -> list[str]:
    """The measures the chosen share can be: the shares of wins every study has (seats, bots, ties,
    no winner), each way any of them was decided (0 where one never was: a preset's question asks
    about its way, ``asked``, even before a game was decided so), then the means the game declares."""
    def every(names):
        return [m for m in names(studies[0]) if all(m in names(s) for s in studies[1:])]

    wins = every(lambda s: [m for m in study.measures(s) if not m.startswith("decided_by:")])
    decided = [m for s in studies for m in study.measures(s) if m.startswith("decided_by:")]
    if asked and asked.startswith("decided_by:") and all("decided_by" in s.games for s in studies):
        decided.append(asked)
    return wins + sorted(set(decided)) + every(study.quantities)


def first_measure(common: list[str]) -> str:
    """The share shown first: where different bots play, the first bot's wins (with seats taking
    turns, "seat 1" is whichever bot went first: a position, not a player); else seat 1's, the
    player who went first (the only player of a solo game)."""
    return next((m for m in common if m.startswith("bot:")), common[0])


def head_to_head_pair(studies: list, measure: str) -> dict | None:
    """The head-to-head of one study's two bots when the measure is one of their wins (the verdict
    and the plot then speak of the games with one winner), else None."""
    pair = study.head_to_head(studies[0]) if len(studies) == 1 else None
    return pair if pair and pair["n"] and measure in (f"bot:{pair['bot']}", f"bot:{pair['other']}") else None


def _panel(preset: dict | None) -> dict:
    preset = preset or {}
    return {"options": dict(preset.get("options", {})), "bots": preset.get("bots"),
            "rotate": bool(preset.get("rotate", False))}


def percent(x: float) -> str:
    return number(x, ".1%")


def interval(row: dict) -> str:
    return msg("interval", low=percent(row["low"]), high=percent(row["high"]))


def study_html(result: study.RunPanel, label: str) -> str:
    """One configuration's results: what was played, shares with intervals, how games were decided, scores."""
    config, frame, game = result.config, result.games, result.config.game
    options = ", ".join(f"{option_label(game, k)} {value_label(v, k)}" for k, v in config.options)
    bots = ", ".join(bot_label(game, b) for b in config.bots) + (f" ({msg('rotated')})" if config.rotate else "")
    head = "".join(f'<th scope="col">{esc(msg(k))}</th>' for k in ("col.share", "col.games", "col.rate"))

    def rows(table) -> str:
        return "".join(f'<tr><th scope="row">{esc(measure_label(game, r["measure"], config.seats))}</th>'
                       f'<td>{esc(msg("k_of_n", k=r["k"], n=r["n"]))}</td>'
                       f'<td>{esc(percent(r["rate"]))} ({esc(interval(r))})</td></tr>'
                       for r in table.to_dict("records"))

    scores = "; ".join(score_words(frame[c], int(c.split("_")[1]) + 1)
                       for c in frame.columns if c.startswith("score_"))
    means = "".join(f'<tr><th scope="row">{esc(quantity_label(game, m.partition(":")[2]))}</th>'
                    f'<td>{esc(mean_words(study.average(frame, m)))}</td></tr>' for m in study.quantities(result))
    means = (f"<h4>{esc(msg('means_title'))}</h4>"
             f'<table class="btl-table"><tbody>{means}</tbody></table>') if means else ""
    decided = study.decided_table(result)  # a game that does not say how it was decided: no heading over nothing
    decided = (f"<h4>{esc(msg('decided_title'))}</h4>"
               f'<table class="btl-table"><tbody>{rows(decided)}</tbody></table>') if len(decided) else ""
    pair = study.head_to_head(result)
    pair_line = f"<p>{esc(head_to_head_words(pair))}</p>" if pair and pair["n"] else ""
    return (f"<div><h4>{esc(msg('results_of', label=label, n=result.n))}</h4>"
            f"<p>{esc(game_title(game))}: {esc(options)}<br>{esc(msg('bots'))}: {esc(bots)}</p>"
            f'<table class="btl-table"><thead><tr>{head}</tr></thead><tbody>{rows(study.win_table(result))}</tbody></table>'
            f"{pair_line}{decided}{means}<h4>{esc(msg('scores'))}</h4><p>{esc(scores)}</p>"
            f"<p>{esc(msg('length', mean=number(frame.actions.mean(), '.0f'), high=int(frame.actions.max())))}</p></div>")


def score_words(column, seat: int) -> str:
    """One seat's score distribution: how many games ended on each score when there are few
    scores, else the mean, the median and the middle half."""
    counts = column.value_counts().sort_index()
    if len(counts) <= 6:
        spread = ", ".join(msg("score_count", score=number(v, "g"), n=k) for v, k in counts.items())
    else:
        q1, median, q3 = column.quantile([0.25, 0.5, 0.75])
        spread = msg("score_quartiles", median=number(median, "g"), low=number(q1, "g"), high=number(q3, "g"))
    return msg("score_seat", n=seat, mean=number(column.mean(), ".2f"), spread=spread)


def mean_words(mean: dict) -> str:
    """A mean per game with its 95 % interval, or that every game was alike (no interval)."""
    if mean["low"] is None:
        return msg("mean_alike", mean=number(mean["mean"], ".2f"), n=mean["n"])
    return msg("mean_value", mean=number(mean["mean"], ".2f"), low=number(mean["low"], ".2f"),
               high=number(mean["high"], ".2f"))


def head_to_head_words(pair: dict) -> str:
    """Of the games with one winner, the first bot's share: more than half, less, or cannot tell."""
    key = "pair.more" if pair["low"] > 0.5 else "pair.less" if pair["high"] < 0.5 else "pair.unclear"
    return msg(key, bot=bot_name(pair["bot"]), other=bot_name(pair["other"]), k=pair["k"],
               n=pair["n"], rate=percent(pair["rate"]), low=percent(pair["low"]), high=percent(pair["high"]))


def verdict_html(studies: list, measure: str) -> str:
    """The sentence a student can defend: B's share against A's with the interval of the difference;
    with one configuration, the share and its interval."""
    game = studies[0].config.game
    what = measure_label(game, measure, studies[0].config.seats)
    pair = head_to_head_pair(studies, measure)
    if pair:
        words = head_to_head_words(pair)
    elif study.is_mean(measure):
        words = mean_verdict(studies, measure)
    elif len(studies) == 1:
        s = study.share(studies[0].games, measure)
        words = msg("one", share=what, rate=percent(s["rate"]), low=percent(s["low"]), high=percent(s["high"]),
                    k=s["k"], n=s["n"])
    else:
        c = study.compare(studies[0], studies[1], measure)
        words = msg(f"verdict.{c['verdict']}", share=what, diff=number(100 * abs(c['diff']), ".1f"),
                    low=number(100 * c["low"], "+.1f"), high=number(100 * c["high"], "+.1f"),
                    a=percent(c["a"]["rate"]), b=percent(c["b"]["rate"]))
    return message(f'<span class="btl-lab-verdict">{esc(words)}</span>')


def mean_verdict(studies: list, measure: str) -> str:
    """A mean per game: with one configuration, the mean and its t interval; with two, B's mean
    against A's with Welch's interval of the difference."""
    what = quantity_label(studies[0].config.game, measure.partition(":")[2])
    if len(studies) == 1:
        mean = study.average(studies[0].games, measure)
        return msg("one_mean", what=what, n=mean["n"], value=mean_words(mean))
    c = study.compare(studies[0], studies[1], measure)
    a, b = number(c["a"]["mean"], ".2f"), number(c["b"]["mean"], ".2f")
    if c["verdict"] == "alike":
        return msg("verdict_mean.alike", what=what, a=a, b=b)
    return msg(f"verdict_mean.{c['verdict']}", what=what, diff=number(abs(c["diff"]), ".2f"), a=a, b=b,
               low=number(c["low"], "+.2f"), high=number(c["high"], "+.2f"))


def replication_html(studies: list, first: list[int], measure: str) -> str:
    """After More games, each study's added games apart from its first run's, each with its 95 %
    interval, and whether the added games' result lies inside the first run's interval: the question
    a replication asks, which the tables, pooling both, cannot answer."""
    lines = []
    for result, n, label in zip(studies, first, (msg("a"), msg("b"))):
        if not 0 < n < result.n:
            continue
        before, added = result.games.iloc[:n], result.games.iloc[n:]
        if measure.startswith("mean:"):
            one, two = study.average(before, measure), study.average(added, measure)
            key, shown = "mean", (lambda x: number(x, ".2f"))
        else:
            one, two = study.share(before, measure), study.share(added, measure)
            key, shown = "rate", percent
        if one["low"] is None or two["low"] is None:  # games all alike: no interval to hold it to
            continue
        inside = one["low"] <= two[key] <= one["high"]
        lines.append(msg("replication.inside" if inside else "replication.outside", label=label,
                         what=measure_label(result.config.game, measure, result.config.seats),
                         first=n, first_value=shown(one[key]), first_low=shown(one["low"]),
                         first_high=shown(one["high"]), added=result.n - n, value=shown(two[key]),
                         low=shown(two["low"]), high=shown(two["high"])))
    if not lines:
        return ""
    return (f'<div class="btl-lab-replication"><h4>{esc(msg("replication.title"))}</h4>'
            + "".join(f"<p>{esc(line)}</p>" for line in lines) + "</div>")


def csv_link(studies: list) -> str:
    """A download link for every finished game, as CSV (with B: a ``study`` column says A or B)."""
    frame = study.games_table(studies)
    data = base64.b64encode(frame.to_csv(index=False).encode("utf-8")).decode("ascii")
    name = f"lab-{studies[0].config.game}-{len(frame)}-games.csv"
    return (f'<a class="btl-download btl-action" download="{esc(name)}" href="data:text/csv;base64,{data}">'
            f"{esc(msg('download', n=len(frame)))}</a>")


PLOT_SIZE = (1040, 400)  # pixels: 13 × 5 inches at 80 dots per inch
SETTLED = 10  # games: the narrowing plot's scale and words start here


def plot_png(studies: list, measure: str) -> tuple[bytes, str]:
    """Left, bars: each share of A (and B) with its 95 % interval as an error bar. Right: the chosen
    share or mean as games were added, its interval narrowing. And the words for both."""
    fig = figure(PLOT_SIZE[0] / 80, PLOT_SIZE[1] / 80, dpi=80)
    ax, right = fig.subplots(1, 2, width_ratios=(3, 2))
    bars = shares_bars(ax, studies)
    narrowing = running_lines(right, studies, measure)
    fig.tight_layout()
    return png(fig), f"{bars} {narrowing}"


def shares_bars(ax, studies: list) -> str:
    """Each share of A (and B) as a bar with its 95 % interval; returns the words for them."""
    game = studies[0].config.game
    widest = max(studies, key=lambda result: result.config.seats)  # B may seat more players than A
    seats = widest.config.seats
    shares = {id(result): [m for m in study.measures(result) if not m.startswith("decided_by:")] for result in studies}
    measures = list(dict.fromkeys(shares[id(widest)] + [m for r in studies for m in shares[id(r)]]))
    width = 0.8 / len(studies)
    parts = []
    for j, (result, label, hatch) in enumerate(zip(studies, (msg("a"), msg("b")), ("", "//"))):
        own = shares[id(result)]
        rows = [study.share(result.games, m) for m in measures if m in own]
        xs = [measures.index(m) + (j - (len(studies) - 1) / 2) * width for m in measures if m in own]
        heights = [r["rate"] for r in rows]
        errors = [[r["rate"] - r["low"] for r in rows], [r["high"] - r["rate"] for r in rows]]
        ax.bar(xs, heights, width, yerr=errors, capsize=4, label=label, hatch=hatch, edgecolor="black",
               color="#9ecae1" if j == 0 else "#fdae6b")
        parts += [f"{label}, {measure_label(game, r['measure'], seats)}: {percent(r['rate'])} ({interval(r)})"
                  for r in rows]
    ax.set_xticks(range(len(measures)), [measure_label(game, m, seats) for m in measures], rotation=20, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel(msg("plot_y"))
    ax.legend()
    return msg("plot_alt", points="; ".join(parts))


def running_lines(ax, studies: list, measure: str) -> str:
    """The chosen measure of A (and B) after each number of games, with its 95 % interval as a band
    (a head-to-head: of the games with one winner, against the line of one half); returns the words."""
    from matplotlib.ticker import MaxNLocator

    game, seats = studies[0].config.game, studies[0].config.seats
    pair = head_to_head_pair(studies, measure)
    versus = (f"bot:{pair['other']}" if measure == f"bot:{pair['bot']}" else f"bot:{pair['bot']}") if pair else None
    mean = study.is_mean(measure)
    shown = (lambda x: number(x, ".2f")) if mean else percent
    what = (msg("plot_pair", bot=bot_name(measure.partition(":")[2])) if pair
            else measure_label(game, measure, seats))
    parts, seen = [], []
    for result, label, line, colour in zip(studies, (msg("a"), msg("b")), ("-", "--"), ("#3182bd", "#e6550d")):
        path = study.running(result, measure, versus=versus)
        ax.fill_between(path.games, path.low, path.high, color=colour, alpha=0.25, linewidth=0)
        ax.plot(path.games, path.value, linestyle=line, color=colour, linewidth=2, label=label)
        known = path.dropna()
        if not len(known):
            continue
        settled = known[known.games >= min(SETTLED, known.games.iloc[-1])]  # the first games' band is very wide
        seen.append(settled)
        first, last = settled.iloc[0], settled.iloc[-1]
        ends = dict(label=label, value=shown(last.value), low=shown(last.low), high=shown(last.high))
        parts.append(msg("plot_running_one", n=int(last.games), **ends) if first.games == last.games else
                     msg("plot_running_point", first=int(first.games), value_first=shown(first.value),
                         low_first=shown(first.low), high_first=shown(first.high), last=int(last.games), **ends))
    if pair:
        ax.axhline(0.5, linestyle=":", color="#444", label=msg("plot_half"))
    if not mean:
        ax.set_ylim(0, 1)
    elif seen:  # the scale of the settled bands; a mean of counts is never below 0, even where its band is
        low = min(float(p.low.min()) for p in seen)
        high = max(float(p.high.max()) for p in seen)
        margin = 0.1 * (high - low) or 1.0
        counts = all((p.value >= 0).all() for p in seen)
        ax.set_ylim(max(low - margin, 0.0) if counts else low - margin, high + margin)
    title(ax, msg("plot_running_title", what=what), fontsize=11)
    ax.set_xlabel(msg("plot_games"))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # games are counted, never 2.5 of them
    ax.set_ylabel(msg("plot_running_mean" if mean else "plot_running_share"))
    ax.legend()
    return msg("plot_running_alt", what=what, points="; ".join(parts) or msg("plot_running_none"))


def lab(preset: str | None = None, **settings) -> w.VBox:
    """The lab widget; ``preset`` names a concept notebook's study (:data:`PRESETS`)."""
    return make(preset, **settings).widget


def make(preset: str | None = None, **settings) -> Lab:
    """The :class:`Lab` itself, for a notebook that reads its games: ``study = lab.make()`` (or
    ``lab.make("pauli")``), ``study`` on a cell's last line shows it, and after a run
    ``study.table()`` is its games as a DataFrame."""
    if preset is not None and preset not in PRESETS:
        raise ValueError(f"no lab preset {preset!r}; the presets: {', '.join(PRESETS)}")
    return Lab(**{**PRESETS.get(preset, {}), **settings})
