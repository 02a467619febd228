"""Beamtimes and Lifetimes, clause by clause (lessons/beamtimes-and-lifetimes/rules.md; K<n> = kit rule n).

The rulebook's three worked token examples come first.
"""
import re
from pathlib import Path

import pytest

import btlgames
from btlgames import IllegalAction
from btlgames.beamtimes.cards import DIAMONDS, GRANTS, MARKET_CARDS, UNUSED_CLUBS
from btlgames.beamtimes.rules import (ApplyForGrant, Assign, Build, EndTurn, Hire, HireDistinguished, Pass,
                                      Publish, Swap, Verify, Withhold)
from btlgames.core.chance import FREE, ScriptError
from btlgames.core.playing import play_one


def game(players=2, ring=(), row=(), hands=None, market=(), distinguished=(), workers=None,
         tokens=None, row_tokens=None, player=0, **options):
    """A game at the start of ``player``'s turn with the cards where the test says.

    Diamonds not named fill the ring, the row and the two removed cards in order; spades
    and hearts not named go to the market deck (its top first as named in ``market``).
    ``workers`` = {problem: [(group, card), ...]} (leader first), each with its token.
    """
    # the clause tests play on after a solve (K15's lesson ending); the race's end has its own tests
    state = btlgames.load("beamtimes", seed=1, players=players, **{"ending": "lesson", **options})
    rest = [d for d in DIAMONDS if d not in (*ring, *row)]
    state.ring = list(ring) + rest[:6 - len(ring)]
    rest = rest[6 - len(ring):]
    state.row = list(row) + rest[:5 - len(row)]
    state.removed = rest[5 - len(row):]
    state.hands = [list((hands or {}).get(g, [])) for g in range(players)]
    state.workers = [[list(w) for w in (workers or {}).get(p, [])] for p in range(6)]
    state.distinguished = list(distinguished)
    state.market = list(market)
    placed = {c for h in state.hands for c in h} | {c for w in state.workers for _, c in w} | set(
        distinguished) | set(market)
    state.deck = [c for c in MARKET_CARDS if c not in placed]
    state._refill_market()
    state.tokens = list(tokens or [5] * players)
    state.row_tokens = [list((row_tokens or {}).get(i, [])) for i in range(5)]
    markers = [sum(o == g for w in state.workers for o, _ in w) + sum(t.count(g) for t in state.row_tokens)
               for g in range(players)]
    state.reserve = [25 - state.tokens[g] - markers[g] for g in range(players)]
    state.player = player
    state.check_invariants()
    return state


def kinds(state):
    return [e.kind for e in state.log.events]


def last(state, kind):
    return next(e for e in reversed(state.log.events) if e.kind == kind)


def experiment(particle, leader, detector, collaborator=None):
    """Problem 1 holds ``particle``; group 1 leads with ``leader`` and holds ``detector``;
    group 2 collaborates with ``collaborator``. Group 1 builds."""
    workers = [(0, leader)] + ([(1, collaborator)] if collaborator else [])
    state = game(ring=[particle], hands={0: [detector]}, workers={0: workers})
    state.apply(Build(detector, 0))
    return state


# -- the rulebook's worked token examples -------------------------------------------------------
def test_worked_example_1_king_leader_nine_collaborator():
    state = experiment("8D", "KH", "8S", collaborator="9H")
    assert state.phase == "publish" and state.pending["x"] == 1
    state.apply(Publish())
    assert state.tokens == [5 + 6, 5 + 4]
    assert last(state, "published").data["gains"] == {"0": 6, "1": 4}


def test_worked_example_2_jack_alone_solves_for_ten():
    state = experiment("JD", "JH", "JS")
    assert state.solved_by[0] == 0 and state.tokens[0] == 5 + 10
    assert last(state, "solved").data["x"] == 0


def test_worked_example_3_jack_leader_two_collaborator():
    state = experiment("4D", "JH", "5S", collaborator="2H")
    assert state.pending["x"] == 3
    state.apply(Publish())
    assert last(state, "published").data["gains"] == {"0": 4, "1": 2}


# -- set-up -----------------------------------------------------------------------------------------
def test_setup_by_suits():
    state = btlgames.load("beamtimes", seed=7, players=3)
    assert len(state.ring) == 6 and len(state.row) == 5 and len(state.removed) == 2
    assert sorted(state.ring + state.row + state.removed) == sorted(DIAMONDS)
    assert state.grants_up == {g: True for g in GRANTS}
    assert state.box == list(UNUSED_CLUBS)  # K2: clubs 7-K are not used
    assert len(state.market) == 5 and len(state.deck) == 21
    assert sorted(state.market + state.deck) == sorted(MARKET_CARDS)
    assert state.distinguished == [] and state.hands == [[], [], []]
    assert state.tokens == [5, 5, 5] and state.reserve == [20, 20, 20]  # K3
    assert state.current_player() == 0  # K4
    for viewer in (0, 1, 2, None):
        view = state.view(viewer)
        assert all(p["card"] is None for p in view["ring"]) and all(r["card"] is None for r in view["row"])


def test_setup_shuffles_differ_by_seed():
    a, b = (btlgames.load("beamtimes", seed=s) for s in (1, 2))
    assert (a.ring, a.market) != (b.ring, b.market)


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="players=5 is out of range 2..4"):
        btlgames.load("beamtimes", players=5)
    with pytest.raises(ValueError, match="rounds"):
        btlgames.load("beamtimes", rounds="many")
    with pytest.raises(ValueError, match="option ending='never' is not allowed; choose one of 'lesson', 'first', 'source'"):
        btlgames.load("beamtimes", ending="never")
    for hand in (0, 25):  # K3: at least one token in hand, at least one in the reserve
        with pytest.raises(ValueError, match=f"option hand={hand} is out of range 1..24"):
            btlgames.load("beamtimes", hand=hand)
    with pytest.raises(ValueError, match="option credit='fame' is not allowed; choose one of 'closest', 'tokens', 'published'"):
        btlgames.load("beamtimes", credit="fame")


@pytest.mark.parametrize("hand", [1, 12, 24])
def test_the_starting_hand_is_an_option_and_the_rest_is_the_reserve(hand):  # K3
    state = btlgames.load("beamtimes", seed=2, players=3, hand=hand)
    assert state.tokens == [hand] * 3 and state.reserve == [25 - hand] * 3
    state.check_invariants()


# -- 1. grants ---------------------------------------------------------------------------------------
def test_a_grant_is_won_with_a_roll_at_least_its_value():  # K1
    state = game()
    state.chance.script(4)
    state.apply(ApplyForGrant("4C"))
    assert state.tokens[0] == 9 and state.grants_up["4C"] is False
    assert last(state, "grant_won").data == {"grant": "4C", "roll": 4, "gained": 4}


def test_a_missed_grant_changes_nothing_but_uses_the_turn():
    state = game()
    state.chance.script(3)
    state.apply(ApplyForGrant("4C"))
    assert state.tokens[0] == 5 and state.grants_up["4C"] is True
    assert state.current_player() == 0 and state.phase == "verify"  # the action is done
    state.apply(EndTurn())
    assert state.current_player() == 1


def test_the_die_has_six_sides():  # K1
    state = game()
    with pytest.raises(ScriptError):
        state.chance.script(7)
        state.apply(ApplyForGrant("AC"))
    rolls = [e.data["roll"] for seed in range(30)
             for e in play_one("beamtimes", seed, "random").log.events
             if e.kind.startswith("grant_")]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}


def test_all_grants_face_up_again_when_one_is_left():  # K7
    state = game()
    state.grants_up = {g: g == "6C" or g == "AC" for g in GRANTS}
    state.chance.script(1)
    state.apply(ApplyForGrant("AC"))
    assert all(state.grants_up.values())
    assert "grants_reset" in kinds(state)


def test_face_down_grants_cannot_be_applied_for():
    state = game()
    state.grants_up["3C"] = False
    assert ApplyForGrant("3C") not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(ApplyForGrant("3C"))


def test_a_gain_larger_than_the_reserve_takes_what_is_left():  # K3
    state = game(tokens=[23, 5])
    state.chance.script(6)
    state.apply(ApplyForGrant("6C"))
    assert state.tokens[0] == 25 and state.reserve[0] == 0
    assert last(state, "grant_won").data["gained"] == 2


# -- 2. the market -------------------------------------------------------------------------------------
def test_market_prices_by_place_then_shift_and_refill():
    state = game(market=["2H", "3S", "4H", "5S", "6H"])
    top = state.deck[0]
    assert [a.describe() for a in state.legal_actions() if isinstance(a, Hire)] == [
        "Hire physicist 2♥ for 1", "Buy detector 3♠ for 2", "Hire physicist 4♥ for 3",
        "Buy detector 5♠ for 4", "Hire physicist 6♥ for 5"]
    state.apply(Hire(1, "3S"))
    assert state.hands[0] == ["3S"] and state.tokens[0] == 3 and state.reserve[0] == 22
    assert state.market == ["2H", "4H", "5S", "6H", top]  # shifted down, the deck's top revealed at 5


def test_hiring_what_you_cannot_afford_is_refused_and_changes_nothing():
    state = game(market=["2H", "3S", "4H", "5S", "6H"], tokens=[3, 5])
    before = state.clone()
    with pytest.raises(IllegalAction, match="The price is 4 and the group has 3 in hand"):
        state.apply(Hire(3, "5S"))
    assert state == before


def test_hire_a_distinguished_physicist_for_five():
    state = game(distinguished=["QH", "3H"], tokens=[6, 5])
    assert {a for a in state.legal_actions() if isinstance(a, HireDistinguished)} == {
        HireDistinguished("QH"), HireDistinguished("3H")}
    state.apply(HireDistinguished("3H"))
    assert state.hands[0] == ["3H"] and state.distinguished == ["QH"] and state.tokens[0] == 1


def test_an_empty_deck_shortens_the_row_and_returned_cards_fill_it():  # K8
    market = ["2H", "3H", "4H", "6H", "7H"]
    state = game(hands={0: ["2S"]}, workers={0: [(0, "5H")]}, ring=["KD"], market=market)
    state.hands[1], state.deck = state.deck, []  # every other market card is in a hand
    state.apply(Hire(0, "2H"))
    assert state.market == market[1:]  # four cards, still priced 1 to 4 by place
    state.apply(EndTurn())
    state.apply(Assign("AH", 1))  # group 2, with a full hand, must assign
    state.apply(EndTurn())
    state.apply(Build("2S", 0))  # K♦ is out of range of 5♥ and 2♠: the physicist goes to the deck
    assert state.market == market[1:] + ["5H"] and state.deck == []


# -- 3. assigning physicists ----------------------------------------------------------------------------
def test_assign_costs_one_token_which_marks_the_physicist():
    state = game(hands={0: ["7H"], 1: ["9H"]})
    state.apply(Assign("7H", 2))
    assert state.workers[2] == [[0, "7H"]] and state.tokens[0] == 4 and state.reserve[0] == 20
    assert last(state, "assign").data["role"] == "leader"
    state.apply(EndTurn())
    state.apply(Assign("9H", 2))
    assert state.workers[2] == [[0, "7H"], [1, "9H"]]
    assert last(state, "assign").data["role"] == "collaborator"


def test_one_physicist_per_group_per_problem():  # K9
    state = game(hands={0: ["7H", "8H"]}, workers={2: [(0, "9H")]})
    assert Assign("7H", 2) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="already has a physicist on problem 3"):
        state.apply(Assign("7H", 2))


def test_no_assigning_without_a_token():
    state = game(hands={0: ["7H"]}, tokens=[0, 5])
    assert not [a for a in state.legal_actions() if isinstance(a, Assign)]


def test_a_solved_problem_is_not_open():  # K13
    state = game(hands={0: ["7H"]}, workers={4: [(1, "8H")]})
    state.solved_by[4] = 1
    assert Assign("7H", 4) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="Problem 5 is solved"):
        state.apply(Assign("7H", 4))


# -- 4. building and looking ------------------------------------------------------------------------------
def test_only_the_leader_builds():
    state = game(hands={0: ["5S"]}, workers={0: [(1, "4H"), (0, "6H")]})
    assert not [a for a in state.legal_actions() if isinstance(a, Build)]
    with pytest.raises(IllegalAction, match="only be built where the group's physicist leads"):
        state.apply(Build("5S", 0))


def test_building_lets_the_leader_and_collaborators_look_and_nobody_else():
    state = game(players=3, ring=["6D"], hands={0: ["5S"]}, workers={0: [(0, "4H"), (1, "9H")]})
    state.apply(Build("5S", 0))
    look = last(state, "look")
    assert look.seen_by == [0, 1] and look.secret == {"particle": "6D"}
    assert state.view(0)["ring"][0]["card"] == "6D" and state.view(1)["ring"][0]["card"] == "6D"
    assert state.view(2)["ring"][0]["card"] is None and state.view(None)["ring"][0]["card"] is None
    assert "particle" not in state.log.to_records(2)[-1]


# -- resolution ---------------------------------------------------------------------------------------------
def test_out_of_range_costs_the_jobs_and_swaps_with_the_least_verified():
    state = game(ring=["QD"], row=["2D", "3D", "4D", "5D", "6D"], hands={0: ["5S"]},
                 workers={0: [(0, "4H"), (1, "9H")]}, row_tokens={0: [1], 1: [0], 2: [1], 4: [0, 1]})
    state.chance.script(FREE, ["5D", "QD"])  # the jobs lost go into the deck; then 5♦ to the ring, Q♦ to the row
    deck = len(state.deck)
    state.apply(Build("5S", 0))
    assert state.workers[0] == [] and len(state.deck) + len(state.market) == deck + 5 + 2
    assert state.hands[0] == ["5S"]  # the detector goes back to its builder
    assert state.reserve == [17 + 1, 16 + 1]  # marker tokens back home; row tokens stay
    assert state.phase == "verify" and state.ring[0] == "5D" and state.row[3] == "QD"  # only place 4 had none


def test_out_of_range_tie_lets_the_builder_choose_and_removes_tokens():
    state = game(ring=["QD"], row=["2D", "3D", "4D", "5D", "6D"], hands={0: ["5S"]},
                 workers={0: [(0, "4H")]}, row_tokens={i: [1] for i in range(5)})
    state.row_seen[2] = [1]
    state.apply(Build("5S", 0))
    assert state.phase == "swap" and state.legal_actions() == [Swap(i) for i in range(5)]
    state.chance.script(["4D", "QD"])
    state.apply(Swap(2))
    assert state.ring[0] == "4D" and state.row[2] == "QD"
    assert state.row_tokens[2] == [] and state.reserve[1] == 25 - 5 - 4
    assert state.row_seen[2] == [] and state.ring_seen[0] == []  # K12: the looks are lost


def test_publishing_reveals_pays_and_makes_the_leader_distinguished():
    state = game(ring=["3D", "7D", "9D", "KD", "QD", "2D"], hands={0: ["8S"]},
                 workers={1: [(0, "6H"), (1, "JH")], 2: [(1, "5H")]})
    state.chance.script(FREE, ["3D", "7D"])  # detector into the deck; problem 2 and its idle neighbour 1
    state.apply(Build("8S", 1))
    state.apply(Publish())
    published = last(state, "published")
    assert published.data["particle"] == "7D" and published.seen_by == []  # revealed to all
    assert state.distinguished == ["6H"] and "JH" in state.hands[1]
    assert "8S" in state.deck + state.market and state.workers[1] == []
    assert last(state, "reshuffle").data["problems"] == [1, 0]
    assert state.ring[:3] == ["7D", "3D", "9D"] and state.ring_seen[0] == state.ring_seen[1] == []
    assert state.published == [1, 0]


def test_a_published_card_alone_in_its_place_is_known_to_all():  # K12
    state = game(ring=["3D", "7D", "9D"], hands={0: ["8S"]},
                 workers={0: [(1, "2H")], 1: [(0, "6H")], 2: [(1, "5H")]})
    state.apply(Build("8S", 1))
    state.apply(Publish())
    assert "reshuffle" not in kinds(state)
    assert state.view(1)["ring"][1]["card"] == "7D"


def test_a_published_card_that_stays_is_on_the_projector():  # K12
    state = game(ring=["3D", "7D", "9D"], hands={0: ["8S"]},
                 workers={0: [(1, "2H")], 1: [(0, "6H")], 2: [(1, "5H")]})
    state.apply(Build("8S", 1))
    state.apply(Publish())
    assert last(state, "published").data["particle"] == "7D"  # the public log names it ...
    spectator = state.view(None)["ring"][1]
    assert spectator["card"] == "7D" and spectator["public"]  # ... and the shared screen shows it
    state.apply(EndTurn())
    assert state.view(None)["ring"][1]["card"] == "7D"  # until it moves


def test_what_every_group_has_looked_at_is_on_the_projector():  # K12
    state = game(row=["2D", "3D"], tokens=[5, 5])
    state.apply(Pass())
    state.apply(Verify(0, 1))
    assert state.view(None)["row"][0]["card"] is None  # one group knows it: still a secret
    state.apply(Pass())
    state.apply(Verify(0, 2))
    assert state.view(None)["row"][0] == {"card": "2D", "public": True, "tokens": [0, 1], "maybe": []}
    assert state.view(None)["row"][1]["card"] is None


def test_an_experiment_every_group_looked_at_shows_its_payout_on_the_projector():  # K12
    state = experiment("8D", "KH", "8S", collaborator="9H")  # both groups work on it and look
    assert state.view(None)["ring"][0]["card"] == "8D"
    assert state.view(None)["pending"]["x"] == state.view(0)["pending"]["x"] == 1
    assert state.log.to_records(None)[-1] == {**state.log.to_records(0)[-1], "particle": "8D"}  # the log too


def test_withholding_sends_everyone_home_unpaid():
    state = game(ring=["3D", "7D"], hands={0: ["8S"]}, workers={1: [(0, "6H"), (1, "JH")]})
    state.apply(Build("8S", 1))
    assert state.legal_actions() == [Publish(), Withhold()]
    state.apply(Withhold())
    assert state.tokens == [5, 5] and state.hands == [["6H"], ["JH"]]
    assert state.distinguished == [] and state.published == [0, 0]
    assert "reshuffle" in kinds(state)  # the problem with its idle neighbours


def test_withholding_shuffles_the_detector_back_into_the_market_as_publishing_does():
    # source: "In both cases, shuffle the detector back into the marketplace"
    for choice in (Publish(), Withhold()):
        state = game(ring=["3D", "7D"], hands={0: ["8S"]}, workers={1: [(0, "6H"), (1, "JH")]})
        state.apply(Build("8S", 1))
        state.apply(choice)
        assert "8S" in state.deck + state.market and all("8S" not in h for h in state.hands)


def test_a_physicist_whose_particle_was_put_aside_works_but_never_solves():
    # source FAQ: "some physicists are just not destined to be great"
    state = game(ring=["JD"], row=["2D", "3D", "4D", "7D", "8D"], hands={0: ["10S"]}, workers={0: [(0, "QH")]})
    assert state.removed == ["QD", "KD"]  # no Queen can ever be solved (K10: nobody looks at these)
    state.apply(Build("10S", 0))
    assert state.phase == "publish" and state.pending["x"] == 2  # the Queen still measures a range
    state.apply(Publish())
    assert state.published == [1, 0] and state.solved_by == [None] * 6


def test_nobody_takes_negative_tokens():
    state = experiment("5D", "AH", "KS", collaborator="QH")  # only A♥–K♠ holds the 5: X = 12
    assert state.pending["x"] == 12
    state.apply(Publish())
    assert last(state, "published").data["gains"] == {"0": 0, "1": 0}


def test_a_collaboration_counts_even_when_the_collaborator_is_out_of_range():  # K14
    state = experiment("6D", "5H", "7S", collaborator="QH")
    assert state.pending["x"] == 2
    state.apply(Publish())
    assert last(state, "published").data["gains"] == {"0": 5, "1": 3}


def test_solving_keeps_the_leader_and_its_token_and_sends_the_rest_home():  # K13
    state = game(ring=["9D", "7D", "2D"], hands={0: ["7S"]}, workers={1: [(0, "KH"), (1, "7H")]})
    state.apply(Build("7S", 1))  # the collaborator's 7♥ matches: solved, the leader takes the credit
    assert state.solved_by[1] == 0 and state.workers[1] == [[0, "KH"]]
    assert state.hands[1] == ["7H"] and "7S" in state.deck + state.market
    assert last(state, "solved").data["gains"] == {"0": 7, "1": 5}
    assert "reshuffle" not in kinds(state) and state.ring[:3] == ["9D", "7D", "2D"]
    assert all(state.view(v)["ring"][1]["card"] == "7D" for v in (0, 1, None))
    assert state.scores() == {0: 1.0, 1: 0.0} and state.phase == "verify"


def test_solved_problems_are_never_reshuffled():  # K13
    state = game(ring=["3D", "7D", "9D"], hands={0: ["8S"]}, workers={0: [(1, "3H")], 1: [(0, "6H")]})
    state.solved_by[0] = 1
    state.chance.script(FREE, ["9D", "7D"])
    state.apply(Build("8S", 1))
    state.apply(Publish())
    assert last(state, "reshuffle").data["problems"] == [1, 2] and state.ring[0] == "3D"


def test_no_choice_to_keep_a_solution_secret():  # K13
    state = experiment("JD", "JH", "JS")
    assert state.phase == "verify" and Withhold() not in state.legal_actions()


# -- verification at the end of the turn ---------------------------------------------------------------------
def test_verifying_costs_one_more_than_the_tokens_there_and_shows_only_the_verifier():
    state = game(row=["2D", "3D"], row_tokens={1: [1, 1]}, tokens=[5, 5])
    state.apply(Pass())
    assert Verify(1, 3) in state.legal_actions() and Verify(0, 1) in state.legal_actions()
    state.apply(Verify(1, 3))
    assert state.tokens[0] == 2 and state.row_tokens[1] == [1, 1, 0] and state.reserve[0] == 22
    assert state.view(0)["row"][1]["card"] == "3D"
    assert state.view(1)["row"][1]["card"] is None and state.view(None)["row"][1]["card"] is None
    assert state.current_player() == 1  # once: verifying ends the turn


def test_only_the_five_row_cards_can_be_verified():  # K10
    state = game()
    state.apply(Pass())
    assert sorted(a.place for a in state.legal_actions() if isinstance(a, Verify)) == [0, 1, 2, 3, 4]
    with pytest.raises(IllegalAction):
        state.apply(Verify(5, 1))


def test_a_group_that_cannot_pay_skips_the_verification():
    state = game(tokens=[0, 5])
    state.apply(Pass())
    assert state.current_player() == 1 and state.phase == "action"


def test_verification_is_offered_after_every_action():
    state = game(hands={0: ["7H"]})
    state.apply(Assign("7H", 0))
    assert state.phase == "verify" and EndTurn() in state.legal_actions()


# -- the full hand ---------------------------------------------------------------------------------------------
FULL = ["2H", "3H", "4S", "5S", "6S"]


def test_full_hand_must_build_when_it_can():  # K11
    state = game(hands={0: FULL}, workers={3: [(0, "9H")]})
    assert {a.kind for a in state.legal_actions()} == {"build"}
    with pytest.raises(IllegalAction, match="must build a detector if you can"):
        state.apply(Pass())


def test_full_hand_else_must_assign():  # K11
    state = game(hands={0: FULL})
    assert {a.kind for a in state.legal_actions()} == {"assign"}


def test_full_hand_else_grant_or_pass():  # K11
    state = game(hands={0: FULL}, tokens=[0, 5])  # no token for an assignment
    assert {a.kind for a in state.legal_actions()} == {"grant", "pass"}


def test_four_cards_is_not_a_full_hand():
    state = game(hands={0: FULL[:4]}, workers={3: [(0, "9H")]})
    assert {"grant", "hire", "assign", "build", "pass"} <= {a.kind for a in state.legal_actions()}


# -- turns, knowledge, the end -----------------------------------------------------------------------------------
def test_pass_is_always_possible_with_a_hand_below_five():  # K6
    state = game()
    state.apply(Pass())
    assert state.current_player() == 0 and state.phase == "verify"


def test_hands_are_open():  # K5
    state = game(hands={0: ["7H"], 1: ["8S"]})
    assert state.view(1)["groups"][0]["hand"] == ["7H"] and state.view(None)["groups"][1]["hand"] == ["8S"]


def test_a_look_lasts_while_the_card_stays():  # K12
    state = game(row=["2D"], ring=["3D", "7D", "9D"], hands={0: ["8S"]},
                 workers={0: [(1, "2H")], 1: [(0, "6H")], 2: [(1, "5H")]})
    state.apply(Pass())
    state.apply(Verify(0, 1))
    for _ in range(2):  # group 2's turn, then a withheld experiment next door: the card stays
        assert state.view(0)["row"][0]["card"] == "2D" and state.view(1)["row"][0]["card"] is None
        state.apply(Pass() if state.phase == "action" else EndTurn())
    state.apply(Build("8S", 1))
    state.apply(Withhold())  # both neighbours are worked on: nothing is reshuffled
    assert "reshuffle" not in kinds(state)
    assert state.view(0)["ring"][1]["card"] == "7D" and state.view(0)["row"][0]["card"] == "2D"
    assert state.view(1)["ring"][1]["card"] is None  # group 2 did not work on problem 2


@pytest.mark.parametrize("order", [["QD", "2D"], ["2D", "QD"]])
def test_a_verified_card_swapped_into_the_ring_is_no_longer_known_where_it_lies(order):  # K12
    state = game(ring=["QD"], row=["2D", "3D", "4D", "5D", "6D"], hands={0: ["5S"]},
                 workers={0: [(0, "4H")]}, row_tokens={i: [1] for i in range(1, 5)})
    state.row_seen[0] = [0]  # group 1 knows 2♦ at place 1, the least verified place
    state.chance.script(FREE, order)  # the jobs lost go to the deck; then the swap's shuffle
    state.apply(Build("5S", 0))  # Q♦ is out of range of 4♥ and 5♠: swapped with place 1
    assert last(state, "swap").data == {"problem": 0, "place": 0}
    # Whether the shuffle moved the cards or not, nobody saw: the look is gone from both places
    assert state.view(0)["row"][0]["card"] is None and state.view(0)["ring"][0]["card"] is None
    assert "2D" in {state.ring[0], state.row[0]}
    assert [r["particle"] for r in state.log.to_records(0) if r["kind"] == "look"] == ["QD"]


def test_a_look_at_a_problem_is_lost_when_it_is_reshuffled():  # K12
    state = game(ring=["3D", "7D", "9D"], hands={0: ["8S"]}, workers={1: [(0, "6H"), (1, "JH")]})
    state.chance.script(FREE, ["9D", "7D", "3D"])  # the detector into the deck; problems 2, 1, 3 shuffled
    state.apply(Build("8S", 1))
    assert state.view(0)["ring"][1]["card"] == state.view(1)["ring"][1]["card"] == "7D"
    state.apply(Withhold())
    assert last(state, "reshuffle").data["problems"] == [1, 0, 2]
    for viewer in (0, 1, None):
        assert [slot["card"] for slot in state.view(viewer)["ring"][:3]] == [None, None, None]
    assert [r["particle"] for r in state.log.to_records(1) if r["kind"] == "look"] == ["7D"]


def test_a_reshuffled_card_is_remembered_among_the_places_it_was_shuffled_into():  # K12, K17
    state = game(players=3, ring=["3D", "7D", "9D"], hands={0: ["8S"]}, workers={1: [(0, "6H"), (1, "JH")]})
    state.chance.script(FREE, ["9D", "7D", "3D"])
    state.apply(Build("8S", 1))  # groups 1 and 2 look at 7♦; group 3 works elsewhere
    state.apply(Withhold())  # problems 2, 1 and 3 are shuffled face down in front of everyone
    for viewer in (0, 1):
        view = state.view(viewer)
        assert [slot["maybe"] for slot in view["ring"]] == [["7D"], ["7D"], ["7D"], [], [], []]
        assert all(slot["card"] is None for slot in view["ring"][:3]) and all(not s["maybe"] for s in view["row"])
    for viewer in (2, None):  # group 3 never saw it: neither it nor the projector remembers it
        assert all(not slot["maybe"] for slot in state.view(viewer)["ring"])


@pytest.mark.parametrize("order", [["QD", "2D"], ["2D", "QD"]])
def test_looking_at_one_of_two_places_tells_where_a_remembered_card_is(order):  # K17
    state = game(ring=["QD"], row=["2D", "3D", "4D", "5D", "6D"], hands={0: ["5S"]},
                 workers={0: [(0, "4H")]}, row_tokens={i: [1] for i in range(1, 5)})
    state.chance.script(FREE, order)
    state.apply(Build("5S", 0))  # group 1 sees Q♦, out of range: swapped with row place 1
    view = state.view(0)
    assert view["ring"][0]["maybe"] == view["row"][0]["maybe"] == ["QD"] and view["ring"][0]["card"] is None
    assert not state.view(1)["ring"][0]["maybe"]
    state.apply(Verify(0, 1))  # then it looks at row place 1
    view = state.view(0)
    if state.row[0] == "QD":  # there it is
        assert view["row"][0]["card"] == "QD" and view["ring"][0]["card"] is None
    else:  # 2♦ is there, so Q♦ is the problem's card: the group knows it where it lies
        assert view["row"][0]["card"] == "2D" and view["ring"][0]["card"] == "QD" and 0 in state.ring_seen[0]
    assert not view["ring"][0]["maybe"] and not view["row"][0]["maybe"]
    state.check_invariants()  # every remembered card is in one of the places remembered for it


def test_a_published_card_reshuffled_is_on_the_projector_among_its_places():  # K17 (public information)
    state = game(ring=["3D", "7D", "9D", "KD", "QD", "2D"], hands={0: ["8S"]},
                 workers={1: [(0, "6H"), (1, "JH")], 2: [(1, "5H")]})
    state.chance.script(FREE, ["3D", "7D"])
    state.apply(Build("8S", 1))
    state.apply(Publish())  # 7♦ is shown to everyone, then shuffled with idle problem 1
    for viewer in (0, 1, None):
        assert [slot["maybe"] for slot in state.view(viewer)["ring"]] == [["7D"], ["7D"], [], [], [], []]


def test_the_beamtime_ends_after_the_last_round():  # K15
    state = btlgames.load("beamtimes", seed=3, players=3, rounds=5)
    while not state.is_over():
        state.apply(Pass() if state.phase == "action" else EndTurn())
    assert state.turn == 16 and state.end_reason == "beamtime"
    assert last(state, "end").data["reason"] == "beamtime"


def test_the_source_ending_ends_the_game_when_every_problem_is_solved():  # K15
    state = game(ring=["JD"], hands={0: ["JS"]}, workers={0: [(0, "JH")]}, ending="source")
    state.solved_by = [None, 1, 1, 0, 1, 0]
    for p in range(1, 6):
        state.workers[p] = []
    state.reserve = [25 - state.tokens[0] - 1, 25 - state.tokens[1]]
    state.apply(Build("JS", 0))
    assert state.is_over() and state.end_reason == "all_solved"
    assert state.scores() == {0: 3.0, 1: 3.0}


def two_solved(**options):
    """Group 2 solved problem 2 and group 1 problem 3; group 1 leads J♥ at J♦ (problem 1) and holds J♠."""
    state = game(ring=["JD"], hands={0: ["JS"]}, workers={0: [(0, "JH")], 1: [(1, "2H")], 2: [(0, "3H")]},
                 **options)
    state.solved_by[1], state.solved_by[2] = 1, 0
    state.check_invariants()
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_race_to_the_first_solve_is_the_default_and_the_lesson_ending_needs_players_plus_one(players):  # K15
    state = btlgames.load("beamtimes", seed=1, players=players)
    assert state.options["ending"] == "first" and state.view(None)["goal"] == 1
    assert btlgames.load("beamtimes", seed=1, players=players, ending="lesson").view(None)["goal"] == players + 1


def test_the_lesson_ending_stops_a_two_group_game_at_the_third_solve():  # K15
    state = two_solved(ending="lesson")
    state.apply(Build("JS", 0))
    assert state.is_over() and state.end_reason == "goal" and state.round == 1
    assert last(state, "end").data == {"reason": "goal", "solved": [2, 1], "winners": [0]}
    assert state.decided_by() == "solved"


def test_the_source_ending_plays_on_until_every_problem_is_solved():  # K15
    state = two_solved(ending="source")
    state.apply(Build("JS", 0))
    assert not state.is_over() and state.view(None)["goal"] == 6 and state.phase == "verify"


def ended(credit=None):
    """A finished three-group game; each test sets what K16 compares."""
    state = btlgames.load("beamtimes", seed=3, players=3, **({"credit": credit} if credit else {}))
    state.phase = "over"
    return state


def test_level_on_solved_the_most_precise_result_wins_not_the_grants():  # K16, the default since issue 25
    state = ended()
    assert state.options["credit"] == "closest"
    assert state.view(None)["criteria"] == ["solved", "closest", "published", "tokens"]
    state.solved_by = [None] * 6
    state.published, state.closest, state.tokens = [2, 1, 0], [5, 3, None], [4, 2, 25]  # group 3 only applied for grants
    assert state.winners() == [1] and state.decided_by() == "closest"
    state.published, state.closest = [0, 0, 0], [None, None, None]
    assert state.winners() == [2] and state.decided_by() == "tokens"  # nobody published: the bell's last step


def test_rules_version_3_credit_counts_tokens_however_many_results_were_published():  # K16 (credit=tokens)
    state = ended("tokens")
    assert state.view(None)["criteria"] == ["solved", "tokens"]
    state.solved_by = [0, 1, None, None, None, None]
    state.published, state.tokens = [1, 5, 6], [9, 4, 20]
    assert state.winners() == [0] and state.decided_by() == "tokens"  # group 3 solved nothing
    state.tokens = [9, 9, 20]
    assert state.winners() == [0, 1] and state.decided_by() == "solved"  # a shared win
    state.solved_by = [None] * 6
    assert state.winners() == [2] and state.decided_by() == "tokens"
    state.tokens = [9, 9, 9]
    assert state.winners() == [0, 1, 2] and state.decided_by() == "shared"
    assert state.view(None)["decided_by"] == "shared"


def test_a_solve_outranks_any_number_of_tokens_and_results():  # K16
    for credit in ("tokens", "published", "closest"):
        state = ended(credit)
        state.solved_by = [None, None, 2, None, None, None]
        state.published, state.tokens, state.closest = [9, 9, 1], [24, 24, 0], [1, 1, 0]
        assert state.winners() == [2] and state.decided_by() == "solved"


def test_rules_version_2_credit_counts_published_results_then_tokens():  # K16 (credit=published)
    state = ended("published")
    state.solved_by = [0, 1, None, None, None, None]
    state.published = [2, 2, 5]
    state.tokens = [4, 4, 9]
    assert state.winners() == [0, 1] and state.decided_by() == "solved"  # a shared win
    state.tokens = [4, 3, 9]
    assert state.winners() == [0] and state.decided_by() == "tokens"
    state.published = [1, 2, 5]
    assert state.winners() == [1] and state.decided_by() == "published"
    state.solved_by = [None] * 6
    state.published, state.tokens = [0, 0, 0], [1, 1, 1]
    assert state.winners() == [0, 1, 2] and state.decided_by() == "shared"


def test_the_closest_credit_compares_the_smallest_x_published():  # K16 (credit=closest)
    state = ended("closest")
    state.published, state.closest, state.tokens = [3, 1, 0], [4, 2, None], [9, 0, 20]
    assert state.winners() == [1] and state.decided_by() == "closest"
    state.closest = [2, 2, None]
    assert state.winners() == [0] and state.decided_by() == "published"


def test_each_group_keeps_the_smallest_x_it_published():  # K16
    state = experiment("8D", "KH", "8S", collaborator="9H")  # X = 1, group 1 leads
    state.apply(Publish())
    assert state.closest == [1, None]
    assert state.view(None)["groups"][0]["closest"] == 1
    solved = experiment("JD", "JH", "JS")
    assert solved.closest == [0, None]
    withheld = experiment("8D", "KH", "8S", collaborator="9H")
    withheld.apply(Withhold())
    assert withheld.closest == [None, None]  # an unpublished result earns no credit


def test_the_race_ending_stops_the_game_at_the_first_solve():  # K15 (ending=first)
    state = game(ring=["JD"], hands={0: ["JS"]}, workers={0: [(0, "JH")]}, ending="first")
    assert state.view(None)["goal"] == 1
    state.apply(Build("JS", 0))
    assert state.is_over() and state.end_reason == "goal" and state.winners() == [0]


def test_every_kit_rule_in_the_rulebook_has_a_test():
    rulebook = (Path(__file__).parents[2] / "lessons/beamtimes-and-lifetimes/rules.md").read_text()
    rules = set(re.findall(r"Kit rule (K\d+)", rulebook))
    tested = {k for line in re.findall(r"#.*", Path(__file__).read_text()) for k in re.findall(r"K\d+", line)}
    assert rules and rules <= tested, f"kit rules without a test: {sorted(rules - tested)}"
