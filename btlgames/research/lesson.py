"""The 45-minute lesson in numbers: how long the school game takes a class, and where it stands.

The time model is a few stated assumptions (the constants below); the decision figures are
measured by ``bench/lesson.py`` (heuristic bots in every seat, counted by the app's rule: a
decision with one legal action is made for the team, so it costs nothing; stories apart). A
test replays a quick simulation against them, so they cannot drift from the engine.

    minutes_per_round(4, "round")  -> 4.8
    schedule(4, "round")           -> the lesson minute by minute: set-up, rules, rounds, debrief
    progress(view)                 -> 2.4: two rounds done and 40 % of the third
    minutes_behind(view, 20.0)     -> 1.3: the class is 1.3 minutes behind the plan (None: the game is over)
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from . import constants  # STORY_CAPS read at call time: bench/lesson.py also counts on older engines

# -- the assumptions ------------------------------------------------------------------------------
SECONDS_PER_DECISION = 15      # a team's decision: the middle of 10-20 s
SECONDS_PER_STORY = 45         # a story and the teacher's click: the middle of K28's 30-60 s
SECONDS_PER_FORCED_CLICK = 3   # the old app asked for one-option moves too: a glance and a click
SETUP_MINUTES = 2              # the hook, teams formed, seats chosen, the game dealt
RULES_MINUTES = 5              # the rules explained from the projector
DEBRIEF_MINUTES = 8            # the five questions
LESSON_MINUTES = 45
PLAY_MINUTES = LESSON_MINUTES - RULES_MINUTES - SETUP_MINUTES - DEBRIEF_MINUTES  # 30
ROUNDS = 5                     # the school game (rules.md, "The school game")

# -- measured: python bench/lesson.py --games 300 --stories every|round|none ---------------------
# A team's decisions per round (heuristic bots, 2-4 teams, every story cap; they barely differ):
FUNDING_DECISIONS = 1.04       # income and the card to draw (K30), now and then repaying or discarding
ACTION_DECISIONS = 2.96        # two actions, a prediction's project and method (K30), a loan
DECISIONS_PER_TEAM_ROUND = FUNDING_DECISIONS + ACTION_DECISIONS


def stories_per_round(teams: int, stories: str) -> int:
    """Stories the teacher approves in a round under the cap (Kit rule K31), at most."""
    if stories not in constants.STORY_CAPS:
        raise ValueError(f"stories={stories!r}: choose one of {', '.join(constants.STORY_CAPS)}")
    return {"every": teams, "round": 1, "none": 0}[stories]


def round_seconds(teams: int, stories: str) -> dict[str, float]:
    """A round's planned seconds by phase: funding (with the stories) and actions (tests are rolled
    by the app)."""
    return {"funding": teams * FUNDING_DECISIONS * SECONDS_PER_DECISION
            + stories_per_round(teams, stories) * SECONDS_PER_STORY,
            "actions": teams * ACTION_DECISIONS * SECONDS_PER_DECISION}


def minutes_per_round(teams: int, stories: str) -> float:
    return sum(round_seconds(teams, stories).values()) / 60


def default_stories(teams: int) -> str:
    """The school app's story cap: every team's story while all 5 rounds fit in the play time
    (2 and 3 teams), else one story a round for the class (4 teams: 35 minutes with every story,
    24 with one a round)."""
    caps = constants.STORY_CAPS
    fitting = (cap for cap in caps if ROUNDS * minutes_per_round(teams, cap) <= PLAY_MINUTES)
    return next(fitting, caps[-1])


# -- the counting rule ------------------------------------------------------------------------------
@dataclass
class Tally:
    """One school game, counted as a class plays it: keys (round, seat) for a team's moves, the
    round for stories, the phase for decisions."""
    teams: int
    rounds: int = 0
    decisions: Counter = field(default_factory=Counter)  # more than one legal action: the team decides
    forced: Counter = field(default_factory=Counter)     # one legal action: the app makes the move
    by_phase: Counter = field(default_factory=Counter)
    stories: Counter = field(default_factory=Counter)    # the teacher approves a story (K28, K31)


def count_game(teams: int, seed: int, **options) -> Tally:
    """A school game between heuristic bots in every seat, counted move by move. A one-option move
    is made the way the app makes it (``play_turns(..., forced=True)``: the only action)."""
    from ..core.registry import load  # here: the module stays light for the apps that import it
    from ..core.playing import make_bot

    state = load("research", seed=seed, variant="school", players=teams, **options)
    bots = {p: make_bot("research", "heuristic", seed * 31 + p) for p in range(teams)}
    tally = Tally(teams)
    while not state.is_over():
        p, legal = state.current_player(), state.legal_actions()
        view = state.view(p)
        if view["decision"]["kind"] == "story":
            tally.stories[state.round] += 1
        elif len(legal) == 1:
            tally.forced[state.round, p] += 1
            state.apply(legal[0])
            continue
        else:
            tally.decisions[state.round, p] += 1
            tally.by_phase[view["phase"]] += 1
        state.apply(bots[p].choose(view, legal))
    tally.rounds = state.round
    return tally


# -- the lesson, minute by minute -----------------------------------------------------------------
@dataclass(frozen=True)
class Part:
    part: str       # setup | rules | round | buffer | debrief
    start: float    # minutes from the start of the lesson
    end: float
    round: int = 0  # the round, for part "round"


@dataclass(frozen=True)
class Schedule:
    teams: int
    stories: str
    parts: tuple[Part, ...]
    play_minutes: float   # all five rounds at the planned pace
    fits: bool            # the rounds end before the debrief is due

    @property
    def spare_minutes(self) -> float:
        """Minutes left between the last round and the debrief (negative: the plan overruns)."""
        return PLAY_MINUTES - self.play_minutes


def schedule(teams: int, stories: str | None = None) -> Schedule:
    """The 45-minute lesson for ``teams`` teams: set-up, rules, the planned end of each round, a
    buffer for a slow class, the debrief (from minute 37). ``stories`` defaults to
    :func:`default_stories`."""
    stories = stories or default_stories(teams)
    per_round = minutes_per_round(teams, stories)
    play_start = SETUP_MINUTES + RULES_MINUTES
    parts = [Part("setup", 0, SETUP_MINUTES), Part("rules", SETUP_MINUTES, play_start)]
    parts += [Part("round", play_start + (r - 1) * per_round, play_start + r * per_round, r)
              for r in range(1, ROUNDS + 1)]
    debrief = play_start + PLAY_MINUTES
    rounds_end = parts[-1].end
    if rounds_end < debrief:
        parts.append(Part("buffer", rounds_end, debrief))
    start = max(debrief, rounds_end)
    parts.append(Part("debrief", start, max(LESSON_MINUTES, start + DEBRIEF_MINUTES)))
    return Schedule(teams, stories, tuple(parts), ROUNDS * per_round, rounds_end <= debrief)


# -- where the class stands -----------------------------------------------------------------------
def progress(view: dict) -> float:
    """How far the game is, in rounds: the rounds done plus the share of the current round's
    planned time already spent, by the counting rule of bench/lesson.py (a team's decisions and
    the stories; decisions with one option cost nothing). 0.0 before round 1; ``view["round"]``
    once the game is over."""
    if view["phase"] == "over":
        return float(view["round"])
    if view["phase"] == "setup":
        return 0.0
    return view["round"] - 1 + _round_share(view)


def _round_share(view: dict) -> float:
    teams, stories = view["players"], view.get("stories", "none")
    seconds = round_seconds(teams, stories)
    total = seconds["funding"] + seconds["actions"]
    if view["phase"] == "funding":
        return _funding_spent(view, stories) / total
    if view["phase"] == "actions":
        taken = sum(len(pl["done"]) for pl in view["players_"])  # each of the 2 actions per team
        return (seconds["funding"] + seconds["actions"] * min(1.0, taken / (2 * teams))) / total
    return 1.0  # tests and clean-up: the app rolls


def _funding_spent(view: dict, stories: str) -> float:
    """Seconds of funding spent: the teams before the one deciding now (in turn order), and its
    own income once it is at its story."""
    d = view["decision"]
    if not d or d["kind"] == "heist":  # the round's event comes before any income
        return 0.0
    teams = view["players"]
    before = (d["player"] - view["start"]) % teams
    income = FUNDING_DECISIONS * SECONDS_PER_DECISION
    story = SECONDS_PER_STORY if stories == "every" else 0.0
    spent = before * (income + story)
    if stories == "round" and before > 0:
        spent += SECONDS_PER_STORY  # the start team's story came first
    if d["kind"] == "story":
        spent += income
    return spent


def planned_progress(minute: float, teams: int, stories: str | None = None) -> float:
    """Where the plan expects the game ``minute`` minutes into the lesson, in rounds (0 to 5)."""
    stories = stories or default_stories(teams)
    played = minute - SETUP_MINUTES - RULES_MINUTES
    return min(float(ROUNDS), max(0.0, played / minutes_per_round(teams, stories)))


def minutes_behind(view: dict, minute: float) -> float | None:
    """Minutes the class is behind the plan (negative: ahead), ``minute`` minutes into the lesson.
    Uses the game's own story cap. None once the game is over: the plan paces rounds, and none
    is left to be behind or ahead with (the lesson clock says when the game ended instead)."""
    if view["phase"] == "over":
        return None
    teams, stories = view["players"], view.get("stories", "none")
    gap = planned_progress(minute, teams, stories) - progress(view)
    return gap * minutes_per_round(teams, stories)
