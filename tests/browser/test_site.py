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

pytestmark = pytest.mark.browser

PYODIDE_TIMEOUT_MS = 240_000  # a cold Pyodide, its packages and the kit: ~40-90 s on this busy machine


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


@pytest.fixture(scope="module")
def context_pages(browser, site):
    opened = []

    def open_page():
        page = opened[0].context.new_page() if opened else new_page(browser, site)
        if len(opened):  # the same blocking as the first page (the context's route), its own record
            record_of(opened[0]).console.clear()
        opened.append(page)
        return page

    yield open_page
    external = [u for p in opened[:1] for u in record_of(p).external]
    opened[0].context.close() if opened else None
    assert not external, f"requests left the site: {external}"


def _external(page) -> list[str]:
    return record_of(page).external


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
    assert not _external(page)


def test_every_game_plays_saves_and_resumes_and_a_concept_plot_follows_its_widget(site, context_pages, tmp_path):
    slugs = [game.slug for game in launcher.GAMES]
    tabs = {}
    for slug in slugs:  # all at once: their Pyodides start side by side
        tabs[slug] = context_pages()
        tabs[slug].goto(f"{site.url}/voici/render/{slug}/play.html", wait_until="commit")
    lab = context_pages()  # a concept notebook with numpy, pandas and matplotlib, and a run on Runner
    lab.goto(f"{site.url}/voici/render/beat-the-logic/strategy-lab.html", wait_until="commit")
    for slug, page in tabs.items():
        page.locator(".btl-app").first.wait_for(timeout=PYODIDE_TIMEOUT_MS)
        page.locator(".btl-table").wait_for()
        before = moves(page)
        press(page, a_move(page))
        assert moves(page) != before, slug
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
    tournament.wait_for(timeout=PYODIDE_TIMEOUT_MS)
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
    assert not _external(tabs[slugs[0]])
