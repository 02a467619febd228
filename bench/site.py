"""The static site (``btlgames site``): what a student downloads, how soon an app answers, and
how soon a whole class sharing one link can play, side by side with another build of the site.

    .venv/bin/python bench/site.py [SITE_DIR] [--before OLD_SITE [--before-src OLD_CHECKOUT]]
                                   [--students 30] [--link-mbit 50] [--latency-ms 40] [--runs 2]
                                   [--app pentaquark] [--concept pentaquark/confinement,...] [--cold-build]
    .venv/bin/python bench/site.py SITE_DIR --start-profile [--app pentaquark] [--runs 3]

Builds the site into a temporary folder unless SITE_DIR (a built site) is given. Each site is
served by ``btlgames site --serve`` of its own checkout (``--before-src``: the one that built
OLD_SITE, so that it is served as it was then) behind a TCP relay of this script's (``Relay``)
that notes every request and counts the bytes sent back, headers included: the bytes over the
wire. Debian's Chromium, headless, loads the pages through it (Chromium's own throttling does not
cover the Python worker's requests, the relay sees them all):

* a page's first load: the bytes over the wire and the files, for a play app and concept pages
  (``--concept``: a comma between two);
* time to interactive (a play app: its first move pressable; a concept page: its first control),
  cold (a new browser profile: empty HTTP cache) and cached (the same profile again), ``--runs``
  times each, the sites taking turns, with the browser's CPU seconds (all its processes: on a busy
  machine the wall time is mostly waiting for a core);
* a class at once: ``--students`` students open the play app together over one shared link of
  ``--link-mbit`` Mbit/s towards them, every request ``--latency-ms`` late (the relay throttles):
  one is a real Chromium (its time to interactive is measured), the others fetch the files that
  page's first load fetched, in its order, six connections each as a browser does. Reported: when
  the last student's files had all arrived, and that plus the browser's own start-up work (the
  cached time to interactive, which downloads nothing): the time until the last student can play.

``--cold-build`` also times ``btlgames site --out`` from cold (every download again, into an empty
``$BTLGAMES_SITE_CACHE``; the cache the tests use is left alone).

``--start-profile`` times, in the site's own Pyodide run by Node.js (V8, as in Chromium; no
page, no network), what a play app's page does before its app answers, started as a page starts
it (``btl-pyodide.js``): Python's start, the page's packages (``build.page_packages``), the
kernel's import, then the notebook's own imports and the app, with the CPU seconds of each, and the
slowest imports (``PYTHONPROFILEIMPORTTIME``).

Requests to any host but the site are counted, and fail (no other host resolves). Every timing
is printed with the machine's load average at its end (``os.getloadavg``: other developers share
its two cores). Measurements: README.md (the teacher's section) and the issue's report. Plain
script, no pytest.
"""
from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import queue
import shutil
import socket
import statistics
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

PLAY_READY = ".btl-table .btl-target, .btl-action"
CONCEPT_READY = ".btl-app .btl-action:visible, .btl-app select:visible"  # a page may hold hidden ones


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def mb(n: float) -> str:
    return f"{n / 1e6:.1f} MB"


def load() -> str:
    """The load average over 1, 5 and 15 minutes, printed beside a timing."""
    return "load " + ", ".join(f"{x:.1f}" for x in os.getloadavg())


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
        print(f"build from cold (downloads {mb(wheels)} of wheels and archives, the build tools' venv "
              f"{mb(folder_size(next(cache.glob('tools-*'))))}): {seconds:.0f} s ({load()})")


def start_server(site: Path, checkout: Path) -> tuple[subprocess.Popen, int]:
    """``btlgames site --serve site`` of ``checkout``'s kit, in a child process, and its port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=str(checkout))
    process = subprocess.Popen([sys.executable, "-m", "btlgames", "site", "--serve", str(site), "--ip", "127.0.0.1",
                                "--port", str(port)], env=env, stdout=subprocess.DEVNULL, cwd=checkout)
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
            return process, port
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the static server did not start")


class Relay:
    """A TCP relay in front of a server (asyncio, in a thread of its own), as a shared link: the
    bytes towards the browsers leave one chunk after another at ``rate`` bytes a second (None:
    as fast as they come), and every request reaches the server ``latency`` seconds late (a round
    trip: slow start and losses are not modelled). It notes each request's path, in order, and
    counts the bytes sent back."""

    CHUNK = 16384

    def __init__(self, upstream: int):
        self.upstream, self.rate, self.latency = upstream, None, 0.0
        self.paths: list[str] = []
        self.bytes = 0
        self._free_at = 0.0
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait()
        self.base = f"http://127.0.0.1:{self.port}/"

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(asyncio.start_server(self._connection, "127.0.0.1", 0, backlog=4096))
        self.port = server.sockets[0].getsockname()[1]
        ready.set()
        self.loop.run_forever()

    def shape(self, mbit: float | None, latency_ms: float) -> None:
        self.rate = mbit * 1e6 / 8 if mbit else None
        self.latency = latency_ms / 1000

    def take(self) -> dict:
        """What was asked for and sent since the last take."""
        taken = {"paths": list(self.paths), "bytes": self.bytes}
        self.paths.clear()
        self.bytes = 0
        return taken

    async def _connection(self, reader, writer) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream)
        except OSError:
            writer.close()
            return
        await asyncio.gather(self._requests(reader, up_writer), self._responses(up_reader, writer),
                             return_exceptions=True)
        for w in (writer, up_writer):
            w.close()

    async def _requests(self, reader, writer) -> None:
        pending = b""
        while data := await reader.read(self.CHUNK):
            pending += data
            while b"\r\n\r\n" in pending:  # GET and HEAD only: no bodies
                head, pending = pending.split(b"\r\n\r\n", 1)
                words = head.split(b"\r\n", 1)[0].split(b" ")
                self.paths.append(words[1].decode(errors="replace") if len(words) > 2 else "?")
            if self.latency:
                await asyncio.sleep(self.latency)
            writer.write(data)
            await writer.drain()
        writer.close()

    async def _responses(self, reader, writer) -> None:
        while data := await reader.read(self.CHUNK):
            self.bytes += len(data)
            if self.rate:  # the link is shared: this chunk leaves once those before it have
                now = self.loop.time()
                self._free_at = max(now, self._free_at) + len(data) / self.rate
                await asyncio.sleep(self._free_at - now)
            writer.write(data)
            await writer.drain()
        writer.close()


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


def browser(playwright, profile: str, blocked: list[str], base: str):
    """Chromium with a profile on disk, as a student's (a new context would keep its HTTP cache in
    memory, where Pyodide's WebAssembly file is not kept). No context.route: Playwright's routing
    turns the HTTP cache off. Other hosts do not resolve instead, and every request is watched."""
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=os.environ.get("BTLGAMES_CHROMIUM", "/usr/bin/chromium"),
        args=["--headless=new", "--no-sandbox", "--disable-gpu",
              "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
    context.on("request", lambda r: None if r.url.startswith((base, "data:", "blob:")) else blocked.append(r.url))
    return context


def interactive(context, url: str, ready: str) -> tuple[float, float]:
    """Seconds from navigation to ``ready`` shown, and the browser's CPU seconds meanwhile."""
    page = context.new_page()
    cpu, started = browser_cpu(), time.perf_counter()
    page.goto(url, wait_until="commit")
    page.locator(ready).first.wait_for(timeout=600_000)
    seconds, cpu = time.perf_counter() - started, browser_cpu() - cpu
    page.close()
    return seconds, cpu


class Site:
    """A built site, served by its checkout's server behind its own Relay."""

    def __init__(self, label: str, folder: Path, checkout: Path):
        self.label, self.folder = label, folder
        self.process, port = start_server(folder, checkout)
        self.relay = Relay(port)
        self.loads: dict[str, list] = {}
        self.first: dict[str, dict] = {}

    def close(self) -> None:
        self.process.terminate()
        self.process.wait()


def student(base: str, paths: list[str], barrier: threading.Barrier, connections: int = 6) -> float:
    """A student's browser fetching ``paths`` (six connections kept open, as Chromium does over
    HTTP/1.1): seconds from the start until the last file arrived."""
    todo, failures = queue.Queue(), []
    for path in paths:
        todo.put(path)
    host, port = base.split("//")[1].strip("/").split(":")

    def fetch() -> None:
        connection = http.client.HTTPConnection(host, int(port), timeout=120)
        while True:
            try:
                path = todo.get_nowait()
            except queue.Empty:
                break
            for attempt in range(3):  # a server of HTTP/1.0 closes each connection after its file
                try:
                    connection.request("GET", path, headers={"Accept-Encoding": "gzip, deflate"})
                    response = connection.getresponse()
                    response.read()
                    if response.getheader("Connection", "").lower() == "close" or response.version == 10:
                        connection.close()
                    break
                except (http.client.HTTPException, OSError) as err:
                    failures.append(f"{path}: {err!r}")
                    connection.close()
        connection.close()

    barrier.wait()
    started = time.perf_counter()
    threads = [threading.Thread(target=fetch) for _ in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        print(f"  a student's requests failed: {failures[:3]}", flush=True)
    return time.perf_counter() - started


def a_class(playwright, site: Site, url: str, students: int, blocked: list[str]) -> dict:
    """``students`` at once over the Relay's link: one real Chromium, the others fetching what
    the play app's first load fetched."""
    paths = site.first["play"]["paths"]
    barrier = threading.Barrier(students)  # the simulated ones and the browser's start
    done: list[float] = []
    threads = [threading.Thread(target=lambda: done.append(student(site.relay.base, paths, barrier)))
               for _ in range(students - 1)]
    for t in threads:
        t.start()
    with tempfile.TemporaryDirectory(prefix="btlgames-site-student-") as profile:
        context = browser(playwright, profile, blocked, site.relay.base)
        page = context.new_page()
        barrier.wait()
        started = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.locator(PLAY_READY).first.wait_for(timeout=900_000)
        real = time.perf_counter() - started
        context.close()
    for t in threads:
        t.join()
    return {"real": real, "downloads": max(done), "load": load()}


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def report(sites: list[Site], args) -> None:
    def row(label: str, cells: list[str]) -> None:
        print(f"| {label} | " + " | ".join(cells) + " |")

    print()
    row("measure", [site.label for site in sites])
    row("---", ["---" for _ in sites])
    for kind, name in (("play", f"{args.app} play app"), *((page, f"{page} page") for page in args.concept.split(","))):
        row(f"{name}: over the wire, cold", [f"{mb(s.first[kind]['bytes'])} ({len(set(s.first[kind]['paths']))} files)"
                                              for s in sites])
        for when in ("cold", "cached"):
            row(f"{name}: interactive {when}, min / median (browser CPU)",
                [f"{min(t for t, _ in s.loads[kind + when]):.1f} / {median([t for t, _ in s.loads[kind + when]]):.1f} s "
                 f"({median([c for _, c in s.loads[kind + when]]):.1f} s)" for s in sites])
        row(f"{name}: fetched again when cached", [mb(s.first[kind + " again"]) for s in sites])
    if all("class" in s.first for s in sites):
        row(f"{args.students} students, {args.link_mbit:g} Mbit/s, {args.latency_ms:g} ms: last student's files in",
            [f"{s.first['class']['downloads']:.0f} s" for s in sites])
        row("... and playing (that + the cached start)",
            [f"{s.first['class']['downloads'] + min(t for t, _ in s.loads['playcached']):.0f} s" for s in sites])
        row("... a real Chromium among them playing after", [f"{s.first['class']['real']:.0f} s" for s in sites])


START_JS = r"""
const path = require("path");
const [site, folder, packages, code, importtimes] = process.argv.slice(2);
const { loadPyodide } = require(path.join(site, folder, "btl-pyodide.js"));  // as a page starts it
(async () => {
  const seconds = [], stderr = [];
  const mark = () => { const c = process.cpuUsage(); seconds.push([performance.now() / 1000, (c.user + c.system) / 1e6]); };
  mark();
  const options = JSON.parse(packages);
  const py = await loadPyodide({ indexURL: path.join(site, folder) + "/", btlLeaveOut: options.btlLeaveOut,
    env: { PYTHONPROFILEIMPORTTIME: importtimes ? "1" : "" }, stderr: (line) => stderr.push(line) });
  mark();
  await py.loadPackage(options.packages.filter((name) => !options.btlLeaveOut.includes(name)), { messageCallback: () => {} });
  mark();
  const inside = JSON.parse(await py.runPythonAsync(code));
  console.log(JSON.stringify({ seconds, inside, stderr }));
})();
"""

#: A play app's page as it starts, timed step by step (the kernel's comm stubbed: no page): the
#: kernel's import, the widgets', then each code cell of the app's notebook (CELLS, its own code).
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
for cell in json.loads(CELLS):
    steps.append(("the notebook's cell " + repr(cell.splitlines()[0][:40]), now()))
    exec(cell, {})
steps.append(("", now()))
json.dumps([[name, after[0] - t[0], after[1] - t[1]] for (name, t), (_, after) in zip(steps, steps[1:])])
"""


def notebook_cells(app: str) -> list[str]:
    """The code cells of ``app``'s play notebook, as its page runs them."""
    notebook = json.loads((ROOT / "notebooks" / app / "play.ipynb").read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


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
            done = subprocess.run([node, str(script), str(site), build.PYODIDE_FOLDER, packages, START_PY.replace("CELLS", repr(json.dumps(notebook_cells(app)))),
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
    parser.add_argument("--before", help="another built site to measure side by side (today's build)")
    parser.add_argument("--before-src", help="the checkout whose server serves --before (default: this one)")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--link-mbit", type=float, default=50.0)
    parser.add_argument("--latency-ms", type=float, default=40.0)
    parser.add_argument("--runs", type=int, default=2, help="cold and cached loads per page and site")
    parser.add_argument("--no-class", action="store_true", help="skip the class at once")
    parser.add_argument("--app", default="pentaquark")
    parser.add_argument("--concept", default="pentaquark/confinement")
    parser.add_argument("--cold-build", action="store_true", help="also time a build with nothing downloaded yet")
    parser.add_argument("--start-profile", action="store_true", help="only: what a play app's page does before "
                        "it answers, in the site's Pyodide under Node.js")
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
        folder = Path(args.site).resolve()
    else:
        from btlgames.ui.site.build import build

        tmp = tempfile.TemporaryDirectory(prefix="btlgames-site-bench-")
        started = time.perf_counter()
        folder = build(Path(tmp.name) / "site", say=lambda _: None)
        print(f"build (downloads cached): {time.perf_counter() - started:.0f} s ({load()})")
    sites = [Site("this build", folder, ROOT)]
    if args.before:
        sites.insert(0, Site("before", Path(args.before).resolve(), Path(args.before_src or ROOT).resolve()))
    for site in sites:
        gz = sum(p.stat().st_size for p in site.folder.rglob("*.gz"))
        print(f"{site.label}: {mb(folder_size(site.folder) - gz)} on disk (and {mb(gz)} of compressed copies), "
              f"{sum(1 for p in site.folder.rglob('*') if p.is_file())} files")
    pages = {"play": (f"voici/render/{args.app}/play.html", PLAY_READY),
             **{page: (f"voici/render/{page}.html", CONCEPT_READY) for page in args.concept.split(",")}}
    blocked: list[str] = []
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as playwright:
            for run in range(args.runs):
                for kind, (path, ready) in pages.items():
                    for site in sites:  # the sites take turns: the machine's load falls on both
                        with tempfile.TemporaryDirectory(prefix="btlgames-site-profile-") as profile:
                            context = browser(playwright, profile, blocked, site.relay.base)
                            site.relay.take()
                            cold = interactive(context, site.relay.base + path, ready)
                            first = site.relay.take()
                            cached = interactive(context, site.relay.base + path, ready)
                            again = site.relay.take()
                            context.close()
                        site.loads.setdefault(kind + "cold", []).append(cold)
                        site.loads.setdefault(kind + "cached", []).append(cached)
                        site.first.setdefault(kind, first)
                        site.first.setdefault(kind + " again", again["bytes"])
                        print(f"{site.label}, {kind}, run {run + 1}: {mb(first['bytes'])} cold, interactive after "
                              f"{cold[0]:.1f} s (CPU {cold[1]:.1f} s), cached {cached[0]:.1f} s (CPU {cached[1]:.1f} s, "
                              f"{mb(again['bytes'])} again) ({load()})", flush=True)
            if not args.no_class:
                for site in sites:
                    site.relay.shape(args.link_mbit, args.latency_ms)
                    site.first["class"] = found = a_class(playwright, site, site.relay.base + pages["play"][0],
                                                          args.students, blocked)
                    site.relay.shape(None, 0)
                    print(f"{site.label}, {args.students} students at once: the last one's files in "
                          f"{found['downloads']:.0f} s; the real Chromium playing after {found['real']:.0f} s "
                          f"({found['load']})", flush=True)
    finally:
        for site in sites:
            site.close()
        if tmp:
            tmp.cleanup()
    print(f"requests outside the site (blocked: other hosts do not resolve): {len(blocked)}")
    report(sites, args)


if __name__ == "__main__":
    main()
