"""The static site (``btlgames site``): its size, what a student downloads, how soon an app
answers, and what the static server costs while a class downloads it at once.

    .venv/bin/python bench/site.py [SITE_DIR] [--students 30] [--app pentaquark] [--concept pentaquark/confinement]
                                   [--cold-build]
    .venv/bin/python bench/site.py SITE_DIR --start-profile [--app pentaquark] [--runs 3]

Builds the site into a temporary folder unless SITE_DIR (a built site) is given, serves it
with ``btlgames site --serve`` in a child process, and drives Debian's Chromium headless:

* build: the time of ``btlgames site --out`` with the downloads cached, and with --cold-build
  also from cold (every download again, into an empty ``$BTLGAMES_SITE_CACHE``; the cache the
  tests use is left alone);

* size: the site's files on disk, and per part (Pyodide, wheels, JupyterLite, lessons);
* first load: the bytes one app page's load transfers (every response, as Chromium counts it);
* time to interactive per kind of page (a play app: its first move pressable; a concept page
  with numpy, pandas and matplotlib: its first control), cold (a new browser profile on disk:
  empty HTTP cache) and cached (the same profile again), with the CPU seconds the browser spent on
  it (all its processes: on a busy machine the wall time is mostly waiting for a core);
* a class at once: N students (threads, each its own connection) fetch every file that page
  load fetched, all starting together: wall time, the server's CPU seconds and its peak
  resident memory (psutil, sampled every 50 ms).

``--start-profile`` times, in the site's own Pyodide run by Node.js (V8, as in Chromium; no
page, no network), what a play app's page does before its app answers: Python's start, the
page's packages (``build.page_packages``), the kernel's import, then the notebook's own imports
and the app, with the CPU seconds of each, and the slowest imports (``PYTHONPROFILEIMPORTTIME``).

Measured on this 2-core machine, shared with other developers (load averages of 7 to 10
throughout: wall times are mostly waiting for a core, the CPU seconds are steadier), with
``bench/site.py --cold-build`` and ``bench/site.py SITE --start-profile``:

* build: 92 s from cold (129 MiB of wheels and archives downloaded, a 186 MiB tools venv;
  load 8.3), 26 s with the downloads cached (load 7.0);
* the site: 71.9 MiB, 937 files (Pyodide and the wheels 40.6 MiB, app pages 10.4 MiB,
  JupyterLite and the widget extensions 2.2 MiB, lessons in three languages 2.4 MiB);
* the Pentaquark play app's first load: 28.3 MiB over 143 files; interactive after 16.2 s cold
  (browser CPU 11.2 s, load 8.0) and 16.3 s cached (CPU 9.4 s, load 8.0; nothing fetched again);
  an earlier run at load 8.5: 11.3 s cold (CPU 10.6 s), 8.7 s cached (CPU 8.5 s);
* the confinement concept page (numpy, pandas, matplotlib): 45.9 MiB over 154 files; 21.3 s
  cold (CPU 14.9 s, load 9.7), 17.2 s cached (CPU 12.0 s, load 9.9);
* 30 students fetching the play app's 143 files at once (4,290 requests, 850 MiB): 4.7 s, the
  server's CPU 2.5 s, its memory 35.2 MiB idle and 36.3 MiB at most (load 9.9);
* where a play page's start goes (``--start-profile``, CPU seconds, load 9.3-9.6): Python
  starts 2.3-2.5 s (compiling the 10 MB WebAssembly; a cached load reuses Chromium's compiled
  copy), the page's packages unpacked 1.6 s, the kernel's ``import pyodide_kernel`` 2.5-2.6 s
  (IPython, which imports its terminal, prompt_toolkit and jedi), ipywidgets 0.15 s, btlgames.ui
  and the prose 0.24 s, the app built 0.23 s: the kit's own code is about 0.5 s of 7.2 s.
  Leaving the concept pages' wheels (periodictable, particle, hepunits, attrs) and
  jupyterlab_widgets (a JupyterLab extension no Python imports) out of a play page changed the
  total by less than the run-to-run spread (4 runs each): not done.

Requests to any host but the server are counted, and fail (no other host resolves). Every
timing is printed with the machine's load average at its end (``os.getloadavg``: other
developers share its two cores). Plain script, no pytest.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def mib(n: float) -> str:
    return f"{n / 2**20:.1f} MiB"


def load() -> str:
    """The load average over 1, 5 and 15 minutes, printed beside a timing."""
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def cold_build() -> None:
    """``btlgames site --out`` with nothing downloaded yet: an empty cache of its own."""
    with tempfile.TemporaryDirectory(prefix="btlgames-site-cold-") as tmp:
        env = dict(os.environ, PYTHONPATH=str(ROOT), BTLGAMES_SITE_CACHE=str(Path(tmp) / "cache"))
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "btlgames", "site", "--out", str(Path(tmp) / "site")], env=env,
                       check=True, stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - started
        cache = Path(tmp) / "cache"
        wheels = sum(p.stat().st_size for p in cache.rglob("*") if p.is_file() and p.suffix in (".whl", ".tgz"))
        print(f"build from cold (downloads {mib(wheels)} of wheels and archives, the build tools' venv "
              f"{mib(folder_size(next(cache.glob('tools-*'))))}): {seconds:.0f} s ({load()})")


def start_server(site: Path) -> tuple[subprocess.Popen, str]:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "btlgames", "site", "--serve", str(site), "--ip", "127.0.0.1",
                                "--port", str(port)], env=env, stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(100):
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return process, url
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the static server did not start")


class Counting:
    """An in-process copy of the site's server that notes what it answers (Pyodide runs in a
    web worker, whose requests a page's own events do not all show)."""

    def __init__(self, site: Path):
        import functools
        from http.server import ThreadingHTTPServer

        from btlgames.ui.site.serve import SiteHandler

        record = self.record = {"files": [], "bytes": 0}

        class Handler(SiteHandler):
            def send_response(self, code, message=None):
                super().send_response(code, message)
                if code == 200:
                    path = Path(self.translate_path(self.path))
                    record["files"].append(self.path)
                    record["bytes"] += path.stat().st_size if path.is_file() else 0

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def take(self) -> dict:
        taken = dict(self.record, files=list(self.record["files"]))
        self.record["files"].clear()
        self.record["bytes"] = 0
        return taken


def browser_cpu() -> float:
    """CPU seconds of this script's Chromium processes so far (the page's renderer and worker too)."""
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            if "chrom" in child.name():
                times = child.cpu_times()
                total += times.user + times.system
        except psutil.Error:
            pass
    return total


def interactive(context, url: str, ready: str) -> tuple[float, float]:
    """Seconds from navigation to ``ready`` shown, and the browser's CPU seconds meanwhile."""
    page = context.new_page()
    cpu, started = browser_cpu(), time.perf_counter()
    page.goto(url, wait_until="commit")
    page.locator(ready).first.wait_for(timeout=300_000)
    seconds, cpu = time.perf_counter() - started, browser_cpu() - cpu
    page.close()
    return seconds, cpu


def a_class(files: list[str], students: int, server: psutil.Process) -> dict:
    peak, cpu0 = [server.memory_info().rss], server.cpu_times()
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak.append(server.memory_info().rss)
            time.sleep(0.05)

    def student(barrier):
        barrier.wait()
        for url in files:
            with urllib.request.urlopen(url.split("#")[0], timeout=600) as response:
                while response.read(1 << 16):
                    pass

    barrier = threading.Barrier(students)
    threads = [threading.Thread(target=student, args=(barrier,)) for _ in range(students)]
    sampler = threading.Thread(target=sample)
    sampler.start()
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started
    done.set()
    sampler.join()
    cpu1 = server.cpu_times()
    return {"wall": wall, "cpu": (cpu1.user + cpu1.system) - (cpu0.user + cpu0.system),
            "peak_rss": max(peak), "idle_rss": peak[0]}


START_JS = r"""
const path = require("path");
const [site, packages, code, importtimes] = process.argv.slice(2);
const { loadPyodide } = require(path.join(site, "static/pyodide/btl-pyodide.js"));  // as a page starts it
(async () => {
  const seconds = [], stderr = [];
  const mark = () => { const c = process.cpuUsage(); seconds.push([performance.now() / 1000, (c.user + c.system) / 1e6]); };
  mark();
  const options = JSON.parse(packages);
  const py = await loadPyodide({ indexURL: path.join(site, "static/pyodide") + "/", btlLeaveOut: options.btlLeaveOut,
    env: { PYTHONPROFILEIMPORTTIME: importtimes ? "1" : "" }, stderr: (line) => stderr.push(line) });
  mark();
  await py.loadPackage(options.packages.filter((name) => !options.btlLeaveOut.includes(name)), { messageCallback: () => {} });
  mark();
  const inside = JSON.parse(await py.runPythonAsync(code));
  console.log(JSON.stringify({ seconds, inside, stderr }));
})();
"""

#: A play app's notebook as its page runs it, timed step by step (the kernel's comm stubbed: no page).
START_PY = """
import json, time
from js import process  # Node's: the CPU time of the process (Python's process_time is 0 here)
def now():
    used = process.cpuUsage()
    return time.perf_counter(), (used.user + used.system) / 1e6
steps = [("the kernel (import pyodide_kernel)", now())]
import pyodide_kernel
steps.append(("ipywidgets", now()))
import ipywidgets
import IPython
IPython.get_ipython().send_comm = lambda *args, **kwargs: None
steps.append(("btlgames.ui and prose", now()))
from btlgames import ui
from btlgames.ui import prose
steps.append(("the app (prose and ui.play)", now()))
prose.page("{app}/play")("intro")
ui.play("{app}")
steps.append(("", now()))
json.dumps([[name, after[0] - t[0], after[1] - t[1]] for (name, t), (_, after) in zip(steps, steps[1:])])
"""


def start_profile(site: Path, app: str, runs: int) -> None:
    """What a play app's page spends before the app answers, in the site's Pyodide (Node.js)."""
    import json
    import shutil

    from btlgames.ui.site import build, sources

    node = shutil.which("node")
    if node is None:
        raise SystemExit("--start-profile needs Node.js (node)")
    packages = json.dumps({"packages": build.page_packages(f"{app}/play"), "btlLeaveOut": list(sources.KERNEL_LEFT_OUT)})
    with tempfile.TemporaryDirectory(prefix="btlgames-start-") as tmp:
        script = Path(tmp) / "start.js"
        script.write_text(START_JS)
        for run in range(runs + 1):  # the last run with import times (they slow it down)
            profiled = run == runs
            done = subprocess.run([node, str(script), str(site), packages, START_PY.replace("{app}", app),
                                   "1" if profiled else ""], capture_output=True, text=True, check=True)
            found = json.loads(done.stdout.strip().splitlines()[-1])
            if profiled:
                break
            (w0, c0), (w1, c1), (w2, c2) = found["seconds"]
            rows = [("Python starts (loadPyodide)", w1 - w0, c1 - c0), ("the page's packages unpacked", w2 - w1, c2 - c1),
                    *found["inside"]]
            print(f"run {run + 1} ({load()}): " + "; ".join(f"{name} {wall:.2f} s (CPU {cpu:.2f} s)"
                                                             for name, wall, cpu in rows))
    times = []
    for line in found["stderr"]:
        parts = line.split("|")
        if line.startswith("import time:") and parts[1].strip().isdigit():
            times.append((int(parts[1]), parts[2].rstrip()))
    print("slowest imports by cumulative time (µs, nesting as printed by Python):")
    for micros, name in sorted(times, reverse=True)[:25]:
        print(f"  {micros:>9}  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", help="a built site (default: build one now)")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--app", default="pentaquark")
    parser.add_argument("--concept", default="pentaquark/confinement")
    parser.add_argument("--cold-build", action="store_true", help="also time a build with nothing downloaded yet")
    parser.add_argument("--start-profile", action="store_true", help="only: what a play app's page does before "
                        "it answers, in the site's Pyodide under Node.js")
    parser.add_argument("--runs", type=int, default=3, help="with --start-profile")
    args = parser.parse_args()
    if args.start_profile:
        if not args.site:
            raise SystemExit("--start-profile needs SITE_DIR, a built site")
        start_profile(Path(args.site).resolve(), args.app, args.runs)
        return
    if args.cold_build:
        cold_build()
    tmp = None
    if args.site:
        site = Path(args.site).resolve()
    else:
        from btlgames.ui.site.build import build

        tmp = tempfile.TemporaryDirectory(prefix="btlgames-site-bench-")
        started = time.perf_counter()
        site = build(Path(tmp.name) / "site", say=lambda _: None)
        print(f"build (downloads cached): {time.perf_counter() - started:.0f} s ({load()})")
    parts = {"Pyodide and every wheel (static/pyodide)": site / "static" / "pyodide",
             "JupyterLite and widget extensions": site / "extensions", "app pages (voici)": site / "voici",
             "lessons": site / "lessons"}
    print(f"site: {mib(folder_size(site))} on disk, {sum(1 for p in site.rglob('*') if p.is_file())} files")
    for label, path in parts.items():
        print(f"  {label}: {mib(folder_size(path))}")
    counting = Counting(site)
    kinds = {f"{args.app} play app": (f"{counting.base}voici/render/{args.app}/play.html", ".btl-table .btl-target, .btl-action"),
             f"{args.concept} concept page": (f"{counting.base}voici/render/{args.concept}.html", ".btl-app .btl-action, .btl-app select")}
    blocked, loads = [], {}
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # No context.route here: Playwright's routing turns the HTTP cache off, and the cached load
        # is what is measured. Other hosts do not resolve instead, and every request is watched
        # (a worker's too). A browser profile on disk, as a student's: a new context would keep its
        # HTTP cache in memory, where Pyodide's 10 MB WebAssembly file is not kept (it was fetched
        # again on every load), and Chromium keeps compiled WebAssembly only for what it cached.
        for kind, (url, ready) in kinds.items():
            with tempfile.TemporaryDirectory(prefix="btlgames-site-profile-") as profile:
                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path=os.environ.get("BTLGAMES_CHROMIUM", "/usr/bin/chromium"),
                    args=["--headless=new", "--no-sandbox", "--disable-gpu",
                          "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
                context.on("request", lambda r: None if r.url.startswith((counting.base, "data:", "blob:"))
                           else blocked.append(r.url))
                cold = interactive(context, url, ready), counting.take(), load()
                cached = interactive(context, url, ready), counting.take(), load()
                loads[kind] = cold, cached
                context.close()
    counting.server.shutdown()
    for kind, (((cold_s, cold_cpu), cold, cold_load), ((cached_s, cached_cpu), cached, cached_load)) in loads.items():
        print(f"{kind}, first load: {mib(cold['bytes'])} over {len(set(cold['files']))} files")
        print(f"  time to interactive: cold {cold_s:.1f} s (browser CPU {cold_cpu:.1f} s; {cold_load}), "
              f"cached {cached_s:.1f} s (browser CPU {cached_cpu:.1f} s; the cached load fetched "
              f"{mib(cached['bytes'])} again: {', '.join(Path(f).name for f in cached['files']) or 'nothing'}; "
              f"{cached_load})")
    cold = next(iter(loads.values()))[0][1]
    print(f"requests outside the site (blocked: other hosts do not resolve): {len(blocked)}")
    process, base = start_server(site)
    try:
        files = [base + path.lstrip("/") for path in sorted(set(cold["files"]))]
        result = a_class(files, args.students, psutil.Process(process.pid))
        print(f"{args.students} students downloading that first load's {len(files)} files at once "
              f"({args.students * len(files)} requests, {mib(args.students * cold['bytes'])}): {result['wall']:.1f} s, "
              f"server CPU {result['cpu']:.1f} s, server memory {mib(result['idle_rss'])} idle, "
              f"{mib(result['peak_rss'])} at most ({load()})")
    finally:
        process.terminate()
        process.wait()
        if tmp:
            tmp.cleanup()


if __name__ == "__main__":
    main()
