"""The game app for a screen reader and the keyboard, in plain Python: live regions that say what
just happened and whose turn it is, and every move on the table marked on the table (the browser
makes exactly the marked parts focusable: tests/browser/test_access.py)."""
import random
import re

import pytest

from btlgames.core.i18n import t
from btlgames.ui import games
from btlgames.ui.app.game_app import GameApp
from btlgames.ui.app.table import LiveText
from widgetry import move_buttons

GAMES = {  # every game, with its options
    "pentaquark": {},
    "beamtimes": {},
    "research": {"variant": "full"},
    "research-school": {"variant": "school"},
    "beat-the-logic": {},
    "antimatter": {},
}


def app_of(name: str, seed: int) -> GameApp:
    options = dict(GAMES[name])
    return games.app("research" if name.startswith("research") else name, seed=seed, **options)


def test_the_announcer_says_what_happened_and_whose_turn_it_is():
    app = games.app("pentaquark", seed=5)
    assert isinstance(app.announcer, LiveText) and isinstance(app.status, LiveText)
    assert "btl-sr-only" in app.announcer._dom_classes
    assert "Set-up" in app.announcer.value
    first = app.announcer.value
    button = move_buttons(app)[0]
    card = button.description.split("→")[0].strip()
    button.click()
    assert f"{card} goes to the" in app.announcer.value and app.announcer.value != first
    assert "Set-up" not in app.announcer.value  # only the news
    app.undo()
    assert f"{card} goes to the" not in app.announcer.value and app.announcer.value  # the turn, nothing new


def test_the_end_of_a_game_is_announced():
    app = games.app("pentaquark", seed=11)
    for _ in range(400):
        if app.state.is_over():
            break
        app.act(app.state.legal_actions()[0])
    assert app.state.is_over() and t("app.game_over") in app.announcer.value


def test_the_log_is_a_named_region_the_keyboard_can_scroll():
    app = games.app("pentaquark", seed=5)
    assert re.search(r'<div class="btl-log" tabindex="0" role="region" aria-label="What happened">', app.log.value)


@pytest.mark.parametrize("name", GAMES)
def test_every_move_on_the_table_is_marked_on_the_table(name):
    """The table's targets are elements of the table (each one Tab reaches), through a game."""
    app = app_of(name, seed=3)
    rng = random.Random(3)
    seen = 0
    for _ in range(40):
        if app.state.is_over():
            break
        if app.viewer() is None:  # a pass screen or a bot's turn: nothing to press
            break
        for key in app.table.targets:
            assert f'data-target="{key}"' in app.table.value, f"{name}: move {key} has no element on the table"
        seen += len(app.table.targets)
        app.act(rng.choice(app.state.legal_actions()))
    assert seen, f"{name}: no move on the table in 40 moves"
