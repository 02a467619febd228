"""The launcher at / and the serving layer behind it, in a real browser.

Every page here runs with requests to any host but the kit server blocked and
recorded (see conftest.py): a test fails if a page tried to reach outside.
"""
from __future__ import annotations

import re
import time
import urllib.error
import urllib.request
from urllib.parse import unquote, urlparse

import pytest
from access import assert_accessible
from wording import assert_in_language

from btlgames.ui.pages import launcher
from btlgames.ui.serve.server import BAD_IPYKERNEL, ipykernel_version

pytestmark = pytest.mark.browser

BARE = "/voila/render/_bare/bare.ipynb"
# Any reference the browser would fetch from another host: <link href>, <script src>, import(...).
FETCHED_FROM_ELSEWHERE = re.compile(
    r"""<(?:link|script|img|iframe)\b[^>]*\b(?:href|src)\s*=\s*["']?(?:https?:)?//(?!127\.0\.0\.1|localhost)"""
    r"""|\bimport\s*\(\s*["']https?://|@import\s+(?:url\()?["']?https?://""",
    re.IGNORECASE)


def game_card(page, slug):
    return page.locator(f'.btl-game[data-game="{slug}"]')


def test_launcher_shows_every_game_with_what_it_teaches(page, notebooks_dir):
    reply = page.goto("/")
    assert reply.status == 200
    cards = page.locator(".btl-game")
    assert cards.count() == len(launcher.GAMES) == 5
    for step, game in enumerate(launcher.GAMES, 1):  # numbered: a student's own path through them
        card = game_card(page, game.slug)
        assert card.locator("h2").inner_text().startswith(f"{step}. {game.title}")
        assert game.teaches in card.inner_text()
        ready = (notebooks_dir / game.slug / game.play).is_file()
        badge = card.locator(".btl-badge")
        if ready:
            assert badge.count() == 0, f"{game.title} has its app but is marked coming soon"
            assert card.locator('a[data-kind="play"]').count() == 1
        else:
            assert badge.inner_text() == "coming soon"
            assert card.locator('a[data-kind="play"]').count() == 0
    assert page.locator(".btl-start").is_visible()  # where a student alone starts
    pentaquark = game_card(page, "pentaquark")
    assert pentaquark.locator('a[data-kind="play"]').get_attribute("href") == \
        "/voila/render/pentaquark/play.ipynb"
    # Large type for a projector.
    size = page.evaluate("() => parseFloat(getComputedStyle(document.body).fontSize)")
    assert size >= 20
    assert_accessible(page, "the launcher")


def test_launcher_has_no_broken_link(page, kit_server, notebooks_dir):
    page.goto("/")
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.getAttribute('href'))")
    assert hrefs
    for href in hrefs:
        if href.startswith("#"):
            continue
        path = urlparse(href).path
        if path.startswith("/voila/render/"):
            # Rendering would start a kernel; the link is good when its notebook exists.
            notebook = notebooks_dir / unquote(path[len("/voila/render/"):])
            assert notebook.is_file(), f"launcher links to missing {notebook}"
        else:
            with urllib.request.urlopen(kit_server.url + href, timeout=10) as reply:
                assert reply.status == 200, href


def test_pages_reference_nothing_outside(kit_server):
    """The HTML itself names no other host to fetch from (the browser tests also block it)."""
    for path in ["/", "/lessons/pentaquark/", "/no/such/page", BARE]:
        try:
            with urllib.request.urlopen(kit_server.url + path, timeout=30) as reply:
                html = reply.read().decode()
        except urllib.error.HTTPError as err:  # the 404 page is a page too
            html = err.read().decode()
        match = FETCHED_FROM_ELSEWHERE.search(html)
        assert match is None, f"{path} fetches from outside: ...{html[match.start():match.start() + 160]}"
        if path == "/no/such/page":
            assert "All games" in html, "unknown URLs should get the kit's 404 page with a way back"


def test_keyboard_reaches_and_opens_the_pentaquark_app(page, open_app, notebooks_dir):
    if not (notebooks_dir / "pentaquark" / "play.ipynb").is_file():
        pytest.skip("notebooks/pentaquark/play.ipynb is not written yet")
    page.goto("/")
    play = game_card(page, "pentaquark").locator('a[data-kind="play"]')
    for _ in range(20):
        page.keyboard.press("Tab")
        if play.evaluate("a => a === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reaches the Pentaquark Play link")
    outline = play.evaluate("a => getComputedStyle(a).outlineStyle")
    assert outline != "none", "the focused link shows no focus ring"
    page.keyboard.press("Enter")
    open_app(page, None)
    assert page.url.endswith("/voila/render/pentaquark/play.ipynb")


def test_pentaquark_play_link_opens_a_working_app(page, open_app, notebooks_dir):
    if not (notebooks_dir / "pentaquark" / "play.ipynb").is_file():
        pytest.skip("notebooks/pentaquark/play.ipynb is not written yet")
    page.goto("/")
    game_card(page, "pentaquark").locator('a[data-kind="play"]').click()
    app = open_app(page, None)
    action = app.locator(".btl-target").first  # a card of the collider, on the table
    action.wait_for(state="visible")
    before = app.inner_html()
    action.click()
    page.wait_for_function("([b]) => document.querySelector('.btl-app').innerHTML !== b",
                           arg=[before], timeout=10_000)


def test_pentaquark_concept_link_opens_the_explorer(page, open_app, notebooks_dir):
    game = next(g for g in launcher.GAMES if g.slug == "pentaquark")
    if not (notebooks_dir / "pentaquark" / game.concept).is_file():
        pytest.skip(f"notebooks/pentaquark/{game.concept} is not written yet")
    page.goto("/?lang=nl")  # the link keeps the language: the explorer opens in Dutch
    game_card(page, "pentaquark").locator('a[data-kind="concept"]').click()
    open_app(page, None)
    assert page.url.endswith(f"/voila/render/pentaquark/{game.concept}?lang=nl")
    page.wait_for_load_state("networkidle")  # every section's widgets drawn
    assert_accessible(page, "the confinement explorer in Dutch")
    assert_in_language(page, "the confinement explorer in Dutch")  # (in Finnish: test_pentaquark_apps.py)


def test_lesson_pack_is_readable_and_its_links_work(page):
    page.goto("/")
    game_card(page, "pentaquark").locator('a[data-kind="lessons"]').click()
    page.wait_for_load_state()
    assert page.url.endswith("/lessons/pentaquark/")
    assert "Pentaquark" in page.locator("h1").first.inner_text()
    assert_accessible(page, "a lesson pack's index")
    # Relative links between the pack's files resolve to rendered pages.
    md_links = page.locator('main a[href$=".md"]')
    assert md_links.count() >= 1
    md_links.first.click()
    page.wait_for_load_state()
    assert page.url.endswith(".md")
    assert page.locator("main h1").count() >= 1
    assert_accessible(page, f"the lesson page {page.url}")
    page.get_by_role("link", name="All games").first.click()
    page.wait_for_load_state()
    assert page.locator(".btl-game").count() == len(launcher.GAMES)


def test_bare_app_updates_on_click_with_local_icons(page, open_app):
    app = open_app(page, BARE)
    app.click()
    page.get_by_text("Clicked 1 times").wait_for(timeout=10_000)
    # The Font Awesome the CDN link would have brought comes from Voilà's own bundle.
    icon = app.locator("i.fa").first
    family = icon.evaluate("i => getComputedStyle(i, '::before').fontFamily")
    glyph = icon.evaluate("i => getComputedStyle(i, '::before').content")
    assert "Font Awesome" in family and glyph not in ("", "none", "normal"), (family, glyph)
    weight = icon.evaluate("i => getComputedStyle(i, '::before').fontWeight")
    faces = page.evaluate("async ([w]) => (await document.fonts.load(w + ' 16px \"Font Awesome 5 Free\"'))"
                          ".map(f => f.status)", [weight])
    assert faces and set(faces) == {"loaded"}, faces


def test_closing_an_app_page_shuts_its_kernel_down(pages, kit_server, open_app):
    """Opened directly (no launcher visit first, so no cookie from another page): Voilà's
    own page does not set the _xsrf cookie its shutdown request needs (voila #1458)."""
    before = {p.pid for p in kit_server.kernels()}
    page = pages.new()
    open_app(page, BARE)
    ours = {p.pid for p in kit_server.kernels()} - before
    assert len(ours) == 1, f"expected one new kernel for the page, found {ours}"
    assert pages.close(page), "the page's kernel still runs 10 s after the page closed\n" \
        + kit_server.log_tail(15)
    deadline = time.monotonic() + 10  # the process exits shortly after the server forgets it
    while ours & {p.pid for p in kit_server.kernels()} and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not ours & {p.pid for p in kit_server.kernels()}, "the kernel process is still there"


def test_kernels_of_pages_gone_without_goodbye_are_culled(pages, kit_server_factory, open_app):
    """A page that vanishes without unloading (crash, sleep, network cut) leaves its
    kernel behind; the server's culling removes it. Short timeouts on a server of its own, but
    not shorter than a loaded machine takes from running the notebook to the page's first
    connection: until then the new kernel is idle with no browser attached, and a 2 s timeout
    culled it before the page could connect."""
    server = kit_server_factory(name="culling", extra_args=[
        "--MappingKernelManager.cull_idle_timeout=8", "--MappingKernelManager.cull_interval=1"])
    page = pages.new(server)
    open_app(page, BARE, server)
    assert server.wait_for_kernels(1, timeout=5) == 1
    pages.close(page, unload=False)  # the shutdown request is never sent
    assert server.wait_for_kernels(0, timeout=25) == 0, server.log_tail(15)
    assert "Culling" in server.log_path.read_text()


def test_kernel_answers_requests_sent_back_to_back():
    """Voilà sends two execute requests back to back on every page load (its unawaited
    ``import os`` and the first code cell). ipykernel 7.0-7.3 left ~2% of such second
    requests unread on its shell socket (ipykernel #1554): the page then hung on
    "Executing k of N" for good. Measured here: 7.3.0 stranded 11 of 542 pairs, 7.4.0
    none of 1800. 300 pairs catch a 2% rate with probability > 99.7%."""
    import queue
    import random

    from jupyter_client.manager import KernelManager

    version = ipykernel_version()
    assert version is None or not (BAD_IPYKERNEL[0] <= version[:2] < BAD_IPYKERNEL[1]), \
        f"ipykernel {version} has the shell wedge (ipykernel #1554): install ipykernel>=7.4"
    manager = KernelManager(kernel_name="python3")
    manager.start_kernel()
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=30)
        rng = random.Random(1)
        for pair in range(300):
            client.execute("x = 1", store_history=False)
            spin_until = time.perf_counter() + rng.uniform(0, 0.004)
            while time.perf_counter() < spin_until:
                pass
            second = client.execute("y = 2", store_history=False)
            deadline = time.monotonic() + 5
            while True:
                try:
                    reply = client.get_shell_msg(timeout=0.5)
                except queue.Empty:
                    reply = None
                if reply is not None and reply["parent_header"].get("msg_id") == second:
                    break
                assert time.monotonic() < deadline, \
                    f"the kernel left request pair {pair} unanswered (ipykernel #1554 wedge)"
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
