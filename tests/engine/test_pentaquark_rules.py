"""Pentaquark, clause by clause (lessons/pentaquark/rules.md; K<n> = kit rule n).

The rulebook's own winning example comes first.
"""
import unicodedata
from itertools import permutations

import pytest

import btlgames
from btlgames import IllegalAction
from btlgames.core import i18n
from btlgames.core.registry import spec
from btlgames.science.colour import neutral_groups
from btlgames.pentaquark.cards import ANNIHILATE_CARDS, QUARK_CARDS, card_of, flip, quark
from btlgames.pentaquark.rules import (BEAMS, Annihilate, Confine, Discard, EndCollider, EndRefresh,
                                       Place, is_winning_set, winnable)


def table(**places):
    """A game in its collider phase with the given cards where the test says.

    Quark cards not named go to the bottom of the beam, quark face up;
    annihilate cards neither named nor aside lie in the discard pile.
    """
    state = btlgames.load("pentaquark", seed=0)
    state.groups = {"background": [], "detector": []}
    for name in ("collider", "background", "detector", "discard", "annihilated", "beam"):
        setattr(state, name, list(places.get(name, [])))
    state.groups.update(places.get("groups", {}))
    state.aside = list(places.get("aside", ANNIHILATE_CARDS))
    named = {f.rstrip("~") for v in places.values() if isinstance(v, list) for f in v}
    state.beam += [c for c in QUARK_CARDS if c not in named]
    state.discard += [c for c in ANNIHILATE_CARDS if c not in named and c not in state.aside]
    state.phase, state.step = places.get("phase", "collider"), places.get("step", 0)
    state.check_invariants()
    return state


STEP_AREA = ("background", "detector", "discard")


def finish_collider(state):
    """End the collider phase if it is still open (K8: it stays open while a set can form)."""
    if EndCollider() in state.legal_actions():
        state.apply(EndCollider())


WINNING_EXAMPLE = ["uB", "uR", "dB", "cG", "cB~"]  # blue up, red up, blue down, green charm, anti-blue anti-charm


# -- winning (the rulebook's example first) ---------------------------------------------
def test_rulebook_winning_example_is_a_win():
    state = table(collider=["sR"], detector=WINNING_EXAMPLE)
    state.apply(Confine("detector", ("uR", "dB", "cG")))  # red, blue, green: RGB
    assert not state.is_over()
    state.apply(Confine("detector", ("uB", "cB~")))  # blue with anti-blue
    assert state.is_over() and state.result == "win"
    assert state.winners() == [0] and state.scores() == {0: 1.0}  # K13
    assert state.log.events[-1].kind == "win" and state.summary()["decided_by"] == "pentaquark"


def test_win_needs_the_player_to_confine_the_set():  # K12
    state = table(collider=["sR", "bR", "bG"], detector=WINNING_EXAMPLE)
    state.apply(Confine("detector", ("uR", "dB", "cG")))
    state.apply(Place("sR", "background"))  # u(B) and c̄(B̄) left free: no pentaquark yet
    assert not state.is_over()


def test_right_colours_wrong_flavours_is_no_win():
    state = table(collider=["sR"], detector=["uB", "uR", "sB", "cG", "cB~"])
    state.apply(Confine("detector", ("uR", "sB", "cG")))
    state.apply(Confine("detector", ("uB", "cB~")))
    assert not state.is_over()


def test_winning_set_may_share_the_detector_with_other_cards():
    state = table(collider=["sR"], detector=["bG", *WINNING_EXAMPLE])
    state.apply(Confine("detector", ("uR", "dB", "cG")))
    state.apply(Confine("detector", ("uB", "cB~")))
    assert state.result == "win"


# -- contents and set-up ------------------------------------------------------------------
def test_contents_fifteen_quark_cards_and_three_annihilate_cards():
    assert len(QUARK_CARDS) == 15 and len(set(QUARK_CARDS)) == 15
    assert {c[0] for c in QUARK_CARDS} == set("udcsb") and {c[1] for c in QUARK_CARDS} == set("RGB")
    assert len(ANNIHILATE_CARDS) == 3


def test_setup_cuts_flips_and_shuffles_the_beam():  # K2
    order = list(QUARK_CARDS)
    final = [flip(c) for c in order[:7]] + order[7:]
    final.reverse()
    state = btlgames.load("pentaquark", seed=0, script=[order, 7, final])
    assert state.collider == final[:3] and state.beam == final[3:]
    assert sum(c.endswith("~") for c in final) == 7
    assert state.aside == list(ANNIHILATE_CARDS) and state.phase == "collider"
    assert state.log.events[0].kind == "setup" and state.log.events[0].data == {"flipped": 7}


def test_setup_cut_is_between_six_and_nine():
    cuts = {btlgames.load("pentaquark", seed=s).log.events[0].data["flipped"] for s in range(60)}
    assert cuts == {6, 7, 8, 9}


@pytest.mark.parametrize("low, high", [(0, 0), (2, 5), (15, 15)])
def test_options_flipped_low_and_high_bound_the_cut(low, high):  # K2
    cuts = {btlgames.load("pentaquark", seed=s, flipped_low=low, flipped_high=high).log.events[0].data["flipped"]
            for s in range(60)}
    assert cuts == set(range(low, high + 1))
    state = btlgames.load("pentaquark", seed=1, flipped_low=low, flipped_high=high)
    assert state.options["flipped_low"] == low  # saves carry the options (core.saves writes state.options)


def test_the_cut_options_refuse_a_low_above_the_high_and_out_of_range():
    with pytest.raises(ValueError, match=r"flipped_low \(9\) is above flipped_high \(6\)"):
        btlgames.load("pentaquark", seed=1, flipped_low=9, flipped_high=6)
    with pytest.raises(ValueError, match="flipped_high=16 is out of range 0..15"):
        btlgames.load("pentaquark", seed=1, flipped_high=16)
    with pytest.raises(ValueError, match="beams=0 is out of range 1..30"):
        btlgames.load("pentaquark", seed=1, beams=0)


def test_every_option_has_words_and_the_rulebook_default():
    options = spec("pentaquark").options
    assert (options["beams"].default, options["flipped_low"].default, options["flipped_high"].default) == (10, 6, 9)
    assert all(o.help for o in options.values())


def test_option_annihilate_cards_sets_how_many_wait_aside():
    assert btlgames.load("pentaquark", seed=1, annihilate_cards=1).aside == ["A1"]
    with pytest.raises(ValueError, match="out of range"):
        btlgames.load("pentaquark", seed=1, annihilate_cards=4)
    with pytest.raises(ValueError, match="no option"):
        btlgames.load("pentaquark", seed=1, colours=4)


# -- beam phase ---------------------------------------------------------------------------
def test_beam_phase_moves_three_cards_and_the_top_is_public():  # K3, K4
    state = table(collider=["sR"], beam=["uR~", "dG", "cB", "bB~"])
    state.apply(Place("sR", "background"))  # the last collider card ends the phase
    assert state.collider == ["uR~", "dG", "cB"]  # faces kept, order kept
    view = state.view(0)
    assert view["beam_top"] == "bB~" and view["beam_size"] == len(state.beam)
    assert "beam" not in view  # the rest of the beam is secret


def test_beam_phase_takes_fewer_cards_when_the_beam_is_short():
    state = table(collider=["sR"], beam=["uR", "dG"])
    rest = state.beam[2:]
    state.beam = ["uR", "dG"]
    state.discard = rest
    state.apply(Place("sR", "background"))
    assert state.collider == ["uR", "dG"]


# -- collider phase -----------------------------------------------------------------------
def test_collider_cards_go_to_background_then_detector_then_discard():  # K5
    state = table(collider=["uR", "dG", "sB"])
    assert {a.area for a in state.legal_actions() if isinstance(a, Place)} == {"background"}
    state.apply(Place("dG", "background"))
    assert {a.area for a in state.legal_actions() if isinstance(a, Place)} == {"detector"}
    state.apply(Place("sB", "detector"))
    state.apply(Place("uR", "discard"))
    assert state.background == ["dG"] and state.detector == ["sB"] and state.discard[-1] == "uR"


def test_with_two_cards_the_discard_step_is_skipped():
    state = table(collider=["uR", "dG"], beam=["bB", "bR", "bG"])
    state.apply(Place("uR", "background"))
    state.apply(Place("dG", "detector"))
    assert state.turn == 2 and state.discard == []  # phase over, the next turn has begun


def test_place_to_the_wrong_area_is_illegal_and_changes_nothing():
    state = table(collider=["uR", "dG", "sB"])
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply(Place("uR", "detector"))
    with pytest.raises(IllegalAction, match="not in the collider"):
        state.apply(Place("cR", "background"))
    assert state == before


# -- confinement (K6) -----------------------------------------------------------------------
@pytest.mark.parametrize("group", [("uR", "dG", "sB"), ("uR~", "dG~", "sB~"), ("uR", "cR~")])
def test_colour_neutral_groups_confine(group):
    state = table(collider=["bR"], detector=list(group))
    state.apply(Confine("detector", group))
    assert state.groups["detector"] == [list(group)]
    assert state.view(0)["detector"]["free"] == []


@pytest.mark.parametrize("group", [("uR", "dR", "sB"), ("uR", "dG~", "sB"), ("uR", "cG~"), ("uR", "cR")])
def test_groups_that_are_not_neutral_are_refused(group):
    state = table(collider=["bR"], detector=list(group))
    before = state.clone()
    with pytest.raises(IllegalAction, match="not colour-neutral"):
        state.apply(Confine("detector", group))
    assert state == before


def test_confinement_never_spans_two_locations():
    state = table(collider=["bR"], detector=["uR", "dG"], background=["sB"])
    with pytest.raises(IllegalAction, match="not all of"):
        state.apply(Confine("detector", ("uR", "dG", "sB")))


def test_a_refusal_names_cards_and_areas_in_words_not_ids():
    """A player reads "u(R) red up" and "Detector" (Finnish "Ilmaisin"), never "uR" or "detector"."""
    state = table(collider=["bR"], detector=["uR", "dG"], background=["sB"])
    assert state.why_illegal(Place("dB~", "background")) == "d̄(B̄) anti-blue anti-down is not in the collider"
    assert "in the Detector" in state.why_illegal(Confine("detector", ("uR", "dG", "sB")))
    with i18n.speaking("fi"):
        assert "alueella Ilmaisin" in state.why_illegal(Confine("detector", ("uR", "dG", "sB")))


def test_regrouping_dissolves_the_old_set():
    state = table(collider=["bR"], detector=["uR", "dG", "sB", "cR~"],
                  groups={"detector": [["uR", "dG", "sB"]]})
    state.apply(Confine("detector", ("uR", "cR~")))
    assert state.groups["detector"] == [["uR", "cR~"]]
    assert state.view(0)["detector"]["free"] == ["dG", "sB"]


def test_a_set_is_the_same_move_in_any_order():  # issue 9: a set has no order
    for order in permutations(("uR", "dB", "cG")):
        state = table(collider=["sR"], detector=WINNING_EXAMPLE)
        assert Confine("detector", order) in state.legal_actions()
        state.apply(Confine("detector", order))
        assert state.groups["detector"] == [["uR", "cG", "dB"]]  # kept as R, G, B
        assert state.history[-1]["cards"] == ("uR", "cG", "dB")
    pair = table(collider=["sR"], detector=WINNING_EXAMPLE)
    pair.apply(Confine("detector", ["cB~", "uB"]))  # a list names the same set
    assert pair.groups["detector"] == [["uB", "cB~"]]


@pytest.mark.parametrize("area,cards", [
    ("detector", None), ("detector", 5), ("detector", "uRcR~"), ("detector", ("uR", "uR")),
    ("detector", ("uR", ["cR~"])), ("detector", ("uR", "cR~~")), ("detector", ()),
    (None, ("uR", "cR~")), (["detector"], ("uR", "cR~")), ("beam", ("uR", "cR~")),
])
def test_a_malformed_confine_is_refused_and_changes_nothing(area, cards):
    state = table(collider=["bR"], detector=["uR", "cR~"])
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        state.apply(Confine(area, cards))
    assert str(refused.value) and state == before


def test_no_confining_outside_the_collider_phase():
    state = table(detector=["uR", "dG", "sB"], phase="refresh")
    with pytest.raises(IllegalAction, match="only in the collider phase"):
        state.apply(Confine("detector", ("uR", "dG", "sB")))


# -- annihilation of free pairs (K7) --------------------------------------------------------
def test_free_quark_and_anti_quark_of_a_flavour_annihilate_at_the_next_step():
    state = table(collider=["cG", "bR", "bG"], detector=["cB~"])
    state.apply(Place("cG", "background"))
    state.apply(Place("bR", "detector"))
    assert "cB~" in state.detector  # different locations: both survive
    state = table(collider=["cG", "bR", "bG"], detector=["cB~"], background=[])
    state.step = 1
    state.apply(Place("cG", "detector"))  # arrives free next to a free anti-charm
    assert {"cG", "cB~"} <= set(state.detector)  # still time to confine one of them
    state.apply(Place("bR", "discard"))
    assert set(state.annihilated) == {"cG", "cB~"}
    assert state.summary()["decided_by"] == "pair_annihilate"  # two charm cards: lost (K10)
    assert state.log.events[-2].kind == "pair_annihilate" or state.is_over()


def test_confining_one_of_the_pair_in_time_saves_both():
    state = table(collider=["cG", "bR"], detector=["cB~", "uB"], step=1)
    state.apply(Place("cG", "detector"))
    state.apply(Confine("detector", ("cB~", "uB")))
    state.apply(Place("bR", "discard"))
    assert state.annihilated == []


def test_earliest_arrival_annihilates_first():
    state = table(collider=["bB~", "sR"], detector=["bR", "bG"], step=1)
    state.apply(Place("bB~", "detector"))
    state.apply(Place("sR", "discard"))
    assert state.annihilated == ["bR", "bB~"] and state.detector == ["bG"]


def test_colours_do_not_matter_for_annihilation_only_flavour():
    state = table(collider=["sG~", "bR"], detector=["sR"], step=1)
    state.apply(Place("sG~", "detector"))
    state.apply(Place("bR", "discard"))
    assert set(state.annihilated) == {"sR", "sG~"}


# -- annihilate cards (K4) --------------------------------------------------------------------
def test_annihilate_card_removes_a_free_quark_of_your_choice():
    state = table(collider=["sR"], detector=["bG", "uR"], beam=["A1", "dR", "dG", "dB"],
                  groups={"detector": []}, aside=["A2", "A3"])
    state.apply(Place("sR", "background"))
    assert state.phase == "annihilate"
    assert set(state.legal_actions()) == {Annihilate("bG"), Annihilate("uR"), Annihilate("sR")}
    state.apply(Annihilate("bG"))
    assert state.annihilated == ["bG"] and "A1" in state.discard
    assert state.phase == "collider" and state.collider == ["dR", "dG"]


def test_annihilate_card_with_no_free_quark_is_ignored():
    state = table(collider=["sR"], beam=["A1", "dR", "dG", "dB"], aside=["A2", "A3"], step=2)
    state.apply(Place("sR", "discard"))
    assert state.phase == "collider"
    assert state.annihilated == [] and state.discard[-1] == "A1"
    assert any(e.kind == "annihilate_ignored" for e in state.log)


def test_annihilating_a_confined_quark_is_illegal():
    state = table(collider=["sR"], detector=["uR", "cR~"], beam=["A1", "dR", "dG"],
                  groups={"detector": [["uR", "cR~"]]}, aside=["A2", "A3"], step=2)
    state.background = ["bB"]
    state.beam.remove("bB")
    state.apply(Place("sR", "discard"))  # bB in the background is the only free quark
    with pytest.raises(IllegalAction, match="not a free quark"):
        state.apply(Annihilate("uR"))
    state.apply(Annihilate("bB"))


# -- end of the collider phase (K8) -------------------------------------------------------------
def test_collider_phase_waits_while_a_set_can_still_be_formed():
    state = table(collider=["uG", "bR"], detector=["dR", "sB"], step=1)
    state.apply(Place("uG", "detector"))
    state.apply(Place("bR", "discard"))
    assert state.phase == "collider" and EndCollider() in state.legal_actions()
    state.apply(EndCollider())
    assert state.turn == 2


# -- one set per quark and step (K14) ---------------------------------------------------------------
def test_a_quark_joins_one_set_between_two_placements():  # K14
    """The endless regrouping of issue 9: c̄(R̄) swapped between u(R) and d(R) for ever."""
    state = table(collider=["bG", "sB"], detector=["uR", "dR", "cR~"], step=1)
    state.apply(Confine("detector", ("uR", "cR~")))
    assert Confine("detector", ("dR", "cR~")) not in state.legal_actions()
    before = state.clone()
    with pytest.raises(IllegalAction, match=r"already joined a set since the last card was placed \(a rule of this kit\)"):
        state.apply(Confine("detector", ("dR", "cR~")))
    assert state == before
    state.apply(Place("bG", "detector"))  # the next step: the swap is offered again
    assert Confine("detector", ("dR", "cR~")) in state.legal_actions()
    state.apply(Confine("detector", ("dR", "cR~")))
    assert state.groups["detector"] == [["dR", "cR~"]] and state.view(0)["detector"]["free"] == ["uR", "bG"]


def test_every_grouping_is_still_reachable_in_one_step():  # K14
    """Confining each set of the grouping you want, once, reaches it from any other grouping."""
    state = table(collider=["bG", "sR"], detector=["uR", "dG", "sB~", "cR~", "uB"], step=1,
                  groups={"detector": [["uR", "cR~"]]})
    state.apply(Confine("detector", ("uR", "dG", "uB")))  # breaks u(R)+c̄(R̄)
    assert Confine("detector", ("uB", "sB~")) not in state.legal_actions()  # u(B) joined a set
    state = table(collider=["bG", "sR"], detector=["uR", "dG", "sB~", "cR~", "uB"], step=1,
                  groups={"detector": [["uR", "cR~"]]})
    state.apply(Confine("detector", ("uB", "sB~")))  # the grouping u(B)+s̄(B̄), u(R)+c̄(R̄)
    assert sorted(map(sorted, state.groups["detector"])) == [["cR~", "uR"], ["sB~", "uB"]]


def stalling_choice(state, rng):
    """The longest play a player can make: confine whenever possible, end a phase only when forced."""
    legal = state.legal_actions()
    for kinds in (("confine",), ("discard",), ("place", "annihilate")):
        moves = [a for a in legal if a.kind in kinds]
        if moves:
            return rng.choice(moves)
    return legal[0]


@pytest.mark.parametrize("annihilate_cards, beams, games", [(3, BEAMS, 60), (0, BEAMS, 60), (3, 30, 15), (1, 1, 15)])
def test_every_game_ends_within_its_declared_length_even_when_stalling(annihilate_cards, beams, games):  # K14, K15
    import random

    options = {"annihilate_cards": annihilate_cards, "beams": beams}
    bound = spec("pentaquark").max_actions(spec("pentaquark").check_options(options))
    for seed in range(games):
        state = btlgames.load("pentaquark", seed=seed, **options)
        rng = random.Random(seed)
        confines = 0
        while not state.is_over():
            action = stalling_choice(state, rng)
            confines = confines + 1 if action.kind == "confine" else 0
            assert confines <= 7, f"seed {seed}: more than 7 sets in one step"  # 15 quarks, 2 or 3 a set
            state.apply(action)
            assert len(state.history) <= bound, f"seed {seed}: longer than the declared {bound} actions"


# -- the beam time (K15) -------------------------------------------------------------------------------
@pytest.mark.parametrize("beams", [BEAMS, 3])  # the rulebook's beam time, and the option beams
def test_the_beam_time_ends_a_game_that_could_go_on_for_ever(beams):  # K15
    """Two pairs circling through a four-card beam with no annihilate card: without K15 the same
    table comes back after every refresh, whatever the shuffles, and the game would never end."""
    state = btlgames.load("pentaquark", seed=3, annihilate_cards=0, beams=beams)
    assert state.view(None)["beams"] == beams
    state.detector, state.groups = ["uR", "cG", "dB"], {"background": [], "detector": [["uR", "cG", "dB"]]}
    state.annihilated = ["uB", "dR", "cR", "sR", "sG", "bR", "bG", "bB"]
    state.collider, state.beam, state.background, state.discard = ["uG", "dG~", "cB"], ["sB~"], [], []
    state.phase, state.step = "collider", 0
    state.check_invariants()
    pairs = [{"uG", "dG~"}, {"cB", "sB~"}]
    tables = []
    while not state.is_over():
        legal = state.legal_actions()
        if state.phase == "refresh":
            tables.append((sorted(state.detector), state.groups["detector"]))
            state.apply(EndRefresh())
        elif any(a.kind == "confine" and a.area == "background" for a in legal):
            state.apply(next(a for a in legal if a.kind == "confine" and a.area == "background"))
        elif state.step == 0 and len(state.collider) == 3:  # the partner of the beam's public top card
            top = {state.beam[0], flip(state.beam[0])}
            partner = next(c for c in state.collider if any(top & p and {c, flip(c)} & p for p in
                                                            [p | {flip(x) for x in p} for p in pairs]))
            state.apply(Place(partner, "background"))
        elif state.collider:
            state.apply(Place(state.collider[0], STEP_AREA[state.step]))
        else:
            state.apply(EndCollider())
    assert state.result == "loss" and state.reason == "beam_time" and state.summary()["decided_by"] == "beam_time"
    assert state.refreshes == beams - 1 and state.annihilated[-1] == "bB"  # nothing was lost on the way
    assert len(tables) == beams - 1 and all(t == tables[0] for t in tables)  # the same table every time


# -- refresh (K9) ---------------------------------------------------------------------------------
def refresh_table():
    """The beam is empty; the last collider card is about to be discarded."""
    state = table(collider=["bB"], step=2,
                  detector=["uR", "dG", "sB", "cR~", "bG"], background=["uB", "cB~", "sR"],
                  groups={"detector": [["uR", "dG", "sB"]], "background": [["uB", "cB~"]]},
                  annihilated=["uG"], aside=["A2", "A3"])
    state.discard, state.beam = state.discard + state.beam, []  # every other card was discarded
    state.check_invariants()
    return state


def test_refresh_step_one_discards_free_detector_quarks_then_offers_more():
    state = refresh_table()
    state.apply(Place("bB", "discard"))
    finish_collider(state)
    assert state.phase == "refresh" and state.refreshes == 1
    assert state.detector == ["uR", "dG", "sB"]  # cR~ and bG were free
    assert {"cR~", "bG"} <= set(state.discard)
    assert set(state.legal_actions()) == {Discard("uR"), Discard("dG"), Discard("sB"), EndRefresh()}


def test_refresh_optional_discard_breaks_the_set_and_partners_stay():
    state = refresh_table()
    state.apply(Place("bB", "discard"))
    finish_collider(state)
    state.apply(Discard("sB"))
    assert state.detector == ["uR", "dG"] and state.groups["detector"] == []


def test_refresh_step_three_annihilates_only_the_background():  # K9
    """Detector quarks freed by an optional discard stay, free, into the next turn."""
    state = refresh_table()
    state.apply(Place("bB", "discard"))
    finish_collider(state)
    state.apply(Discard("sB"))  # u(R) and d(G) are free now
    state.apply(EndRefresh())
    assert "sR" in state.annihilated and not {"uR", "dG"} & set(state.annihilated)
    assert state.detector == ["uR", "dG"] and state.view(0)["detector"]["free"] == ["uR", "dG"]
    assert state.turn == 2  # the next turn treats them as any free quark (K7, annihilate cards)


def test_refresh_steps_two_to_five():
    state = refresh_table()
    state.apply(Place("bB", "discard"))
    finish_collider(state)
    pile = list(state.discard)
    state.chance.script(sorted(pile + ["uB", "cB~", "A2"]))
    state.apply(EndRefresh())
    assert "sR" in state.annihilated  # step 3: free in the background
    assert state.background == []
    new_beam = state.collider + state.beam + state.discard  # annihilate cards drawn at once are discarded
    assert sorted(new_beam) == sorted(flip(c) for c in pile + ["uB", "cB~", "A2"])  # step 5: flipped
    assert state.aside == ["A3"] and state.turn == 2 and state.phase == "collider"


def test_refresh_adds_no_annihilate_card_once_all_three_are_in_play():
    state = refresh_table()
    state.aside = []
    state.discard += ["A2", "A3"]
    state.apply(Place("bB", "discard"))
    finish_collider(state)
    state.apply(EndRefresh())
    assert state.aside == [] and sum(c.startswith("A") for c in state.beam + state.collider + state.discard) == 3


def test_refresh_cannot_end_with_no_quark_card_for_the_new_beam():  # K9
    state = table(collider=["bB"], step=2, detector=["uR", "dG", "sB"],
                  groups={"detector": [["uR", "dG", "sB"]]}, aside=["A2", "A3"])
    state.annihilated, state.beam = state.beam, []
    state.apply(Place("bB", "discard"))  # bB goes to the discard: the beam gets a quark card
    finish_collider(state)
    assert EndRefresh() in state.legal_actions()
    state = table(collider=["bB"], step=1, detector=["uR", "dG", "sB"],
                  groups={"detector": [["uR", "dG", "sB"]]}, aside=["A2", "A3"])
    state.annihilated, state.beam = state.beam, []
    state.apply(Place("bB", "detector"))  # free in the detector: discarded in step 1
    finish_collider(state)
    assert EndRefresh() in state.legal_actions()
    # nothing but an annihilate card in the discard, nothing confined in the background
    state = table(detector=["uR", "dG", "sB"], groups={"detector": [["uR", "dG", "sB"]]},
                  aside=["A2", "A3"], phase="refresh")
    state.annihilated, state.beam = state.beam, []
    assert set(state.legal_actions()) == {Discard("uR"), Discard("dG"), Discard("sB")}
    with pytest.raises(IllegalAction, match="no quark card"):
        state.apply(EndRefresh())
    state.apply(Discard("sB"))
    assert EndRefresh() in state.legal_actions()


# -- losing (K10, K11) ------------------------------------------------------------------------------
@pytest.mark.parametrize("gone,reason", [(["uR", "uG~"], "up"), (["cR", "cB~"], "charm"),
                                         (["dR", "dG", "dB"], "down")])
def test_losing_by_annihilated_flavours(gone, reason):
    state = table(collider=["sR"], detector=gone[-1:], annihilated=gone[:-1],
                  beam=["A1", "bR", "bG", "bB"], aside=["A2", "A3"], step=2)
    state.apply(Place("sR", "discard"))
    state.apply(Annihilate(gone[-1]))
    assert state.is_over() and state.result == "loss" and state.reason == reason
    assert state.winners() == [] and state.scores() == {0: 0.0}
    assert state.summary()["decided_by"] == "annihilate_card"


def test_an_anti_card_counts_as_its_flavour():  # K10
    state = table(collider=["sR"], annihilated=["uR~", "uG~"])
    state._check_loss()
    assert state.reason == "up"


def test_losing_when_the_colours_are_no_longer_there():  # K11, the rulebook's example
    survivors = ["uR", "uG", "dR", "cR", "cG"]
    assert not winnable(survivors)
    assert winnable(["uR", "uG", "dR", "cB", "cR"])  # u(R) u(G) d(R) c(B) + c̄(R̄)
    assert not winnable(["uR", "uG", "dB", "cR", "cG"])  # the duplicate colour must be the anti-charm's
    state = table(collider=["sR"], detector=["dB"], annihilated=["uB", "dG", "cB"],
                  beam=["A1", "bR", "bG", "bB"], aside=["A2", "A3"], step=2)
    state.apply(Place("sR", "discard"))
    state.apply(Annihilate("dB"))
    assert state.result == "loss" and state.reason == "colours"


def test_winnable_matches_the_win_rule_exhaustively():  # K11 against K12, all 2^15 sets of cards
    """A set of cards is winnable exactly when five of them, each on either face, form a
    colour-neutral triple and pair that the win rule accepts."""
    faces = [f for c in QUARK_CARDS for f in (c, flip(c))]
    groups = [[faces[i] for i in g] for g in neutral_groups([quark(f) for f in faces])  # K6
              if len({card_of(faces[i]) for i in g}) == len(g)]  # a card and its own back never meet (K1)
    bit = {card: 1 << i for i, card in enumerate(QUARK_CARDS)}
    mask_of = lambda group: sum({bit[card_of(f)] for f in group})  # noqa: E731
    winning = {mask_of(triple) | mask_of(pair)  # the five-card sets that can win, as bit masks
               for triple in groups if len(triple) == 3 for pair in groups if len(pair) == 2
               if not mask_of(triple) & mask_of(pair) and is_winning_set(triple, pair)}
    assert winning and all(bin(m).count("1") == 5 for m in winning)
    for mask in range(1 << len(QUARK_CARDS)):
        cards = [c for c in QUARK_CARDS if mask & bit[c]]
        expected = any(w & mask == w for w in winning)
        assert winnable(cards) == expected, f"winnable({cards}) should be {expected}"
    assert winnable(["uR", "uB", "dB", "cG", "cB"])  # the winning example's cards


# -- views, log, the over state ---------------------------------------------------------------------
def test_no_action_after_the_end():
    state = table(collider=["sR"], detector=WINNING_EXAMPLE)
    state.apply(Confine("detector", ("uR", "dB", "cG")))
    state.apply(Confine("detector", ("uB", "cB~")))
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(Place("sR", "background"))
    assert state.legal_actions() == [] and state.current_player() is None


def test_log_becomes_a_dataframe():
    state = btlgames.load("pentaquark", seed=3)
    frame = state.log.to_frame()
    assert list(frame.columns[:4]) == ["turn", "phase", "player", "kind"]
    assert frame.kind.iloc[0] == "setup"


def test_every_quark_card_has_its_anti_quark_on_the_back():  # K1
    for card in QUARK_CARDS:
        assert flip(card) == card + "~" and flip(flip(card)) == card
    assert flip("A1") == "A1"


def test_every_kit_rule_in_the_rulebook_has_a_test():
    import re
    from pathlib import Path

    rulebook = (Path(__file__).parents[2] / "lessons/pentaquark/rules.md").read_text()
    rules = set(re.findall(r"Kit rule (K\d+)", rulebook))
    tested = set(re.findall(r"# (K\d+)", Path(__file__).read_text()))
    tested |= {k for line in re.findall(r"#.*", Path(__file__).read_text()) for k in re.findall(r"K\d+", line)}
    assert rules and rules <= tested, f"kit rules without a test: {sorted(rules - tested)}"


def test_actions_read_as_words():
    words = unicodedata.normalize("NFC", str(Place("uR~", "detector")))
    assert words == unicodedata.normalize("NFC", "ū(R̄) anti-red anti-up → Detector")
    assert "Confine" in str(Confine("detector", ("uR", "cR~")))
