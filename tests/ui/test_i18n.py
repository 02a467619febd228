"""Words from the message catalogues: count sentences take the form the language's plural rules
(Babel's CLDR data) choose, so a Finnish or Dutch catalogue needs no code of its own."""
from pathlib import Path

import pytest

from btlgames.core import i18n
from btlgames.core.i18n import catalogue, plural_form, t


def test_a_count_sentence_takes_the_english_form_of_its_count():
    assert t("app.choose_for", n=1) == "1 move here:"
    assert t("app.choose_for", n=2) == "2 moves here: which one?"
    assert t("app.choose_for", n=0) == "0 moves here: which one?"
    assert t("research_ui.hand", n=1) == "Hand: 1 card"


def test_plural_rules_come_from_babel_for_each_language():
    assert [plural_form("en", n) for n in (0, 1, 2, 1.5)] == ["other", "one", "other", "other"]
    assert [plural_form("fi", n) for n in (1, 5)] == ["one", "other"]
    assert [plural_form("nl", n) for n in (1, 0)] == ["one", "other"]
    assert [plural_form("pl", n) for n in (1, 3, 5)] == ["one", "few", "many"]  # a language with more forms


def test_a_language_uses_its_own_forms_and_falls_back_to_english(monkeypatch):
    fake = {"en": catalogue("en"),
            "pl": {"app.choose_for.one": "{n} ruch", "app.choose_for.few": "{n} ruchy",
                   "app.choose_for.other": "{n} ruchów"}}
    monkeypatch.setattr(i18n, "catalogue", lambda lang: fake[lang])
    assert [t("app.choose_for", lang="pl", n=n) for n in (1, 3, 5)] == ["1 ruch", "3 ruchy", "5 ruchów"]  # many: other
    fake["pl"] = {}
    assert t("app.choose_for", lang="pl", n=1) == "1 move here:"  # not translated yet: English


def test_a_count_sentence_without_its_count_is_a_clear_error():
    with pytest.raises(TypeError, match="depends on a count"):
        t("app.choose_for")



# --- every translation against English ----------------------------------------------------------

import re
import string
import tomllib
from importlib import resources

from babel import Locale

from btlgames.ui.common import prose

LOCALE = resources.files("btlgames") / "locale"
TRANSLATIONS = [lang for lang in i18n.available_languages() if lang != "en"]
CATALOGUE_FILES = [(lang, path.name) for lang in TRANSLATIONS for path in sorted((LOCALE / lang).iterdir(),
                                                                                   key=lambda p: p.name)
                   if path.name.endswith(".toml")]


PLURAL_TAGS = {"zero", "one", "two", "few", "many", "other"}


def messages(lang: str, name: str) -> dict[str, dict[str, object]]:
    """Each message of a file: key -> {form: text}; a plain message has the one form "".
    A table whose keys are all CLDR plural categories, "other" among them, is a count message."""
    found: dict[str, dict[str, object]] = {}

    def walk(prefix, node):
        for key, value in node.items():
            if isinstance(value, dict) and "other" in value and set(value) <= PLURAL_TAGS:
                found[prefix + key] = dict(value)
            elif isinstance(value, dict):
                walk(f"{prefix}{key}.", value)
            else:
                found[prefix + key] = {"": value}
    walk("", tomllib.loads((LOCALE / lang / name).read_text(encoding="utf-8")))
    return found


def placeholders(text) -> set[str]:
    if not isinstance(text, str):
        return {f"list of {len(text)}"}
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def cldr_forms(lang: str) -> set[str]:
    return set(Locale.parse(lang).plural_form.tags) | {"other"}


@pytest.mark.parametrize("lang, name", CATALOGUE_FILES)
def test_a_translated_catalogue_has_the_english_keys_placeholders_and_its_own_plural_forms(lang, name):
    assert (LOCALE / "en" / name).is_file(), f"{lang}/{name} has no English file to translate"
    english, translated = messages("en", name), messages(lang, name)
    assert not set(translated) - set(english), f"{lang}/{name}: keys English lacks"
    assert not set(english) - set(translated), f"{lang}/{name}: English keys not translated"
    for key, forms in translated.items():
        english_fields = set().union(*(placeholders(v) for v in english[key].values()))
        if "" in english[key]:
            assert set(forms) == {""}, f"{lang}/{name}: {key} is a count table only in {lang}"
        else:
            assert set(forms) == cldr_forms(lang), f"{lang}/{name}: {key} needs the forms {cldr_forms(lang)}"
        for form, text in forms.items():
            # A form for one thing may say "one" instead of {n}; no form may name other values.
            fields = placeholders(text)
            assert fields <= english_fields, f"{lang}/{name}: {key}.{form} names {fields - english_fields}"
            if form not in ("one", "zero", "two"):
                assert fields == english_fields, f"{lang}/{name}: {key} {form}: {fields} instead of {english_fields}"


def test_every_translated_message_can_be_filled_in():
    for lang in TRANSLATIONS:
        for key, text in catalogue(lang).items():
            if isinstance(text, str):
                text.format(**{f: 1 for f in placeholders(text)})  # a broken {brace} raises here


PROSE = sorted((LOCALE / "en" / "notebooks").glob("*/*.md")) if (LOCALE / "en" / "notebooks").is_dir() else []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translated_notebook_prose_has_the_english_sections(lang):
    for path in (LOCALE / lang / "notebooks").glob("*/*.md") if (LOCALE / lang / "notebooks").is_dir() else ():
        notebook = f"{path.parent.name}/{path.stem}"
        english = prose.sections(notebook, "en")
        assert english, f"{lang}: {notebook} has no English prose"
        assert list(prose.sections(notebook, lang)) == list(english), f"{lang}: {notebook}'s sections"


def test_prose_is_shown_in_the_current_language_or_else_english(monkeypatch):
    english = prose.text("research-programme/replication", "goals", "en")
    assert english.startswith("## Learning goals")
    monkeypatch.setattr(prose, "sections", lambda notebook, lang: {} if lang == "xx" else
                        {"goals": english})
    assert prose.text("research-programme/replication", "goals", "xx") == english


def test_prose_links_to_notebooks_and_lesson_pages_keep_the_language():
    school = prose.shown("research-programme/school", "intro", "fi")
    assert "](play.ipynb?lang=fi)" in school and "](debrief.ipynb?lang=fi)" in school
    assert "](../../../lessons/research-programme/rules.md?lang=fi)" in school
    assert "](play.ipynb)" in prose.shown("research-programme/school", "intro", "en")


# --- numbers ---------------------------------------------------------------------------------

@pytest.mark.parametrize("value, spec, en, fi, nl", [
    (2.5, ".1f", "2.5", "2,5", "2,5"),
    (0.125, ".1%", "12.5%", "12,5\xa0%", "12,5%"),
    (12345.6, ",.1f", "12,345.6", "12\xa0345,6", "12.345,6"),
    (-3, "", "-3", "\u22123", "-3"),
    (0.05, "g", "0.05", "0,05", "0,05"),
])
def test_numbers_are_written_the_way_each_language_writes_them(value, spec, en, fi, nl):
    assert i18n.number(value, spec, "en") == en == format(value, spec)
    assert i18n.number(value, spec, "fi") == fi
    assert i18n.number(value, spec, "nl") == nl


def test_a_message_writes_its_numbers_in_its_own_language(monkeypatch):
    fake = {"en": {"x.share": "share {p:.1%} of {n} games, mean {m:.2f}, seat {s}, flag {b}"},
            "fi": {"x.share": "osuus {p:.1%} {n} pelistä, keskiarvo {m:.2f}, paikka {s}, {b}"}}
    monkeypatch.setattr(i18n, "catalogue", lambda lang: fake.get(lang, {}))
    values = dict(p=0.125, n=1200, m=3.25, s="2.5", b=True)
    assert t("x.share", "en", **values) == "share 12.5% of 1200 games, mean 3.25, seat 2.5, flag True"
    # A string stays as it was given (it may be a name or a formula); True is no number.
    assert t("x.share", "fi", **values) == "osuus 12,5\xa0% 1200 pelistä, keskiarvo 3,25, paikka 2.5, True"
    assert t("x.share", "xx", **values).startswith("share 12.5%")  # English words, English numbers


# --- which language, and links that keep it --------------------------------------------------

def test_the_page_language_comes_from_btlgames_lang_or_the_voila_query_and_falls_back_to_english():
    assert i18n.page_language({"QUERY_STRING": "lang=fi"}) == "fi"
    assert i18n.page_language({"QUERY_STRING": "x=1&lang=FI"}) == "fi"
    assert i18n.page_language({"QUERY_STRING": "lang=xx"}) == "en"  # unknown: English, no error
    assert i18n.page_language({"QUERY_STRING": "lang=<script>"}) == "en"
    assert i18n.page_language({}) == "en"
    assert i18n.page_language({"BTLGAMES_LANG": "fi", "QUERY_STRING": "lang=en"}) == "fi"


def test_a_link_keeps_the_language():
    assert i18n.with_language("/voila/render/a/play.ipynb", "fi") == "/voila/render/a/play.ipynb?lang=fi"
    assert i18n.with_language("debrief.ipynb?seed=3&lang=nl", "fi") == "debrief.ipynb?seed=3&lang=fi"
    assert i18n.with_language("/lessons/a/?lang=fi", "en") == "/lessons/a/"  # English needs no parameter


def test_the_language_chooser_names_each_language_in_its_own_words():
    from btlgames.ui.pages import launcher

    names = {entry["code"]: entry["name"] for entry in launcher.languages("fi")}
    assert names["en"] == "English" and names["fi"] == "Suomi"
    assert [e["code"] for e in launcher.languages("fi") if e["current"]] == ["fi"]


def test_the_launcher_links_keep_the_language(tmp_path):
    from btlgames.ui.pages import launcher

    root = Path(__file__).resolve().parents[2]
    rows = launcher.entries(root / "notebooks", root / "lessons", "/", "fi")
    hrefs = [link["href"] for row in rows for link in row["links"] if link["href"]]
    assert hrefs and all(h.endswith("?lang=fi") for h in hrefs)
    assert [r["title"] for r in rows if r["slug"] == "research-programme"] == ["Tutkimusohjelma"]
    assert all(t["href"].endswith("?lang=fi") for t in launcher.tools(root / "notebooks", "/", "fi"))
    assert not any("lang=" in link["href"] for row in launcher.entries(root / "notebooks", root / "lessons")
                   for link in row["links"] if link["href"])


def test_every_app_page_is_titled_by_the_apps_name_in_each_language():
    """A browser tab says "Tutkimusohjelma: koulupeli", not the notebook's file name ("school")."""
    from btlgames.ui.pages import launcher
    from btlgames.ui.pages.paths import TEMPLATES

    root = Path(__file__).resolve().parents[2]
    notebooks = {f"{p.parent.name}/{p.stem}" for p in (root / "notebooks").glob("*/*.ipynb")
                 if not p.parent.name.startswith("_")}
    titles = launcher.page_titles()
    assert set(titles["en"]) == notebooks
    assert titles["fi"]["research-programme/school"] == "Tutkimusohjelma: koulupeli"
    heading = re.search(r"^# (.+)$", prose.sections("antimatter-matters/pauli", "nl")["intro"], re.M).group(1)
    assert titles["nl"]["antimatter-matters/pauli"] == heading  # the name its page's own heading gives it
    template = (TEMPLATES / "index.html.j2").read_text()
    assert 'include "btl-title.html"' in template


# --- a notebook in another language ------------------------------------------------------------

@pytest.mark.slow
def test_the_replication_notebook_runs_in_finnish_and_shows_its_finnish_prose(monkeypatch):
    """What nbval does for the English notebook, in Finnish: every cell runs in a kernel started
    with BTLGAMES_LANG=fi, and its text cells show the Finnish prose, section by section."""
    import os

    import nbformat
    from nbclient import NotebookClient

    root = Path(__file__).resolve().parents[2]
    path = root / "notebooks" / "research-programme" / "replication.ipynb"
    monkeypatch.setenv("BTLGAMES_LANG", "fi")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])))
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    shown = [out["data"]["text/markdown"] for cell in notebook.cells for out in cell.get("outputs", [])
             if "text/markdown" in out.get("data", {})]
    finnish = prose.sections("research-programme/replication", "fi")
    assert finnish and shown == [prose.shown("research-programme/replication", name, "fi") for name in finnish]
    errors = [out for cell in notebook.cells for out in cell.get("outputs", []) if out["output_type"] == "error"]
    assert not errors


def test_speaking_a_language_ends_with_the_block_even_when_it_fails():
    before = i18n.language()
    with pytest.raises(RuntimeError), i18n.speaking("fi"):
        assert i18n.language() == "fi" and i18n.t("app.new_game") != t("app.new_game", lang="en")
        raise RuntimeError
    assert i18n.language() == before
