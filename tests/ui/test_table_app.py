"""The school game at a class's table (ui/games/research.table_app): every move stored in the class
file as it is made, the table resumed at its move, two devices at one table playing one game."""
from __future__ import annotations

import html

import btlgames  # noqa: F401  (registers the games)
from btlgames.core.i18n import t
from btlgames.core.tables import ClassFile
from btlgames.ui.games import research


def table(folder, name="Otters"):
    return research.table_app(name, folder=str(folder), players=2).game


def moved(app, n: int) -> None:
    """``n`` moves made as a student makes them (the first move offered each time)."""
    for _ in range(n):
        app.act(app.legal[0])


def test_every_move_is_in_the_class_file_and_a_reopened_page_resumes_at_it(tmp_path):
    app = table(tmp_path)
    moved(app, 4)
    with ClassFile(tmp_path) as store:
        assert store.table("otters").state.history == app.state.history
    again = table(tmp_path, "OTTERS")
    assert again.state.history == app.state.history and again.state.digest() == app.state.digest()
    assert t("app.at_table", name="Otters", n=len(app.state.history)) in again.status.value
    assert again.new_button.layout.display == again.undo_button.layout.display == "none"


def test_a_device_behind_the_other_is_told_in_words_and_shown_the_table_as_stored(tmp_path):
    first, second = table(tmp_path), table(tmp_path)
    moved(first, 1)
    stale = second.legal[-1]
    second.act(stale)  # made on a screen that had not seen the first device's move
    assert "has moved on" in second.status.value
    assert second.state.history == first.state.history  # the stored game, and only it
    moved(second, 1)  # and play goes on from there
    with ClassFile(tmp_path) as store:
        assert store.table("Otters").state.history == second.state.history


def test_a_table_keeps_its_game_new_game_undo_and_loading_refuse(tmp_path):
    app = table(tmp_path)
    moved(app, 2)
    kept = list(app.state.history)
    app.new_game(7)
    app.undo()
    assert app.resume(b"{}") is False
    assert app.state.history == kept and t("app.table_own_game") in html.unescape(app.status.value)


def test_a_forged_name_or_no_class_is_said_in_words(tmp_path, monkeypatch):
    monkeypatch.delenv("BTLGAMES_CLASS_DIR", raising=False)
    page = research.table_app("<b>x</b>", folder=str(tmp_path))
    assert "not: / &lt; &gt;" in page.children[-1].value and "<b>" not in page.children[-1].value  # shown, escaped
    page = research.table_app("Otters")
    assert "open it from the address your teacher gives" in html.unescape(page.children[-1].value)
