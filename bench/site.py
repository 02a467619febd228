"""The static site (``btlgames site``): its size, what a student downloads, how soon an app
answers, and what the static server costs while a class downloads it at once.

    .venv/bin/python bench/site.py [SITE_DIR] [--students 30] [--app pentaquark] [--concept pentaquark/confinement]

Builds the site into a temporary folder unless SITE_DIR (a built site) is given, serves it
with ``btlgames site --serve`` in a child process, and drives Debian's Chromium headless:

* size: the site's files on disk, and per part (Pyodide, wheels, JupyterLite, lessons);
* first load: the bytes one app page's load transfers (every response, as Chromium counts it);
* time to interactive per kind of page (a play app: its first move pressable; a concept page
  with numpy, pandas and matplotlib: its first control), cold (a new browser context: empty
  HTTP cache) and cached (the same context again), with the CPU seconds the browser spent on
  it (all its processes: on a busy machine the wall time is mostly waiting for a core);
* a class at once: N students (threads, each its own connection) fetch every file that page
  load fetched, all starting together: wall time, the server's CPU seconds and its peak
  resident memory (psutil, sampled every 50 ms).

Requests to any host but the server are counted, and fail (no other host resolves). Plain script, no pytest.
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


def load(context, url: str, ready: str) -> tuple[float, float]:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", help="a built site (default: build one now)")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--app", default="pentaquark")
    parser.add_argument("--concept", default="pentaquark/confinement")
    args = parser.parse_args()
    tmp = None
    if args.site:
        site = Path(args.site).resolve()
    else:
        from btlgames.ui.site.build import build

        tmp = tempfile.TemporaryDirectory(prefix="btlgames-site-bench-")
        started = time.perf_counter()
        site = build(Path(tmp.name) / "site", say=lambda _: None)
        print(f"build (download cached): {time.perf_counter() - started:.0f} s")
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
        # (a worker's too).
        browser = playwright.chromium.launch(executable_path=os.environ.get("BTLGAMES_CHROMIUM", "/usr/bin/chromium"),
                                             args=["--headless=new", "--no-sandbox", "--disable-gpu",
                                                   "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
        for kind, (url, ready) in kinds.items():
            context = browser.new_context()
            context.on("request", lambda r: None if r.url.startswith((counting.base, "data:", "blob:"))
                       else blocked.append(r.url))
            cold = load(context, url, ready), counting.take()
            cached = load(context, url, ready), counting.take()
            loads[kind] = cold, cached
            context.close()
        browser.close()
    counting.server.shutdown()
    for kind, (((cold_s, cold_cpu), cold), ((cached_s, cached_cpu), cached)) in loads.items():
        print(f"{kind}, first load: {mib(cold['bytes'])} over {len(set(cold['files']))} files")
        print(f"  time to interactive: cold {cold_s:.1f} s (browser CPU {cold_cpu:.1f} s), "
              f"cached {cached_s:.1f} s (browser CPU {cached_cpu:.1f} s; the cached load fetched "
              f"{mib(cached['bytes'])} again, {len(cached['files'])} answers)")
    cold = next(iter(loads.values()))[0][1]
    print(f"requests outside the site (blocked: other hosts do not resolve): {len(blocked)}")
    process, base = start_server(site)
    try:
        files = [base + path.lstrip("/") for path in sorted(set(cold["files"]))]
        result = a_class(files, args.students, psutil.Process(process.pid))
        print(f"{args.students} students downloading that first load's {len(files)} files at once "
              f"({args.students * len(files)} requests, {mib(args.students * cold['bytes'])}): {result['wall']:.1f} s, "
              f"server CPU {result['cpu']:.1f} s, server memory {mib(result['idle_rss'])} idle, "
              f"{mib(result['peak_rss'])} at most")
    finally:
        process.terminate()
        process.wait()
        if tmp:
            tmp.cleanup()


if __name__ == "__main__":
    main()
