"""A PhET-style fuzz of every app in Chromium: random clicks on whatever can be clicked.

    .venv/bin/python bench/fuzz_apps.py [CLICKS] [SEED] [APP ...]     (CLICKS per app, default 300;
                                    APP: a notebook's path under notebooks/ without .ipynb, e.g.
                                    pentaquark/play; default: every app the launcher lists)

Like PhET's ``?fuzz&ea``: each app is opened in Debian's Chromium through the kit's Voilà
server (the real notebooks/) and gets CLICKS random presses on whatever can be pressed in
it: moves on the table and beside it, every other button (New game, Undo, Settings,
Present, the debrief's...), the seat choosers, text typed into the seed box (numbers, words,
huge numbers), the upload given real and damaged save files (the ones its own Save game
link downloaded, cut short, with a byte flipped, or a picture), the Save game link. Most
presses (MOVE_SHARE) go to a move of the turn, so games get somewhere; a game app is pressed
on after CLICKS until a game has reached its end (at most END_LIMIT presses more).

"Assertions on": a startup file of the kernels' IPython (IPYTHONDIR, set for the server)
checks the game's invariants after every move the kernel makes, and records every traceback
a widget callback shows. The run fails on any traceback (there, or in the server's log), any
console error or uncaught page error, any request off this computer, a kernel whose memory
keeps growing (unique set size after WARM_UP presses, half way and at the end: more than
MEMORY_GROWTH_MIB in all, and in both halves: a module imported once, as matplotlib at a first
plot, is one step in one half), or a game app whose game never ended. Plain script, no pytest;
tests/browser/test_fuzz.py runs a short fuzz of one app with the same code.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from apps import (LAUNCH_ARGS, close_tab, kernel_id_of, kernel_uss_mib, local_context,  # noqa: E402  (bench/apps.py)
                  start_server)

from btlgames.ui.pages import launcher  # noqa: E402

# (name, notebook, is a game app): every app the launcher lists, named by its notebook
APPS = [(app.notebook.removesuffix(".ipynb"), app.notebook, app.plays) for app in launcher.apps()]
MOVE_SHARE = 0.85  # of presses on a game app: a move of this turn; the rest: anything
WARM_UP = 50  # presses before the first memory reading
END_LIMIT = 1500  # presses after CLICKS to reach a game's end
MEMORY_GROWTH_MIB = 40.0
ANSWER_TIMEOUT_MS = 30_000  # a study started by a press may take a while; this is a ceiling
QUIET_MS = 150  # the kernel's answer is drawn once the page has not changed for this long
LOAD_TIMEOUT_MS = 60_000
TRACEBACKS_FILE, KERNELS_FILE = "tracebacks.log", "tracebacks.log.kernels"

CLICKABLE = ", ".join(f".btl-app {sel}" for sel in (
    "button:visible:not(:disabled)", "select:visible", "input[type=text]:visible", "input[type=number]:visible",
    "a.btl-save:visible", ".btl-target:visible", "summary:visible",
    "input[type=checkbox]:visible", "input[type=range]:visible"))
SHOWING = ".btl-app .btl-showing button:visible:not(:disabled)"
TYPED = ["", "0", "7", "42", "-1", "abc", "3.5", " 12 ", "9" * 40, "2147483647", "1e9", "١٢", "0x10"]

# Runs in every page before its scripts: the time of the last change of the page's content.
PROBE = """
(() => {
  window.__fuzz = {changed: performance.now()};
  new MutationObserver(() => { window.__fuzz.changed = performance.now(); })
    .observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
})();
"""

# The kernels' IPython startup file: assertions on, tracebacks recorded.
STARTUP = '''
import os, traceback
from IPython import get_ipython

_LOG = os.environ["BTLGAMES_FUZZ_TRACEBACKS"]
with open(_LOG + ".kernels", "a") as started:  # KERNELS_FILE  # the run counts the kernels that have assertions on
    started.write(f"{os.getpid()}\\n")
_ip = get_ipython()
_show = _ip.showtraceback


def _record(*args, **kwargs):  # ipywidgets shows a callback's exception with showtraceback
    with open(_LOG, "a") as log:
        log.write(traceback.format_exc() + "\\n")
    return _show(*args, **kwargs)


_ip.showtraceback = _record

from btlgames.core.state import GameState

_apply = GameState.apply


def _checked_apply(self, action):  # "assertions on": the invariants after every move
    _apply(self, action)
    self.check_invariants()


GameState.apply = _checked_apply
'''


@dataclass
class Report:
    app: str
    clicks: int = 0
    moves: int = 0  # presses on a move of the turn
    missed: int = 0  # a press on an element replaced before it landed (the page moved on)
    typed: int = 0
    uploads: int = 0
    downloads: int = 0
    games_ended: int = 0
    clicks_to_first_end: int | None = None
    console_errors: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)
    memory_mib: tuple[float, float, float] = (float("nan"),) * 3  # after WARM_UP, half way, at the end
    seconds: float = 0.0

    @property
    def memory_growth(self) -> float:
        return self.memory_mib[2] - self.memory_mib[0]

    @property
    def memory_keeps_growing(self) -> bool:
        warm, half, end = self.memory_mib
        return end - warm > MEMORY_GROWTH_MIB and min(half - warm, end - half) > MEMORY_GROWTH_MIB / 4


def prepare_environment(folder: Path) -> dict[str, str]:
    """An IPYTHONDIR with the startup file, and an empty traceback log (TRACEBACKS_FILE; the
    kernels that started are listed in KERNELS_FILE), in ``folder``. Returns the environment
    variables the server must be started with (its kernels inherit them)."""
    startup = folder / "ipython" / "profile_default" / "startup"
    startup.mkdir(parents=True, exist_ok=True)
    (startup / "00-btlgames-fuzz.py").write_text(textwrap.dedent(STARTUP))
    (folder / TRACEBACKS_FILE).write_text("")
    (folder / KERNELS_FILE).write_text("")
    return {"IPYTHONDIR": str(folder / "ipython"), "BTLGAMES_FUZZ_TRACEBACKS": str(folder / TRACEBACKS_FILE)}


def tracebacks_and_kernels(folder: Path) -> tuple[str, int]:
    """The tracebacks the kernels recorded, and how many kernels ran with assertions on."""
    return (folder / TRACEBACKS_FILE).read_text(), len((folder / KERNELS_FILE).read_text().split())


def damaged(files: list[bytes], rng: random.Random) -> bytes:
    """A file for the upload: a save the app wrote, or one damaged, or not a save at all."""
    if not files or rng.random() < 0.25:
        return rng.choice([b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", b"", b"[" * 50_000, b"hello",
                           b'{"format": "btlgames-save", "seed": 1e999}', "\ufeff{}".encode()])
    raw = rng.choice(files)
    how = rng.choice(["as is", "cut", "flip", "edit"])
    if how == "cut":
        return raw[: rng.randrange(len(raw))]
    if how == "flip":
        at = rng.randrange(len(raw))
        return raw[:at] + bytes([raw[at] ^ (1 << rng.randrange(8))]) + raw[at + 1:]
    if how == "edit":
        data = json.loads(raw)
        if data["history"]:
            move = rng.choice(data["history"])
            key = rng.choice(sorted(move))
            move[key] = rng.choice([None, 0.0, "zz", [1], 10**30, True])
        return json.dumps(data).encode()
    return raw


def fuzz_app(page, path: str, game_app: bool, clicks: int, rng: random.Random, server_pid: int,
             name: str = "", folder: Path | None = None) -> Report:
    """Open the app at ``/voila/render/<path>`` in ``page`` and press ``clicks`` random things
    (a game app: then on until a game ended; stopped at the first traceback recorded in
    ``folder``). The page must come from ``new_context``."""
    report = Report(name or path)
    started = time.monotonic()
    downloaded: list[bytes] = []
    files = Path(tempfile.mkdtemp(prefix="btl-fuzz-files-"))

    def on_download(download):
        report.downloads += 1
        downloaded.append(Path(download.path()).read_bytes())

    def on_chooser(chooser):
        report.uploads += 1
        target = files / f"upload-{report.uploads}.json"
        target.write_bytes(damaged(downloaded, rng))
        chooser.set_files(str(target))

    page.on("download", on_download)
    page.on("filechooser", on_chooser)
    page.goto("/voila/render/" + path, wait_until="commit")
    page.locator(".btl-app").first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    wait_for_answer(page)
    kernel = kernel_id_of(page)
    seen_over = False
    traced = (folder / TRACEBACKS_FILE).stat().st_size if folder is not None else 0
    limit = clicks + (END_LIMIT if game_app else 0)
    for n in range(limit):
        if n >= clicks and (not game_app or report.games_ended):
            break
        if folder is not None and (folder / TRACEBACKS_FILE).stat().st_size > traced:
            break  # this app's kernel showed a traceback: the run fails anyway
        if n == WARM_UP:
            report.memory_mib = (kernel_uss_mib(server_pid, kernel), *report.memory_mib[1:])
        elif n == (WARM_UP + clicks) // 2:
            report.memory_mib = (report.memory_mib[0], kernel_uss_mib(server_pid, kernel), report.memory_mib[2])
        on_moves = game_app and (n >= clicks or rng.random() < MOVE_SHARE)
        press_something(page, rng, report, on_moves)
        report.clicks += 1
        over = page.evaluate("() => document.querySelector('.btl-table')?.dataset.over === 'true'")
        if over and not seen_over:
            report.games_ended += 1
            report.clicks_to_first_end = report.clicks_to_first_end or report.clicks
        seen_over = over
        if "/voila/render/" + path not in page.url:  # a press led away: back to the app
            page.goto("/voila/render/" + path, wait_until="commit")
            page.locator(".btl-app").first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
            kernel = kernel_id_of(page)
    report.memory_mib = (*report.memory_mib[:2], kernel_uss_mib(server_pid, kernel))
    report.seconds = time.monotonic() - started
    shutil.rmtree(files, ignore_errors=True)
    return report


def press_something(page, rng: random.Random, report: Report, on_moves: bool) -> None:
    from playwright.sync_api import Error as PlaywrightError

    if page.locator(SHOWING).count():  # a show covers the table: a player reads it through or closes it
        candidates, on_moves = page.locator(SHOWING), False
    elif on_moves:
        n = page.evaluate("() => document.querySelector('.btl-table')?.dataset.moves")
        candidates = page.locator(f".btl-app .btl-table .btl-target, .btl-app .btl-action.btl-move-{n}:visible")
    else:
        candidates = page.locator(CLICKABLE)
    count = candidates.count()
    if not count:
        candidates, count = page.locator(CLICKABLE), page.locator(CLICKABLE).count()
        on_moves = False
    if not count:
        wait_for_answer(page)
        return
    element = candidates.nth(rng.randrange(count))
    try:
        tag = element.evaluate("e => e.tagName.toLowerCase() + ':' + (e.type || '')", timeout=2000)
        if tag.startswith("select"):
            options = element.locator("option")
            values = [options.nth(i).get_attribute("value") or options.nth(i).inner_text()
                      for i in range(options.count())]
            if values:
                element.select_option(index=rng.randrange(len(values)), timeout=2000)
        elif tag in ("input:text", "input:number"):
            element.fill(rng.choice(TYPED), timeout=2000)
            element.press("Enter", timeout=2000)
            report.typed += 1
        else:  # the upload's button opens a file chooser: on_chooser gives it a file
            element.click(timeout=2000)
        report.moves += on_moves
    except PlaywrightError:  # the element went away (the kernel redrew the page) before the press
        report.missed += 1
    wait_for_answer(page)


def wait_for_answer(page) -> None:
    """Until the page has not changed for QUIET_MS (the kernel's answer is drawn)."""
    page.wait_for_timeout(40)
    page.wait_for_function(f"() => performance.now() - window.__fuzz.changed > {QUIET_MS}",
                           timeout=ANSWER_TIMEOUT_MS, polling=50)


def new_context(browser, base_url: str, report_external: list[str]):
    """A context whose pages may only reach the kit's server; the probe runs in every page."""
    context = local_context(browser, base_url, report_external, viewport={"width": 1366, "height": 768},
                            accept_downloads=True)
    context.add_init_script(PROBE)
    context.on("page", lambda p: p.close() if len(context.pages) > 1 else None)  # no popups
    return context


def run_app(browser, base_url: str, server_pid: int, name: str, path: str, game_app: bool, clicks: int,
            seed: int, folder: Path | None = None) -> Report:
    """One app's fuzz in a context of its own, its page closed as a tab is (the kernel goes)."""
    external: list[str] = []
    context = new_context(browser, base_url, external)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda err: console.append(f"uncaught: {err}"))
    try:
        report = fuzz_app(page, path, game_app, clicks, random.Random(f"{seed}:{path}"), server_pid, name, folder)
    finally:
        close_tab(page, base_url)
    report.console_errors, report.external = console, external
    return report


def problems(report: Report, game_app: bool) -> list[str]:
    found = [f"console error: {e}" for e in report.console_errors]
    found += [f"request off this computer: {u}" for u in dict.fromkeys(report.external)]
    if report.memory_keeps_growing:
        found.append("kernel memory kept growing: {:.0f} -> {:.0f} -> {:.0f} MiB".format(*report.memory_mib))
    if game_app and not report.games_ended:
        found.append("no game reached its end")
    return found


def main(argv: list[str]) -> int:
    clicks = int(argv[0]) if argv else 300
    seed = int(argv[1]) if len(argv) > 1 else 0
    from playwright.sync_api import sync_playwright

    from btlgames.ui.pages.paths import resolve_notebooks_dir

    folder = Path(tempfile.mkdtemp(prefix="btl-fuzz-"))
    os.environ.update(prepare_environment(folder))
    notebooks = resolve_notebooks_dir()
    chosen = set(argv[2:]) or {name for name, _, _ in APPS}
    unknown = chosen - {name for name, _, _ in APPS}
    if unknown:
        print(f"no such app: {', '.join(sorted(unknown))}; the apps: {', '.join(n for n, _, _ in APPS)}", file=sys.stderr)
        return 2
    apps = [(n, p, g) for n, p, g in APPS if n in chosen and (notebooks / p).is_file()]
    process, url = start_server(folder / "server.log")
    reports, failures = [], []
    chromium = os.environ.get("BTLGAMES_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
            for name, path, game_app in apps:
                report = run_app(browser, url, process.pid, name, path, game_app, clicks, seed, folder)
                reports.append(report)
                failures += [f"{name}: {p}" for p in problems(report, game_app)]
                print(f"  {name}: {report.clicks} presses in {report.seconds:.0f} s", file=sys.stderr)
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=30)
    traces, checked = tracebacks_and_kernels(folder)
    server_log = (folder / "server.log").read_text(errors="replace")
    if traces:
        failures.append(f"tracebacks in the kernels:\n{traces[-3000:]}")
    if "Traceback" in server_log:
        failures.append(f"a traceback in the server's log ({folder / 'server.log'})")

    print(f"\nPhET-style fuzz of {len(apps)} apps, {clicks} presses each (seed {seed}), Chromium via Voilà, "
          f"{os.cpu_count()} CPUs; logs in {folder}")
    print(f"{'app':<18} {'presses':>7} {'moves':>6} {'missed':>6} {'typed':>5} {'uploads':>7} {'saves':>5} "
          f"{'ended':>5} {'1st end':>7} {'console':>7} {'kernel MiB':>16} {'time':>6}")
    for r in reports:
        print(f"{r.app:<18} {r.clicks:>7} {r.moves:>6} {r.missed:>6} {r.typed:>5} {r.uploads:>7} {r.downloads:>5} "
              f"{r.games_ended:>5} {r.clicks_to_first_end or '-':>7} {len(r.console_errors):>7} "
              f"{r.memory_mib[0]:>4.0f}->{r.memory_mib[1]:.0f}->{r.memory_mib[2]:<4.0f} {r.seconds:>5.0f}s")
    print(f"tracebacks: {traces.count('Traceback')} (kernels) + {server_log.count('Traceback')} (server log); "
          f"assertions on in {checked} kernels")
    if checked < len(apps):
        failures.append(f"assertions were on in {checked} kernels only, for {len(apps)} apps")
    for failure in failures:
        print("FAIL", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
