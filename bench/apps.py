"""How fast the apps are in a browser: time to interactive and click-to-update latency.

    .venv/bin/python bench/apps.py [N]        (N loads per app, default 5)

Starts the kit's Voilà server (``btlgames.ui.serve.server.command()``, the real notebooks/)
on a free port, and drives Debian's Chromium (/usr/bin/chromium, or $BTLGAMES_CHROMIUM)
headless through Playwright. For the Pentaquark play app and the bare one-button
notebook, measured in the same run with their loads interleaved, it prints the median
and 90th percentile over N loads of:

* time to interactive: navigation start to the app's ``.btl-app`` widget being visible,
  timed inside the page (``performance.now()`` checked on every animation frame);
* click to update: a click on the app's first move on its table (else its first move button, else its
  first ``.btl-action``) to the first change
  of the page's content (nodes or text; a round trip through the kernel), timed inside
  the page;
* kernel memory: the unique set size (USS, what one more open app costs the computer)
  of the page's kernel after that click.

Each app gets one untimed warm-up load first. Pages are closed as a person closes a tab
(their kernels shut down), so kernels do not pile up during the run. Requests to any host
but the server are blocked and counted. Plain script, no pytest.
"""
from __future__ import annotations

import math
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from btlgames.ui.pages.paths import resolve_notebooks_dir
from btlgames.ui.serve.server import command as server_command

APPS = [
    ("pentaquark play", "pentaquark/play.ipynb"),
    ("beamtimes play", "beamtimes-and-lifetimes/play.ipynb"),
    ("research school", "research-programme/school.ipynb"),
    ("bare one-button", "_bare/bare.ipynb"),
]
LAUNCH_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--no-first-run", "--disable-extensions"]
LOAD_TIMEOUT_MS = 60_000

# Runs in every page before its own scripts: note when .btl-app first becomes visible,
# and time a click on .btl-action to the first change of the page's content.
PROBE = """
(() => {
  window.__btl = {visibleAt: null, click: null};
  const visible = el => el && el.getClientRects().length > 0
      && getComputedStyle(el).visibility !== 'hidden';
  const frame = () => {
    if (visible(document.querySelector('.btl-app'))) {
      window.__btl.visibleAt = performance.now();
    } else {
      requestAnimationFrame(frame);
    }
  };
  requestAnimationFrame(frame);
  document.addEventListener('click', event => {
    const app = document.querySelector('.btl-app');
    if (!app || !event.target.closest || !event.target.closest('.btl-action, .btl-target')) return;
    const record = {start: performance.now(), end: null};
    window.__btl.click = record;
    const observer = new MutationObserver(() => {
      if (record.end === null) { record.end = performance.now(); observer.disconnect(); }
    });
    // Content changes only (a kernel round trip); attribute changes such as focus are not.
    observer.observe(document.body, {subtree: true, childList: true, characterData: true});
  }, true);
})();
"""


def percentile(values: list[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    low, high = math.floor(pos), math.ceil(pos)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(log_path: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    with open(log_path, "wb") as log:
        process = subprocess.Popen(server_command(port=port), stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(url + "/", timeout=2):
                return process, url
        except OSError:
            time.sleep(0.2)
    process.kill()
    sys.exit(f"the kit's server did not start; its log:\n{log_path.read_text(errors='replace')}")


def kernel_uss_mib(server_pid: int, kernel_id: str) -> float:
    """USS of the kernel process whose connection file names ``kernel_id``."""
    import psutil

    for child in psutil.Process(server_pid).children(recursive=True):
        try:
            if kernel_id in " ".join(child.cmdline()):
                return child.memory_full_info().uss / 2**20
        except psutil.Error:
            continue
    return float("nan")


def measure_once(browser, base_url: str, path: str, blocked: list[str],
                 server_pid: int) -> tuple[float, float, float]:
    """One load: (seconds to interactive, seconds from click to DOM change, kernel MiB)."""
    context = local_context(browser, base_url, blocked)
    context.add_init_script(PROBE)
    page = context.new_page()
    try:
        page.goto("/voila/render/" + path, wait_until="commit")
        page.wait_for_function("() => window.__btl && window.__btl.visibleAt !== null",
                               timeout=LOAD_TIMEOUT_MS, polling=50)
        tti_ms = page.evaluate("() => window.__btl.visibleAt")
        # a game app's first move on its table, else its first move button (not, say, the lesson
        # clock's Start), else any action (the bare notebook's button)
        page.wait_for_timeout(300)  # the moves beside the table arrive in messages of their own
        on_table = page.locator(".btl-app .btl-table .btl-target")
        moves = page.locator(".btl-app .btl-action[class*='btl-move-']:visible")
        target = (on_table if on_table.count() else moves if moves.count()
                  else page.locator(".btl-app .btl-action, .btl-app.btl-action"))
        target.first.click(timeout=10_000)
        page.wait_for_function("() => window.__btl.click && window.__btl.click.end !== null",
                               timeout=LOAD_TIMEOUT_MS, polling=20)
        click_ms = page.evaluate("() => window.__btl.click.end - window.__btl.click.start")
        memory = kernel_uss_mib(server_pid, kernel_id_of(page))
    finally:
        close_tab(page, base_url)
    return tti_ms / 1000, click_ms / 1000, memory


def local_context(browser, base_url: str, blocked: list[str], **options):
    """A browser context whose pages may only reach the kit's server; other requests are
    blocked and appended to ``blocked``."""
    context = browser.new_context(base_url=base_url, **options)
    local = (base_url + "/", base_url.replace("http", "ws", 1) + "/", "data:", "blob:", "about:")

    def route(handle):
        if handle.request.url.startswith(local):
            handle.continue_()
        else:
            blocked.append(handle.request.url)
            handle.abort("blockedbyclient")

    context.route("**/*", route)
    return context


def kernel_id_of(page) -> str:
    """The id of the kernel behind a Voilà app page (from its page config)."""
    return page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def close_tab(page, base_url: str) -> None:
    """Close the page as a person closes a tab, wait until its kernel is gone, close its context."""
    context = page.context
    try:
        kernel_id = kernel_id_of(page)
    except Exception:  # the page never got that far
        kernel_id = None
    with page.expect_event("close", timeout=10_000):
        page.close(run_before_unload=True)  # Voilà asks the server to shut the kernel down
    deadline = time.monotonic() + 10  # keep the context until it has (or the request is lost)
    while kernel_id and kernel_alive(base_url, kernel_id) and time.monotonic() < deadline:
        time.sleep(0.1)
    context.close()


def kernel_alive(base_url: str, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base_url}/api/kernels/{kernel_id}", timeout=5):
            return True
    except OSError:  # HTTPError 404 included: the kernel is gone
        return False


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 5
    if n < 1:
        sys.exit("N must be at least 1")
    from playwright.sync_api import sync_playwright

    notebooks = resolve_notebooks_dir()
    apps = []
    for name, path in APPS:
        if (notebooks / path).is_file():
            apps.append((name, path))
        else:
            print(f"note: {notebooks / path} is missing: {name} is not measured")
    if not apps:
        sys.exit("nothing to measure")
    chromium = os.environ.get("BTLGAMES_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    log_path = Path(tempfile.mkdtemp(prefix="btl-bench-")) / "server.log"
    process, url = start_server(log_path)
    results = {name: ([], [], []) for name, _ in apps}
    blocked: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
            for _, path in apps:  # warm-up, not timed
                measure_once(browser, url, path, blocked, process.pid)
            for i in range(n):
                for name, path in apps:  # interleaved, so both see the same conditions
                    for values, value in zip(results[name], measure_once(browser, url, path, blocked,
                                                                         process.pid)):
                        values.append(value)
                print(f"  load {i + 1}/{n} done", file=sys.stderr)
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=30)

    import ipykernel
    import voila

    print(f"\nbtlgames apps in Chromium via Voilà {voila.__version__}, ipykernel {ipykernel.__version__}, "
          f"{os.cpu_count()} CPUs; N={n} loads per app (+1 warm-up), server log {log_path}")
    print(f"{'app':<18} {'notebook':<24} {'interactive median':>18} {'p90':>7} "
          f"{'click->update median':>21} {'p90':>7} {'kernel USS':>11}")
    for name, path in apps:
        tti, click, memory = results[name]
        print(f"{name:<18} {path:<24} {statistics.median(tti):>17.2f}s {percentile(tti, 0.9):>6.2f}s "
              f"{statistics.median(click) * 1000:>19.0f}ms {percentile(click, 0.9) * 1000:>5.0f}ms "
              f"{statistics.median(memory):>7.0f} MiB")
    if blocked:
        print(f"WARNING: {len(blocked)} request(s) to other hosts were blocked: "
              + ", ".join(sorted(set(blocked))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
