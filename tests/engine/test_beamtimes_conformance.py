"""The shared conformance harness over Beamtimes and Lifetimes for 2, 3 and 4 groups.

Its invariants (BeamtimesState.check_invariants) hold at every step: all 52 cards
are somewhere exactly once, and each group's 25 tokens are in its hand, its reserve
or on cards (tokens move only between a group and its own reserve: the bank).
"""
import pytest

from btlgames.beamtimes.rules import BeamtimesState
from btlgames.core import conformance
from btlgames.core.events import Log

pytestmark = pytest.mark.slow  # the long seeded runs: the fast lane leaves them out


@pytest.mark.parametrize("players, games", [(2, 100), (3, 60), (4, 40)])  # 4 groups: the designer options play 4 too
def test_conformance(players, games):
    finished = conformance.run("beamtimes", games=games, seed=10_000 * players, save_sample=20,
                               players=players)
    assert {s.end_reason for s in finished} <= {"beamtime", "goal"}
    assert all(s.winners() for s in finished)


def test_short_beamtimes_conform_too():
    conformance.run("beamtimes", games=100, seed=7, save_sample=10, players=2, rounds=5)


@pytest.mark.parametrize("options", [dict(hand=1, credit="published", ending="first"),
                                     dict(hand=24, credit="closest", players=4, rounds=12)])
def test_every_designer_option_conforms(options):  # the lab's options: max_actions bounds them all (K3, K15, K16)
    finished = conformance.run("beamtimes", games=20, seed=90_000, save_sample=3, **{"players": 3, **options})
    assert all(s.winners() for s in finished)


def test_the_source_ending_conforms_too():  # K15: all six solved, or the bell
    finished = conformance.run("beamtimes", games=25, seed=70_000, save_sample=3, players=3, ending="source")
    assert {s.end_reason for s in finished} <= {"beamtime", "all_solved"}


# -- the harness's public-information check (core.conformance._check_public) -----------------------
class _Table:
    """A two-seat stand-in whose views and log a test writes directly."""

    players = 2

    def __init__(self, views, named=()):
        self.views = views
        self.log = Log()
        for name in named:
            self.log.add(1, "play", 0, "reveal", card=name)

    def view(self, seat):
        return self.views[seat]

    def hidden_variation(self, seat, rng):
        return None  # nothing hidden, unless a test says otherwise


def test_the_harness_finds_what_every_seat_sees_and_the_projector_does_not():
    seats = {0: {"viewer": 0, "ring": [{"card": "7D"}]}, 1: {"viewer": 1, "ring": [{"card": "7D"}]}}
    with pytest.raises(AssertionError, match="every seat's view shows '7D' at ring/0/card, the spectator view None"):
        conformance._check_public(_Table({**seats, None: {"viewer": None, "ring": [{"card": None}]}}), 0)
    with pytest.raises(AssertionError, match="shows 7 at rounds, the spectator view nothing"):
        conformance._check_public(_Table({0: {"rounds": 7}, 1: {"rounds": 7}, None: {}}), 0)
    conformance._check_public(_Table({**seats, None: {"viewer": None, "ring": [{"card": "7D"}]}}), 0)


def test_seats_secrets_that_happen_to_be_equal_are_not_public():
    # each seat's own secret number is 5: in a world seat 0 cannot tell from this one, seat 1's is not
    table = _Table({0: {"mine": 5}, 1: {"mine": 5}, None: {"mine": None}})
    with pytest.raises(AssertionError, match="shows 5 at mine"):
        conformance._check_public(table, 0)
    table.hidden_variation = lambda seat, rng: _Table({0: {"mine": 5}, 1: {"mine": 6}, None: {"mine": None}})
    conformance._check_public(table, 0)
    hands = _Table({0: {"hand": []}, 1: {"hand": []}, None: {"hand": None}})  # "my hand": a key of one's own
    hands.own_view_keys = ("hand",)
    conformance._check_public(hands, 0)


def test_the_harness_finds_what_the_public_log_names_and_only_the_seats_show():
    mine = {0: {"mine": ["7D"], "theirs": None}, 1: {"mine": None, "theirs": ["7D"]}}  # seats differ by path
    table = _Table({**mine, None: {"mine": None, "theirs": None}}, named=["7D"])
    with pytest.raises(AssertionError, match="the public log names '7D' and every seat's view shows it"):
        conformance._check_public(table, 0)
    assert conformance._check_public(table, 1) == 1  # named before the step checked: not this step's news
    secret = _Table({0: {"mine": ["7D"]}, 1: {"mine": None}, None: {"mine": None}}, named=["7D"])
    conformance._check_public(secret, 0)  # one seat's knowledge stays its own


def test_the_harness_found_the_published_card_hidden_on_the_projector(monkeypatch):
    """Issue 9: a published card that stayed in place was shown to every seat but not the projector."""
    monkeypatch.setattr(BeamtimesState, "_knows", lambda self, viewer, groups: viewer is not None and viewer in groups)
    with pytest.raises(AssertionError, match="the spectator view None"):
        conformance.run("beamtimes", games=10, seed=0, save_sample=0, players=2)
