"""Words from the message catalogues: count sentences take the form the language's plural rules
(Babel's CLDR data) choose, so a Finnish or Dutch catalogue needs no code of its own."""
import pytest

from btlgames.core import i18n
from btlgames.core.i18n import catalogue, plural_form, t


def test_a_count_sentence_takes_the_english_form_of_its_count():
    assert t("app.show_moves", n=1) == "Show this 1 move"
    assert t("app.show_moves", n=2) == "Show these 2 moves"
    assert t("app.show_moves", n=0) == "Show these 0 moves"
    assert t("research_ui.hand", n=1) == "Hand: 1 card"


def test_plural_rules_come_from_babel_for_each_language():
    assert [plural_form("en", n) for n in (0, 1, 2, 1.5)] == ["other", "one", "other", "other"]
    assert [plural_form("fi", n) for n in (1, 5)] == ["one", "other"]
    assert [plural_form("nl", n) for n in (1, 0)] == ["one", "other"]
    assert [plural_form("pl", n) for n in (1, 3, 5)] == ["one", "few", "many"]  # a language with more forms


def test_a_language_uses_its_own_forms_and_falls_back_to_english(monkeypatch):
    fake = {"en": catalogue("en"),
            "pl": {"app.show_moves.one": "{n} ruch", "app.show_moves.few": "{n} ruchy",
                   "app.show_moves.other": "{n} ruchów"}}
    monkeypatch.setattr(i18n, "catalogue", lambda lang: fake[lang])
    assert [t("app.show_moves", lang="pl", n=n) for n in (1, 3, 5)] == ["1 ruch", "3 ruchy", "5 ruchów"]  # many: other
    fake["pl"] = {}
    assert t("app.show_moves", lang="pl", n=1) == "Show this 1 move"  # not translated yet: English


def test_a_count_sentence_without_its_count_is_a_clear_error():
    with pytest.raises(TypeError, match="depends on a count"):
        t("app.show_moves")

