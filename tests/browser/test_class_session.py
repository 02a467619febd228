"""A class session (``btlgames class``) as students meet it: a real server started as a teacher
starts it, every page behind the session's code, the page that asks for it, and yesterday's code
and login opening nothing."""
from __future__ import annotations

import contextlib
import re
import signal
import urllib.error
import urllib.request
from http.cookiejar import CookieJar

import psutil
import pytest
from access import assert_accessible
from conftest import Pages, open_app, start_kit_server
from playing import a_move, moves, press
from wording import english_left

from btlgames.core.i18n import t
from btlgames.core.tables import ClassFile
from btlgames.ui.serve.server import class_command

pytestmark = pytest.mark.browser

BARE = "/voila/render/_bare/bare.ipynb"
#: Every kind of thing the server has: the launcher, an app, Voilà's scripts and the kit's template
#: files, lesson pages, Jupyter's kernel API and contents, and a page that does not exist.
BEHIND_THE_CODE = ["/", BARE, "/voila/static/voila.js", "/voila/templates/btlgames/static/app.css", "/lessons/",
                   "/lessons/research-programme/rules.md", "/api/kernels", "/api/contents", "/no/such/page",
                   "/voila/api/themes/light/index.css", "/voila/labextensions/x.js", "/terminals/1", "/tree", "/lab"]


def the_code(server) -> str:
    """The code the session printed for the teacher, as a student reads it (ABCD-EFGH)."""
    found = re.search(r"\?code=([A-Z0-9-]+)", server.log_path.read_text())
    assert found, server.log_tail()
    return found.group(1)


@pytest.fixture(scope="module")
def class_session(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    server = start_kit_server(folder, name="class",
                              command=lambda port: class_command(folder, port=port, ip="127.0.0.1"))
    yield server
    assert not server.stop()


class Refused(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # a redirect is an answer to look at, not to follow
        return None


def ask(server, path: str, method: str = "GET", jar: CookieJar | None = None) -> tuple[int, str]:
    """The status and the redirect's target of one request (no redirect followed)."""
    opener = urllib.request.build_opener(Refused, urllib.request.HTTPCookieProcessor(CookieJar() if jar is None else jar))
    request = urllib.request.Request(server.url + path, method=method, data=b"" if method == "POST" else None)
    try:
        with opener.open(request, timeout=20) as reply:
            return reply.status, ""
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get("Location", "")


def test_without_the_code_only_the_page_asking_for_it_is_served(class_session):
    code = the_code(class_session)
    for path in BEHIND_THE_CODE + ["/?code=" + code[::-1], "/?code=", "/?token=" + code.replace("-", "")[::-1]]:
        status, where = ask(class_session, path)
        assert (status, where.split("?")[0]) == (302, "/login"), (path, status, where)
    assert ask(class_session, "/api/kernels", "POST")[0] == 403  # no kernel for a stranger
    assert ask(class_session, "/login")[0] == 200


def test_a_wrong_code_is_refused_in_words_and_the_right_one_opens_the_apps(browser, class_session):
    pages = Pages(browser, class_session)
    try:
        page = pages.new()
        page.goto("/")
        assert page.url.startswith(class_session.url + "/login?next=")
        assert_accessible(page, "the class code page")
        page.get_by_label(t("class_session.code", "en")).fill("ABCD-EFGH")
        page.get_by_role("button", name=t("class_session.join", "en")).click()
        page.get_by_role("alert").wait_for()
        assert page.get_by_role("alert").inner_text() == t("class_session.wrong_code", "en")
        assert "/login" in page.url and page.locator(".btl-game").count() == 0
        typed = the_code(class_session).replace("-", " ").lower()  # as a student may type it
        page.get_by_label(t("class_session.code", "en")).fill(typed)
        page.get_by_role("button", name=t("class_session.join", "en")).click()
        page.locator(".btl-game").first.wait_for()
        assert page.url == class_session.url + "/"
        app = open_app(page, BARE, class_session)  # a kernel, reached through the login's cookie
        app.click()
        page.get_by_text("Clicked 1 times").wait_for(timeout=10_000)
        pages.close(page, unload=False)  # its kernel goes when the session stops (the fixture checks)
    finally:
        pages.close_all()


def test_the_code_page_speaks_the_page_language(browser, class_session):
    pages = Pages(browser, class_session)
    try:
        page = pages.new()
        for lang in ("fi", "nl"):
            page.goto(f"/?lang={lang}")  # the language travels to the code page and back
            assert page.evaluate("document.documentElement.lang") == lang
            assert page.get_by_role("heading", level=1).inner_text() == t("class_session.title", lang)
            page.get_by_label(t("class_session.code", lang)).fill("XXXX")
            page.get_by_role("button", name=t("class_session.join", lang)).click()
            assert page.get_by_role("alert").inner_text() == t("class_session.wrong_code", lang)
            assert not english_left(page.inner_text("main"), lang)
    finally:
        pages.close_all()


TABLE = "/voila/render/research-programme/school.ipynb?table=Otters"


def at_the_table(page, server) -> tuple[int, str]:
    """Join ``server``'s class with its code and open the table: the moves made there and its drawing."""
    page.goto("/?code=" + the_code(server))
    open_app(page, TABLE, server)
    return moves(page), page.locator(".btl-table").inner_html()


@pytest.mark.slow
def test_a_table_resumes_at_its_move_after_a_reload_and_after_the_server_is_killed(browser, tmp_path):
    """One table played three moves; the page reloaded; then the server killed (SIGKILL) mid-game and
    the class started again at the same address: yesterday's code and login open nothing there, and
    the table, opened with the new code, is at the same move."""
    command = lambda port: class_command(tmp_path, port=port, ip="127.0.0.1")  # noqa: E731
    first = start_kit_server(tmp_path, name="first", command=command)
    pages, jar = Pages(browser, first), CookieJar()
    try:
        page = pages.new(first)
        at_the_table(page, first)
        for _ in range(3):
            press(page, a_move(page))  # a new table's how to play is closed first
        made, drawn = moves(page), page.locator(".btl-table").inner_html()
        assert made >= 3
        page.reload(wait_until="commit")
        open_app(page, None, first)
        assert moves(page) == made and page.locator(".btl-table").inner_html() == drawn
        assert t("app.at_table", "en", name="Otters", n=made) in page.locator(".btl-status").inner_text()
        with ClassFile(tmp_path) as store:  # the class's file, as the server keeps it
            assert store.table("Otters").moves == made
        code = the_code(first)
        assert ask(first, "/?code=" + code, jar=jar) == (200, "")  # a login, kept in a cookie

        kernels = first.kernels()
        first.process.send_signal(signal.SIGKILL)  # no shutdown of any kind
        first.process.wait(timeout=20)
        for kernel in kernels:  # the orphaned kernel a killed server leaves behind
            with contextlib.suppress(psutil.NoSuchProcess):
                kernel.kill()
        pages.close(page, unload=False)
        again = start_kit_server(tmp_path, name="again", command=command, port=first.port)
        try:
            assert the_code(again) != code
            assert ask(again, "/lessons/", jar=jar)[1].startswith("/login?next=")  # the old login
            assert ask(again, "/?code=" + code)[1].startswith("/login?next=")  # the old code
            page = pages.new(again)
            assert at_the_table(page, again) == (made, drawn)
            pages.close(page, unload=False)  # its kernel goes as the server stops
        finally:
            assert not again.stop()
    finally:
        pages.close_all()
        first.stop()
