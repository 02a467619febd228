"""Scenario tests for Antimatter Matters: every rule clause and kit rule (lessons/antimatter-matters/rules.md)."""
import json
import re

import pytest

from btlgames import IllegalAction, load
from btlgames.antimatter.actions import (Accept, Allocate, Breach, Discard, Lose, MoveTo, Order, PickCard,
                                         PlaceOn, PlayAction, PlayMovement, Roll, Shield, Stop)
from btlgames.antimatter import mats as M
from btlgames.antimatter.data import card_of, catalogue
from btlgames.core.i18n import catalogue as messages

from antimatter_setup import PROTON_FULL, empty_hands, fill, game, give, put_on_top, run, step, turn_of


def can_play(state, *cards):
    """Whether these movement cards, taken into a set one by one, can be played together."""
    trial = state.clone()
    for c in cards:
        trial.apply(PickCard(c))
    return PlayMovement(tuple(sorted(cards))) in trial.legal_actions()


def play_cards(state, *cards):
    for c in cards:
        state.apply(PickCard(c))
    state.apply(PlayMovement(tuple(sorted(cards))))


def moved_to(state, roll, space=None):
    state.chance.script(roll)
    state.apply(Roll())
    options = [a.space for a in state.legal_actions()]
    if space is not None:
        state.apply(MoveTo(space))
    return options


# -- moving ---------------------------------------------------------------------------------------
def test_a_die_move_goes_exactly_the_roll_and_never_straight_back():  # K8
    s = game()
    empty_hands(s)
    s.pawns = ["m03", "o12"]
    turn_of(s, 0)
    options = moved_to(s, 2)
    assert options == ["i11", "m01", "m05", "x01"]  # either way round the ring, or onto a path; never m03 again


def test_the_center_stops_a_move_even_with_steps_left():  # source: Center; K8
    s = game()
    empty_hands(s)
    s.pawns = ["m00", "o12"]
    turn_of(s, 0)
    assert "C" in moved_to(s, 5)


def test_an_occupied_space_sends_you_back_to_the_closest_free_one():  # source's example; K9
    s = game()
    empty_hands(s)
    s.pawns = ["m00", "i02"]  # another Scientist on the space two steps inwards
    turn_of(s, 0)
    options = moved_to(s, 2)
    assert "i01" in options and "i02" not in options  # a 2 was rolled, but only one space inwards


def test_bounced_back_to_your_start_you_have_not_moved_and_the_space_does_nothing_again():  # K9
    s = game(players=4)
    empty_hands(s)
    s.pawns = ["m00", "i01", "m01", "m15"]  # on a draw space, every neighbour taken
    turn_of(s, 0)
    draws = s.stats["draws"]
    assert moved_to(s, 1, "m00") == ["m00"]
    assert s.pawns[0] == "m00" and s.stats["draws"] == draws and s.hands[0] == []  # no second draw
    assert [e.kind for e in s.log.events[-2:]] == ["pauli", "stays"] and s.decision["kind"] == "cards"


def test_a_pawn_on_the_center_makes_you_stop_short():  # K9: the Center holds one pawn
    s = game()
    empty_hands(s)
    s.pawns = ["i01", "C"]
    turn_of(s, 0)
    assert "C" not in moved_to(s, 2) and "i02" in s.decision["options"]


def test_after_reaching_the_center_by_die_movement_cards_may_still_be_played():  # source: Center
    s = game()
    empty_hands(s)
    s.pawns = ["i02", "o12"]
    give(s, 0, "sink-1")
    turn_of(s, 0)
    moved_to(s, 3, "C")
    assert s.decision["kind"] == "cards" and can_play(s, "sink-1")


def test_a_turn_begun_on_the_center_cannot_end_there():  # source: Center; K10
    s = game()
    empty_hands(s)
    s.pawns = ["C", "o12"]
    give(s, 0, "jump-1", "sink-1")
    turn_of(s, 0)
    assert "C" not in moved_to(s, 8)  # the eight-step loop back to the Center is not allowed
    s.pawns[0] = "i02"  # one step from the Center, still in the turn begun there
    step(s, 0, "cards")
    assert not can_play(s, "jump-1")  # it would end the turn on the Center
    assert can_play(s, "sink-1")


def test_a_heisenberg_kick_on_oneself_cannot_end_a_turn_begun_on_the_center_there():  # K10, K16
    """The turn's own card on oneself is one's own choice: K10 holds, as for Photon Absorbed (the
    Center stayed on offer, and a Scientist could end the turn there, blocking everyone)."""
    s = game()
    empty_hands(s)
    s.pawns = ["C", "o12"]
    give(s, 0, "heisenberg-kick")
    turn_of(s, 0)
    s.pawns[0] = "i02"  # one step out, still in the turn begun on the Center
    step(s, 0, "action")
    s.apply(PlayAction("heisenberg-kick", 0))
    spaces = sorted(a.space for a in s.legal_actions())
    assert spaces and "C" not in spaces, spaces


def test_quantum_jump_3_and_sink_2_move_one_space_in_and_collect_the_green_up():  # source's example; K12
    s = game()
    empty_hands(s)
    s.pawns = ["o06", "m09"]
    give(s, 0, "jump-3", "sink-2")
    step(s, 0, "cards")
    assert can_play(s, "jump-3", "sink-2")
    play_cards(s, "jump-3", "sink-2")
    assert sorted(a.space for a in s.legal_actions()) == ["o05", "o07"]  # one step nearer the Center
    s.apply(MoveTo("o07"))
    assert s.mats[0]["pieces"] == ["up-green"]
    assert not any(card_of(c).type == "movement" for c in s.hands[0])


def test_the_cards_taken_into_a_set_show_only_to_their_scientist():  # K28
    s = game()
    empty_hands(s)
    s.pawns = ["o06", "m09"]
    give(s, 0, "jump-3", "sink-2")
    step(s, 0, "cards")
    s.apply(PickCard("jump-3"))
    assert s.view(0)["decision"]["chosen"] == ["jump-3"]
    assert "chosen" not in s.view(None)["decision"] and "chosen" not in s.view(1)["decision"]


def test_movement_cards_that_add_up_to_nothing_or_on_others_are_not_moves():  # K12; source: not on others
    s = game()
    empty_hands(s)
    s.pawns = ["o06", "m09"]
    give(s, 0, "jump-2", "sink-2")
    step(s, 0, "cards")
    assert not can_play(s, "jump-2", "sink-2")
    assert all(not hasattr(a, "target") for a in s.legal_actions())


def test_only_the_final_event_of_combined_movement_cards_happens():  # source: movement cards
    s = game()
    empty_hands(s)
    s.pawns = ["o04", "m09"]
    give(s, 0, "jump-1", "jump-2")
    step(s, 0, "cards")
    play_cards(s, "jump-1", "jump-2")
    s.apply(MoveTo("x01"))
    assert s.mats[0]["pieces"] == ["gluon"]  # o04 -> o03 (draw) -> x02 (photon) -> x01: only the gluon


def test_a_tunnel_moves_you_to_its_partner_unless_that_is_occupied():  # source: tunnel; K4
    for other, ends in (("m09", "o18"), ("o18", "m07")):
        s = game()
        empty_hands(s)
        s.pawns = ["m05", other]
        turn_of(s, 0)
        moved_to(s, 2, "m07")
        assert s.pawns[0] == ends


# -- pieces and mats -----------------------------------------------------------------------------------
def test_a_particle_space_gives_a_piece_only_if_you_need_it():  # source: particle space; K6, K13
    s = game()
    empty_hands(s)
    s.pawns = ["o02", "m09"]
    fill(s, 0, "up-red", "up-green")
    step(s, 0, "cards")
    run(s, {"do": "take", "seat": 0, "piece": "up-red"})
    assert s.mats[0]["pieces"] == ["up-red", "up-green"]  # both ups are there already
    run(s, {"do": "take", "seat": 0, "piece": "down-red"})
    assert "down-red" not in s.mats[0]["pieces"]  # red is taken on this mat: the down must be blue
    run(s, {"do": "take", "seat": 0, "piece": "down-blue"})
    assert s.mats[0]["pieces"][-1] == "down-blue"


def test_an_empty_bank_gives_nothing():  # K5, K13
    s = game()
    s.bank["gluon"], s.out_of_play["gluon"] = 0, 16  # (kept whole: all 16 out of play)
    run(s, {"do": "take", "seat": 0, "piece": "gluon"})
    assert s.mats[0]["pieces"] == [] and s.log.events[-1].kind == "bank_empty"


def test_challenge_mats_fill_in_order_and_a_lost_piece_takes_the_later_ones():  # source: challenge; K7
    s = game(mode="challenge")
    empty_hands(s)
    step(s, 0, "draw")
    run(s, {"do": "take", "seat": 0, "piece": "gluon"})
    assert s.mats[0]["pieces"] == []  # an up quark comes first
    fill(s, 0, "up-red", "up-green", "down-blue", "gluon")
    run(s, {"do": "lose", "seat": 0, "kind": "down"})
    assert s.mats[0]["pieces"] == ["up-red", "up-green"] and s.bank["gluon"] == 16


def test_challenge_order_can_be_played_in_any_game_type():  # source: challenge yourself; K7
    for mode, players in (("team", 4), ("coop", 2), ("standard", 2)):
        s = game(players=players, mode=mode, challenge=True)
        assert all(g["challenge"] for g in s.goals)
        run(s, {"do": "take", "seat": 0, "piece": "gluon"})
        assert s.mats[0]["pieces"] == []  # the up quarks come first


def test_several_mats_the_piece_goes_where_you_choose():  # source: multiple mats; K6
    s = game(atom="H-2")
    run(s, {"do": "take", "seat": 0, "piece": "down-red"})
    assert s.decision["kind"] == "place"
    mats = [a.mat for a in s.legal_actions()]
    assert [s.mats[m]["type"] for m in mats] == ["proton", "neutron"]
    s.apply(PlaceOn(mats[1], "down-red"))
    assert s.mats[mats[1]]["pieces"] == ["down-red"]


# -- the spinner -----------------------------------------------------------------------------------
def spin(s, seat, result):
    s.chance.script(result)
    run(s, {"do": "spin", "seat": seat})


def test_a_positron_annihilates_one_electron():  # source: antimatter spaces; K14
    s = game()
    fill(s, 0, "electron")
    spin(s, 0, "positron")
    assert s.mats[0]["pieces"] == [] and s.bank["electron"] == 8


def test_an_antiquark_with_two_matches_lets_you_choose_which_goes():  # K14, K30
    s = game()
    empty_hands(s)
    fill(s, 0, "up-red", "up-green")
    spin(s, 0, "anti-up")
    assert s.decision["kind"] == "lose" and len(s.legal_actions()) == 2
    s.apply(Lose(0, "up-green"))
    assert s.mats[0]["pieces"] == ["up-red"]


def test_with_several_mats_the_spinner_takes_one_piece_from_one_mat():  # source: multiple mats
    s = game(atom="H-2")
    empty_hands(s)
    fill(s, 0, "down-red")
    fill(s, 1, "down-green")
    spin(s, 0, "anti-down")
    assert len(s.legal_actions()) == 2
    s.apply(s.legal_actions()[0])
    assert sum(len(m["pieces"]) for m in s.mats[:2]) == 1


def test_a_breach_loses_the_gluons_and_photons_of_one_mat():  # source: breach; K14
    s = game()
    fill(s, 0, "up-red", "gluon", "photon")
    spin(s, 0, "breach")
    assert s.mats[0]["pieces"] == ["up-red"]


def test_the_center_sector_moves_you_there_only_if_it_is_free():  # source: spinner Center
    s = game()
    empty_hands(s)
    spin(s, 0, "center")
    assert s.pawns[0] == "C"
    spin(s, 1, "center")
    assert s.pawns[1] == "m09"


def test_the_spinner_has_eight_sectors_with_every_source_result():  # K14
    from btlgames.antimatter.data import catalogue
    sectors = catalogue().sectors
    assert sum(x.weight for x in sectors) == 8
    assert {x.effect for x in sectors} == {"draw", "anti", "breach", "center"}
    assert {x.piece for x in sectors if x.effect == "anti"} == {"up", "down", "electron"}


# -- action cards and shields -------------------------------------------------------------------
def test_one_action_card_a_turn_on_yourself_or_another():  # source: action cards; K16
    s = game()
    empty_hands(s)
    give(s, 0, "positron", "positron", "cloud-chamber")
    fill(s, 1, "electron")
    step(s, 0, "action")
    legal = s.legal_actions()
    assert PlayAction("positron", 1) in legal and PlayAction("positron", 0) in legal
    assert PlayAction("cloud-chamber", 1) not in legal  # yourself only
    with pytest.raises(IllegalAction, match="only be played on yourself"):
        s.apply(PlayAction("cloud-chamber", 1))
    s.apply(PlayAction("positron", 1))
    s.apply(Accept())  # the target is asked, and holds no shield (K32)
    assert s.mats[1]["pieces"] == []
    assert s.decision.get("kind") != "action"  # one action card only: the turn goes on to the draw


def test_a_block_stops_an_action_and_a_reverse_sends_it_back():  # source: shields; K17
    s = game()
    empty_hands(s)
    give(s, 0, "positron", "positron")
    give(s, 1, "block")
    fill(s, 1, "electron")
    step(s, 0, "action")
    s.apply(PlayAction("positron", 1))
    assert s.current_player() == 1 and Shield("block") in s.legal_actions()
    s.apply(Shield("block"))
    assert s.mats[1]["pieces"] == ["electron"]

    s = game()
    empty_hands(s)
    give(s, 0, "positron")
    give(s, 1, "reverse")
    fill(s, 0, "electron")
    step(s, 0, "action")
    s.apply(PlayAction("positron", 1))
    s.apply(Shield("reverse"))
    assert s.current_player() == 0 and s.legal_actions() == [Accept()]  # asked in turn, with no shield (K32)
    s.apply(Accept())
    assert s.mats[0]["pieces"] == []  # reflected back on the Scientist who played it


def test_a_shield_can_answer_a_shield():  # source: shields in response; K17
    s = game()
    empty_hands(s)
    give(s, 0, "antimatter-cloud", "block")
    give(s, 1, "reverse")
    step(s, 0, "action")
    s.apply(PlayAction("antimatter-cloud", 1))
    s.apply(Shield("reverse"))
    assert s.current_player() == 0 and Shield("block") in s.legal_actions()
    s.apply(Shield("block"))
    assert s.stats["spins"] == 0


def test_a_containment_breach_leaves_the_game_even_when_blocked():  # source: card notes; K18
    s = game()
    empty_hands(s)
    give(s, 0, "containment-breach")
    give(s, 1, "block")
    step(s, 0, "action")
    s.apply(PlayAction("containment-breach", 1))
    s.apply(Shield("block"))
    assert [card_of(c).id for c in s.removed] == ["containment-breach"]


def test_a_containment_breach_hits_one_mat_chosen_by_the_target():  # source: card notes; K18, K30
    s = game(atom="H-2")
    empty_hands(s)
    give(s, 0, "containment-breach")
    fill(s, 2, "gluon", "photon")
    fill(s, 3, "gluon")
    step(s, 0, "action")
    s.apply(PlayAction("containment-breach", 1))
    s.apply(Accept())
    assert s.current_player() == 1 and s.decision["kind"] == "breach"
    s.apply(Breach(3))
    assert s.mats[2]["pieces"] == ["gluon", "photon"] and s.mats[3]["pieces"] == []


def test_a_heisenberg_kick_lets_the_sender_choose_the_free_neighbour():  # K16, K30
    s = game()
    empty_hands(s)
    give(s, 0, "heisenberg-kick")
    s.pawns = ["m08", "m09"]
    step(s, 0, "action")
    s.apply(PlayAction("heisenberg-kick", 1))
    s.apply(Accept())
    assert s.current_player() == 0 and sorted(a.space for a in s.legal_actions()) == ["m10"]


def test_in_the_cooperative_game_others_may_shield_the_target():  # source: coop shields; K17
    s = game(players=3, mode="coop")
    empty_hands(s)
    give(s, 0, "antimatter-cloud")
    give(s, 2, "block")
    step(s, 0, "action")
    s.apply(PlayAction("antimatter-cloud", 1))
    assert s.current_player() == 1 and s.legal_actions() == [Accept()]  # the target first (K32)
    s.apply(Accept())
    assert s.current_player() == 2
    s.apply(Shield("block"))
    assert s.stats["spins"] == 0



# -- who holds what stays secret (K32) ------------------------------------------------------------
def _seen_by_the_table(s, holder):
    """What the projector and every seat but ``holder`` see, and who is asked what."""
    return [s.view(v) for v in (None, *(p for p in range(s.players) if p != holder))]


def _with_and_without(card, holder, play, instead="photon-emitted"):
    """The same table twice, after ``play``: ``holder`` holding ``instead`` in one and ``card``
    in the other (as many cards: the table sees how many)."""
    tables = []
    for held in (instead, card):
        s = game(players=3)
        empty_hands(s)
        give(s, 0, "antimatter-cloud")
        give(s, holder, held)
        play(s)
        tables.append(s)
    return tables


def test_a_target_is_asked_about_a_shield_whether_or_not_it_holds_one():  # K32
    # the table: seat 1 plays an Antimatter Cloud on seat 2, who holds a Block or not
    def cloud(s):
        step(s, 0, "action")
        s.apply(PlayAction("antimatter-cloud", 1))
    without, with_block = _with_and_without("block", 1, cloud)
    assert without.decision["kind"] == with_block.decision["kind"] == "respond"
    assert without.legal_actions() == [Accept()] and Shield("block") in with_block.legal_actions()
    assert _seen_by_the_table(without, 1) == _seen_by_the_table(with_block, 1)


def test_every_scientist_is_asked_about_a_helicity():  # K32, K20
    def helicity_drawn(s):
        put_on_top(s, "left-helicity")
        run(s, {"do": "draw", "seat": 0})
    for card in ("block", "reverse"):
        without, with_shield = _with_and_without(card, 2, helicity_drawn)
        asked = []
        while without.decision.get("kind") == "helicity":
            assert _seen_by_the_table(without, 2) == _seen_by_the_table(with_shield, 2)
            asked.append(without.current_player())
            for s in (without, with_shield):
                s.apply(Accept())
        assert asked == [0, 1, 2]  # from the drawer round the table, whoever holds a shield


def test_the_card_steps_are_offered_to_an_empty_hand_with_no_more_cards_always_legal():  # K32, K12, K16
    s = game()
    empty_hands(s)
    step(s, 0, "cards")
    assert s.decision["kind"] == "cards" and s.legal_actions() == [Stop()]
    s.apply(Stop())
    assert s.decision["kind"] == "action" and s.legal_actions() == [Stop()]

    # a hand whose movement cards cannot move the pawn looks the same to the table
    def cards(s):
        s.pawns = ["m00", "i02", "i01"]  # seat 1 on m00, the inner path taken: a jump of 2 goes nowhere
        step(s, 0, "cards")
    without, blocked_jump = _with_and_without("jump-2", 0, cards, instead="positron")
    assert without.decision["kind"] == blocked_jump.decision["kind"] == "cards"
    assert _seen_by_the_table(without, 0) == _seen_by_the_table(blocked_jump, 0)


# -- immediate cards ---------------------------------------------------------------------------------
def test_immediate_cards_dealt_at_set_up_are_replaced():  # source: set-up
    for seed in range(20):
        s = load("antimatter", seed=seed, players=6)
        assert all(len(h) == 4 and all(card_of(c).type != "immediate" for c in h) for h in s.hands)


def test_an_immediate_card_drawn_is_played_and_not_replaced():  # source: completing your turn; K22
    s = game()
    empty_hands(s)
    put_on_top(s, "cosmic-ray", "jump-1", "jump-2")
    s.chance.script("draw")
    step(s, 0, "draw")
    # cosmic ray -> spin -> draw (jump-1), then the second end-of-turn draw (jump-2)
    assert sorted(card_of(c).id for c in s.hands[0]) == ["jump-1", "jump-2"]
    assert s.stats["spins"] == 1


def test_the_hand_limit_is_six_at_the_end_of_the_turn():  # source; K22
    s = game()
    empty_hands(s)
    give(s, 0, *["jump-1"] * 5)
    put_on_top(s, "sink-1", "sink-2")
    step(s, 0, "draw")
    assert s.decision["kind"] == "discard" and len(s.hands[0]) == 7
    s.apply(Discard("jump-1"))
    assert len(s.hands[0]) == 6 and s.current_player() == 1


def test_entanglement_pairs_two_scientists_who_then_share_one_spin():  # source: card notes; K19
    s = game(players=3)
    empty_hands(s)
    put_on_top(s, "entanglement")
    run(s, {"do": "draw", "seat": 0})
    assert s.entangled == [[0, 2]]  # the drawer (seat 1) and the next to the right (seat 3)
    fill(s, 0, "electron")
    fill(s, 2, "electron")
    spin(s, 2, "positron")
    assert s.mats[0]["pieces"] == [] and s.mats[2]["pieces"] == []
    assert s.entangled == [] and s.in_front == {}


def test_an_entangled_drawer_places_the_card_before_the_next_free_scientist_to_the_right():  # K19
    s = game(players=4)
    empty_hands(s)
    s.entangled = [[0, 3]]
    put_on_top(s, "entanglement")
    run(s, {"do": "draw", "seat": 0})
    # to seat 1's right: seat 4 (entangled), then seat 3, who is entangled with seat 2
    assert s.entangled == [[0, 3], [1, 2]] and list(s.in_front) == ["2"]


def helicity(shield_of_seat_2=None):
    """Three Scientists holding one movement card each (seat 2 perhaps a shield too); seat 1
    draws Left Handed Helicity Detected and answers it without a shield (everyone is asked, K32)."""
    s = game(players=3)
    empty_hands(s)
    for seat, card in enumerate(("jump-1", "jump-2", "jump-3")):
        give(s, seat, card)
    if shield_of_seat_2:
        give(s, 1, shield_of_seat_2)
    put_on_top(s, "left-helicity")
    run(s, {"do": "draw", "seat": 0})
    s.apply(Accept())
    return s


def no_shields(s):
    """Every Scientist still to be asked about a shield answers without one."""
    while s.decision.get("kind") in ("respond", "helicity"):
        s.apply(Accept())
    return s


def hands(s):
    return [[card_of(c).id for c in h] for h in s.hands]


def test_helicity_passes_every_hand_and_a_block_keeps_yours():  # source: card notes; K20
    assert hands(no_shields(helicity())) == [["jump-3"], ["jump-1"], ["jump-2"]]
    s = helicity("block")
    assert s.current_player() == 1
    s.apply(Shield("block"))
    assert hands(no_shields(s)) == [["jump-3"], ["jump-2"], ["jump-1"]]  # the pass goes round seat 2


def test_a_reverse_turns_the_helicity_the_other_way():  # source: card notes; K20
    s = helicity("reverse")
    s.apply(Shield("reverse"))
    assert hands(no_shields(s)) == [["jump-2"], ["jump-3"], ["jump-1"]]


def test_pair_production_turns_a_photon_into_an_electron():  # K21
    s = game()
    fill(s, 0, "photon")
    put_on_top(s, "pair-production")
    run(s, {"do": "draw", "seat": 0})
    assert s.mats[0]["pieces"] == ["electron"]


# -- turns, winning, modes -----------------------------------------------------------------------------
def test_a_tie_for_the_first_turn_is_rolled_again():  # K11
    s = load("antimatter", seed=3, players=3, script=["*", 7, 7, 2, 3, 5])
    assert s.first == 1 and s.current_player() == 1


def test_reaching_the_center_with_a_complete_model_wins():  # source: winner; K23
    s = game()
    empty_hands(s)
    fill(s, 0, *PROTON_FULL)
    s.pawns = ["i01", "m09"]
    turn_of(s, 0)
    moved_to(s, 2, "C")
    assert s.is_over() and s.winners() == [0] and s.end_reason == "atom"


def test_reaching_the_center_without_a_complete_model_does_not():  # K23
    s = game()
    empty_hands(s)
    fill(s, 0, *PROTON_FULL[:-1])
    s.pawns = ["i01", "m09"]
    turn_of(s, 0)
    moved_to(s, 2, "C")
    assert not s.is_over()


def test_what_does_not_fit_the_box_is_refused_in_words():  # source: 6 and 6 mats; K23
    with pytest.raises(ValueError, match="need 8 Neutron mats, but the box holds 6. With 2 Scientists each building "
                                         "the atom, the box's mats allow only: H-1, H-2, He-3, He-4, Li-6."):
        load("antimatter", seed=1, players=2, atom="Li-7")  # once set up: 3 + 4 mats each
    with pytest.raises(ValueError, match="need 8 Proton\\+Electron mats.* allow only: H-1, H-2"):
        load("antimatter", seed=1, players=4, atom="He-4")  # once set up: 2 + 2 mats each
    with pytest.raises(ValueError, match="need 7 Proton\\+Electron mats, but the box holds 6. Choose simpler goals"):
        load("antimatter", seed=1, players=2, mode="mixed", goals="H-1, C-12")
    assert len(load("antimatter", seed=1, players=3, atom="He-4").mats) == 12  # every mat in the box


def test_with_every_mat_in_play_no_colour_runs_out_whatever_came_first():  # K5, K6
    """Each mat holds one quark of each colour, but which flavour takes which colour depends on
    the pieces taken first: here every mat of the box lacks a blue down quark, and the bank still
    holds one for each of them (with 8 of each quark it held 8: a game could wait for ever)."""
    s = game(players=3, atom="He-4")
    for i, m in enumerate(s.mats):
        fill(s, i, *(["up-red", "up-green"] if m["type"] == "proton" else ["up-red", "down-green"]))
    assert len(s.mats) == 12 and s.bank["down-blue"] == 12
    assert all(M.completable([m for m in s.mats if m["owner"] == o], s.bank) for o in range(3))
    assert M.completable(s.mats[:6], s.bank) and M.completable(s.mats[6:], s.bank)
    s.check_invariants()


@pytest.mark.slow
def test_no_game_waits_for_a_colour_the_bank_has_run_out_of():  # K5, K23 (the round limit's games: K29)
    """The largest atoms each table allows, between heuristic bots: the bank never lacks a piece a
    mat could take, and every goal can still be completed when the lab closes."""
    from btlgames.core.playing import play_one

    cases = [dict(players=2, atom="Li-6"), dict(players=3, atom="He-4", mode="challenge"),
             dict(players=6, atom="H-2"), dict(players=6, mode="team", teams=3, atom="He-4"),
             dict(players=2, mode="mixed", goals="H-1, Li-6 in order", rounds=12)]
    for case in cases:
        for seed in range(1, 9):
            s = play_one("antimatter", seed, "heuristic", **case)
            assert not any(e.kind == "bank_empty" for e in s.log.events), (case, seed)
            owners = range(max(s.owner_of) + 1)
            assert all(M.completable([m for m in s.mats if m["owner"] == o], s.bank) for o in owners), (case, seed)


def test_mixed_mode_gives_each_seat_its_goal():  # source: mixed mode; K24
    s = game(players=5, mode="mixed")
    assert [(g["atom"], g["challenge"]) for g in s.goals] == [
        ("H-1", False), ("H-1", True), ("H-2", False), ("H-2", True), ("H-1", False)]
    assert [m["type"] for m in s.mats if m["owner"] == 2] == ["proton", "neutron"]


def test_mixed_goals_are_each_seats_own_and_the_teacher_may_set_them():  # source: mixed mode; K24
    s = game(players=3, mode="mixed", goals="H-2 in order, He-4")
    assert [(g["atom"], g["challenge"]) for g in s.goals] == [("H-2", True), ("He-4", False), ("H-2", True)]
    assert [m["type"] for m in s.mats if m["owner"] == 1] == ["proton"] * 2 + ["neutron"] * 2  # Z = 2, N = 2
    equal = game(players=4, mode="mixed", goals="equal", atom="H-2", challenge=True)
    assert all(g == {"atom": "H-2", "challenge": True} for g in equal.goals)
    assert len(game(players=3, mode="mixed").goals) == 3  # the source's four goals, for three seats


@pytest.mark.parametrize("goals, words", [
    ("X-1", "is not a goal"), ("H-1 in order in order", "is not a goal"), ("H-1,", "is not a goal"),
    ("H-1, H-1, H-2", "3 goals for 2 Scientists"), (5, "are words")])
def test_mixed_goals_that_are_not_goals_are_refused_in_words(goals, words):  # K24
    with pytest.raises(ValueError, match=words):
        load("antimatter", seed=1, players=2, mode="mixed", goals=goals)


def test_each_seat_wins_by_its_own_goal():  # source: mixed mode; K23, K24
    s = game(players=3, mode="mixed", head_start=False)  # hydrogen, hydrogen in order, deuterium
    empty_hands(s)
    deuterium = [i for i, m in enumerate(s.mats) if m["owner"] == 2]
    fill(s, deuterium[0], *PROTON_FULL)  # a complete hydrogen is not yet Scientist 3's deuterium
    s.pawns = ["o00", "o06", "i01"]
    turn_of(s, 2)
    moved_to(s, 2, "C")
    assert not s.is_over()
    fill(s, deuterium[1], "up-red", "down-green", "down-blue", "gluon")
    s.pawns = ["o00", "o06", "i01"]
    s.began_center = [False] * 3
    turn_of(s, 2)
    moved_to(s, 2, "C")
    assert s.is_over() and s.winners() == [2]


def test_a_challenge_seat_collects_in_order_beside_a_standard_one():  # source: mixed mode; K7, K24
    s = game(players=2, mode="mixed", head_start=False)  # seat 1 hydrogen, seat 2 hydrogen in challenge order
    run(s, {"do": "take", "seat": 0, "piece": "gluon"}, {"do": "take", "seat": 1, "piece": "gluon"})
    assert s.mats[0]["pieces"] == ["gluon"] and s.mats[1]["pieces"] == []
    run(s, {"do": "take", "seat": 1, "piece": "up-red"})
    assert s.mats[1]["pieces"] == ["up-red"]


def test_the_mixed_game_is_the_sources_handicap_unless_the_head_start_is_chosen():  # source: mixed mode; K24, K31
    from btlgames.antimatter import SPEC

    assert SPEC.options["head_start"].default is False
    s = game(players=4, mode="mixed")  # the ladder as printed: the goals do the balancing
    assert not any(m["pieces"] for m in s.mats) and not any(e.kind == "head_start" for e in s.log.events)
    assert [g["atom"] for g in s.goals] == ["H-1", "H-1", "H-2", "H-2"]


def test_harder_mixed_goals_start_with_pieces_from_the_bank():  # K31
    s = game(players=4, mode="mixed", head_start=True)  # the ladder: H-1, H-1 in order, H-2, H-2 in order
    on = {o: [m["pieces"] for m in s.mats if m["owner"] == o] for o in range(4)}
    assert on[0] == [[]]  # the easiest goal: no head start
    # a goal's work (pieces.toml): Proton+Electron 6, in challenge order 8; Neutron 3, in order 4
    assert on[1] == [["up-red", "up-green"]]  # 8 - 6: the first 2 pieces of the mat's order
    assert on[2] == [[], ["up-red", "down-green", "down-blue"]]  # 6 + 3 - 6: the Neutron mat first
    neutron = ["up-red", "down-green", "down-blue", "gluon"]
    assert on[3] == [["up-red", "up-green"], neutron]  # 8 + 4 - 6: the Neutron mat whole, then 2
    taken = sum(len(p) for mats in on.values() for p in mats)
    assert sum(s.bank.values()) == sum(catalogue().pieces.bank.values()) - taken  # from the bank
    s.check_invariants()
    equal = game(players=4, mode="mixed", goals="equal", head_start=True)
    assert all(not m["pieces"] for m in equal.mats)  # equal goals: nobody is behind


def test_a_game_saved_under_earlier_rules_is_refused_in_words():  # K31, K5
    from btlgames.core.saves import SaveError, dumps, loads

    saved = json.loads(dumps(game(players=4, mode="mixed")))
    assert saved["version"] == 4
    for earlier in (2, 3):  # the head start's first tuning; the bank of 8 of each quark
        saved["version"] = earlier  # the same moves play another game
        with pytest.raises(SaveError, match=f"saved with rules version {earlier}; this kit plays version 4"):
            loads(json.dumps(saved))


def test_a_head_start_always_finds_its_pieces_in_the_bank():  # K31, K5
    s = game(players=2, mode="mixed", goals="H-1, Li-6", head_start=True)  # the most the box allows a second goal
    s.check_invariants()
    lithium = [m["pieces"] for m in s.mats if m["owner"] == 1]
    # Li-6's work 3 x 6 + 3 x 3 = 27, hydrogen's 6: 21 pieces, the Neutron mats first
    assert sum(map(len, lithium)) == 21 and all(len(p) == 4 for p in lithium[3:])
    assert not any(m["pieces"] for m in s.mats if m["owner"] == 0)


def test_every_seats_goal_is_shown_to_everyone():  # source: mixed mode; K24, K28
    from btlgames.ui.games import antimatter as ui

    s = game(players=4, mode="mixed")
    shown = s.view(None)["goals"]
    assert shown == s.goals == s.view(2)["goals"]
    html = ui.table(s.view(None))
    for goal in ("hydrogen-1", "deuterium", "in challenge order"):
        assert goal in html


def test_team_mode_rolls_both_dice_and_shares_them_in_a_fixed_order():  # source: team mode; K25
    s = game(players=6, mode="team", teams=3)
    assert s.groups == [[0, 3], [1, 4], [2, 5]]
    empty_hands(s)
    turn_of(s, 0)
    s.chance.script(4, 2)
    s.apply(Roll())
    assert s.dice == [4, 2]
    s.apply(Order((3, 0)))
    legal = s.legal_actions()
    assert legal == [Allocate(3, n) for n in range(7)]  # seat 4 first: 0 to 6 of the dice's 6 spaces
    s.apply(Allocate(3, 5))  # seat 1 moves the 1 left: all of the dice are used
    assert s.current_player() == 3 and s.decision["steps"] == 5  # the order is kept
    s.apply(s.legal_actions()[0])
    while s.current_player() == 3 and s.decision["kind"] not in ("move", "cards", "action"):
        s.apply(s.legal_actions()[0])
    assert s.current_player() == 0 and s.decision["steps"] == 1  # every die move before any cards


def test_team_mode_needs_two_or_three_in_each_team():  # K25
    with pytest.raises(ValueError, match="cannot make 3 teams"):
        load("antimatter", seed=1, players=5, mode="team", teams=3)
    with pytest.raises(ValueError, match="Team mode needs"):
        load("antimatter", seed=1, players=3, mode="team")


def test_a_team_wins_together():  # K25, K26
    s = game(players=4, mode="team")
    empty_hands(s)
    assert s.owner_of == [0, 1, 0, 1]
    fill(s, 0, *PROTON_FULL)  # team 1's mat
    s.pawns[2] = "C"
    run(s)
    assert s.is_over() and s.winners() == [0, 2]


def test_the_cooperative_game_climbs_the_chart_one_atom_at_a_time():  # source: coop; K27
    s = game(players=3, mode="coop")
    empty_hands(s)
    assert len(s.mats) == 1
    fill(s, 0, *PROTON_FULL)
    s.pawns[0] = "C"
    run(s, )
    assert s.completed == "H-1" and s.mats[0]["safe"]
    assert [m["type"] for m in s.mats if not m["safe"]] == ["neutron"]  # deuterium next
    spin(s, 1, "anti-up")  # a completed atom is safe from antimatter
    assert s.mats[0]["pieces"] == PROTON_FULL


def test_coop_losses_leave_play_and_the_game_ends_when_nothing_more_can_be_built():  # K27
    s = game(players=2, mode="coop")
    empty_hands(s)
    fill(s, 0, *PROTON_FULL)
    s.pawns[0] = "C"
    run(s, )
    s.pawns[0] = "m01"
    fill(s, 1, "up-red")
    for _ in range(s.bank["up-red"] + s.bank["up-green"] + s.bank["up-blue"]):
        for colour in ("red", "green", "blue"):
            if s.bank[f"up-{colour}"]:
                s.bank[f"up-{colour}"] -= 1
                s.out_of_play[f"up-{colour}"] += 1
                break
    spin(s, 1, "anti-up")
    assert s.is_over() and s.end_reason == "most_complex" and s.scores()[0] == 1.0
    assert s.winners() == [0, 1]


def test_the_cooperative_ladder_ends_at_carbon_12_the_last_atom_the_box_holds():  # source: coop, "try for carbon-12"; K27
    from btlgames.antimatter.ending import coop_chain

    assert [n.label for n in coop_chain()][-2:] == ["B-11", "C-12"]  # C-13 would need a 7th Neutron mat
    s = game(players=2, mode="coop")
    empty_hands(s)
    s.level, s.goals[0]["atom"], s.completed = len(coop_chain()) - 1, "C-12", "B-11"
    s.mats = [{"owner": 0, "type": t, "pieces": [], "safe": False} for t in ["proton"] * 6 + ["neutron"] * 6]
    for i in range(6):
        fill(s, i, *PROTON_FULL)
        fill(s, 6 + i, "up-red", "down-green", "down-blue", "gluon")
    s.pawns[0] = "C"
    run(s)
    assert s.is_over() and s.end_reason == "chain_end" and s.completed == "C-12"
    assert s.scores() == {0: 12.0, 1: 12.0} and s.winners() == [0, 1]


def close_the_lab(s):
    """Play on from the end of the last round's last turn: the lab closes (K29)."""
    s.round = s.options["rounds"]
    s.group = (s.first - 1) % len(s.groups)
    s.decision, s.tasks, s.script = {}, [], []
    s._advance()
    assert s.is_over() and s.end_reason == "time"
    return s.winners()


def test_at_closing_time_the_most_pieces_of_one_goal_win():  # K29
    s = game(players=3, rounds=5)
    fill(s, 1, "gluon", "photon")
    fill(s, 2, "gluon")
    assert close_the_lab(s) == [1]


def test_at_closing_time_progress_toward_ones_own_goal_wins_not_its_size():  # K29, K24
    s = game(players=2, mode="mixed", goals="H-1, H-2", rounds=5, head_start=False)
    fill(s, 0, *PROTON_FULL[:5])  # hydrogen one piece short: 5 of 6
    fill(s, 1, *PROTON_FULL)  # deuterium four short: 6 of 10
    assert close_the_lab(s) == [0]
    s = game(players=3, mode="mixed", goals="H-1, He-4, H-1", rounds=5, head_start=False)
    helium = [i for i, m in enumerate(s.mats) if m["owner"] == 1]
    for i in helium[:2]:
        fill(s, i, *PROTON_FULL)  # 12 of 20: three times the pieces of either hydrogen seat
    fill(s, 0, "up-red", "up-green", "gluon", "photon")  # 4 of 6, 2 missing
    fill(s, helium[-1] + 1, "up-red", "down-green", "gluon", "photon")  # seat 3: 4 of 6, 2 missing
    s.pawns = ["o00", "m04", "i01"]  # a tie on both: seat 3 is nearer the Center
    assert close_the_lab(s) == [2]


def test_at_closing_time_a_tie_on_every_count_is_shared():  # K29, K25
    s = game(players=4, mode="team", rounds=5)
    fill(s, 0, "gluon")
    fill(s, 1, "photon")
    s.pawns = ["o00", "o06", "i01", "i11"]  # each team's nearest member two steps from the Center
    assert close_the_lab(s) == [0, 1, 2, 3]
    s = game(players=4, mode="team", rounds=5)
    s.pawns = ["o00", "o06", "i02", "i11"]  # no pieces anywhere: team 1's member one step away
    assert close_the_lab(s) == [0, 2]


# -- the contract ---------------------------------------------------------------------------------
def test_an_illegal_action_says_why_and_changes_nothing():
    s = game()
    before = s.clone()
    with pytest.raises(IllegalAction, match="rolls the die first"):
        s.apply(MoveTo("C"))
    with pytest.raises(IllegalAction):
        s.apply(PlayAction("no-such-card", 99))
    with pytest.raises(IllegalAction):
        s.apply(Stop())
    assert s == before


def test_hands_are_secret_and_the_rest_is_public():  # K28
    s = game()
    view = s.view(None)
    assert view["hand"] is None and view["hand_sizes"] == [4, 4]
    assert s.view(0)["hand"] == [card_of(c).id for c in s.hands[0]]
    assert "deck" in view and isinstance(view["deck"], int)


def test_an_empty_draw_pile_is_the_discard_pile_shuffled():  # K15
    s = game()
    s.discard.extend(s.deck)
    s.deck = []
    run(s, {"do": "draw", "seat": 0})
    assert any(e.kind == "reshuffle" for e in s.log.events)


def test_every_event_has_a_sentence():
    from btlgames.core.playing import play_one
    text = messages("en")
    for mode, players in (("standard", 3), ("team", 4), ("coop", 3)):
        state = play_one("antimatter", 5, "random", players=players, mode=mode, rounds=15)
        for e in state.log.events:
            assert f"antimatter.event.{e.kind}" in text, e.kind


def test_every_kit_rule_in_the_rulebook_is_named_by_a_test():
    from pathlib import Path

    root = Path(__file__).parents[2]
    rules = set(re.findall(r"Kit rule (K\d+)", (root / "lessons/antimatter-matters/rules.md").read_text()))
    tested = set()
    for name in ("test_antimatter_rules.py", "test_antimatter_data.py", "test_antimatter_conformance.py"):
        for comment in re.findall(r"#.*", (root / "tests/engine" / name).read_text()):
            tested |= set(re.findall(r"K\d+", comment))
    assert rules and rules <= tested, f"kit rules without a test: {sorted(rules - tested)}"


# -- every action card ---------------------------------------------------------------------------------
def test_photon_absorbed_and_emitted_move_two_spaces_in_or_out_and_the_mover_chooses():  # K16, K30
    s = game()
    empty_hands(s)
    give(s, 0, "photon-absorbed", "photon-emitted")
    s.pawns = ["m02", "m09"]
    step(s, 0, "action")
    s.apply(PlayAction("photon-absorbed", 0))
    assert s.decision["kind"] == "route" and sorted(a.space for a in s.legal_actions()) == ["m00", "m04"]
    s.apply(MoveTo("m04"))
    assert s.pawns[0] == "m04"

    s = game()
    empty_hands(s)
    give(s, 0, "photon-absorbed")
    s.pawns = ["m03", "m09"]
    step(s, 0, "action")
    s.apply(PlayAction("photon-absorbed", 0))
    s.apply(MoveTo("i11"))
    assert s.mats[0]["pieces"] == ["photon"]  # the event where the action moved you

    s = game()
    empty_hands(s)
    give(s, 0, "photon-emitted")
    s.pawns = ["m09", "m02"]
    step(s, 0, "action")
    s.apply(PlayAction("photon-emitted", 1))  # on another Scientist: that one chooses the way
    s.apply(Accept())
    assert s.current_player() == 1 and [a.space for a in s.legal_actions()] == ["x02"]


def test_the_take_cards_give_a_piece_only_if_it_is_needed():  # K16
    for card, piece in (("gluon-field", "gluon"), ("laser", "photon"), ("beta-source", "electron")):
        s = game()
        empty_hands(s)
        give(s, 0, card, card)
        step(s, 0, "action")
        s.apply(PlayAction(card, 0))
        assert s.mats[0]["pieces"] == [piece]


def test_a_cloud_chamber_draws_two_and_plays_an_immediate_one():  # K16, K22
    s = game()
    empty_hands(s)
    give(s, 0, "cloud-chamber")
    put_on_top(s, "jump-4", "right-helicity")
    step(s, 0, "action")
    s.apply(PlayAction("cloud-chamber", 0))
    no_shields(s)
    # jump-4 drawn, then the helicity passes it to the right (the turn's end draws come after)
    assert "jump-4" in [card_of(c).id for c in s.hands[1]]
    assert "jump-4" not in [card_of(c).id for c in s.hands[0]]


def test_a_reversed_heisenberg_kick_is_steered_by_the_one_who_reversed_it():  # K17, K30
    s = game()
    empty_hands(s)
    give(s, 0, "heisenberg-kick")
    give(s, 1, "reverse")
    s.pawns = ["m08", "m10"]
    step(s, 0, "action")
    s.apply(PlayAction("heisenberg-kick", 1))
    s.apply(Shield("reverse"))
    s.apply(Accept())
    assert s.current_player() == 1 and s.decision["mover"] == 0


def test_entanglement_with_no_free_pair_is_discarded():  # K19
    s = game()
    empty_hands(s)
    s.entangled, s.in_front = [[0, 1]], {"0": s.deck.pop()}
    put_on_top(s, "entanglement")
    run(s, {"do": "draw", "seat": 0})
    assert s.entangled == [[0, 1]] and s.log.events[-1].kind == "entangle_none"


def test_a_team_member_with_no_share_stays_and_has_no_event():  # K25
    s = game(players=4, mode="team")
    empty_hands(s)
    turn_of(s, 0)
    s.chance.script(3, 1)
    s.apply(Roll())
    s.apply(Order((0, 2)))
    s.apply(Allocate(0, 4))
    s.apply(s.legal_actions()[0])
    while s.decision.get("kind") in ("place", "lose", "breach", "respond", "helicity", "route"):
        s.apply(s.legal_actions()[0])
    assert any(e.kind == "stays" and e.player == 2 for e in s.log.events)


# -- clauses of the source, reread one by one ---------------------------------------------------------
def test_set_up_pawns_on_the_middle_ring_a_mat_and_four_cards_each():  # source: set-up; K3
    s = game(players=6)
    assert s.pawns == ["m01", "m09", "m03", "m11", "m05", "m13"]  # start spaces spread round the ring
    assert all(catalogue().board.spaces[p].where[:2] == ("ring", "middle") for p in s.pawns)
    assert [(m["owner"], m["type"]) for m in s.mats] == [(seat, "proton") for seat in range(6)]
    assert all(len(h) == 4 and all(card_of(c).type != "immediate" for c in h) for h in s.hands)


def test_one_die_in_the_standard_game_both_in_team_mode():  # source: 2 dice, one used in standard mode
    s = game()
    empty_hands(s)
    turn_of(s, s.first)
    s.apply(Roll())
    assert len(s.dice) == 1 and 1 <= s.dice[0] <= 8  # an eight-sided die


def test_the_turn_passes_to_the_left_and_a_round_ends_with_the_first_again():  # source: turn token; K11
    s = game(players=3)
    empty_hands(s)
    s.first, s.round = 1, 1
    turn_of(s, 2)
    put_on_top(s, "jump-1", "jump-2")
    s.apply(MoveTo(moved_to(s, 1)[0]))
    while s.current_player() == 2 and s.decision["kind"] != "roll":
        s.apply(Stop() if Stop() in s.legal_actions() else s.legal_actions()[0])
    assert (s.current_player(), s.decision["kind"]) == (0, "roll") and s.round == 1  # seat 3 -> seat 1
    s.group = 0
    s._next_turn()
    assert s.groups[s.group] == [1] and s.round == 2  # back to the first Scientist: a new round


def test_a_draw_space_draws_a_card_and_an_immediate_one_is_played():  # source: draw space; K13
    s = game()
    empty_hands(s)
    s.pawns = ["m01", "m09"]
    turn_of(s, 0)
    put_on_top(s, "jump-3")
    moved_to(s, 1, "m00")  # a draw space next to the start
    assert [card_of(c).id for c in s.hands[0]] == ["jump-3"]
    s = game()
    empty_hands(s)
    s.pawns = ["m01", "m09"]
    turn_of(s, 0)
    put_on_top(s, "cosmic-ray")
    s.chance.script(1, "center")  # the die, then the Cosmic Ray Shower's spin
    s.apply(Roll())
    s.apply(MoveTo("m00"))
    assert s.pawns[0] == "C" and "cosmic-ray" in [card_of(c).id for c in s.discard]
    assert "cosmic-ray" not in [card_of(c).id for c in s.hands[0]]  # played, never held


def test_an_antimatter_space_spins_the_spinner():  # source: antimatter space; K13
    s = game()
    empty_hands(s)
    fill(s, 0, "electron")
    s.pawns = ["m01", "m09"]
    turn_of(s, 0)
    s.chance.script(1, "positron")
    s.apply(Roll())
    s.apply(MoveTo("m02"))
    assert s.mats[0]["pieces"] == [] and s.spins == [[0, "positron"]]


def test_the_spinners_draw_sector_draws_one_card():  # source: spinner Draw
    s = game()
    empty_hands(s)
    put_on_top(s, "sink-1")
    spin(s, 1, "draw")
    assert [card_of(c).id for c in s.hands[1]] == ["sink-1"]


def test_an_immediate_card_is_played_when_drawn_whoever_is_on_turn():  # source: immediate, regardless of turn
    s = game()
    empty_hands(s)
    fill(s, 1, "photon")
    turn_of(s, 0)
    put_on_top(s, "pair-production")
    run(s, {"do": "draw", "seat": 1})  # Scientist 2 draws on Scientist 1's turn (a spinner's Draw)
    assert s.mats[1]["pieces"] == ["electron"] and s.hands[1] == []


def test_an_action_on_yourself_is_never_shielded():  # source: shields only against another; K17
    s = game()
    empty_hands(s)
    give(s, 0, "antimatter-cloud", "block")
    step(s, 0, "action")
    s.chance.script("draw")
    s.apply(PlayAction("antimatter-cloud", 0))
    assert s.decision.get("kind") != "respond" and any(e.kind == "spin" for e in s.log.events)


def test_the_cooperative_game_starts_with_one_shared_mat_and_breaches_spare_finished_atoms():  # source: coop; K27
    s = game(players=3, mode="coop")
    assert [(m["owner"], m["type"]) for m in s.mats] == [(0, "proton")] and s.owner_of == [0, 0, 0]
    fill(s, 0, *PROTON_FULL)
    s.mats[0]["safe"] = True
    s.mats.append({"owner": 0, "type": "neutron", "pieces": [], "safe": False})
    fill(s, 1, "gluon")
    run(s, {"do": "sector", "seat": 2, "sector": "breach"})
    assert s.mats[0]["pieces"] == PROTON_FULL and s.mats[1]["pieces"] == []  # only the active mat
    assert s.out_of_play["gluon"] == 1  # lost for the rest of the game


@pytest.mark.parametrize("card", [c.id for c in catalogue().cards.values() if c.type == "movement"])
def test_every_movement_card_moves_its_steps_towards_or_away_from_the_center(card):  # source: Jump N, Sink N; K10, K12
    found = catalogue().cards[card]
    board = catalogue().board
    s = game()
    empty_hands(s)
    start = "o03" if found.effect == "jump" else "m04"  # room for four steps in, three out
    s.pawns = [start, "C"]
    give(s, 0, card)
    step(s, 0, "cards")
    play_cards(s, card)
    change = found.steps if found.effect == "jump" else -found.steps
    ends = [a.space for a in s.legal_actions()]
    assert ends and all(board.distance[e] == board.distance[start] - change for e in ends)


def test_equal_mixed_goals_play_exactly_the_standard_game():  # K24: the designer notes' "equal" row
    from btlgames.core.playing import play_one

    for seed in (3, 4):
        standard = play_one("antimatter", seed, "heuristic", players=4, mode="standard")
        mixed = play_one("antimatter", seed, "heuristic", players=4, mode="mixed", goals="equal")
        assert mixed.history == standard.history and mixed.winners() == standard.winners()


@pytest.mark.parametrize("mode, players", [("team", 4), ("challenge", 3)])
def test_a_bots_view_is_the_view_part_for_part(mode, players):
    """seat_view builds each part when read (speed); what it holds is view()'s (every 10th step)."""
    from btlgames.core.playing import make_bot

    state = load("antimatter", seed=5, mode=mode, players=players)
    bots = {p: make_bot("antimatter", "heuristic", p) for p in range(state.players)}
    while not state.is_over():
        for viewer in [state.current_player(), None] if len(state.history) % 10 == 0 else ():
            lazy = state.seat_view(viewer)
            assert lazy["decision"] == state.view(viewer)["decision"]  # one part read first, then all
            assert lazy == state.view(viewer) and list(lazy) == list(state.view(viewer))
        p = state.current_player()
        state.apply(bots[p].choose(state.seat_view(p), state.legal_actions()))


def test_the_heuristic_bot_takes_over_a_set_of_movement_cards_someone_else_began():
    """A bot asked to go on with a set it did not begin (a seat handed to the bot mid-choice)
    plans again from the cards already taken, whatever it planned before."""
    from btlgames.antimatter.bots import HeuristicBot

    def table():
        s = game()
        empty_hands(s)
        give(s, 0, "jump-1", "jump-2", "sink-1", "sink-2")
        s.pawns = ["m00", "m08"]
        return step(s, 0, "cards")

    s = table()
    planned = HeuristicBot(0)
    assert planned.choose(s.view(0), s.legal_actions()) == PickCard("sink-1")  # its plan: sink 1 + sink 2
    s = table()
    s.apply(PickCard("jump-2"))  # someone else began another set
    for bot in (planned, HeuristicBot(0)):
        answer = bot.choose(s.view(0), s.legal_actions())
        assert answer in s.legal_actions()
        trial = s.clone()
        while isinstance(answer, PickCard):  # the set it goes on with holds the card taken
            trial.apply(answer)
            answer = bot.choose(trial.view(0), trial.legal_actions())
        assert isinstance(answer, (PlayMovement, Stop)) and (isinstance(answer, Stop) or "jump-2" in answer.cards)


WORKSHEET_STEPS = {"": ("steps", {"two": 2, "three": 3, "four": 4}),
                   "fi/": ("askeleen", {"kahden": 2, "kolmen": 3, "neljän": 4}),
                   "nl/": ("stappen", {"twee": 2, "drie": 3, "vier": 4})}


@pytest.mark.parametrize("folder", WORKSHEET_STEPS)
def test_the_worksheets_pauli_question_is_the_board_and_the_rules(folder):  # K9, K1
    """Question 1 in every language: m00's steps from the Center as the board has them, and the
    answer key's end as the engine plays it."""
    from pathlib import Path

    pack = Path(__file__).parents[2] / "lessons" / "antimatter-matters" / folder
    word, numbers = WORKSHEET_STEPS[folder]
    said = re.search(rf"m00, (\w+) {word}", (pack / "worksheet.md").read_text())
    assert said and numbers[said.group(1)] == catalogue().board.distance["m00"]
    s = game()
    empty_hands(s)
    s.pawns = ["m00", "i02"]
    turn_of(s, 0)
    moved_to(s, 2, "i01")
    assert s.pawns[0] == "i01"
    if (pack / "answer-key.md").exists():
        assert re.search(r"^1\. \w+ \*\*i01\*\*", (pack / "answer-key.md").read_text(), re.M)
