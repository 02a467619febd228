"""The ``btlgames`` command: serve the apps, build the static site, simulate games."""
from __future__ import annotations

import argparse
import os
import sys


def _simulate(args) -> int:
    from btlgames.core import study

    try:
        a = study.Config.make(args.game, _bots(args.bot), args.rotate, **dict(_option(o) for o in args.option))
        b = None
        if args.vs or args.vs_bot:
            b = a.with_changes(bots=_bots(args.vs_bot) if args.vs_bot else None,
                               **dict(_option(o) for o in args.vs))
            if b == a:
                raise ValueError("--vs and --vs-bot leave B the same as A: change an option or the bots")
        if args.share:
            study.check_measure(a, args.share)  # a misspelt share is refused before any game is played
        if args.csv:
            _check_writable(args.csv)  # before the study, not after it
    except ValueError as err:
        print(f"btlgames simulate: {err}", file=sys.stderr)
        return 2
    results = _run(a, b, args)
    if args.csv:
        study.games_table(results).to_csv(args.csv, index=False)
    for label, result in zip("AB", results):
        print(summarise(result, label if b else ""))
    if b:
        measure = args.share or "seat:0"  # a solo game's win rate; seat 0's wins in others
        print(difference(study.compare(results[0], results[1], measure)))
    return 0


def _bots(text: str):
    names = text.split(",")
    return names[0] if len(names) == 1 else names


def _run(a, b, args) -> list:
    from btlgames.core.study import run, run_ab

    progress = None
    total = args.n * (2 if b else 1)
    if total >= 200 and not args.quiet:
        from tqdm import tqdm

        bar = tqdm(total=total, unit="game", file=sys.stderr)
        progress = lambda done, _total: bar.update(done - bar.n)  # noqa: E731
    if b:
        results = list(run_ab(a, b, args.n, seed=args.seed, workers=args.workers, progress=progress))
    else:
        results = [run(a, args.n, seed=args.seed, workers=args.workers, progress=progress)]
    if progress:
        bar.close()
    return results


def _check_writable(path: str) -> None:
    """Refuse a CSV path that cannot be written (a folder, a missing or read-only folder)."""
    if os.path.isdir(path):
        raise ValueError(f"--csv {path} is a folder; give a file name")
    existed = os.path.exists(path)
    try:
        with open(path, "a"):
            pass
    except OSError as err:
        raise ValueError(f"cannot write --csv {path}: {err.strerror or err}") from None
    if not existed:
        os.remove(path)


def _option(text: str):
    if "=" not in text:
        raise ValueError(f"options are written NAME=VALUE, not {text!r}")
    name, value = text.split("=", 1)
    try:
        return name, int(value)
    except ValueError:
        return name, value


def share_words(measure: str) -> str:
    kind, _, what = measure.partition(":")
    return {"seat": f"seat {what} wins", "bot": f"{what} wins", "tie": "ties (a win shared)",
            "none": "games without a winner", "decided_by": f"decided by {what}", "mean": f"{what} per game"}[kind]


def summarise(result, label: str = "") -> str:
    """A few lines anyone can read: win rates (with Wilson intervals), ties, game length, how games ended.

    A seat wins a game when it is its only winner; a shared win is a tie, counted for no seat, so
    the win rates and the ties add up to at most 100 %.
    """
    from btlgames.core import study
    from btlgames.core.study import decided_table, win_table

    frame, n = result.games, result.n
    config = result.config
    head = f"{label}: " if label else ""
    lines = [f"{head}{config.game}: {n} games, bot {','.join(config.bots)}{' (seats rotated)' if config.rotate else ''}, "
             f"seeds {result.seed}..{result.seed + n - 1}" + "".join(f", {k}={v}" for k, v in config.options)]
    wins = win_table(result)
    for row in wins.itertuples():
        kind, _, what = row.measure.partition(":")
        interval = f"95% interval {row.low:.1%} to {row.high:.1%}"
        if kind == "seat":
            mean = frame[f"score_{what}"].mean() if n else float("nan")
            lines.append(f"  seat {what}: win rate {row.rate:.1%} (won {row.k} of {n}; {interval}), mean score {mean:.2f}")
        elif kind == "bot":
            lines.append(f"  bot {what}: win rate {row.rate:.1%} (won {row.k} of {n}; {interval})")
        elif kind == "tie":
            lines.append(f"  ties: {row.rate:.1%} ({row.k} of {n} games shared a win; {interval}): "
                         "a shared win counts for no seat, so the rates add up to at most 100%")
    if n:
        lines.append(f"  actions per game: mean {frame.actions.mean():.1f}, max {frame.actions.max()}")
    if n and "rounds" in frame.columns and "mean:rounds" not in study.quantities(result):  # else with its interval below
        lines.append(f"  rounds per game: mean {frame.rounds.mean():.1f}, min {frame.rounds.min()}, max {frame.rounds.max()}")
    decided = decided_table(result)
    if len(decided):
        lines.append("  decided by: " + ", ".join(f"{r.measure.split(':', 1)[1]} {r.rate:.0%}" for r in decided.itertuples()))
    for measure in study.quantities(result):
        mean = study.average(frame, measure)
        band = f"95% interval {mean['low']:.2f} to {mean['high']:.2f}" if mean["low"] is not None else "no interval: all alike"
        lines.append(f"  {share_words(measure)}: mean {mean['mean']:.2f} ({band})")
    if n and "reason" in frame.columns:
        reasons = frame.reason.replace("", "win").value_counts()
        lines.append("  endings: " + ", ".join(f"{k} {v}" for k, v in reasons.items()))
    return "\n".join(lines)


def difference(result: dict) -> str:
    """B against A in one sentence: the difference in points with its 95 % interval, and what it means."""
    a, b = result["a"], result["b"]
    meaning = {"higher": "B is higher: more than chance", "lower": "B is lower: more than chance",
               "unclear": "the interval includes 0: these games cannot tell",
               "alike": "every game of A and of B alike: no interval"}[result["verdict"]]
    if "mean" in a:  # a mean per game, by Welch's interval
        band = (f"95% interval {result['low']:+.2f} to {result['high']:+.2f}, Welch"
                if result["low"] is not None else "no interval")
        return (f"B - A, {share_words(result['measure'])}: {result['diff']:+.2f} "
                f"(A {a['mean']:.2f}, B {b['mean']:.2f}, {a['n']} and {b['n']} games; {band}): {meaning}")
    return (f"B - A, {share_words(result['measure'])}: {100 * result['diff']:+.1f} points "
            f"(A {a['k']} of {a['n']}, B {b['k']} of {b['n']}; 95% interval {100 * result['low']:+.1f} to "
            f"{100 * result['high']:+.1f}, Newcombe): {meaning}")


def _app(args) -> int:
    from btlgames.ui.serve.server import serve

    try:
        serve(port=args.port, ip=args.ip, open_browser=args.open)
    except (ValueError, FileNotFoundError) as err:
        print(f"btlgames app: {err}", file=sys.stderr)
        return 2
    return 0


def _class(args) -> int:
    from btlgames.core.tables import TableError
    from btlgames.ui.serve.server import serve_class

    try:
        serve_class(args.dir, port=args.port, ip=args.ip, notebooks_dir=args.notebooks)
    except TableError as err:
        print(f"btlgames class: {err.message}", file=sys.stderr)
        return 2
    except (ValueError, FileNotFoundError) as err:
        print(f"btlgames class: {err}", file=sys.stderr)
        return 2
    return 0


def _site(args) -> int:
    from btlgames.ui.site import build, fetch, serve

    try:
        if args.serve:
            serve.serve(args.serve, port=args.port, ip=args.ip)
        elif args.prepare:
            print("ready to build; where each file came from:\n  " + "\n  ".join(fetch.fetch().origins))
        else:
            build.build(args.out)
    except (fetch.SiteError, FileNotFoundError, OSError) as err:
        print(f"btlgames site: {err}", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="btlgames", description="The btlgames teaching kit.")
    sub = parser.add_subparsers(dest="command", required=True)
    app = sub.add_parser("app", help="serve the launcher and every app on http://127.0.0.1:PORT")
    app.add_argument("--port", type=int, default=8866)
    app.add_argument("--ip", default="127.0.0.1", help="127.0.0.1 or localhost: the kit serves this computer only")
    app.add_argument("--open", action="store_true", help="open a browser tab")
    app.set_defaults(run=_app)
    room = sub.add_parser("class", help="serve a class on the classroom's network: students open the printed "
                          "address (or type its class code) and play at tables kept in DIR/class.sqlite")
    room.add_argument("--dir", required=True, metavar="DIR", help="the class's folder (made before, kept between "
                      "lessons: its tables are in DIR/class.sqlite)")
    room.add_argument("--port", type=int, default=8866)
    room.add_argument("--ip", default="", help="the address to listen on (default: every address of this "
                      "computer, so students can reach it)")
    room.add_argument("--notebooks", default=None, help=argparse.SUPPRESS)  # tests: another notebooks folder
    room.set_defaults(run=_class)
    site = sub.add_parser("site", help="build the kit as a static site that runs in the browser, or serve one")
    what = site.add_mutually_exclusive_group(required=True)
    what.add_argument("--out", metavar="DIR", help="build the site into DIR (a new folder, or a site built before)")
    what.add_argument("--serve", metavar="DIR", help="serve a built site to a class (static files only)")
    what.add_argument("--prepare", action="store_true", help="only download and check what a build needs")
    site.add_argument("--port", type=int, default=8000, help="with --serve (default 8000)")
    site.add_argument("--ip", default="", help="with --serve: the address to listen on (default: every "
                      "address of this computer, so students can reach it; 127.0.0.1: this computer only)")
    site.set_defaults(run=_site)
    sim = sub.add_parser("simulate", help="play many seeded games between bots")
    sim.add_argument("game")
    sim.add_argument("-n", type=int, default=100, help="number of games")
    sim.add_argument("--bot", default="random", help="bot name, or one per seat separated by commas")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    sim.add_argument("--rotate", action="store_true", help="the game of seed s seats the bots turned s seats "
                     "on, so each bot plays each seat equally often")
    sim.add_argument("--vs", action="append", default=[], metavar="NAME=VALUE",
                     help="study B too: A with this option changed (repeat for more); B's seeds follow A's")
    sim.add_argument("--vs-bot", metavar="BOTS", help="study B too: A with these bots (one, or one per seat)")
    sim.add_argument("--share", metavar="SHARE", help="the share A and B are compared on: seat:N (default seat:0), "
                     "bot:NAME, tie, none or decided_by:RULE; or a mean the game declares, mean:NAME "
                     "(antimatter: mean:pauli, mean:rounds)")
    sim.add_argument("--workers", type=int, choices=(1, 2), default=2,
                     help="processes playing games (the results are the same with 1 or 2)")
    sim.add_argument("--csv", help="write one row per game to this file (with --vs: a column study, A or B)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(run=_simulate)
    args = parser.parse_args(argv)
    if getattr(args, "n", 1) < 1:
        parser.error("-n must be at least 1")
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
