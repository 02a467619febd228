"""Keep or pass at the end of a game (btlgames/beat_the_logic/endgame.py): every deal of the unseen
cards counted exactly, the rest of the game played out by the engine, and the same estimated by
random deals (Monte Carlo)."""
import random
from collections import Counter
from fractions import Fraction

import pytest

from btlgames.beat_the_logic import endgame
from btlgames.beat_the_logic.rules import NEW, Play
from btlgames.science.intervals import mean_interval

# Small enough to work out on paper (the cards that do not matter are left out). Round 1, you
# (player 1) start; the draw pile's last two cards, a guitar and a can of hairspray, in an order
# you do not know. Your drummer and drumsticks wait for a drum kit; your opponent has two plectrums.
PAPER = endgame.Position(
    round=1, start=0,
    hands=(("drums", "plectrum"), ("cap", "keyboard")),
    areas=(((("drummer", "drumsticks"), None),), ((("plectrum", "plectrum"), None),)),
    deck=("guitar", "hairspray"),
)


def test_the_paper_position_worked_out_by_hand():
    """Both players play greedily after the choice (of equal moves, the first in the engine's list:
    cards in the order purple, green, blue, yellow, red; a new set before an old one).

    Keep the drum kit (drummer set: 2 -> 12) and pass the plectrum: the opponent lays the cap
    (cap and keyboard are worth 1 each; the cap comes first), then in round 2 the plectrum on
    their two (4 -> 9); every other card is a loose 1. Whatever the order of the pile:
    you 12 + 1 + 1 = 14, they 4 + 1 + 5 + 1 = 11: a difference of +3, a win.

    Keep the plectrum (a loose 1) and pass the drum kit: the opponent lays the cap, then in
    round 2 chooses between the drum kit and the card you drew (the pile's top card), both worth
    a loose 1, and lays the first in the list:
    - pile guitar, hairspray: the guitar comes before the drum kit, so the drum kit comes back to
      you in round 3 and finishes your drummer set: you 2 + 1 + 1 + 10 = 14, they 4 + 1 + 1 + 1 = 7;
    - pile hairspray, guitar: the drum kit comes before the hairspray: they lay it, and you get
      the hairspray: you 2 + 1 + 1 + 1 = 5, they 4 + 1 + 1 + 1 = 7.
    Each order is as likely: expected difference (7 - 2) / 2 = 5/2, a win half of the time."""
    state = PAPER.state(complete=False)
    keep_drums, keep_plectrum = Play("drums", 0), Play("plectrum", NEW)
    assert endgame.choices(state) == [keep_plectrum, Play("drums", NEW), keep_drums]
    assert [(w, d.deck) for w, d in endgame.deals(state, 0)] == [
        (Fraction(1, 2), ["guitar", "hairspray"]), (Fraction(1, 2), ["hairspray", "guitar"])]

    drums = endgame.exact(state, keep_drums)
    assert drums.final == {(14, 11): 1}
    assert drums.expected() == 3 and drums.win() == 1
    plectrum = endgame.exact(state, keep_plectrum)
    assert plectrum.final == {(14, 7): Fraction(1, 2), (5, 7): Fraction(1, 2)}
    assert plectrum.expected() == Fraction(5, 2) and plectrum.win() == Fraction(1, 2)
    assert endgame.immediate(state, keep_drums) == 10 and endgame.immediate(state, keep_plectrum) == 1
    assert endgame.passed_on(state, keep_plectrum) == ["drums"]


def test_each_way_the_unseen_cards_may_lie_has_the_chance_the_engines_shuffle_gives_it():
    """A hand is a set of cards, the pile an order. Your opponent holds three cards and you saw
    one of them (a keyboard); the pile holds one card. The three unseen cards (two caps and a
    guitar: by counting, you know which) lie in 2 ways: both caps in their hand ({cap, cap} is 1
    of the 3 pairs the shuffle may put there) or a cap and the guitar (2 pairs of 3). The engine's
    own re-deal of what a seat cannot see (hidden_variation) agrees."""
    position = endgame.Position(round=1, start=0, hands=(("drums", "plectrum"), ("cap", "guitar", "keyboard")),
                                areas=((), ()), deck=("cap",))
    state = position.state(complete=False)
    state.known[1][0] = {"keyboard": 1}  # you saw their keyboard, not the other two cards
    assert endgame.unseen(state, 0) == Counter({"cap": 2, "guitar": 1})
    ways = {(tuple(sorted(d.hands[1])), tuple(d.deck)): w for w, d in endgame.deals(state, 0)}
    assert ways == {(("cap", "cap", "keyboard"), ("guitar",)): Fraction(1, 3),
                    (("cap", "guitar", "keyboard"), ("cap",)): Fraction(2, 3)}
    rng, seen = random.Random(1), Counter()
    for _ in range(3000):
        other = state.hidden_variation(0, rng)
        seen[tuple(sorted(other.hands[1])), tuple(other.deck)] += 1
    assert set(seen) == set(ways)
    assert seen[("cap", "cap", "keyboard"), ("guitar",)] / 3000 == pytest.approx(1 / 3, abs=0.03)


def test_the_lab_position_is_a_real_one_and_tells_its_story():
    """LAST_DRAWS holds every card of a 2-player game (the engine's invariants), and the pile's 4
    different cards lie in 4 x 3 x 2 x 1 = 24 orders. The strategy lab's prose and the answer key
    quote these values: completing the drummer set now (+10) is worth +5 at the end, keeping the
    hairspray with the microphone (+1 now) 61/6 = +10.17."""
    state = endgame.LAST_DRAWS.state()
    assert sum(len(h) for h in state.hands) + len(state.deck) + sum(
        len(g["cards"]) + bool(g["angel"]) for area in state.areas for g in area) == 60
    deals = endgame.deals(state, 0)
    assert len(deals) == 24 and {w for w, _ in deals} == {Fraction(1, 24)}
    exact = endgame.exact_all(state)
    now = {move: endgame.immediate(state, move) for move in exact}
    best = max(exact, key=lambda m: exact[m].expected())
    sure = max(exact, key=lambda m: now[m])
    assert (str(best), now[best], exact[best].expected(), exact[best].win()) == (
        "Play can of hairspray (★ red) onto your set 6", 1, Fraction(61, 6), Fraction(11, 12))
    assert (str(sure), now[sure], exact[sure].expected(), exact[sure].win()) == (
        "Play drum kit (■ blue) onto your set 8", 10, 5, Fraction(17, 24))


@pytest.mark.slow
def test_the_simulation_lies_within_its_interval_of_the_exact_value():
    state = endgame.LAST_DRAWS.state()
    moves = endgame.choices(state)
    exact = endgame.exact_all(state)
    finals = list(zip(*(endgame.playout(state, moves, i) for i in range(200))))
    for move, played in zip(moves, finals):
        low, high = mean_interval([mine - theirs for mine, theirs in played])
        assert low <= exact[move].expected() <= high, move
    # the same deals for one choice alone, as simulate() plays them
    assert endgame.simulate(state, moves[0], 20) == list(finals[0][:20])
