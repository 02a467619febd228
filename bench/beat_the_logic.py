#!/usr/bin/env python3
"""Beat The Logic: how clearly each bot beats the one below it (the rulebook's designer note).

    python bench/beat_the_logic.py [--games 2000] [--seed 0] [--players 2 3 4] [--match planner:greedy ...]
                                   [--workers 2]

For 2, 3 and 4 players: one seat plays the stronger bot and the others the weaker one, the
line-up turned one seat on per game (btlgames.core.study, rotated); the stronger bot's share of
the games it won alone carries a 95 % Wilson interval, and "clearly" means the whole interval
lies above the fair share (1 / players). A shared win is a tie, nobody's win (so a bot that
shares often is judged strictly). "forgetful" is the planner without card counting: the
planner-against-forgetful line-up measures what counting is worth. No test depends on this.

    python bench/beat_the_logic.py --clairvoyant [--agreement] [--games 2000] [--players 2 3 4]

    python bench/beat_the_logic.py --lab

times what the strategy lab does with its default settings, press by press (the issue asks for
10 s or less each): CPU seconds, which other programs on the machine do not change, and wall seconds.

--clairvoyant plays instead one *clairvoyant* planner against forgetful ones: the planner's own counting model
fed every other hand exactly, which no player can know (the rulebook's designer note: the most
that counting could ever tell this planner).
"""
from __future__ import annotations

import argparse
import multiprocessing
import time

import btlgames
from btlgames.beat_the_logic.bots import ForgetfulBot, PlannerBot
from btlgames.core.study import Config, by_lineup, run, share
from btlgames.science.intervals import percent, wilson

GAME = "beat-the-logic"
MATCHES = ("planner:greedy", "greedy:random", "planner:random", "forgetful:greedy", "planner:forgetful")


def verdict(wins: int, games: int, players: int) -> str:
    low, high = wilson(wins, games)
    fair = 1 / players
    return "clearly above" if low > fair else "clearly below" if high < fair else "not distinguishable"


def line(players: int, strong: str, weak: str, games: int, seed: int, workers: int) -> str:
    config = Config.make(GAME, [strong] + [weak] * (players - 1), rotate=True, players=players)
    study = run(config, games, seed=seed, workers=workers)
    seats = by_lineup(study)
    wins, n = int(seats["won_0"].sum()), study.n
    others = seats[[f"score_{j}" for j in range(1, players)]].to_numpy().mean()
    return (f"| {players} | 1 {strong} + {players - 1} {weak} | {n} | {percent(wins, n)} | {1 / players:.0%} | "
            f"{verdict(wins, n, players)} | {seats['score_0'].mean():.1f} / {others:.1f} | "
            f"{share(study.games, 'tie')['k']} | {study.seconds:.0f} |")


class ClairvoyantBot(PlannerBot):
    """The planner counting at every table size; clairvoyant_game shows it every hand."""
    COUNTS_WITH = (2, 3, 4)


def clairvoyant_game(players: int, seed: int, agreement: bool = False) -> tuple:
    """One game, the line-up turned as core.study turns it (seat ``seed % players`` is the
    clairvoyant): (it won alone, the win was shared, its score, the others' mean score), and with
    ``agreement`` (its turns with a choice, those where the forgetful bot's best moves in the same
    position include one of its own)."""
    state = btlgames.load(GAME, seed=seed, players=players)
    seer = seed % players
    bots = {s: (ClairvoyantBot if s == seer else ForgetfulBot)(seed=seed * 31 + s) for s in range(players)}
    forgetful, choices, same = ForgetfulBot(), 0, 0
    while not state.is_over():
        p, legal = state.current_player(), state.legal_actions()
        view = state.view(p)
        if p == seer:
            if agreement and len(legal) > 1:
                choices += 1
                same += bool(set(forgetful.best(view, legal)) & set(bots[p].best(_seeing_all(view, state), legal)))
            view = _seeing_all(view, state)
        state.apply(bots[p].choose(view, legal))
    scores, winners = state.scores(), state.winners()
    others = [scores[s] for s in range(players) if s != seer]
    return (winners == [seer], len(winners) > 1, scores[seer], sum(others) / len(others)) + (
        (choices, same) if agreement else ())


def _seeing_all(view: dict, state) -> dict:
    """``view`` with every other hand in it, as if the viewer knew them all."""
    me = view["player"]
    return {**view, "known_hands": [[] if q == me else sorted(state.hands[q]) for q in range(state.players)]}


def clairvoyant_line(players: int, games: int, seed: int, workers: int, agreement: bool = False) -> str:
    started = time.perf_counter()
    jobs = [(players, seed + i, agreement) for i in range(games)]
    if workers == 1:
        rows = [clairvoyant_game(*job) for job in jobs]
    else:  # a plain script: forking it is safe
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            rows = pool.starmap(clairvoyant_game, jobs, chunksize=10)
    wins = sum(r[0] for r in rows)
    mine, others = sum(r[2] for r in rows) / games, sum(r[3] for r in rows) / games
    line = (f"| {players} | 1 clairvoyant planner + {players - 1} forgetful | {games} | {percent(wins, games)} | "
            f"{1 / players:.0%} | {verdict(wins, games, players)} | {mine:.1f} / {others:.1f} | "
            f"{sum(r[1] for r in rows)} | {time.perf_counter() - started:.0f} |")
    if agreement:  # turns of one game are not independent: the interval is only a rough guide
        choices, same = sum(r[4] for r in rows), sum(r[5] for r in rows)
        line += (f"\n{players} players: in {choices} turns with a choice, the forgetful bot would have made one of the"
                 f" clairvoyant's best moves in {percent(same, choices)}")
    return line


def lab_times() -> None:
    """Each widget of the strategy lab with its defaults, each button pressed once, timed."""
    from btlgames.ui import lab as rule_lab
    from btlgames.ui.concepts import strategy_lab as lab

    def timed(what: str, press) -> None:
        cpu, wall = time.process_time(), time.perf_counter()
        press()
        print(f"| {what} | {time.process_time() - cpu:.1f} | {time.perf_counter() - wall:.1f} |", flush=True)

    print("| the lab, default settings | CPU seconds | wall seconds |\n|---|---|---|")
    strategies = rule_lab.make("strategy-lab")  # the notebook's strategies against each other
    wait, neighbour, replication = lab.KeepOrWait(), lab.Neighbour(), lab.Replication()
    timed("Keep or pass: the widget (the position drawn)", lambda: lab.KeepOrPass())
    ending = lab.KeepOrPass()

    def run_and_join(runner, button):
        button.click()
        runner.join(600)

    timed(f"Strategies: Run ({strategies.games.value} games, {' against '.join(strategies.a.config().bots)})",
          lambda: run_and_join(strategies.runner, strategies.run_button))
    timed("Strategies: More games", lambda: run_and_join(strategies.runner, strategies.more_button))
    timed(f"Keep or wait: Simulate ({wait.trials.value} deals)", wait.simulate.click)
    timed(f"Keep or pass: Count every order ({ending.orders} orders x {len(ending.moves)} choices)", ending.count.click)
    timed(f"Keep or pass: Simulate ({ending.playouts.value} playouts x {len(ending.moves)} choices)",
          lambda: run_and_join(ending.runner, ending.simulate))
    timed("What a hand tells you: Show", neighbour.show.click)
    timed(f"Replication: the claim ({replication.claim_games} games)", replication.claim_button.click)
    timed(f"Replication: replicate ({replication.replication_games} games)",
          lambda: run_and_join(replication.runner, replication.replicate))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=[2, 3, 4])
    parser.add_argument("--match", nargs="+", default=list(MATCHES), metavar="STRONG:WEAK",
                        help="line-ups to play (default: all of " + ", ".join(MATCHES) + ")")
    parser.add_argument("--workers", type=int, default=2, choices=[1, 2],
                        help="processes (the table is the same for 1 and 2)")
    parser.add_argument("--clairvoyant", action="store_true",
                        help="1 clairvoyant planner (it sees every hand) against forgetful bots instead")
    parser.add_argument("--agreement", action="store_true",
                        help="with --clairvoyant: how often the forgetful bot would have chosen as the clairvoyant")
    parser.add_argument("--lab", action="store_true", help="time the strategy lab's default settings instead")
    args = parser.parse_args()
    if args.lab:
        return lab_times()
    print("| players | line-up | games | stronger bot wins alone | fair share | against the fair share "
          "| mean score: stronger / others | shared wins | seconds |")
    print("|---|---|---|---|---|---|---|---|---|")
    for players in args.players:
        if args.clairvoyant:
            print(clairvoyant_line(players, args.games, args.seed, args.workers, args.agreement), flush=True)
            continue
        for match in args.match:
            strong, weak = match.split(":")
            print(line(players, strong, weak, args.games, args.seed, args.workers), flush=True)


if __name__ == "__main__":
    main()
