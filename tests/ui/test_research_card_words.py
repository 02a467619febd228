"""A Research Programme game in Finnish names its cards in Finnish everywhere a player reads them
(moves, log, table, debrief), and its save holds card ids only: it restores identical in English."""
from types import SimpleNamespace

import pytest

import btlgames
from btlgames.core import i18n
from btlgames.core.saves import dumps, loads
from btlgames.core.playing import play_one
from btlgames.research import cards
from btlgames.ui.debrief import document as debrief, pieces as debrief_html, words as debrief_words
from btlgames.ui.games import research as renderer

# cards whose Finnish name differs from the English (a name both languages share says nothing)
TRANSLATED = [cid for cid in cards.theories() | cards.methods() | cards.projects() | cards.events()
              | cards.anomalies() | cards.interference() if cards.name(cid, "fi") != cards.name(cid, "en")]


@pytest.fixture(scope="module")
def game():
    return play_one("research", 1, "heuristic", variant="school", players=2)


@pytest.fixture
def finnish():
    with i18n.speaking("fi"):
        yield


def english_names_in(text: str) -> list[str]:
    return [cards.name(cid, "en") for cid in TRANSLATED if cards.name(cid, "en") in text]


def test_a_finnish_game_names_its_cards_in_finnish(game, finnish):
    view = game.view(None)
    table = renderer.table(view)
    log = " ".join(renderer.event(r, "school") for r in game.log.to_records(None))
    on_table = next(iter(view["theories"]))
    assert cards.name(on_table, "fi") in table
    assert cards.text(on_table, "fi") in table  # its claim, on hover
    played = next(r["event"] for r in game.log.to_records(None) if r["kind"] == "event")
    assert cards.name(played, "fi") in log
    assert not english_names_in(table + log)


def test_a_finnish_players_moves_name_cards_in_finnish(finnish):
    state = btlgames.load("research", seed=1, variant="full", players=2)  # the opening hand to keep
    moves = " ".join(a.describe() for a in state.legal_actions())
    assert any(cards.name(cid, "fi") in moves for cid in TRANSLATED), moves
    assert not english_names_in(moves)


def test_the_debrief_names_cards_in_finnish(game, finnish):
    event = next(r for r in game.log.to_records(None) if r["kind"] == "event")["event"]
    line = debrief_words.event_line(SimpleNamespace(round=1, event=event))
    assert cards.name(event, "fi") in line and cards.text(event, "fi") in line
    tables = debrief.protection_cards(["reporting"])
    assert cards.name("open_data", "fi") in tables  # the method that stops selective reporting
    assert cards.name("selective_reporting", "fi") in tables
    assert debrief_html.card_name("blind_analysis") == "Sokkoanalyysi"  # every debrief table's names
    assert not english_names_in(line + tables)


def test_a_game_saved_in_finnish_restores_identical_in_english(game, finnish):
    text = dumps(game)
    assert not any(cards.name(cid, "fi") in text for cid in TRANSLATED)  # ids, never words
    i18n.set_language("en")
    restored = loads(text)
    assert dumps(restored) == text and restored.view(None) == game.view(None)
    assert cards.name(next(iter(restored.view(None)["theories"]))) in renderer.table(restored.view(None))
