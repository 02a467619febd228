"""Antimatter Matters' data words in Finnish and Dutch: every piece, mat, spinner result and card
has its words in data/texts.<lang>.toml; a game played in another language shows none of the
English ones (table, moves, log, summary) and its save holds ids only; the elements are named in
the page's language; "in order" reads in every language; the card sheets equal the data."""
import re
from pathlib import Path

import periodictable
import pytest

import btlgames
from btlgames.antimatter import goals, words
from btlgames.antimatter.card_sheet import markdown
from btlgames.antimatter.data import catalogue
from btlgames.core import i18n
from btlgames.core.saves import dumps, loads
from btlgames.core.playing import play_one
from btlgames.science.elements import SHOWN, element_name
from btlgames.ui.games import antimatter as renderer

LANGS = ("fi", "nl")
ROOT = Path(__file__).parents[2]


def english_words(lang: str) -> set[str]:
    """The data's English names and texts that ``lang`` words otherwise."""
    cat = catalogue()
    found = {(words.piece(k, "en"), words.piece(k, lang)) for k in cat.pieces.kinds}
    found |= {(words.mat(m, "en"), words.mat(m, lang)) for m in cat.pieces.mats}
    found |= {(words.sector(s.id, "en"), words.sector(s.id, lang)) for s in cat.sectors}
    found |= {(f(c, "en"), f(c, lang)) for c in cat.cards for f in (words.card_name, words.card_text)}
    return {en for en, other in found if en != other}


def shown_in(found: set[str], text: str) -> list[str]:
    """The words of ``found`` that ``text`` shows as whole words ("Neutron" is not in "Neutronit")."""
    return sorted(w for w in found if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text))


@pytest.fixture(scope="module")
def game():
    return play_one("antimatter", 2, "heuristic", players=3)


@pytest.mark.parametrize("lang", LANGS)
def test_every_piece_mat_sector_and_card_has_its_words(lang):
    data = words.texts(lang)
    cat = catalogue()
    assert set(data["card"]) == set(cat.cards) and set(data["sector"]) == {s.id for s in cat.sectors}
    assert set(data["piece"]) == set(cat.pieces.kinds) and set(data["mat"]) == set(cat.pieces.mats)
    # the card names a player knows from the physical game are translated, not copied
    assert len({words.card_name(c, lang) for c in cat.cards} - {words.card_name(c, "en") for c in cat.cards}) >= 20


@pytest.mark.parametrize("broken, problem", [
    ({"card": {}}, "[card] lacks 'block'"),
    ({"card": {"block": {"name": "Torjunta"}}}, "[card.block] must have exactly: name, text"),
    ({"sector": {"spin": {"name": "x"}}}, "[sector] 'spin' is no sector of the game"),
    ({"pieces": {}}, "[pieces] is no section of the file"),
])
def test_a_broken_texts_file_is_refused_naming_the_problem(monkeypatch, broken, problem):
    data = {**words._read("texts.fi.toml"), **broken}
    read = words._read
    monkeypatch.setattr(words, "_read", lambda name: data if name == "texts.fi.toml" else read(name))
    words.texts.cache_clear()
    try:
        with pytest.raises(ValueError, match=re.escape(problem)):
            words.texts("fi")
    finally:
        words.texts.cache_clear()


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_in_another_language_shows_no_english_data_words(game, lang):
    state = btlgames.load("antimatter", seed=2, players=3)
    with i18n.speaking(lang):
        seen = [renderer.table(game.view(0)), renderer.summary(game.view(None)),
                renderer.table(state.view(0)), renderer.headline(state.view(0))]
        seen += [renderer.event(r) for r in game.log.to_records(None)]
        seen += [a.describe() for a in state.legal_actions()]
    text = "\n".join(seen).replace("&#x27;", "'")
    left = shown_in(english_words(lang), text)
    assert not left, left
    assert words.piece("up", lang) in text


def test_a_save_holds_ids_and_restores_in_any_language(game):
    with i18n.speaking("fi"):
        saved = dumps(game)
        finnish = renderer.table(loads(saved).view(0))
    assert not any(w in saved for w in english_words("fi") | {words.card_name(c, "fi") for c in catalogue().cards}
                   if len(w) > 8)
    assert renderer.table(loads(saved).view(0)) != finnish  # the same game, now in English


@pytest.mark.parametrize("lang, hydrogen, calcium", [("en", "hydrogen", "calcium"), ("fi", "vety", "kalsium"),
                                                     ("nl", "waterstof", "calcium")])
def test_every_element_the_kit_shows_is_named_in_each_language(lang, hydrogen, calcium):
    names = [element_name(periodictable.elements[z].symbol, lang) for z in SHOWN]
    assert (names[0], names[-1]) == (hydrogen, calcium) and len(set(names)) == len(SHOWN)
    if lang == "en":  # periodictable's names, in IUPAC's spelling
        assert names == [periodictable.elements[z].name.replace("aluminum", "aluminium") for z in SHOWN]
    with i18n.speaking(lang):
        assert renderer.atom_words("C-12") == f"{element_name('C', lang)}-12 (C-12)"


def test_in_order_reads_in_every_language_and_shows_in_the_pages():
    expected = [("H-2", False), ("H-1", True)]
    assert goals.parse("H-2, H-1 in order") == goals.parse("H-2, H-1 järjestyksessä") == \
        goals.parse("H-2,  H-1 op volgorde") == expected
    with i18n.speaking("fi"):
        assert goals.shown("H-2, H-1 in order") == "H-2, H-1 järjestyksessä"
        with pytest.raises(ValueError, match="järjestyksessä"):
            goals.parse("H-2 in orde")
    assert btlgames.load("antimatter", seed=1, players=2, mode="mixed", goals="H-1 op volgorde, H-2").goals == \
        btlgames.load("antimatter", seed=1, players=2, mode="mixed", goals="H-1 in order, H-2").goals


@pytest.mark.parametrize("lang, page", [("en", "cards.md"), ("fi", "fi/cards.md"), ("nl", "nl/cards.md")])
def test_the_lesson_packs_card_sheet_matches_the_data(lang, page):
    sheet = ROOT / "lessons/antimatter-matters" / page
    assert sheet.read_text(encoding="utf-8") == markdown(lang), (
        f"run: python -m btlgames.antimatter.card_sheet {lang} > lessons/antimatter-matters/{page}")
    if lang != "en":
        assert not shown_in(english_words(lang), sheet.read_text(encoding="utf-8"))


ATOMS_TABLE = re.compile(r"<!-- atoms table: python -m btlgames\.antimatter\.chart( \w+)? -->\n(.*?)<!-- end of the atoms table -->",
                         re.S)


@pytest.mark.parametrize("lang, page", [("en", "rules.md"), ("en", "lesson-plan.md"), ("fi", "fi/lesson-plan.md"),
                                        ("nl", "nl/lesson-plan.md")])
def test_the_lesson_packs_atoms_table_is_what_the_engine_allows(lang, page):  # K23: no refused atom for a teacher
    from btlgames.antimatter.chart import markdown as atoms_table

    found = ATOMS_TABLE.findall((ROOT / "lessons/antimatter-matters" / page).read_text(encoding="utf-8"))
    assert [(said.strip() or "en", table) for said, table in found] == [(lang, atoms_table(lang))], (
        f"paste the output of: python -m btlgames.antimatter.chart {lang} (into lessons/antimatter-matters/{page})")
