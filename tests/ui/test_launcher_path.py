"""The launcher as a student alone meets it: a numbered path through the games, the gentlest first,
each saying who plays it and how long it takes; the student's links apart from the teacher's."""
from pathlib import Path

import pytest

from btlgames.core.i18n import available_languages
from btlgames.ui.pages import launcher

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", available_languages())
def test_the_games_are_a_numbered_path_that_starts_gently(lang):
    rows = launcher.entries(ROOT / "notebooks", ROOT / "lessons", "/", lang)
    assert [r["step"] for r in rows] == list(range(1, len(rows) + 1))
    # one player and the fewest rules first; the game with the most rules last
    assert rows[0]["slug"] == "pentaquark" and rows[-1]["slug"] == "beamtimes-and-lifetimes"
    for row in rows:
        assert any(c.isdigit() for c in row["way"]) and "min" in row["way"].lower(), row  # how long: minutes, minuuttia, minuten


def test_a_students_links_come_apart_from_a_teachers():
    rows = {r["slug"]: r for r in launcher.entries(ROOT / "notebooks", ROOT / "lessons")}
    audience = {link["kind"]: link["audience"] for link in rows["research-programme"]["links"]}
    assert audience == {"play": "student", "concept": "student",
                        "school": "teacher", "debrief": "teacher", "lessons": "teacher"}


def test_the_launcher_page_says_where_to_start_and_whose_links_are_whose():
    from btlgames.ui.site import build

    page = build.launcher_page(ROOT / "notebooks", ROOT / "lessons", [], "en")
    assert "Studying on your own?" in page and page.index("btl-start") < page.index('data-game="pentaquark"')
    assert page.count("For teachers") == len(launcher.GAMES)
    assert page.index('data-game="pentaquark"') < page.index('data-game="beamtimes-and-lifetimes"')
