"""The ``btlgames`` command: serve the apps, simulate games."""
from __future__ import annotations

import argparse
import os
import sys


def _simulate(args) -> int:
    from btlgames.core.registry import spec
    from btlgames.core.simulate import seat_bots, simulate

    try:
        game = spec(args.game)
        options = dict(_option(o) for o in args.option)
        seats = game.check_options(options).get("players", 1)
        bots = args.bot.split(",")
        seat_bots(args.game, bots[0] if len(bots) == 1 else bots, seats)
        if args.csv:
            _check_writable(args.csv)  # before the study, not after it
    except ValueError as err:
        print(f"btlgames simulate: {err}", file=sys.stderr)
        return 2
    progress = None
    if args.n >= 200 and not args.quiet:
        from tqdm import tqdm

        bar = tqdm(total=args.n, unit="game", file=sys.stderr)
        progress = lambda done, total: bar.update(1)  # noqa: E731
    frame = simulate(args.game, n=args.n, bot=bots[0] if len(bots) == 1 else bots, seed=args.seed,
                     progress=progress, **options)
    if progress:
        bar.close()
    if args.csv:
        frame.to_csv(args.csv, index=False)
    print(summarise(frame, args))
    return 0


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


def summarise(frame, args) -> str:
    """A few lines anyone can read: win rates (with Wilson intervals), game length, how games ended."""
    from btlgames.science.intervals import wilson

    n = len(frame)
    lines = [f"{args.game}: {n} games, bot {args.bot}, seeds {args.seed}..{args.seed + n - 1}"]
    scores = [c for c in frame.columns if c.startswith("score_")]
    for column in scores:
        seat = column.split("_")[1]
        wins = int(frame.winners.astype(str).str.split().apply(lambda w, s=seat: s in w).sum())
        low, high = wilson(wins, n)
        lines.append(f"  seat {seat}: win rate {wins / n:.1%} (won {wins} of {n}; 95% interval {low:.1%} to "
                     f"{high:.1%}), mean score {frame[column].mean():.2f}")
    lines.append(f"  actions per game: mean {frame.actions.mean():.1f}, max {frame.actions.max()}")
    if "rounds" in frame.columns:
        lines.append(f"  rounds per game: mean {frame.rounds.mean():.1f}, min {frame.rounds.min()}, max {frame.rounds.max()}")
    if "decided_by" in frame.columns:
        decided = frame.decided_by.value_counts()
        lines.append("  decided by: " + ", ".join(f"{k} {v / n:.0%}" for k, v in decided.items()))
    if "reason" in frame.columns:
        reasons = frame.reason.replace("", "win").value_counts()
        lines.append("  endings: " + ", ".join(f"{k} {v}" for k, v in reasons.items()))
    return "\n".join(lines)


def _app(args) -> int:
    from btlgames.ui.server import serve

    try:
        serve(port=args.port, ip=args.ip, open_browser=args.open)
    except (ValueError, FileNotFoundError) as err:
        print(f"btlgames app: {err}", file=sys.stderr)
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
    sim = sub.add_parser("simulate", help="play many seeded games between bots")
    sim.add_argument("game")
    sim.add_argument("-n", type=int, default=100, help="number of games")
    sim.add_argument("--bot", default="random", help="bot name, or one per seat separated by commas")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    sim.add_argument("--csv", help="write one row per game to this file")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(run=_simulate)
    args = parser.parse_args(argv)
    if getattr(args, "n", 1) < 1:
        parser.error("-n must be at least 1")
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
