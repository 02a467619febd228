"""Research Programme's card data (btlgames/research/data/*.toml) and its loader."""
import dataclasses
import re
from types import MappingProxyType

import pytest

from btlgames.core import datafiles, i18n
from btlgames.research import board, cards
from btlgames.research.board import FIELDS, META


def test_the_data_loads_and_validates():
    cards.validate()
    assert len(cards.theories()) == 26
    assert len(cards.methods()) == 12
    assert len(cards.projects()) == 20
    assert len(cards.interference_deck()) == 20
    assert len(cards.events()) == 13 + 11  # 13 ordinary, 5 bias and 6 influence events (K33)
    assert len(cards.ordinary_events()) == 13
    assert len(cards.anomalies()) == 12


def test_counts_per_field():
    for f in FIELDS:
        assert sum(t.field == f for t in cards.theories().values()) == 4, f
        assert sum(p.field == f for p in cards.projects().values()) == 3, f
        assert sum(a.field == f for a in cards.anomalies().values()) == 2, f
    assert sum(t.field == META for t in cards.theories().values()) == 2
    assert sum(p.field == META for p in cards.projects().values()) == 2


def test_every_theory_names_one_test_that_exists_in_its_field():
    for t in cards.theories().values():
        assert (t.test_project is None) != (t.test_method is None), t.id
        if t.test_project:
            assert cards.projects()[t.test_project].field == t.field, t.id
        else:
            assert t.test_method in cards.methods(), t.id
        assert 3 <= t.difficulty <= 6 and 1 <= t.cost <= 3


def test_the_sources_named_cards_are_there():
    m = cards.methods()
    assert m["bayesian_model_comparison"].null_kv_extra == 1  # the source's worked example
    assert m["cross_validation"].no_artefact
    assert m["preregistration_service"].prereg
    for mid in ("blind_analysis", "open_data", "power_analysis", "simulation_pipeline",
                "meta_analysis", "version_control", "bootstrap"):
        assert mid in m
    i = cards.interference()
    assert (i["science_communication"].die, i["open_source"].die, i["cybersecurity"].die) == (3, 3, 2)
    assert i["fake_video"].kind == "disinformation" and i["fake_video"].type == "influence"
    assert i["cybersecurity"].stops(i["fake_video"])  # "also stops a fake video"
    assert i["cybersecurity"].stops(i["ransomware"])
    assert not i["cybersecurity"].stops(i["smear_campaign"])
    assert any(c.type == "shield" and c.die == 0 for c in i.values())
    codes = {e.code for e in cards.events().values()}
    assert {"null_results", "preprint_heist"} <= codes


def test_interference_deck_expands_copies():
    deck = cards.interference_deck()
    for cid, card in cards.interference().items():
        assert deck.count(cid) == card.copies
    types = [cards.interference()[c].type for c in deck]
    assert {t: types.count(t) for t in set(types)} == {"bias": 8, "influence": 7, "shield": 5}


def test_decks_list_every_card_once_in_file_order():
    assert cards.theory_deck() == tuple(cards.theories())
    assert cards.project_deck()[0] == "torsion_balance"
    assert len(set(cards.method_deck())) == len(cards.method_deck())


def test_k22_a_projects_first_resource_is_the_first_on_its_card():  # K22
    assert cards.projects()["crystal_growth_lab"].first_resource == "O"
    assert cards.projects()["supernova_search"].first_resource == "D"


def test_k3_placement_bonuses_lie_on_the_twelve_inner_hexes():  # K3
    bonus = cards.placement_bonus()
    assert sorted(bonus) == sorted(h for f in FIELDS for h in board.field_hexes(f)[:2])
    assert all(bonus[h] for h in bonus)


def test_k27_school_setup():  # K27
    s = cards.school()
    assert len(s.anomalies) == 3 and len({board.field_of(h) for h, _ in s.anomalies}) == 3
    for hex_, anomaly in s.anomalies:
        assert board.is_outer(hex_) and cards.anomalies()[anomaly].field == board.field_of(hex_)
    assert {p: len(h) for p, h in s.neutral.items()} == {2: 6, 3: 3, 4: 0}
    assert len({board.field_of(p.hex) for p in s.packs}) == 4
    for p in s.packs:
        assert cards.theories()[p.theory].test_project == p.project  # round 1 can test
        assert cards.projects()[p.project].field == board.field_of(p.hex)
    first, second = s.packs[0].hex, s.packs[1].hex
    assert board.distance(first, second) == 6  # two players start as far apart as the map allows


def test_cards_are_read_only():
    t = cards.theories()["cosmic_inflation"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.cost = 0
    with pytest.raises(TypeError):
        t.reward["VP"] = 5
    with pytest.raises(TypeError):
        cards.theories()["x"] = t


def broken(**changes):
    """The loaded catalogue with some tables replaced."""
    return dataclasses.replace(cards.catalogue(), **changes)


def with_card(table, card_id, **changes):
    items = dict(table)
    items[card_id] = dataclasses.replace(items[card_id], **changes)
    return MappingProxyType(items)


def test_validate_catches_a_theory_testing_a_missing_project():
    cat = broken(theories=with_card(cards.theories(), "supersymmetry", test_project="tevatron"))
    with pytest.raises(ValueError, match="theory 'supersymmetry': test_project 'tevatron' is not a project"):
        cards.validate(cat)


def test_validate_catches_a_test_project_in_another_field():
    cat = broken(theories=with_card(cards.theories(), "supersymmetry", test_project="cmb_telescope"))
    with pytest.raises(ValueError, match="is in cosmology, not particle"):
        cards.validate(cat)


def test_validate_catches_two_test_kinds_and_bad_ranges():
    cat = broken(theories=with_card(cards.theories(), "fifth_force", test_method="bootstrap", difficulty=7))
    with pytest.raises(ValueError) as error:
        cards.validate(cat)
    message = str(error.value)
    assert "theory 'fifth_force' must name exactly one of test_project and test_method" in message
    assert "theory 'fifth_force' difficulty is 7, not 3..6" in message  # every problem listed


def test_validate_catches_a_blocking_method_that_does_not_exist():
    cat = broken(interference=with_card(cards.interference(), "p_hacking",
                                        blocked_by=("preregistration_service", "prayer")))
    with pytest.raises(ValueError, match="interference card 'p_hacking': blocked_by 'prayer' is not a method"):
        cards.validate(cat)


def test_validate_catches_a_school_pack_off_its_field():
    school = cards.school()
    packs = (dataclasses.replace(school.packs[0], hex="cosmology-5"),) + school.packs[1:]
    cat = broken(school=dataclasses.replace(school, packs=packs))
    with pytest.raises(ValueError, match="pack 1: project 'pulsar_timing_array' of gravity cannot stand on 'cosmology-5'"):
        cards.validate(cat)


def test_validate_catches_a_school_pack_on_an_anomaly():
    school = cards.school()
    packs = (dataclasses.replace(school.packs[0], hex="cosmology-4", project="galaxy_survey",
                                 theory="evolving_dark_energy"),) + school.packs[1:]
    cat = broken(school=dataclasses.replace(school, packs=packs))
    with pytest.raises(ValueError, match="pack 1: hex 'cosmology-4' is not free"):
        cards.validate(cat)


def test_k33_every_bias_and_influence_card_has_a_school_event():  # K33
    built = {cards.events()[e].params["card"]: sort for sort in cards.OUTSIDE_CODES for e in cards.outside_events(sort)}
    assert built == {cid: c.type for cid, c in cards.interference().items() if c.type != "shield"}
    assert not set(cards.ordinary_events()) & {e for s in cards.OUTSIDE_CODES for e in cards.outside_events(s)}


def test_validate_catches_an_event_built_on_the_wrong_card():  # K33
    cat = broken(events=with_card(cards.events(), "conference_deadline", params=MappingProxyType({"card": "fake_video"})))
    with pytest.raises(ValueError, match="event 'conference_deadline' params must be"):
        cards.validate(cat)


def test_validate_catches_an_event_with_an_unknown_code():
    cat = broken(events=with_card(cards.events(), "budget_cuts", code="earthquake"))
    with pytest.raises(ValueError, match="event 'budget_cuts': code 'earthquake' is not one of"):
        cards.validate(cat)


def test_a_file_with_an_unknown_key_names_the_card():
    with pytest.raises(ValueError, match="theories.toml: 'x': unknown key"):
        cards._build(cards.Theory, "theories.toml", {"id": "x", "colour": "red"})
    with pytest.raises(ValueError, match="missing key"):
        cards._build(cards.Project, "projects.toml", {"id": "x", "name": "X"})


# --- the cards' words in a language (data/texts.<lang>.toml) --------------------------------------
TRANSLATED = ("fi", "nl")  # every language with a texts file


@pytest.fixture
def finnish():
    """The page's language Finnish for one test (the Research app's ``?lang=fi``)."""
    with i18n.speaking("fi"):
        yield


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_names_every_card_kind_and_word(lang):
    texts = cards.texts(lang)  # the loader's check: every card, kind and word once
    assert set(texts["theory"]) == set(cards.theories())
    for cid in cards.theories():
        assert cards.name(cid, lang) != cards.name(cid), (lang, cid)  # translated, not copied


def test_a_cards_words_are_in_the_pages_language(finnish):
    assert cards.name("cross_validation") == "Ristiinvalidointi"  # the source's name
    assert cards.name("cross_validation", "en") == "Cross-validation"
    assert cards.name("blind_analysis", "nl") == "Blinde analyse"
    assert cards.text("blind_analysis").startswith("Pidä signaalialue piilossa")
    assert cards.text("hadron_collider") == ""  # a project carries no text
    assert cards.word("rigor") == "Huolellisuus" and cards.word("rigor", "en") == "Rigor"
    assert cards.kind_name("cyber") == "Kyberhyökkäys" and cards.kind_name("cyber", "en") == "Cyber attack"
    assert cards.word("D", "en") == "data (D)"  # a letter the cards print, with its meaning


@pytest.mark.parametrize("lang", ["en", "fi", "nl"])
def test_every_kind_resource_and_effect_on_a_card_has_words_in_every_language(lang):
    from btlgames.core.i18n import catalogue
    keys = {f"research_ui.kind.{k}" for k in cards._kinds()} | {
        f"research.resource.{k}" if k in cards.RESOURCES else f"research.word.{k}" for k in cards.WORDS}
    assert not keys - set(catalogue(lang)), "one source for these words: the catalogue"


def test_an_unknown_card_is_named_by_its_id_in_every_language(finnish):
    assert cards.name("warp_drive") == "warp_drive" and cards.text("warp_drive") == ""


def test_a_language_without_card_texts_shows_the_cards_english_words(monkeypatch):
    monkeypatch.setattr(cards, "_has_texts", lambda lang: False)
    assert cards.name("blind_analysis", "fi") == "Blind analysis"


@pytest.mark.parametrize("change, problem", [
    (lambda d: d["theory"].pop("fifth_force"), "[theory] lacks 'fifth_force'"),
    (lambda d: d["project"].update(warp_drive={"name": "Loimuajo"}), "'warp_drive' is no card"),
    (lambda d: d["method"]["open_data"].pop("text"), "[method.open_data] must have exactly: name, text"),
    (lambda d: d.update(kind={"cyber": "Kyber"}), "[kind] is no section"),  # kinds are the catalogue's words
    (lambda d: d.update(extra={}), "[extra] is no section"),
])
def test_card_texts_that_leave_out_or_invent_a_card_are_refused(monkeypatch, change, problem):
    data = datafiles.read("research", "texts.fi.toml")
    change(data)
    read = cards._read
    monkeypatch.setattr(cards, "_read", lambda name: data if name == "texts.fi.toml" else read(name))
    cards.texts.cache_clear()
    try:
        with pytest.raises(ValueError, match=re.escape(problem)):
            cards.texts("fi")
    finally:
        cards.texts.cache_clear()


@pytest.mark.parametrize("lang, page", [("en", "cards.md"), ("fi", "fi/cards.md"), ("nl", "nl/cards.md")])
def test_the_lesson_packs_card_sheet_matches_the_data(lang, page):
    from pathlib import Path

    from btlgames.research.card_sheet import markdown

    if lang not in i18n.available_languages():  # the sheet's own words are the catalogue's
        pytest.skip(f"no btlgames/locale/{lang}/ catalogue on this branch yet")
    sheet = Path(__file__).parents[2] / "lessons/research-programme" / page
    assert sheet.read_text(encoding="utf-8") == markdown(lang), (
        f"run: python -m btlgames.research.card_sheet {lang} > lessons/research-programme/{page}")
