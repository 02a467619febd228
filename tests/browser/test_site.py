"""The static site (``btlgames site``) in a real Chromium: built once (the download cached in
$BTLGAMES_SITE_CACHE or ~/.cache/btlgames-site), served by the site's own static server on
localhost, every request outside it blocked and failing the test.

Each app page starts its own Pyodide, the costly part: every page is opened once, in one
browser context, ``PARALLEL`` starting at a time ahead of the test that uses it (``Apps``),
and closed when its test is done. Every game's app plays a move (Pentaquark's also saves and
resumes; Research Programme's is in Finnish, and its link to the rulebook keeps the language),
every concept page has a control pressed whose result must change (the many-labs plot of the
replication page is drawn again after a slider moved), and Stop interrupts a long run of the lab
in the browser. The launcher and lesson pages speak the language chosen, remember it, and work
opened from the folder (file://) too."""
import base64
import re
import threading
from pathlib import Path

import pytest
from access import assert_accessible
from conftest import new_page, record_of
from playing import a_move, language, moves, press
from wording import assert_in_language

from btlgames.core.i18n import t
from btlgames.ui.pages import launcher
from btlgames.ui.site import build, serve

pytestmark = [pytest.mark.browser, pytest.mark.site]

PYODIDE_TIMEOUT_MS = 300_000  # a cold Pyodide with its packages and the kit, on a busy machine
PARALLEL = 3  # Pyodides starting at once (two cores here)

PLAY = [f"{game.slug}/play" for game in launcher.GAMES]
CONCEPTS = {  # page: (the app's box, the control pressed, what the result must then say or show)
    "pentaquark/confinement": (".btl-app:has-text('Proton (uud)')", "button:Proton (uud)",
                               "All 3 quarks are confined"),
    "beamtimes-and-lifetimes/detector-ranges": (".btl-ranges:has-text('Deal the diamonds')",
                                                "button:Deal the diamonds", "Dealt: 6 problems"),
    "research-programme/replication": (".btl-replication:has-text('Show this example')",
                                       "button:Show this example", None),
    "antimatter-matters/pauli": (".pa-recipe", "select:Li-7", "Li-7"),
    "research-programme/debrief": (".btl-debrief:has-text('Preview with a bot game')",
                                   "button:Preview with a bot game", None),
}
LAB = "lab/lab"
STRATEGY_LAB = "beat-the-logic/strategy-lab"
#: Pages opened in another language than English (the others ask for English outright: the
#: pages share one browser, which remembers the language last asked for).
LANGUAGE = {"research-programme/play": "fi"}
ORDER = [*PLAY, *CONCEPTS, STRATEGY_LAB, LAB]  # the order the tests below use the pages in (their ``path``)


class SiteServer:
    def __init__(self, folder: Path):
        self.folder = folder
        self.server = serve.make_server(folder, 0, "127.0.0.1")
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = build.build(tmp_path_factory.mktemp("site") / "site", say=lambda _: None)
    server = SiteServer(folder)
    yield server
    server.server.shutdown()
    server.server.server_close()


class Apps:
    """The site's app pages in one browser context (one HTTP cache, as in a student's browser),
    opened ``PARALLEL`` at a time in ``ORDER``. Its route (conftest.new_page) blocks and records
    every request outside the site, workers' too."""

    def __init__(self, browser, site, used: set[str]):
        self.site = site
        self.first = new_page(browser, site)
        self.external = record_of(self.first).external
        self.context = self.first.context
        self.waiting = [path for path in ORDER if path in used]  # the pages the chosen tests use
        self.open: dict[str, object] = {}
        self.console: dict[str, list[str]] = {}
        self.asked: dict[str, list[str]] = {}  # the files each page asked for (its worker's too)
        self.failed: dict[str, list[str]] = {}  # answers of 400 and more
        self.encoding: dict[str, dict[str, str]] = {}  # file name: its Content-Encoding

    def _open(self, path: str) -> None:
        self.waiting.remove(path)
        page = self.context.new_page()
        lines = self.console[path] = []
        page.on("console", lambda msg: lines.append(f"[{msg.type}] {msg.text}"))
        page.on("pageerror", lambda err: lines.append(f"[pageerror] {err}"))
        asked, failed, encoding = self.asked[path], self.failed[path], self.encoding[path] = [], [], {}
        page.on("request", lambda request: asked.append(request.url))
        page.on("response", lambda response: failed.append(f"{response.status} {response.url}")
                if response.status >= 400 else None)
        page.on("response", lambda response: encoding.__setitem__(
            response.url.split("?")[0].rsplit("/", 1)[-1], response.headers.get("content-encoding")))
        page.goto(f"{self.site.url}/voici/render/{path}.html?lang={LANGUAGE.get(path, 'en')}", wait_until="commit")
        self.open[path] = page

    def fill(self) -> None:
        while len(self.open) < PARALLEL and self.waiting:
            self._open(self.waiting[0])

    def __call__(self, path: str, selector: str):
        """The page of ``path`` once its app shows ``selector``."""
        if path not in self.open:
            self._open(path)
        self.fill()
        page = self.open[path]
        try:
            page.locator(selector).first.wait_for(timeout=PYODIDE_TIMEOUT_MS)
        except Exception as err:
            raise AssertionError(f"{page.url} showed no {selector}: {page.inner_text('body')[-800:]}\n"
                                 + "\n".join(self.console[path][-15:])) from err
        return page

    def done(self, path: str) -> None:
        page = self.open.pop(path, None)
        if page:
            page.close()
        self.fill()


@pytest.fixture(scope="module")
def apps(browser, site, request):
    used = {item.callspec.params["path"] for item in request.session.items
            if getattr(item, "module", None) is request.module  # a notebook's cells have no module
            and hasattr(item, "callspec") and "path" in item.callspec.params}
    pages = Apps(browser, site, used)
    pages.fill()
    yield pages
    pages.context.close()
    assert not pages.external, f"requests left the site: {pages.external}"


@pytest.fixture
def app(apps, request):
    """``app(path, selector)``: the page, closed (and the next one opened) after the test."""
    used = []

    def get(path, selector):
        used.append(path)
        return apps(path, selector)
    yield get
    for path in used:
        apps.done(path)
    assert not apps.external, f"requests left the site: {apps.external}"
    assert not [apps.failed[path] for path in used if apps.failed[path]]  # no 404 (the confinement page had one)
    # Nothing the browser's console warns of: every app page warned "Control comm did not respond
    # in time" and "Not same Y.Doc" as it started (build.VOICI_FIXES).
    warned = {path: [line for line in apps.console[path] if line.startswith(("[warning]", "[error]", "[pageerror]"))]
              for path in used}
    assert not any(warned.values()), warned


def test_launcher_links_are_relative_and_lessons_are_pages(browser, site):
    """In a browser context of its own: the app pages opening ahead in the apps' context ask for
    Finnish and Dutch, and each choice is remembered in that context's storage (a lesson page
    opened by an English launcher's plain link would take the language an app page chose last)."""
    page = new_page(browser, site)
    external = record_of(page).external
    page.goto(site.url + "/?lang=en")
    hrefs = page.locator("a[href]").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert hrefs and not [h for h in hrefs if re.match(r"^(/|[a-z]+:)", h)], hrefs  # USB stick, any host
    for game in launcher.GAMES:
        play = page.locator(f'[data-game="{game.slug}"] a[data-kind="play"]')
        assert play.get_attribute("href") == f"voici/render/{game.slug}/play.html"
    page.locator('[data-game="pentaquark"] a[data-kind="lessons"]').click()
    page.wait_for_load_state()
    assert page.url.endswith("/lessons/pentaquark/index.html")
    assert page.locator("main.btl-lesson h1").count() == 1
    links = page.locator("main a[href$='.html']").evaluate_all("links => links.map(a => a.href)")
    assert any(link.endswith("/voici/render/pentaquark/play.html") for link in links), links
    assert not any(link.endswith(".md") for link in
                   page.locator("main a[href]").evaluate_all("links => links.map(a => a.href)"))
    page.context.close()
    assert not external, f"requests left the site: {external}"


def kit_links(page) -> list[str]:
    """The page's links to the site's pages (not the chooser's, the skip link or a heading)."""
    return page.locator("a[href]:not(.btl-languages a):not(.btl-skip)").evaluate_all(
        "links => links.map(a => a.getAttribute('href')).filter(h => !h.startsWith('#'))")


def test_the_site_speaks_the_language_chosen_and_remembers_it(browser, site):
    """The launcher's chooser, ?lang= on every page, every link keeping it, the choice remembered
    by the browser (an app page opened without ?lang= takes it before its Python starts), an
    English lesson page sending a reader on to its translation. In a browser of its own: the
    app pages' browser is not told the language here."""
    page = new_page(browser, site)
    page.goto(site.url + "/")
    assert page.locator("h1").inner_text() == t("launcher.title", "en")
    page.locator(".btl-languages a", has_text="Suomi").click()
    page.wait_for_url("**/?lang=fi")
    assert language(page) == "fi" and page.locator("h1").inner_text() == t("launcher.title", "fi")
    assert page.title() == t("launcher.title", "fi")
    links = kit_links(page)
    assert links and all(link.endswith("?lang=fi") for link in links), links
    assert_accessible(page, "the site's launcher in Finnish")

    page.goto(site.url + "/index.html")  # no ?lang=: the language chosen last
    assert page.url.endswith("/index.html?lang=fi") and language(page) == "fi"
    page.locator('[data-game="research-programme"] a[data-kind="lessons"]').click()
    page.wait_for_url("**/lessons/research-programme/fi/index.html?lang=fi")  # the translated pack
    links = kit_links(page)
    assert language(page) == "fi" and links and all("?lang=fi" in link for link in links), links
    page.goto(site.url + "/lessons/pentaquark/rules.html?lang=nl")  # no Dutch rulebook: English words
    assert language(page) == "nl" and page.url.endswith("/lessons/pentaquark/rules.html?lang=nl")
    assert page.locator(".btl-crumbs").inner_text().startswith("\u2190 " + t("launcher.all_games", "nl"))
    assert "Set-up" in page.locator("main").inner_text()

    page.goto(site.url + "/voici/render/pentaquark/play.html", wait_until="domcontentloaded")
    assert page.url.endswith("play.html?lang=nl") and language(page) == "nl"  # remembered, no reload
    kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                           ".litePluginSettings['" + build.KERNEL_SETTINGS + "'].loadPyodideOptions.env")
    assert kernel == {"QUERY_STRING": "lang=nl"}  # Python's environment, before it starts
    page.context.close()
    assert not record_of(page).external, record_of(page).external


def test_the_launcher_and_lessons_work_opened_from_the_folder(browser, site):
    """A USB stick: file:// pages. The launcher and the lesson pages work; the apps need a web
    server (Chromium starts no worker for a file:// page: README)."""
    context = browser.new_context()
    asked = []
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    page.goto((site.folder / "index.html").as_uri() + "?lang=nl")
    assert language(page) == "nl" and page.locator("h1").inner_text() == t("launcher.title", "nl")
    page.locator('[data-game="pentaquark"] a[data-kind="lessons"]').click()
    page.wait_for_url("**/lessons/pentaquark/nl/index.html?lang=nl")
    page.locator("main a[href^='../rules.html']").first.click()  # the English rulebook, in Dutch chrome
    page.wait_for_url("**/lessons/pentaquark/rules.html?lang=nl*")
    assert language(page) == "nl" and "Set-up" in page.locator("main").inner_text()
    context.close()
    assert asked and all(url.startswith(("file://", "data:")) for url in asked), asked


#: What no play app loads: the concept pages' packages, and what no app uses (sources.KERNEL_LEFT_OUT,
#: IPython's terminal).
NOT_FOR_PLAY = ("numpy-", "pandas-", "matplotlib-", "particle-", "hepunits-", "attrs-", "ssl-", "openssl-",
                "jedi-", "parso-", "sqlite3-", "prompt_toolkit-", "jupyterlab_widgets-")


@pytest.mark.parametrize("path", PLAY)
def test_every_game_plays_a_move(app, apps, path, tmp_path):
    page = app(path, ".btl-table")
    if path == "pentaquark/play":  # loaded only what play needs, compressed
        wheels = [url.rsplit("/", 1)[-1] for url in apps.asked[path] if url.endswith(".whl")]
        assert any(w.startswith("btlgames-") for w in wheels) and not [w for w in wheels if w.startswith(NOT_FOR_PLAY)]
        assert apps.encoding[path]["pyodide.asm.wasm"] == "gzip" and apps.encoding[path]["play.html"] == "gzip"
    before = moves(page)
    press(page, a_move(page))
    assert moves(page) != before
    if path in LANGUAGE:
        lang = LANGUAGE[path]
        assert language(page) == lang
        assert_in_language(page, f"the site's {path} in {lang}")
        game = path.split("/")[0]
        rules = page.locator(f"a[href*='lessons/{game}/rules']")  # in the page's prose
        assert rules.get_attribute("href") == f"../../../lessons/{game}/rules.html?lang={lang}"
        with page.expect_popup() as opened:
            rules.click()
        opened.value.wait_for_url(f"**/lessons/{game}/{lang}/rules.html?lang={lang}")  # its translation
        assert language(opened.value) == lang
        opened.value.close()
    if path != "pentaquark/play":
        return
    # Save and resume, as on the server: the save is a download, the resume an upload.
    played = moves(page)
    page.locator(".btl-settings-toggle").click()
    href = page.locator("a.btl-save").get_attribute("href")
    assert href.startswith("data:application/json;base64,")
    saved = tmp_path / "pentaquark.json"
    saved.write_bytes(base64.b64decode(href.split(",", 1)[1]))
    press(page, a_move(page))  # and a one-option move after it is made for the player
    assert moves(page) > played
    with page.expect_file_chooser() as chooser:
        page.locator(".jupyter-widgets.widget-upload").click()
    chooser.value.set_files(str(saved))
    page.wait_for_function("n => Number(document.querySelector('.btl-table').dataset.moves) === n", arg=played)


@pytest.mark.parametrize("path", CONCEPTS)
def test_every_concept_page_answers_its_control(app, path):
    box, control, after = CONCEPTS[path]
    page = app(path, box)
    box = page.locator(box).first
    before = box.inner_text()
    kind, _, words = control.partition(":")
    if kind == "button":
        box.get_by_role("button", name=words).first.click()
    else:
        box.locator("select").first.select_option(label=words)
    page.wait_for_function("([box, before, after]) => box.innerText !== before"
                           " && (!after || box.innerText.includes(after))",
                           arg=[box.element_handle(), before, after], timeout=60_000)
    if path == "research-programme/replication":
        the_plot_follows_a_slider(page)


def the_plot_follows_a_slider(page) -> None:
    """The many-labs plot (matplotlib in the browser) is drawn, and drawn anew after the power
    slider moved (by the keyboard, on the slider's handle)."""
    labs = page.locator(".btl-many-labs")
    count = labs.locator(".widget-text input").first
    count.fill("200")
    count.press("Enter")
    run = labs.get_by_role("button", name=t("replication.labs.run", "en"), exact=True)
    run.click()
    labs.get_by_text(t("replication.labs.done", "en", labs=200, seed=1)).wait_for(timeout=120_000)
    first = labs.locator("img[src^='data:image/png']").get_attribute("src")
    power = labs.locator(".widget-slider", has_text=t("replication.power", "en"))
    before = power.locator(".widget-readout").inner_text()
    power.locator(".noUi-handle").press("ArrowLeft")
    page.wait_for_function("([slider, before]) => slider.querySelector('.widget-readout').innerText !== before",
                           arg=[power.element_handle(), before])
    run.click()
    page.wait_for_function("([box, first]) => { const plot = box.querySelector(\"img[src^='data:image/png']\");"
                           " return plot && plot.src !== first; }", arg=[labs.element_handle(), first], timeout=120_000)


@pytest.mark.parametrize("path", [STRATEGY_LAB])
def test_the_strategy_lab_draws_its_plot_from_a_run(app, path):
    """Its strategies against each other are the lab's preset: a run, then the plot (matplotlib in
    the browser) of the shares and of the planner's share as games were added."""
    page = app(path, ".btl-lab")
    lab = page.locator(".btl-lab")
    assert not lab.locator("img").count()  # nothing drawn on load
    games = lab.locator(".btl-lab-games input")
    games.fill("6")
    games.press("Enter")
    lab.get_by_role("button", name="Run", exact=True).click()
    page.wait_for_function("() => document.querySelector('.btl-lab').innerText.includes('Done: 6 games')",
                           timeout=120_000)
    assert "95 % interval" in lab.inner_text()
    lab.get_by_role("button", name="Draw the plot", exact=True).click()
    lab.locator("img").first.wait_for(timeout=120_000)
    assert lab.locator("img").first.get_attribute("src").startswith("data:image/")


@pytest.mark.parametrize("path", [LAB])
def test_stop_interrupts_a_run_of_the_lab_in_the_browser(app, path):
    """In the browser the run is in the page's only Python thread; it lets the page handle the
    click on Stop between games (core.runtime.Flag)."""
    page = app(path, ".btl-lab")
    lab = page.locator(".btl-lab")
    lab.locator(".btl-lab-a .btl-seat-1 select").select_option(label="random (any legal move)")
    games = lab.locator(".btl-lab-games input")
    games.fill("5000")
    games.press("Enter")
    lab.get_by_role("button", name="Run").click()
    page.wait_for_function("() => /[1-9][0-9]* of 5000 games/.test(document.querySelector('.btl-lab').innerText)",
                           timeout=120_000)
    stop = lab.get_by_role("button", name="Stop")
    assert stop.is_enabled() and lab.get_by_role("button", name="Run").is_disabled()
    stop.click()
    page.wait_for_function("() => /Stopped: |Done: /.test(document.querySelector('.btl-lab').innerText)",
                           timeout=120_000)
    stopped = lab.inner_text()
    found = re.search(r"Stopped: the results hold the first (\d+) of the 5000 games", stopped)
    assert found, stopped[-600:]
    assert 0 < int(found.group(1)) < 5000
    assert lab.get_by_role("button", name="Run").is_enabled() and stop.is_disabled()
