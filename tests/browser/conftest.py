"""Browser tests: the kit's Voilà server driven by a real (Debian) Chromium.

Fixtures
    kit_server         session: the kit's server on a free port, started with
                       ``btlgames.ui.serve.server.command()`` over the real notebooks/ and
                       lessons/ folders, stopped (with its kernels) at the end.
    kit_server_factory start another server with extra Voilà arguments (stopped at the end).
    browser            session: headless Chromium (``/usr/bin/chromium``, or $BTLGAMES_CHROMIUM).
    page               a fresh context (no cookies) and page whose every request to a host
                       other than the kit server is blocked, recorded, and fails the test.
    pages              ``pages.new(server)`` / ``pages.close(page)`` for tests that need
                       more pages, or pages on another server; same blocking.
    open_app           ``open_app(page, "/voila/render/x/y.ipynb")`` loads an app and waits
                       until its ``.btl-app`` widget is visible; on failure the message
                       carries what the page showed, its console and the server log.

Run: ``.venv/bin/python -m pytest tests/browser -x -q``.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import psutil  # a dependency of ipykernel
import pytest

from btlgames.ui.pages.paths import resolve_notebooks_dir
from btlgames.ui.serve.server import command as server_command
from playing import dismiss_show

LAUNCH_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--disable-default-apps", "--disable-extensions",
]
APP_TIMEOUT_MS = 25_000  # kernel start + run takes ~2-3 s here; this is only a ceiling
SERVER_START_TIMEOUT = 60


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives the apps in a real Chromium through Voila")


# --------------------------------------------------------------------------- server

@dataclass
class KitServer:
    process: subprocess.Popen
    port: int
    log_path: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:])

    def kernels(self) -> list[psutil.Process]:
        """The kernel processes this server started (its ipykernel children)."""
        try:
            children = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        found = []
        for child in children:
            try:
                if "ipykernel_launcher" in " ".join(child.cmdline()):
                    found.append(child)
            except psutil.Error:
                pass
        return found

    def wait_for_kernels(self, count: int, timeout: float = 15.0) -> int:
        """Wait until exactly ``count`` kernels run; return how many run at the end."""
        deadline = time.monotonic() + timeout
        while True:
            now = len(self.kernels())
            if now == count or time.monotonic() > deadline:
                return now
            time.sleep(0.2)

    def stop(self) -> list[int]:
        """SIGTERM (Voilà shuts its kernels down), then kill whatever is left. Returns leftovers."""
        try:
            tree = [self.process, *psutil.Process(self.process.pid).children(recursive=True)]
        except psutil.NoSuchProcess:
            tree = []
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        leftovers = []
        for proc in tree[1:]:
            try:
                proc.wait(timeout=5)
            except psutil.TimeoutExpired:
                leftovers.append(proc.pid)
                proc.kill()
            except psutil.NoSuchProcess:
                pass
        return leftovers


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as reply:
            return reply.status == 200
    except (urllib.error.URLError, OSError):
        return False


def start_kit_server(log_dir: Path, *, notebooks=None, extra_args=(), name="server", command=None,
                     port=None) -> KitServer:
    """Start the kit's server (``btlgames.ui.serve``) on a free port (or ``port``) and wait until ``/``
    answers. ``command(port)``: another way the kit starts it (a class session's ``class_command``)."""
    last_error, asked = "", port
    for attempt in range(1 if asked else 3):  # only a port taken between choosing and binding is retried
        port = asked or _free_port()
        log_path = log_dir / f"{name}-{port}.log"
        argv = (command(port) if command else
                server_command(port=port, notebooks_dir=notebooks, extra_args=list(extra_args)))
        with open(log_path, "wb") as log:
            process = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT,
                                       stdin=subprocess.DEVNULL, cwd=log_dir)
        server = KitServer(process, port, log_path)
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline:
            if process.poll() is not None:
                break
            if _answers(server.url + "/"):
                return server
            time.sleep(0.2)
        last_error = server.log_tail()
        server.stop()
        if "already in use" not in last_error and "Address already" not in last_error:
            break
    pytest.fail(f"the kit's Voilà server did not start ({' '.join(argv)}):\n{last_error}",
                pytrace=False)


@pytest.fixture(scope="session")
def kit_server(tmp_path_factory):
    server = start_kit_server(tmp_path_factory.mktemp("voila"))
    yield server
    leftovers = server.stop()
    assert not leftovers, f"kernels still running after the server stopped: {leftovers}"


# --------------------------------------------------------------------------- browser

def chromium_path() -> str:
    path = os.environ.get("BTLGAMES_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        pytest.fail("no Chromium found: install Debian's (apt-get install chromium) or set "
                    "BTLGAMES_CHROMIUM; Playwright's own browser download is not used", pytrace=False)
    return path


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@dataclass
class PageRecord:
    """What a page did besides what the test asked: console lines and off-host requests."""

    local_prefixes: tuple[str, ...]
    console: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)

    def is_local(self, url: str) -> bool:
        return url.startswith(self.local_prefixes)


_RECORDS: dict[int, PageRecord] = {}


def record_of(page) -> PageRecord:
    return _RECORDS[id(page)]


def new_page(browser, server: KitServer):
    """A page in a fresh context (no cookies) that may only talk to ``server``."""
    context = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 900})
    hosts = [f"127.0.0.1:{server.port}", f"localhost:{server.port}"]
    record = PageRecord(tuple(f"{scheme}://{host}/" for scheme in ("http", "ws") for host in hosts)
                        + ("data:", "blob:", "about:"))

    def route(handle):
        url = handle.request.url
        if record.is_local(url):
            handle.continue_()
        else:
            record.external.append(url)
            handle.abort("blockedbyclient")

    context.route("**/*", route)
    page = context.new_page()
    page.on("console", lambda msg: record.console.append(f"[{msg.type}] {msg.text}"))
    page.on("pageerror", lambda err: record.console.append(f"[pageerror] {err}"))
    page.on("websocket", lambda ws: None if record.is_local(ws.url) else record.external.append(ws.url))
    _RECORDS[id(page)] = record
    return page


def kernel_id_of(page) -> str | None:
    """The kernel behind a Voilà app page (from its page config), if it is one."""
    try:
        return page.evaluate(
            "() => { const c = document.getElementById('jupyter-config-data');"
            " try { return c ? JSON.parse(c.textContent).kernelId || null : null; }"
            " catch (e) { return null; } }")
    except Exception:
        return None


def kernel_alive(server: KitServer, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{server.url}/api/kernels/{kernel_id}", timeout=5):
            return True
    except urllib.error.HTTPError as err:
        return err.code != 404
    except OSError:
        return False


def close_page(page, server: KitServer | None = None, timeout: float = 10.0) -> bool:
    """Close like a person closing the tab: the page's unload handlers run, and Voilà's
    asks the server to shut the page's kernel down. The browser context stays open until
    that kernel is gone (closing it earlier can cancel the request in flight).
    Returns False if the page's kernel still runs after ``timeout`` seconds."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    context = page.context
    kernel_id = kernel_id_of(page) if server is not None else None
    gone = True
    try:
        # With run_before_unload the call returns at once; the page closes after its
        # handlers ran.
        with page.expect_event("close", timeout=10_000):
            page.close(run_before_unload=True)
    except PlaywrightTimeout:
        page.close()
    try:
        if kernel_id:
            deadline = time.monotonic() + timeout
            gone = not kernel_alive(server, kernel_id)
            while not gone and time.monotonic() < deadline:
                time.sleep(0.1)
                gone = not kernel_alive(server, kernel_id)
    finally:
        context.close()
        _RECORDS.pop(id(page), None)
    return gone


def external_report(record: PageRecord) -> str:
    return ("the page tried to reach other hosts (blocked; the kit must work offline):\n  "
            + "\n  ".join(dict.fromkeys(record.external)))


class Pages:
    """Opens pages that may only talk to the kit; checks and closes them at the end."""

    def __init__(self, browser, default_server: KitServer | None):
        self.browser = browser
        self.default_server = default_server
        self.open: list = []
        self.servers: dict[int, KitServer] = {}
        self.external: list[str] = []

    def new(self, server: KitServer | None = None):
        server = server or self.default_server
        page = new_page(self.browser, server)
        self.open.append(page)
        self.servers[id(page)] = server
        return page

    def close(self, page, unload: bool = True) -> bool:
        """Close as a tab closes and wait for the page's kernel to go (False if it stays).
        ``unload=False`` drops the page like a crash: no unload handler runs."""
        if page in self.open:
            self.open.remove(page)
        server = self.servers.pop(id(page), None)
        self.external += record_of(page).external
        if unload:
            return close_page(page, server)
        page.context.close()
        _RECORDS.pop(id(page), None)
        return True

    def close_all(self) -> None:
        for page in list(self.open):
            self.close(page)
        assert not self.external, external_report(PageRecord((), external=self.external))


@pytest.fixture
def pages(browser, kit_server):
    opened = Pages(browser, kit_server)
    yield opened
    opened.close_all()


@pytest.fixture
def page(pages):
    return pages.new()


@pytest.fixture
def kit_server_factory(tmp_path):
    started: list[KitServer] = []

    def start(**kwargs) -> KitServer:
        server = start_kit_server(tmp_path, **kwargs)
        started.append(server)
        return server

    yield start
    leftovers = [pid for server in started for pid in server.stop()]
    assert not leftovers, f"kernels still running after the server stopped: {leftovers}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """Fail the test itself (not only its teardown) if one of its pages reached outside, or logged
    that two JupyterLab front ends disagree (pyproject.toml pins Voilà and the widget manager
    together; a mismatch logs "Unsatisfied version ... of shared singleton module")."""
    result = yield
    opened = item.funcargs.get("pages")
    if opened is not None:
        external = opened.external + [u for p in opened.open for u in record_of(p).external]
        if external:
            raise AssertionError(external_report(PageRecord((), external=external)))
        warnings = [line for p in opened.open for line in record_of(p).console
                    if "Unsatisfied version" in line or "No satisfying version" in line]
        if warnings:
            raise AssertionError("front-end version warnings:\n" + "\n".join(warnings))
    return result


# --------------------------------------------------------------------------- apps

def describe(page, server: KitServer | None = None) -> str:
    """What the page shows now, its console and the server log: for failure messages."""
    record = _RECORDS.get(id(page))
    try:
        state = page.evaluate(
            "() => ({url: location.href, title: document.title,"
            " loading: (document.getElementById('loading_text') || {}).innerText || null,"
            " text: (document.body ? document.body.innerText : '').slice(0, 600)})")
    except Exception as err:  # the page may be gone
        state = {"error": str(err)}
    parts = [f"page: {state}"]
    if record is not None:
        parts.append("console:\n  " + ("\n  ".join(record.console[-30:]) or "(empty)"))
        if record.external:
            parts.append(external_report(record))
    if server is not None:
        parts.append("server log (last lines):\n" + server.log_tail(30))
    return "\n".join(parts)


def open_app(page, url_path: str, server: KitServer | None = None, timeout_ms: int = APP_TIMEOUT_MS):
    """Load a Voilà app page and wait until its widgets are drawn (``.btl-app`` visible).

    ``url_path`` is relative to the server (``/voila/render/pentaquark/play.ipynb``), or
    ``None`` when the page is already navigating (after a click on a link).
    Returns the locator of the app's outermost widget.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    if url_path is not None:
        page.goto(url_path, wait_until="commit")
    app = page.locator(".btl-app").first
    try:
        app.wait_for(state="visible", timeout=timeout_ms)
        if page.locator(".btl-game-app").count():  # a game app opens with its "how to play": read, closed
            page.locator(".btl-show-view").wait_for(state="attached", timeout=timeout_ms)
            dismiss_show(page)
    except PlaywrightTimeout:
        pytest.fail(f"the app at {url_path or page.url} did not appear within "
                    f"{timeout_ms / 1000:.0f} s\n{describe(page, server)}", pytrace=False)
    return app


@pytest.fixture(name="open_app")
def open_app_fixture(kit_server):
    """``open_app(page, url_path, server=None)``; the server's log goes into failure messages."""
    def bound(page, url_path, server: KitServer | None = None, **kwargs):
        return open_app(page, url_path, server or kit_server, **kwargs)

    return bound


@pytest.fixture
def notebooks_dir() -> Path:
    return resolve_notebooks_dir()
