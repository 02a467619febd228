#!/usr/bin/env python3
"""Does Research Programme's school game fit a 45-minute lesson? Decisions, stories and minutes.

    python bench/lesson.py [--games 300] [--seed 0] [--policy after|before] [--stories every|round|none]
    python bench/lesson.py --presses [--games 100]      # presses on the class screen per team and round

Plays school games with the heuristic bot in every seat, for 2, 3 and 4 teams, and counts what
a class would have to do: every engine decision of a seat except the ones the app makes for the
team (a decision with exactly one legal action, as ``play_turns(..., forced=True)`` does), and,
apart, the stories (the teacher's approval of a team's story, K28). ``--policy before`` counts
the way the old app worked: every engine decision is a click, forced ones too. The minutes use
the assumptions in ``btlgames/research/lesson.py``, printed at the top.

``--presses`` counts what the class presses in the app (the school game's renderer decides where
a move is made): a move that is a part of the table of its own or a button is one press; a part
that holds several moves takes two, the part and then its choice beside it (the first press only
narrows). Run it in an older checkout to compare (its renderer module is found by either name).

The counting rule is ``btlgames.research.lesson.count_game``. Measurements only: no test depends
on this script (tests/engine/test_research_lesson.py checks the figures kept in lesson.py
against a quick simulation). On an older engine, copy lesson.py into it first.
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass
from statistics import mean

from btlgames.research import lesson
from btlgames.research.lesson import Tally

PHASES = ("funding", "actions", "tests")


@dataclass
class Figures:
    teams: int
    games: int
    rounds: float                 # rounds played (a game may end early by replications)
    decisions: float              # per team per round
    forced: float                 # per team per round
    by_round: list                # decisions per team in round 1..5
    by_phase: dict                # decisions per team per round, by phase
    stories_per_game: float
    stories_per_round: float
    clicks_per_game: float
    play_minutes: float           # the games as played
    five_round_minutes: float     # all 5 rounds, from the per-round means


def seconds(decisions: float, forced: float, stories: float, policy: str) -> float:
    clicks = forced * lesson.SECONDS_PER_FORCED_CLICK if policy == "before" else 0.0
    return decisions * lesson.SECONDS_PER_DECISION + stories * lesson.SECONDS_PER_STORY + clicks


def figures(teams: int, tallies: list[Tally], policy: str) -> Figures:
    team_rounds = sum(t.rounds for t in tallies) * teams
    per_round = [[sum(t.decisions[r, p] for p in range(teams)) / teams for t in tallies if t.rounds >= r]
                 for r in range(1, lesson.ROUNDS + 1)]
    forced_round = [[sum(t.forced[r, p] for p in range(teams)) / teams for t in tallies if t.rounds >= r]
                    for r in range(1, lesson.ROUNDS + 1)]
    stories_round = [[t.stories[r] for t in tallies if t.rounds >= r] for r in range(1, lesson.ROUNDS + 1)]
    by_round = [mean(xs) if xs else 0.0 for xs in per_round]
    five = seconds(teams * sum(by_round), teams * sum(mean(xs) if xs else 0.0 for xs in forced_round),
                   sum(mean(xs) if xs else 0.0 for xs in stories_round), policy)
    games = len(tallies)
    decisions = sum(sum(t.decisions.values()) for t in tallies)
    forced = sum(sum(t.forced.values()) for t in tallies)
    stories = sum(sum(t.stories.values()) for t in tallies)
    clicks = decisions + stories + (forced if policy == "before" else 0)
    return Figures(
        teams=teams, games=games, rounds=mean(t.rounds for t in tallies),
        decisions=decisions / team_rounds, forced=forced / team_rounds, by_round=by_round,
        by_phase={ph: sum(t.by_phase[ph] for t in tallies) / team_rounds for ph in PHASES},
        stories_per_game=stories / games, stories_per_round=stories / (team_rounds / teams),
        clicks_per_game=clicks / games, play_minutes=seconds(decisions, forced, stories, policy) / games / 60,
        five_round_minutes=five / 60)


def assumptions(policy: str, options: dict) -> str:
    forced = (f"{lesson.SECONDS_PER_FORCED_CLICK} s per forced click (one legal action)" if policy == "before"
              else "forced moves (one legal action) made by the app: 0 s")
    return "\n".join([
        f"Assumptions (btlgames/research/lesson.py): {lesson.SECONDS_PER_DECISION} s per team decision, "
        f"{lesson.SECONDS_PER_STORY} s per story, {forced};",
        f"lesson {lesson.LESSON_MINUTES} min = rules {lesson.RULES_MINUTES} + set-up {lesson.SETUP_MINUTES} "
        f"+ play {lesson.PLAY_MINUTES} + debrief {lesson.DEBRIEF_MINUTES}; the plan: 4 teams, "
        f"{lesson.ROUNDS} rounds, play <= {lesson.PLAY_MINUTES} min.",
        f"Policy: {policy}; options: {options or 'defaults'}; heuristic bots in every seat."])


def table(rows: list[Figures]) -> str:
    head = (f"{'teams':>5} {'games':>5} {'rounds':>6} {'dec/team/rd':>11} {'forced/t/rd':>11} "
            f"{'stories/game':>12} {'clicks/game':>11} {'play min':>8} {'5-round min':>11} {'lesson min':>10} fits")
    lines = [head]
    for f in rows:
        lesson_min = lesson.RULES_MINUTES + lesson.SETUP_MINUTES + f.five_round_minutes + lesson.DEBRIEF_MINUTES
        fits = "yes" if f.five_round_minutes <= lesson.PLAY_MINUTES else "no"
        lines.append(f"{f.teams:>5} {f.games:>5} {f.rounds:>6.2f} {f.decisions:>11.2f} {f.forced:>11.2f} "
                     f"{f.stories_per_game:>12.1f} {f.clicks_per_game:>11.1f} {f.play_minutes:>8.1f} "
                     f"{f.five_round_minutes:>11.1f} {lesson_min:>10.1f} {fits}")
    lines.append("")
    lines.append("decisions per team, by round (1..5) and by phase (per round):")
    for f in rows:
        rounds = " ".join(f"{x:5.2f}" for x in f.by_round)
        phases = " ".join(f"{ph} {f.by_phase[ph]:.2f}" for ph in PHASES)
        lines.append(f"  {f.teams} teams: rounds {rounds} | {phases} | stories per round {f.stories_per_round:.2f}")
    plan = next((f for f in rows if f.teams == 4), None)
    if plan:
        verdict = "fits" if plan.five_round_minutes <= lesson.PLAY_MINUTES else "does NOT fit"
        lines.append(f"\nThe plan (4 teams, {lesson.ROUNDS} rounds, <= {lesson.PLAY_MINUTES} min): "
                     f"{plan.five_round_minutes:.1f} min of play: {verdict}.")
    return "\n".join(lines)


def school_renderer():
    """The school game's drawing: ``renderer("school")`` of this checkout's renderer module."""
    try:
        from btlgames.ui.games import research  # ui/ in rooms
    except ImportError:
        from btlgames.ui import research  # before the rooms
    return research.renderer(variant="school")


def presses(teams: int, games: int, seed: int) -> tuple[float, float, int]:
    """Per team and round: presses, and the presses that only narrow (a part of several moves);
    and the team-rounds counted. The heuristic bot chooses every move; the app makes one-option
    moves for the team (no press)."""
    try:
        from btlgames.core.playing import make_bot
    except ImportError:  # an older checkout
        from btlgames.core.simulate import make_bot
    from btlgames.core.registry import load

    drawing = school_renderer()
    total = narrowing = team_rounds = 0
    for i in range(games):
        state = load("research", seed=seed + i, variant="school", players=teams)
        bots = [make_bot("research", "heuristic", seat) for seat in range(teams)]
        while not state.is_over():
            p = state.current_player()
            legal = state.legal_actions()
            action = bots[p].choose(state.view(p), legal)
            if len(legal) > 1:
                key = drawing.target(action)
                several = key is not None and sum(drawing.target(a) == key for a in legal) > 1
                total += 2 if several else 1
                narrowing += several
            state.apply(action)
        team_rounds += state.round * teams
    return total / team_rounds, narrowing / team_rounds, team_rounds


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per team count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", choices=("after", "before"), default="after",
                        help="after: the app makes one-option moves; before: every decision is a click")
    parser.add_argument("--stories", choices=("every", "round", "none"), default=None,
                        help="the story cap (an engine without the option: leave it out)")
    parser.add_argument("--teams", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--presses", action="store_true", help="presses on the class screen per team and round")
    args = parser.parse_args(argv)
    if args.presses:
        for n in args.teams:
            per, narrow, counted = presses(n, args.games, args.seed)
            print(f"{n} teams: {per:.2f} presses per team and round, of which {narrow:.2f} only narrow"
                  f" ({counted} team-rounds)")
        return
    options = {"stories": args.stories} if args.stories else {}
    print(assumptions(args.policy, options) + "\n")
    rows = [figures(n, [lesson.count_game(n, args.seed + i, **options) for i in range(args.games)], args.policy)
            for n in args.teams]
    print(table(rows))


if __name__ == "__main__":
    main()
