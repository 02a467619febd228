"""The Pentaquark app played by clicks: every game makes progress (issue 9, kit rule K14)."""
import pytest
import random

from btlgames.ui import games
from widgetry import move_buttons


@pytest.mark.slow
def test_a_student_who_tries_sets_first_still_finishes_every_game():  # K14
    """Pressing the Background or Detector whenever it offers a set, then a random one of its
    sets, used to swap one quark between two sets for ever (4 of these 6 games passed 300 clicks)."""
    for seed in range(6):
        app = games.app("pentaquark", seed=seed)
        rng = random.Random(seed)
        clicks = 0
        while not app.state.is_over():
            areas = [k for k in app.table.targets if k.startswith("area:")]
            if areas:
                app.press(rng.choice(areas))
            if app.table.choices or not areas:  # a part's moves, drawn beside it: one of them
                app.table.choices = {}
                rng.choice(move_buttons(app)).click()
            clicks += 1
            assert clicks <= 150, f"seed {seed}: no end after {clicks} clicks"
        assert "btl-summary" in app.moves.children[0].value


def test_the_table_says_why_a_set_is_not_offered_and_how_long_the_beam_time_is():  # K14, K15
    from btlgames.pentaquark.cards import QUARK_CARDS
    from btlgames.pentaquark.rules import Confine

    app = games.app("pentaquark", seed=0)
    state = app.state  # the collider's second step, with u(R), d(R) and c̄(R̄) free in the detector
    state.collider, state.step, state.detector, state.background = ["bG", "sB"], 1, ["uR", "dR", "cR~"], []
    state.beam, state.discard = [c for c in QUARK_CARDS if c not in ("bG", "sB", "uR", "dR", "cR")], []
    state.groups = {"background": [], "detector": []}
    state.check_invariants()
    app.refresh()
    assert "Beam 1 of 10" in app.table.value
    assert "stays in it" not in app.headline.value
    swap = [b for b in move_buttons(app) if "d(R)" in b.description and "c̄(R̄)" in b.description]
    assert swap
    app.act(Confine("detector", ("uR", "cR~")))
    assert "stays in it until the next card is placed" in app.headline.value
    assert not [b for b in move_buttons(app) if b.description == swap[0].description]
