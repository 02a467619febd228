"""The static site (``btlgames site``) in a real Chromium: built once (the download cached in
$BTLGAMES_SITE_CACHE or ~/.cache/btlgames-site), served by the site's own static server on
localhost, every request outside it blocked and failing the test. Each app page starts its
own Pyodide, so the games open side by side in one browser context (its cache shared)."""
import base64
import re
import threading
from pathlib import Path

import pytest
from conftest import new_page, record_of
from playing import a_move, moves, press

from btlgames.ui import launcher
from btlgames.ui.site import build, serve

pytestmark = [pytest.mark.browser, pytest.mark.site]

PYODIDE_TIMEOUT_MS = 300_000  # a cold Pyodide, its packages and the kit: 40-120 s on this busy machine


class SiteServer:
    def __init__(self, folder: Path):
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


class ContextPages:
    """Pages of one browser context (one HTTP cache, as in a student's browser). Its route, set
    by conftest.new_page, blocks and records every request outside the site, workers' too."""

    def __init__(self, browser, site):
        self.first = new_page(browser, site)
        self.external = record_of(self.first).external
        self.console = {id(self.first): record_of(self.first).console}
        self.unused = [self.first]

    def __call__(self):
        if self.unused:
            return self.unused.pop()
        page = self.first.context.new_page()
        lines = self.console[id(page)] = []
        page.on("console", lambda msg: lines.append(f"[{msg.type}] {msg.text}"))
        page.on("pageerror", lambda err: lines.append(f"[pageerror] {err}"))
        return page

    def wait_for_app(self, page, selector: str) -> None:
        try:
            page.locator(selector).first.wait_for(timeout=PYODIDE_TIMEOUT_MS)
        except Exception as err:
            raise AssertionError(f"{page.url} showed no {selector}: {page.inner_text('body')[-800:]}\n"
                                 + "\n".join(self.console[id(page)][-15:])) from err


@pytest.fixture(scope="module")
def context_pages(browser, site):
    pages = ContextPages(browser, site)
    yield pages
    pages.first.context.close()
    assert not pages.external, f"requests left the site: {pages.external}"


def test_launcher_links_are_relative_and_lessons_are_pages(site, context_pages):
    page = context_pages()
    page.goto(site.url + "/")
    hrefs = page.locator("a[href]").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert hrefs and not [h for h in hrefs if re.match(r"^(/|[a-z]+:)", h)], hrefs  # USB stick, any host
    for game in launcher.GAMES:
        play = page.locator(f'[data-game="{game.slug}"] a[data-kind="play"]')
        assert play.get_attribute("href") == f"voici/render/{game.slug}/play.html"
    page.locator('[data-game="pentaquark"] a[data-kind="lessons"]').click()
    page.wait_for_load_state()
    assert page.url.endswith("/lessons/pentaquark/")
    assert page.locator("main.btl-lesson h1").count() == 1
    links = page.locator("main a[href$='.html']").evaluate_all("links => links.map(a => a.href)")
    assert any(link.endswith("/voici/render/pentaquark/play.html") for link in links), links
    assert not any(link.endswith(".md") for link in
                   page.locator("main a[href]").evaluate_all("links => links.map(a => a.href)"))
    assert not context_pages.external


def test_every_game_plays_saves_and_resumes_and_a_concept_plot_follows_its_widget(site, context_pages, tmp_path):
    slugs = [game.slug for game in launcher.GAMES]
    tabs = {}
    for wave in (slugs[:3], slugs[3:] + ["lab"]):  # three Pyodides at a time: two cores here
        for slug in wave:
            tabs[slug] = context_pages()
            path = "beat-the-logic/strategy-lab" if slug == "lab" else f"{slug}/play"
            tabs[slug].goto(f"{site.url}/voici/render/{path}.html", wait_until="commit")
        for slug in wave:
            context_pages.wait_for_app(tabs[slug], ".btl-tournament" if slug == "lab" else ".btl-table")
            if slug != "lab":
                page = tabs[slug]
                before = moves(page)
                press(page, a_move(page))
                assert moves(page) != before, slug
    lab = tabs.pop("lab")  # a concept notebook with numpy, pandas and matplotlib, and a run on Runner
    # Save and resume, as on the server: the save is a download, the resume an upload.
    page = tabs["pentaquark"]
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
    # The lab's run happens in place in the browser (no thread there), and its plot follows the games.
    tournament = lab.locator(".btl-tournament")
    plots = []
    for n in (6, 12):
        games = tournament.locator(".widget-text input").first
        games.fill(str(n))
        games.press("Enter")
        tournament.get_by_role("button", name="Run").click()
        lab.wait_for_function("n => document.querySelector('.btl-tournament').innerText.includes("
                              "`Done: ${n} finished games`)", arg=n, timeout=120_000)
        assert "95 % interval" in tournament.inner_text()
        plots.append(tournament.locator("img").first.get_attribute("src"))
    assert plots[0].startswith("data:image/") and plots[1] != plots[0]
    assert not context_pages.external
