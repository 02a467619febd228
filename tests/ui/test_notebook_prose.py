"""Every notebook's words come from btlgames/locale/<lang>/notebooks/<folder>/<name>.md (ui/common/prose.py),
in every language the kit speaks: a notebook keeps no prose of its own, so a new one cannot forget a
language, and a translation says what the English says (same sections, links and numbers)."""
import json
import re
from pathlib import Path

import pytest

from btlgames.core import i18n
from btlgames.ui.common import prose

ROOT = Path(__file__).resolve().parents[2]
#: The browser tests' and bench/apps.py's bare serving check: no student reads it.
NOT_FOR_STUDENTS = {"_bare/bare"}
NOTEBOOKS = sorted(p.relative_to(ROOT / "notebooks").with_suffix("").as_posix()
                   for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
STUDENT_NOTEBOOKS = [nb for nb in NOTEBOOKS if nb not in NOT_FOR_STUDENTS]
TRANSLATIONS = [lang for lang in i18n.available_languages() if lang != "en"]
PAGE = re.compile(r"""prose\.page\(["']([\w/-]+)["']\)""")
SHOWN = re.compile(r"""(?:page|\))\(["']([\w-]+)["']\)""")  # page("goals") or prose.page(...)("intro")


def cells(notebook: str) -> list[dict]:
    return json.loads((ROOT / "notebooks" / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]


def code(notebook: str) -> str:
    return "\n".join("".join(c["source"]) for c in cells(notebook) if c["cell_type"] == "code")


def shown_sections(notebook: str) -> list[str]:
    return SHOWN.findall(code(notebook))


def links(markdown: str) -> list[str]:
    return sorted(re.findall(r"\]\(([^)\s]+)\)", markdown))


def numbers(markdown: str) -> set[str]:
    """The figures a text states (2.3 and 2,3 alike: its digit runs), list numbers and kit rules included."""
    return set(re.findall(r"\d+", re.sub(r"\]\([^)]*\)|<!--.*?-->", "", markdown, flags=re.S)))


def headings(markdown: str) -> list[int]:
    return [len(m) for m in re.findall(r"^(#+) ", markdown, re.M)]


def test_the_student_notebooks_are_found():
    assert {"pentaquark/play", "pentaquark/confinement", "lab/lab", "research-programme/replication"} <= set(NOTEBOOKS)


@pytest.mark.parametrize("notebook", STUDENT_NOTEBOOKS)
def test_a_notebook_keeps_no_prose_of_its_own(notebook):
    """Its text cells are calls to prose.page; a Markdown cell may hold at most a title line."""
    for cell in cells(notebook):
        if cell["cell_type"] == "markdown":
            lines = [line for line in "".join(cell["source"]).splitlines() if line.strip()]
            assert len(lines) <= 1 and all(line.startswith("#") for line in lines), \
                f"{notebook}: move the Markdown cell's words to btlgames/locale/en/notebooks/{notebook}.md"
    assert PAGE.findall(code(notebook)) == [notebook], f"{notebook}: show its words with prose.page({notebook!r})"


@pytest.mark.parametrize("notebook", STUDENT_NOTEBOOKS)
def test_a_notebook_shows_every_section_of_its_prose_once(notebook):
    english = prose.sections(notebook, "en")
    assert english and all(english.values()), f"{notebook}: no English prose, or an empty section"
    assert shown_sections(notebook) == list(english), f"{notebook}: shows {shown_sections(notebook)}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("notebook", STUDENT_NOTEBOOKS)
def test_every_notebooks_prose_is_translated_section_by_section(notebook, lang):
    english, own = prose.sections(notebook, "en"), prose.sections(notebook, lang)
    assert list(own) == list(english), f"{lang}/notebooks/{notebook}.md: sections {list(own)}, English {list(english)}"
    for name, text in own.items():
        where = f"{lang}/notebooks/{notebook}.md, section {name}"
        assert text, f"{where} is empty"
        assert links(text) == links(english[name]), f"{where}: links {links(text)}, English {links(english[name])}"
        assert numbers(text) == numbers(english[name]), \
            f"{where}: lacks {numbers(english[name]) - numbers(text)}, adds {numbers(text) - numbers(english[name])}"
        assert headings(text) == headings(english[name]), f"{where}: headings differ from English"
        # no English left: no line of six words or more copied as it is (a formula or a cited
        # paper's title may be: "Ioannidis (2005). Why most ...")
        copied = [line for line in english[name].splitlines() if len(re.findall(r"[A-Za-z]{3,}", line)) >= 6
                  and not re.search(r"\(\d{4}\)[.,]", line) and line in text]
        assert not copied, f"{where} keeps English: {copied[0]!r}"


# What a student reads holds no file paths of the repository and no developer's commands: a link
# has its words, a measurement says where it was made in words (the lab notebook's own Python is
# the lab's aside, "from btlgames.ui import lab", not a path).
DEVELOPERS_WORDS = re.compile(r"`(?:python3? |(?:lessons|btlgames|notebooks|bench|tests)/)")


@pytest.mark.parametrize("lang", i18n.available_languages())
@pytest.mark.parametrize("notebook", STUDENT_NOTEBOOKS)
def test_a_students_page_shows_no_paths_or_commands(notebook, lang):
    for name, text in prose.sections(notebook, lang).items():
        found = DEVELOPERS_WORDS.findall(text)
        assert not found, f"{lang}/notebooks/{notebook}.md, section {name}: {found}"
