"""The Beat The Logic strategy lab: probability, expected value, Monte Carlo, and why one game
proves little. Four widgets, one per section of notebooks/beat-the-logic/strategy-lab.ipynb; its
strategies against each other are the rule-and-strategy lab's preset ``lab(preset="strategy-lab")``
(ui/lab/rule_lab.py), as every game's are.

The models are plain Python (btlgames.core.study, btlgames.beat_the_logic.odds and .endgame,
btlgames.science.intervals);
here are only controls, tables and plots. Long runs go on a thread so that **Stop** is heard while
they run; a stopped run reports the games it finished and nothing else.
"""
from __future__ import annotations

from fractions import Fraction

import ipywidgets as w

from ...beat_the_logic import endgame
from ...beat_the_logic.odds import Wait, at_least, counted, passed_on
from ...beat_the_logic.rules import ORDER, card_words
from ...core.i18n import number, words_of
from ...core.playing import make_bot
from ...core.registry import load
from ...core.study import Config, by_lineup, run
from ...science.intervals import mean_interval, wilson
from ..games import beat_the_logic as renderer

from ..common.figures import figure, png, title
from ..common.widgets import WIDE, Refused, Runner, RunPanel, app, button, esc, heading, message, row

GAME = "beat-the-logic"
STRATEGIES = ("random", "greedy", "forgetful", "planner")
STYLE = """<style>
.btl-strategy table { border-collapse: collapse; margin: .4em 0; font-size: 1.05em; }
.btl-strategy th, .btl-strategy td { border: 1px solid #999; padding: 3px 8px; text-align: left; }
.btl-strategy th { background: #eee; }
.btl-strategy .btl-strategy-note { margin: .3em 0; }
</style>"""


msg = words_of("strategy_lab")  # this app's words (catalogue section [strategy_lab])


def rate(k: int, n: int) -> str:
    """"60.0% (95 % interval 31.3%–83.2%)": a rate and its 95 % Wilson interval (honest at 0 % and
    100 %: one decimal, so that the interval never reads as a single number)."""
    low, high = wilson(k, n)
    return msg("rate", rate=number(k / n, ".1%") if n else "—", low=number(low, ".1%"), high=number(high, ".1%"))


def _table(head: list[str], rows: list[list[str]]) -> str:
    return ("<table><tr>" + "".join(f"<th>{esc(h)}</th>" for h in head) + "</tr>"
            + "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in rows) + "</table>")


# -- 2. keep the sure card, or wait? ---------------------------------------------------------------------
class KeepOrWait:
    def __init__(self):
        self.unseen = w.IntSlider(value=30, min=4, max=70, description=msg("wait.unseen"), style=WIDE)
        self.copies = w.IntSlider(value=2, min=0, max=5, description=msg("wait.copies"), style=WIDE)
        self.look = w.IntSlider(value=8, min=0, max=30, description=msg("wait.look"), style=WIDE)
        self.gain = w.Dropdown(options=[(msg("wait.gain_band"), 10), (msg("wait.gain_equal"), 5)], value=10,
                               description=msg("wait.gain"), style=WIDE)
        self.sure = w.IntSlider(value=5, min=1, max=10, description=msg("wait.sure"), style=WIDE)
        self.trials = w.IntText(value=2000, description=msg("wait.trials"), style=WIDE, layout=w.Layout(width="14em"))
        self.simulate = button(msg("wait.simulate"))
        self.exact = w.HTML()
        self.simulated = w.HTML()
        self.status = w.HTML()
        for control in (self.unseen, self.copies, self.look, self.gain, self.sure):
            control.observe(lambda _: self.update(), names="value")
        self.simulate.on_click(lambda _: self.run())
        self.widget = app([heading(msg("wait.title"), msg("wait.help")),
                           row([self.unseen, self.copies]), row([self.look, self.gain, self.sure]),
                           self.exact, row([self.trials, self.simulate]), self.status, self.simulated],
                          "btl-strategy", "btl-keep-or-wait", style=STYLE)
        self.update()

    def model(self) -> Wait:
        self.look.max = self.unseen.value
        self.copies.max = min(5, self.unseen.value)
        return Wait(self.unseen.value, self.copies.value, self.look.value, self.gain.value, self.sure.value)

    def update(self) -> None:
        model = self.model()
        p = model.chance()
        better = "wait" if model.expected_wait() > model.sure else ("same" if model.expected_wait() == model.sure
                                                                      else "keep")
        self.exact.value = _table([msg("wait.col.what"), msg("wait.col.value")], [
            [msg("wait.exact_chance"), number(p, ".1%")],
            [msg("wait.ev_wait", gain=model.gain), number(model.expected_wait(), ".2f")],
            [msg("wait.ev_keep"), f"{model.sure}"],
        ]) + f'<p class="btl-strategy-note"><b>{esc(msg("wait.better." + better))}</b></p>'
        self.simulated.value = ""

    def run(self) -> None:
        if not (isinstance(self.trials.value, int) and 1 <= self.trials.value <= 200_000):
            self.status.value = message(esc(msg("wait.bad_trials")), error=True)
            return
        model, n = self.model(), self.trials.value
        hits = model.simulate(n, seed=n)
        low, high = wilson(hits, n)
        self.status.value = message(esc(msg("wait.done", n=n)))
        self.simulated.value = _table([msg("wait.col.what"), msg("wait.col.exact"), msg("wait.col.simulated")], [
            [msg("wait.exact_chance"), number(model.chance(), ".1%"), rate(hits, n)],
            [msg("wait.ev_wait", gain=model.gain), number(model.expected_wait(), ".2f"),
             msg("wait.ev_range", ev=number(hits / n * model.gain, ".2f"), low=number(low * model.gain, ".2f"),
                 high=number(high * model.gain, ".2f"))],
        ]) + f'<p class="btl-strategy-note">{esc(msg("wait.inside" if low <= model.chance() <= high else "wait.outside"))}</p>'


def keep_or_wait() -> w.VBox:
    return KeepOrWait().widget


# -- 2b. keep or pass: the end of a real game, exactly and by simulation ------------------------------
PLAYOUTS_RANGE = (2, 20_000)
LINES = ("-", "--", ":", "-.", (0, (5, 1, 1, 1)), (0, (1, 3)))  # one line style per choice: never colour alone


def _fraction(value: Fraction, spec: str) -> str | None:
    """"+61/6": an exact value as a fraction, in the language's numbers (None: a whole number)."""
    if value.denominator == 1:
        return None
    return f"{number(value.numerator, spec)}/{number(value.denominator, 'd')}"


def _exactly(value: str, fraction: str | None) -> str:
    """"+10.17 (= +61/6)": a value and, when it is not whole, the fraction it is exactly."""
    return msg("pass.exact", value=value, fraction=fraction) if fraction else value


class KeepOrPass:
    """A real end-of-game position (endgame.LAST_DRAWS): each choice of card to keep, worth at the
    end of the game exactly (every order of the pile played out) and by simulation (random orders),
    side by side; the simulated estimates drawn as they converge on the exact values."""

    def __init__(self, playouts: int = 200):
        self.state = endgame.LAST_DRAWS.state()  # its words (who draws which card of the pile) are this position's
        self.seat = self.state.current_player()
        self.moves = endgame.choices(self.state)
        self.orders = len(endgame.deals(self.state, self.seat))
        self.exact: dict | None = None  # move -> endgame.Outcome, once counted
        self.finals: list[list[tuple]] = [[] for _ in self.moves]  # per move: each playout's (mine, theirs)
        pile = sorted(endgame.unseen(self.state, self.seat).elements(), key=ORDER.__getitem__)
        pile_words = msg("pass.pile", n=len(pile), cards=", ".join(card_words(c) for c in pile), orders=self.orders)
        self.position = w.HTML(renderer.table(self.state.view(self.seat))
                               + f'<p class="btl-strategy-note">{esc(pile_words)}</p>')
        self.count = button(msg("pass.count"))
        self.playouts = w.IntText(value=playouts, description=msg("pass.playouts"), style=WIDE,
                                  layout=w.Layout(width="22em"))
        self.simulate, self.more, self.stop = button(msg("pass.simulate")), button(msg("pass.more")), button(msg("stop"))
        self.panel = RunPanel(lambda **n: msg("pass.progress", **n), msg("pass.idle"), lambda e: msg("failed", why=e))
        self.runner = Runner(self.simulate, self.stop, self.panel)
        self.table, self.verdict = w.HTML(), w.HTML()
        self.count.on_click(lambda _: self.count_exactly())
        self.simulate.on_click(lambda _: self.start())
        self.more.on_click(lambda _: self.start(again=True))
        self.widget = app([heading(msg("pass.title"), esc(msg("pass.help"))), self.position, row([self.count]),
                           row([self.playouts, self.simulate, self.more, self.stop]), self.panel.progress_row(),
                           self.panel.message, self.table, self.verdict, self.panel.plot],
                          "btl-strategy", "btl-keep-or-pass", style=STYLE)
        self.render()

    def count_exactly(self) -> None:
        """Every order of the pile, every choice, played out: the exact columns and the verdict."""
        self.exact = endgame.exact_all(self.state)
        self.render()
        if any(self.finals):
            self.panel.show_png(self.plot_png(), self.plot_alt(), width=900, height=420)

    def start(self, again: bool = False) -> None:
        try:
            n = self.panel.read_number(self.playouts, *PLAYOUTS_RANGE,
                                       msg("pass.bad_playouts", low=PLAYOUTS_RANGE[0], high=PLAYOUTS_RANGE[1]))
        except Refused as e:
            return self.panel.say(str(e), error=True)
        if not again:
            self.finals = [[] for _ in self.moves]
        self.runner.start(lambda stopping: self._play(n, stopping))

    def _play(self, n: int, stopping) -> str:
        first = len(self.finals[0])  # deal i is the same deal for every choice, and after More the next ones
        self.panel.start(n)
        self.panel.say(msg("pass.running", n=n))
        report = self.panel.reporter(n)
        done = 0
        for i in range(first, first + n):
            if stopping.is_set():
                break
            for finals, final in zip(self.finals, endgame.playout(self.state, self.moves, i)):
                finals.append(final)
            done += 1
            report(done, n)
        self.render()
        if done:
            self.panel.show_png(self.plot_png(), self.plot_alt(), width=900, height=420)
        total = len(self.finals[0])
        return msg("pass.stopped" if done < n else "pass.done", total=total)

    # -- what is shown ------------------------------------------------------------------------------
    def _differences(self, k: int) -> list[int]:
        return [mine - theirs for mine, theirs in self.finals[k]]

    def render(self) -> None:
        head = [msg("pass.col.choice"), msg("pass.col.keep"), msg("pass.col.passed"), msg("pass.col.now"),
                msg("pass.col.exact_difference"), msg("pass.col.simulated_difference"),
                msg("pass.col.exact_win"), msg("pass.col.simulated_win")]
        rows, outside = [], 0
        for k, move in enumerate(self.moves):
            exact = self.exact[move] if self.exact else None
            differences = self._differences(k)
            played = len(differences)
            cells = [str(k + 1), str(move), ", ".join(card_words(c) for c in endgame.passed_on(self.state, move)),
                     number(endgame.immediate(self.state, move), "+d")]
            ev = exact.expected() if exact else None
            cells.append(_exactly(number(float(ev), "+.2f"), _fraction(ev, "+d")) if exact else "")
            if played:
                mean = sum(differences) / played
                band = mean_interval(differences)
                if band is None:
                    cells.append(msg("pass.no_spread", mean=number(mean, "+.2f"), n=played))
                else:
                    cells.append(msg("pass.mean", mean=number(mean, "+.2f"), low=number(band[0], "+.2f"),
                                     high=number(band[1], "+.2f")))
                    outside += exact is not None and not band[0] <= ev <= band[1]
            else:
                cells.append("")
            cells.append(_exactly(number(float(exact.win()), ".1%"), _fraction(exact.win(), "d")) if exact else "")
            cells.append(rate(sum(d > 0 for d in differences), played) if played else "")
            rows.append(cells)
        self.table.value = _table(head, rows)
        notes = []
        if self.exact:
            notes.append(self.best_words())
        if self.exact and any(self.finals):
            notes.append(msg("pass.outside", n=outside) if outside else msg("pass.inside"))
        self.verdict.value = "".join(f'<p class="btl-strategy-note">{esc(x)}</p>' for x in notes)

    def best_words(self) -> str:
        """Which choice is worth most at the end, exactly, and the choice worth most now."""
        value = {m: self.exact[m].expected() for m in self.moves}
        now = {m: endgame.immediate(self.state, m) for m in self.moves}
        best = max(self.moves, key=value.get)
        greedy = max(self.moves, key=lambda m: (now[m], value[m]))
        words = msg("pass.best", n=self.moves.index(best) + 1, value=number(float(value[best]), "+.2f"))
        if now[greedy] > now[best]:
            words += " " + msg("pass.now_is_not_best", n=self.moves.index(greedy) + 1, now=now[greedy],
                               value=number(float(value[greedy]), "+.2f"))
        return words

    def plot_alt(self) -> str:
        return msg("pass.alt", n=len(self.finals[0]))

    def plot_png(self) -> bytes:
        fig = figure(9, 4.2)
        axes = fig.add_subplot(1, 1, 1)
        for k, move in enumerate(self.moves):
            differences = self._differences(k)
            running, total = [], 0
            for i, d in enumerate(differences, 1):
                total += d
                running.append(total / i)
            line, = axes.plot(range(1, len(running) + 1), running, linewidth=2, linestyle=LINES[k % len(LINES)],
                              label=msg("pass.legend", n=k + 1))
            if self.exact:
                axes.axhline(float(self.exact[move].expected()), color=line.get_color(), linewidth=1, alpha=0.7)
        axes.set_xscale("log")
        axes.set_xlabel(msg("pass.plot.playouts"))
        axes.set_ylabel(msg("pass.plot.difference"))
        if self.exact:
            title(axes, msg("pass.plot.exact"), fontsize=10)
        axes.legend(fontsize=9, loc="center left", bbox_to_anchor=(1.01, 0.5), frameon=False)
        fig.tight_layout()
        return png(fig)


def keep_or_pass() -> w.VBox:
    return KeepOrPass().widget


# -- 3. what a drafted hand reveals ------------------------------------------------------------------------
class Neighbour:
    """A seeded 3-player game between greedy bots, seen by player 1 at the start of its turn."""

    SEAT = 0

    def __init__(self):
        self.seed = w.IntText(value=3, description=msg("seed"), style=WIDE, layout=w.Layout(width="10em"))
        self.round = w.IntSlider(value=4, min=2, max=25, description=msg("neighbour.round"), style=WIDE)
        self.show = button(msg("neighbour.show"))
        self.out = w.HTML()
        self.show.on_click(lambda _: self.update())
        self.widget = app([heading(msg("neighbour.title"), msg("neighbour.help")),
                           row([self.seed, self.round, self.show]), self.out], "btl-strategy", "btl-neighbour", style=STYLE)

    def position(self):
        if not (isinstance(self.seed.value, int) and self.seed.value >= 0):
            raise Refused(msg("bad_seed"))
        state = load(GAME, seed=self.seed.value, players=3)
        bots = {p: make_bot(GAME, "greedy", self.seed.value * 31 + p) for p in range(3)}
        while not (state.round >= self.round.value and state.current_player() == self.SEAT and state.phase == "play"):
            state.apply(bots[state.current_player()].choose(state.view(state.current_player()), state.legal_actions()))
        return state

    def update(self) -> None:
        try:
            state = self.position()
        except Refused as e:
            self.out.value = message(esc(str(e)), error=True)
            return
        view, records = state.view(self.SEAT), state.log.to_records(self.SEAT)
        lines = [msg("neighbour.hand", cards=", ".join(card_words(c) for c in view["hand"]))]
        for p in passed_on(records, view)[-3:]:
            kept = ", ".join(card_words(c) for c in p.still_there) or "—"
            lines.append(msg("neighbour.took", round=p.round, n=p.to + 1, card=card_words(p.laid), kept=kept))
            if p.stolen:
                lines.append(msg("neighbour.stole", n=p.to + 1, card=card_words(p.stolen), victim=p.victim + 1))
        rows = counted(view)
        unknown = sum(r["unknown"] for r in rows.values())
        table_rows = [[card_words(c), str(r["in_play"]), str(r["face_up"]), str(r["hand"]), str(r["known"]),
                       str(r["unknown"]), number(r['unknown'] / unknown, ".0%") if unknown else "—"]
                      for c, r in rows.items()]
        head = [msg("neighbour.col." + k) for k in ("card", "in_play", "face_up", "hand", "known", "unknown", "chance")]
        self.out.value = ("".join(f'<p class="btl-strategy-note">{esc(line)}</p>' for line in lines)
                          + _table(head, table_rows)
                          + f'<p class="btl-strategy-note">{esc(msg("neighbour.note", n=unknown))}</p>')


def neighbour() -> w.VBox:
    return Neighbour().widget


# -- 4. a claim and its replication -------------------------------------------------------------------------
CLAIM_SEED = 7


class Replication:
    """A strategy "won 6 of 10": how often luck alone does that, and what 1,000 more games say."""

    def __init__(self, claim_games: int = 10, replication_games: int = 1000):
        self.hero = w.Dropdown(options=[(msg(f"strategy.{s}"), s) for s in STRATEGIES], value="random",
                               description=msg("replication.hero"), style=WIDE)
        self.rival = w.Dropdown(options=[(msg(f"strategy.{s}"), s) for s in STRATEGIES], value="random",
                                description=msg("replication.rival"), style=WIDE)
        # Seeds 7-16 of random against random: the claimed strategy "wins" 6 of the 10, the story the
        # notebook's prose tells (tests/ui/test_strategy_lab.py holds the two together).
        self.seed = w.IntText(value=CLAIM_SEED, description=msg("seed"), style=WIDE, layout=w.Layout(width="10em"))
        self.claim_games, self.replication_games = claim_games, replication_games
        self.claim_button = button(msg("replication.claim", n=claim_games))
        self.replicate, self.stop = button(msg("replication.replicate", n=replication_games)), button(msg("stop"))
        self.panel = RunPanel(lambda **n: msg("progress", **n), msg("replication.idle"), lambda e: msg("failed", why=e))
        self.runner = Runner(self.replicate, self.stop, self.panel)
        self.claim_out, self.replication_out = w.HTML(), w.HTML()
        self.claim_button.on_click(lambda _: self.claim())
        self.replicate.on_click(lambda _: self.runner.start(self._replicate))
        self.widget = app([heading(msg("replication.title"), msg("replication.help")),
                           row([self.hero, self.rival, self.seed]), row([self.claim_button]), self.claim_out,
                           row([self.replicate, self.stop]), self.panel.progress_row(), self.panel.message,
                           self.replication_out], "btl-strategy", "btl-replication-claim", style=STYLE)

    def _wins(self, n: int, seed: int, stopping=None, report=None) -> tuple[int, int, int]:
        """(games the claimed strategy won alone, games one player won alone, games played): seeds
        ``seed``.., seats alternating."""
        config = Config.make(GAME, [self.hero.value, self.rival.value], rotate=True, players=2)
        result = run(config, n, seed=seed, progress=report, stop=stopping)
        wins = by_lineup(result)[["won_0", "won_1"]].sum()
        return int(wins["won_0"]), int(wins.sum()), result.n

    def claim(self) -> None:
        if not (isinstance(self.seed.value, int) and self.seed.value >= 0):
            self.claim_out.value = message(esc(msg("bad_seed")), error=True)
            return
        first = self.seed.value
        k, decided, n = self._wins(self.claim_games, first)
        # Equally good strategies win a game with one winner half the time each; a tie is neither's
        # win, so luck is reckoned over the games one of them won (not half of every game)
        luck = at_least(k, decided, 0.5)
        said = (msg("replication.luck", k=k, n=n, p=number(luck, ".0%")) if decided == n else
                msg("replication.luck_ties", k=k, n=decided, p=number(luck, ".0%")))
        self.claim_out.value = "".join(f'<p class="btl-strategy-note">{esc(x)}</p>' for x in (
            msg("replication.claimed", hero=msg(f"strategy.{self.hero.value}"), k=k, n=n, rate=rate(k, n)), said))

    def _replicate(self, stopping) -> str:
        n = self.replication_games
        first = 1_000_000 + (self.seed.value if isinstance(self.seed.value, int) else 0)  # new games, not the claim's
        self.panel.start(n)
        self.panel.say(msg("replication.running", n=n))
        k, _, played = self._wins(n, first, stopping, self.panel.reporter(n))
        if played:
            self.replication_out.value = f'<p class="btl-strategy-note"><b>{esc(msg("replication.result", hero=msg(f"strategy.{self.hero.value}"), k=k, n=played, rate=rate(k, played)))}</b></p>'
        return msg("replication.stopped" if played < n else "replication.done", n=played)


def replication() -> w.VBox:
    return Replication().widget


__all__ = ["keep_or_wait", "keep_or_pass", "neighbour", "replication"]
