"""Research Programme, clause by clause (lessons/research-programme/rules.md; K<n> = kit rule n).

Replication and bridges come first, with the source's own worked examples (the Bayesian
null result, "+4 VP" for a theory rewarding each replication, the synthesis odds).
Most scenarios use the school game's fixed set-up (every hex known): seat 1 owns the
theory nanohertz_background (gravity, difficulty 5, names pulsar_timing_array) with that
project built on gravity-3 as tile "1a"; seat 2 owns sterile_neutrinos (particle, names
neutrino_observatory) on particle-3 as tile "2a".
"""
import re
from fractions import Fraction
from pathlib import Path

import pytest

import btlgames
from btlgames import IllegalAction
from btlgames.research import board, cards
from btlgames.research.actions import (Block, Borrow, Build, CollectData, FreePreprint, Income, Interfere, Journal,
                                       PeerReview, PlanTest, Predict, Preprint, Reveal, Reward, Stop, Story, Synthesis)
from btlgames.core.playing import play_one
from btlgames.research.terms import success_chance

DEFAULTS = {"income": Income("D", "theory"), "story": Story(False), "act": Stop(), "synthesis": Synthesis(False)}


def answer(state, stop):
    """Answer decisions with plain defaults until ``stop(state)`` holds (or the game ends)."""
    for _ in range(500):
        if state.is_over() or stop(state):
            return state
        kind = state.queue[0]["kind"]
        legal = state.legal_actions()
        action = DEFAULTS.get(kind)
        state.apply(action if action in legal else legal[-1] if kind in ("repay", "heist") else legal[0])
    raise AssertionError("no stop")


def to_act(state, player=0):
    return answer(state, lambda s: s.queue and s.queue[0] == {"kind": "act", "player": player})


def next_round(state):
    now = state.round
    return answer(state, lambda s: s.round > now)


def school(players=2, seed=1):
    return to_act(btlgames.load("research", seed=seed, variant="school", players=players))


def schedule(state, theory, tile, method="", from_hand=False, roll=None):
    """The current player schedules a test; ``roll`` scripts its die."""
    p = state.current_player()
    state.apply(Predict(theory))
    state.apply(PlanTest(tile, method, from_hand))
    if roll is not None:
        state.chance.script(roll)
    return p


def build(state, p, project, hex_):
    """Put a tile for ``p`` straight on the map (as if built earlier)."""
    state._place_tile(p, project, hex_, bonus=False)
    return state.tiles[-1]["uid"]


def hit(state, theory, tile, p=0, extra_hits=()):
    """Give ``theory`` earlier hits on these tiles."""
    for t in extra_hits:
        hex_ = next(x["hex"] for x in state.tiles if x["uid"] == t)
        state.theories[theory]["hits"].append({"tile": t, "tester": p, "hex": hex_})


def result(state, p, kind, theory="nanohertz_background"):
    """An unpublished result of ``p`` (as if one of its tests had produced it)."""
    state.results.append({"player": p, "theory": theory, "kind": kind, "round": 1, "preprint": False,
                          "journal": False, **({"could_succeed": True} if kind == "null" else {})})
    return len(state.results) - 1


def last(state, kind):
    return next(e for e in reversed(state.log.events) if e.kind == kind)


NANO, NEUTRINO = "nanohertz_background", "sterile_neutrinos"


# -- replication, the heart of the game ---------------------------------------------------------------------
def test_a_first_hit_scores_no_vp():
    state = school()
    schedule(state, NANO, "1a", roll=6)
    next_round(state)
    assert state.theories[NANO]["hits"] == [{"tile": "1a", "tester": 0, "hex": "gravity-3"}]
    assert state.players_[0]["vp"] == 0 and state.counter == 0
    assert last(state, "hit").data["how"] == "first"


def test_own_replication_on_another_project_scores_3_vp_and_rigor():
    state = school()
    second = build(state, 0, "torsion_balance", "gravity-4")
    hit(state, NANO, "1a", extra_hits=["1a"])
    schedule(state, NANO, second, roll=6)
    next_round(state)
    pl = state.players_[0]
    assert pl["vp"] == 3 and pl["rigor"] >= 1 and state.counter == 1
    assert last(state, "replication").data["vp"] == 3


def test_a_third_project_scores_2_and_later_ones_none():
    state = school()
    second = build(state, 0, "torsion_balance", "gravity-4")
    third = build(state, 0, "galaxy_survey", "cosmology-5")
    hit(state, NANO, "1a", extra_hits=["1a", second])
    state.players_[0]["res"]["D"] += 2
    schedule(state, NANO, third, roll=6)
    next_round(state)
    assert last(state, "replication").data["vp"] == 2
    fourth = build(state, 0, "supernova_search", "cosmology-2")
    to_act(state)
    schedule(state, NANO, fourth, roll=6)
    next_round(state)
    assert last(state, "replication").data["vp"] == 0 and state.counter == 2  # still a replication


def test_vp_per_replication_gives_four_on_the_second_hit():
    """The source's example: a theory rewarding "VP +1 per replication", second hit: +4."""
    state = school()
    state.theories["black_hole_echoes"] = {"owner": 0, "kv": 0, "hits": [], "replications": 0}
    state.decks["theory"].remove("black_hole_echoes")
    second = build(state, 0, "ligo_interferometer", "gravity-4")
    hit(state, "black_hole_echoes", "1a", extra_hits=[second])
    state.players_[0]["rigor"] = 8  # +2: enough to reach difficulty 6 + 1 on a 5
    schedule(state, "black_hole_echoes", "1a", roll=6)
    next_round(state)
    assert state.players_[0]["vp"] == 4


def test_the_same_project_again_is_a_repetition():
    state = school()
    hit(state, NANO, "1a", extra_hits=["1a"])
    state.players_[0]["methods"].append("open_data")
    schedule(state, NANO, "1a", method="open_data", roll=6)  # another method: still the same data
    next_round(state)
    pl = state.players_[0]
    assert last(state, "hit").data["how"] == "repetition"
    assert pl["vp"] == 0 and pl["rigor"] == 1 + 1 and state.counter == 0  # the theory's reward, the repetition


def test_replicating_another_players_theory_pays_both_and_bridges_for_the_owner():
    state = school()
    hit(state, NEUTRINO, "2a", p=1, extra_hits=["2a"])
    state.players_[0]["rigor"] = 8
    p = schedule(state, NEUTRINO, "1a", roll=6)  # gravity project on a particle theory: difficulty 4 + 1
    assert p == 0
    next_round(state)
    me, owner = state.players_
    assert me["vp"] == 2 and owner["vp"] == 2
    assert owner["rigor"] == 1 and me["rigor"] == 8 + 1
    assert owner["bridges"] == [["gravity", "particle"]] and me["bridges"] == []
    assert state.replications_of(1) == 1


def test_a_first_hit_on_another_players_theory_scores_nothing():
    state = school()
    state.players_[0]["rigor"] = 8
    schedule(state, NEUTRINO, "1a", roll=6)
    next_round(state)
    assert [pl["vp"] for pl in state.players_] == [0, 0] and state.counter == 0


def test_a_replication_cleans_noise_here_and_next_door():  # K19
    state = school()
    second = build(state, 0, "torsion_balance", "gravity-4")
    hit(state, NANO, "1a", extra_hits=["1a"])
    state.noise["gravity-4"] = 1
    state.noise["gravity-5"] = 2
    state.players_[0]["rigor"] = 8
    schedule(state, NANO, second, roll=6)
    next_round(state)
    assert state.noise["gravity-4"] == 0 and state.noise["gravity-5"] == 1


def test_bridges_between_neighbouring_fields_and_wormholes_between_far_ones():  # K20
    state = school()
    far = build(state, 0, "proof_assistant_cluster", "mathematics-2")  # gravity and mathematics are neighbours
    hit(state, NANO, "1a", extra_hits=["1a"])
    state.players_[0]["rigor"] = 8
    schedule(state, NANO, far, roll=6)
    next_round(state)
    assert state.players_[0]["bridges"] == [["gravity", "mathematics"]] and state.wormholes == []
    quantum = build(state, 0, "quantum_optics_table", "quantum-2")  # gravity-quantum: not neighbours
    to_act(state)
    schedule(state, NANO, quantum, roll=6)
    assert state.test_terms(0, NANO, quantum, "")["wormhole"]
    next_round(state)
    assert ["gravity", "quantum"] in state.players_[0]["bridges"]
    assert ["gravity-3", "quantum-2"] in state.wormholes
    assert "quantum-2" in state._neighbours("gravity-3")


def test_bridges_count_at_the_end():
    state = school()
    state.players_[0]["bridges"] = [["gravity", "meta"], ["gravity", "particle"]]
    state._finish("rounds")
    assert state.players_[0]["final"]["bridges"] == 2 and state.players_[0]["vp"] == 2


def test_the_replication_counter_ends_the_game():
    state = school()
    state.counter = 3  # goal for 2 players: 4
    second = build(state, 0, "torsion_balance", "gravity-4")
    hit(state, NANO, "1a", extra_hits=["1a"])
    schedule(state, NANO, second, roll=6)
    state.stats["replications"] = 3
    for _ in range(3):
        state.log.add(1, "tests", 0, "replication")
    next_round(state)
    assert state.is_over() and state.end_reason == "replications"


# -- the test -------------------------------------------------------------------------------------------------
def test_difficulty_by_project():
    state = school()
    same = build(state, 0, "torsion_balance", "gravity-4")
    other = build(state, 0, "galaxy_survey", "cosmology-5")
    terms = lambda tile: state.test_terms(0, NANO, tile, "")  # noqa: E731
    assert terms("1a")["difficulty"] == 5  # the named project
    assert terms(same)["difficulty"] == 6  # same field
    assert terms(other)["difficulty"] == 8  # another field
    hit(state, NANO, "1a", extra_hits=["1a"])
    assert terms(other)["difficulty"] == 6  # another field once there is a hit


def test_a_project_on_metascience_adds_one():
    state = school()
    meta = build(state, 0, "pulsar_timing_array", "meta-2")
    assert state.test_terms(0, NANO, meta, "")["difficulty"] == 6


def test_bonus_is_capped_at_three_and_noise_counts_apart():
    state = school()
    state.players_[0].update(rigor=8, insight=1)
    state.noise["gravity-3"] = 2
    terms = state.test_terms(0, NANO, "1a", "blind_analysis")  # technique 1 + 2 + 1 + 1 = 5
    assert terms["bonus"] == 3 and terms["noise"] == 2
    assert success_chance(terms) == Fraction(3, 6)  # a 4 or more: 4 + 3 - 2 >= 5 (K14 map bonus: none here)


def test_a_null_result_lowers_consensus_gives_skepticism_and_noise():  # K15
    state = school()
    s_before = state.players_[0]["res"]["S"]
    schedule(state, NANO, "1a", roll=1)
    next_round(state)
    assert state.theories[NANO]["kv"] == -1 and state.noise["gravity-3"] == 1
    assert state.players_[0]["res"]["S"] >= s_before + 1


def test_bayesian_model_comparison_null_costs_two_consensus():
    """The source's example: a null with Bayesian model comparison on consensus >= 1 costs -2."""
    state = school()
    state.theories[NANO]["kv"] = 1
    state.players_[0]["methods"].append("bayesian_model_comparison")
    schedule(state, NANO, "1a", method="bayesian_model_comparison", roll=1)
    next_round(state)
    assert state.theories[NANO]["kv"] == -1


def test_the_null_results_event_spares_consensus_and_gives_more_skepticism():
    state = school()
    state.event = "null_results_round"
    assert cards.events()[state.event].code == "null_results"
    s_before = state.players_[0]["res"]["S"]
    schedule(state, NANO, "1a", roll=1)
    answer(state, lambda s: s.phase == "tests" and not any(d["player"] == 0 for d in s.queue)
           and "null" in [e.kind for e in s.log.events])
    assert state.theories[NANO]["kv"] == 0 and state.players_[0]["res"]["S"] == s_before + 2


def test_consensus_minus_two_falsifies_with_skepticism():  # K16
    state = school()
    state.theories[NANO]["kv"] = -1
    state.players_[1]["scheduled"] = {"theory": NANO, "tile": "2a", "method": ""}
    schedule(state, NANO, "1a", roll=1)
    next_round(state)
    assert NANO not in state.theories and state.players_[0]["vp"] == 1
    assert last(state, "falsified").player == 0


def test_without_skepticism_the_theory_is_rejected():
    state = school()
    state.theories[NANO]["kv"] = -1
    state.players_[0]["res"]["S"] = 0
    state.players_[0]["methods"].append("bayesian_model_comparison")
    schedule(state, NANO, "1a", roll=1)
    state._null(0, {"theory": NANO}, {"hex": "", "difficulty": 5, "bonus": 0, "noise": 0, "penalty": 0}, None)
    # S is taken after the null: reject first
    assert NANO not in state.theories


def test_hype_above_rigor_plus_one_annuls_the_first_success():  # K17
    state = school()
    state.players_[0].update(hype=3, rigor=1)
    schedule(state, NANO, "1a", roll=6)
    next_round(state)
    assert state.theories[NANO]["hits"] == [] and state.players_[0]["hype"] == 2
    assert state.results[-1]["kind"] == "artefact"


def test_cross_validation_is_never_an_artefact():
    state = school()
    state.players_[0].update(hype=3, rigor=1)
    state.players_[0]["methods"].append("cross_validation")
    schedule(state, NANO, "1a", method="cross_validation", roll=6)
    next_round(state)
    assert len(state.theories[NANO]["hits"]) == 1


# -- the round ---------------------------------------------------------------------------------------------------
def test_income_is_two_plus_reputation_and_a_chosen_resource():
    state = btlgames.load("research", seed=1, variant="school", players=2)
    state.players_[0].update(reputation=3, hype=2)
    before = dict(state.players_[0]["res"])
    state.apply(Income("L", "method"))
    res = state.players_[0]["res"]
    assert res["R"] == before["R"] + 2 + 1 + 1  # +1 per 3 reputation, +1 for hype 2
    assert res["L"] == before["L"] + 1  # the choice (K7)
    assert res["D"] == before["D"] + 1  # the pulsar timing array produces D


def test_two_different_actions_then_the_next_player():
    state = school()
    state.apply(CollectData())
    state.apply(Stop())  # the other player
    assert state.current_player() == 0
    assert CollectData() not in state.legal_actions()  # not the same action twice
    with pytest.raises(IllegalAction, match="must differ|not possible"):
        state.apply(CollectData())


def test_stop_skips_the_second_action():
    state = school()
    state.apply(Stop())
    assert state.queue[0]["player"] == 1


def test_borrow_before_an_action_once():
    state = school()
    r = state.players_[0]["res"]["R"]
    state.apply(Borrow())
    assert state.players_[0]["res"]["R"] == r + 2 and state.players_[0]["debt"] == 1
    assert Borrow() not in state.legal_actions() and state.queue[0]["kind"] == "act"
    state.apply(CollectData())
    assert Borrow() in state.legal_actions()  # before the second action, once more


def test_debt_costs_a_point_each_at_the_end():
    state = school()
    state.players_[0]["debt"] = 2
    state._finish("rounds")
    assert state.players_[0]["final"]["debt"] == -2


def test_storage_limit_returns_from_the_largest_pile():  # K9
    state = school()
    state.players_[0]["res"] = {"R": 5, "D": 3, "L": 1, "O": 0, "S": 1}
    state._storage_limit(0)
    assert state.players_[0]["res"] == {"R": 3, "D": 3, "L": 1, "O": 0, "S": 1}


def test_journal_of_a_null_result_scores_a_point():  # K12
    state = school()
    result(state, 0, "null")
    state.players_[0]["res"].update(D=1, L=1)
    state.apply(Journal(0))
    assert state.players_[0]["vp"] == 1 and state.players_[0]["rigor"] == 1


@pytest.mark.parametrize("noise, point", [(2, 1), (3, 0)])
def test_a_journal_pays_a_point_only_for_a_null_result_whose_test_could_have_succeeded(noise, point):  # K12
    # 5+ with the project's Technique +1 is 4+; each noise on the hex needs one more: 2 noise a 6, 3 noise a 7
    state = school()
    state.noise["gravity-3"] = noise
    schedule(state, NANO, "1a", roll=1)
    next_round(state)
    null = next(i for i, r in enumerate(state.results) if r["kind"] == "null")
    assert state.results[null]["could_succeed"] is bool(point)
    to_act(state, 0)
    pl = state.players_[0]
    pl["res"].update(D=1, L=1)
    vp, rigor = pl["vp"], pl["rigor"]
    state.apply(Journal(null))
    assert pl["vp"] == vp + point and pl["rigor"] == rigor + 1  # the journal's Rigor either way
    assert last(state, "journal").data["vp"] == point


def test_journal_of_a_hit_raises_consensus_and_preprint_raises_hype():  # K13
    state = school()
    result(state, 0, "hit")
    state.players_[0]["res"].update(D=2, L=1)
    state.apply(Journal(0))
    assert state.theories[NANO]["kv"] == 1
    state.apply(Stop())  # the other player
    state.apply(Preprint(0))
    assert state.players_[0]["hype"] == 1 and state.players_[0]["reputation"] == 1
    assert Preprint(0) not in state.legal_actions()


def test_peer_review_trades_talent_and_skepticism_for_rigor():
    state = school()
    state.players_[0]["res"].update(O=1, S=1)
    state.players_[0]["hype"] = 2
    state.apply(PeerReview("rigor"))
    assert state.players_[0]["rigor"] == 1 and state.players_[0]["hype"] == 1


def test_a_placement_bonus_hex_pays_its_builder_once():  # K3
    state = school()
    bonus = dict(cards.placement_bonus()["gravity-1"])
    state.players_[0]["res"]["R"] = 8
    before = dict(state.players_[0]["res"])
    state.apply(Build("torsion_balance", "gravity-1") if Build("torsion_balance", "gravity-1") in state.legal_actions()
                else next(a for a in state.legal_actions() if a.kind == "build" and a.hex == "gravity-1"))
    project = cards.projects()[state.tiles[-1]["card"]]
    spent = {"R": project.cost}
    for r in before:
        assert state.players_[0]["res"][r] == before[r] - spent.get(r, 0) + bonus.get(r, 0)


def test_at_most_three_theories_on_the_table():  # K10
    state = school()
    state.players_[0]["res"]["R"] = 8
    for t in ("fifth_force", "accelerating_expansion"):
        state.theories[t] = {"owner": 0, "kv": 0, "hits": [], "replications": 0}
        state.decks["theory"].remove(t)
    state.players_[0]["hand"].append("loophole_free_bell")
    state.decks["theory"].remove("loophole_free_bell")
    assert not [a for a in state.legal_actions() if a.kind == "theory"]


def test_the_kit_action_list():  # K11
    from btlgames.research.actions import MAIN_ACTIONS
    assert set(MAIN_ACTIONS) == {"theory", "method", "build", "predict", "preprint", "journal", "interfere",
                                 "simulate", "peer_review", "collect"}
    from btlgames.core.playing import play_one
    seen = {a["kind"] for seed in range(6) for a in play_one("research", seed, "random", variant="full",
                                                               players=3).history}
    assert set(MAIN_ACTIONS) <= seen, f"never played: {set(MAIN_ACTIONS) - seen}"


def test_the_same_prediction_means_the_same_theory():  # K18
    state = school()
    hit(state, NANO, "1a", extra_hits=["1a"])
    state.players_[0]["rigor"] = 8
    state.players_[1]["rigor"] = 8
    schedule(state, NANO, "1a", roll=6)  # a second hit on the same project: a repetition
    next_round(state)
    assert state.counter == 0


def test_a_project_next_to_another_own_project_produces_one_more():  # K22
    state = school()
    build(state, 0, "torsion_balance", "gravity-4")  # next to gravity-3
    production = state._production(0)
    assert production == {"D": (1 + 1) + (1 + 1), "O": 1}  # each gets +1 on its first resource


def test_a_map_bonus_next_to_an_anomaly_of_the_theorys_field():  # K14
    state = school()
    state.anomaly_at["gravity-4"] = "flyby_anomaly" if "flyby_anomaly" in cards.anomalies() else next(
        a.id for a in cards.anomalies().values() if a.field == "gravity")
    assert state.test_terms(0, NANO, "1a", "")["bonus"] == 1 + 1  # technique 1, map 1


def test_a_discovery_offers_technique_vp_or_two_resources():  # K23
    state = btlgames.load("research", seed=3, variant="full", players=2)
    state.queue.insert(0, {"kind": "reward", "player": 0, "token": "discovery"})
    choices = {a.choice for a in state.legal_actions()}
    assert choices == {"technique", "vp", "pair:R", "pair:D", "pair:L", "pair:O", "pair:S"}
    state.apply(Reward("technique"))
    assert state.players_[0]["technique"] == 1


def test_opening_hands_are_chosen_in_turn_from_two_and_two():  # K6
    state = btlgames.load("research", seed=3, variant="full", players=3)
    d = state.queue[0]
    assert d == {"kind": "keep", "player": state.start}
    offer = state.players_[state.start]["offer"]
    assert len(state.legal_actions()) == 4 and state.view(state.start)["players_"][state.start]["offer"] == offer
    assert state.view((state.start + 1) % 3)["players_"][state.start]["offer"] is None
    state.apply(state.legal_actions()[0])
    assert len(state.players_[d["player"]]["hand"]) == 2


# -- interference (full game) ---------------------------------------------------------------------------------
def interference_table(card):
    state = btlgames.load("research", seed=3, variant="full", players=2)
    answer(state, lambda s: s.phase == "actions" and s.queue[0]["kind"] == "act")
    p = state.current_player()
    state.players_[p]["interference"] = [card]
    state.players_[p]["res"]["R"] = 5
    return state, p, 1 - p


def test_a_method_on_the_table_blocks_for_free():  # K24
    card = next(c for c in cards.interference().values() if c.type == "bias" and c.blocked_by)
    state, p, q = interference_table(card.id)
    state.players_[q]["methods"].append(card.blocked_by[0])
    state.apply(Interfere(card.id, q))
    assert last(state, "blocked").data["how"] == "table_method"


def test_skepticism_blocks_a_bias_for_two():  # K24
    card = next(c for c in cards.interference().values() if c.type == "bias" and not c.prereg)
    state, p, q = interference_table(card.id)
    state.players_[q]["methods"] = []
    state.players_[q]["res"]["S"] = 2
    state.apply(Interfere(card.id, q))
    assert state.queue[0]["kind"] == "block" and state.current_player() == q
    state.apply(Block("skepsis"))
    assert state.players_[q]["res"]["S"] == 0 and last(state, "blocked").data["how"] == "skepsis"


def test_influence_can_be_blocked_with_skepticism_only_while_rigor_exceeds_hype():  # K24
    card = next(c for c in cards.interference().values() if c.type == "influence" and not c.effect.get("noise"))
    state, p, q = interference_table(card.id)
    state.players_[q].update(methods=[], rigor=0, hype=0)
    state.players_[q]["res"]["S"] = 3
    state.apply(Interfere(card.id, q))
    assert Block("skepsis") not in state.legal_actions()
    state.players_[q]["rigor"] = 1
    assert Block("skepsis") in state.legal_actions()
    reputation = state.players_[p]["reputation"] = 2
    state.apply(Block("skepsis"))
    assert state.players_[p]["reputation"] == reputation - 1  # blocked influence costs its player


def test_a_partial_shield_fails_on_a_low_roll_and_is_used_up():  # K24
    card = next(c for c in cards.interference().values() if c.type == "influence" and c.kind == "cyber")
    state, p, q = interference_table(card.id)
    state.players_[q].update(methods=[], interference=["cybersecurity"], rigor=0, hype=0)
    state.apply(Interfere(card.id, q))
    state.chance.script(1)
    state.apply(Block("shield", "cybersecurity"))
    assert state.players_[q]["interference"] == [] and state.queue[0]["kind"] == "block"
    state.apply(Block("accept"))
    assert last(state, "suffer").player == q


def test_an_anomaly_is_resolved_by_a_replication_next_to_it_in_its_field():
    state = school()
    state.anomaly_at["gravity-4"] = "flyby_anomaly"
    second = build(state, 0, "torsion_balance", "gravity-5")  # next to the anomaly on gravity-4
    hit(state, NANO, "1a", extra_hits=["1a"])
    vp_reward = cards.anomalies()["flyby_anomaly"].reward.get("VP", 0)
    schedule(state, NANO, second, roll=6)
    next_round(state)
    assert "gravity-4" not in state.anomaly_at
    assert last(state, "anomaly_solved").data["anomaly"] == "flyby_anomaly"
    assert state.players_[0]["vp"] == 3 + vp_reward


def test_three_adjacent_tiles_in_a_field_make_a_research_programme():
    state = school()
    build(state, 0, "torsion_balance", "gravity-4")
    assert state.players_[0]["programmes"] == []
    build(state, 0, "ligo_interferometer", "gravity-5")
    assert state.players_[0]["programmes"] == ["gravity"] and state.players_[0]["vp"] == 1
    build(state, 0, "ligo_interferometer", "gravity-1")  # a fourth tile: still one programme per field
    assert state.players_[0]["programmes"] == ["gravity"] and state.players_[0]["vp"] == 1


def test_a_success_reveals_a_hidden_hex_of_the_theorys_field():  # K2
    state = btlgames.load("research", seed=4, variant="full", players=2)
    answer(state, lambda s: s.phase == "actions")
    hidden = [h for h in board.HEXES if h in state.hidden and board.field_of(h) == "gravity"]
    state.theories[NANO] = {"owner": 0, "kv": 0, "hits": [], "replications": 0}
    state._success(0, {"theory": NANO}, None, {"hex": "", "project_field": "meta"}, None)
    assert state.queue[0]["kind"] == "reveal" and {a.hex for a in state.legal_actions()} == set(hidden)
    token = state.hidden[hidden[0]]
    state.apply(state.legal_actions()[0])
    assert hidden[0] not in state.hidden
    if token in ("discovery", "null"):
        assert state.queue[0] == {"kind": "reward", "player": 0, "token": token}
    elif token == "anomaly":
        assert hidden[0] in state.anomaly_at


def test_over_the_hand_limit_the_player_chooses_what_to_discard():  # K8
    state = btlgames.load("research", seed=1, variant="school", players=2)
    answer(state, lambda s: s.queue and s.queue[0]["kind"] == "income")
    p = state.current_player()
    state.players_[p]["hand"] += [state.decks["method"].pop() for _ in range(4 - len(state.players_[p]["hand"]))]
    state.apply(state.legal_actions()[0])
    assert state.queue[0] == {"kind": "discard", "player": p, "hand": "cards"}
    state.apply(state.legal_actions()[0])
    assert len(state.players_[p]["hand"]) == 4


@pytest.mark.parametrize("event, check", [
    ("budget_increase", lambda before, pl: sum(pl["res"].values()) > sum(before["res"].values())),
    ("budget_cuts", lambda before, pl: sum(pl["res"].values()) <= sum(before["res"].values())),
    ("data_cleaning_sprint", None),
])
def test_events_apply_to_every_player(event, check):
    state = school()
    state.noise["gravity-3"] = 2
    before = [{"res": dict(pl["res"])} for pl in state.players_]
    state._resolve_event(cards.events()[event])
    if check:
        assert all(check(b, pl) for b, pl in zip(before, state.players_))
    else:
        assert state.noise["gravity-3"] == 1


def test_press_scrutiny_costs_reputation_where_hype_exceeds_rigor():
    state = school()
    state.players_[0].update(hype=2, rigor=1, reputation=2)
    state.players_[1].update(hype=1, rigor=1, reputation=2)
    state._resolve_event(cards.events()["press_scrutiny"])
    assert [pl["reputation"] for pl in state.players_] == [1, 2]


def test_the_preprint_heist_offers_a_free_preprint_that_is_not_an_action():
    state = school()
    result(state, 1, "hit", NEUTRINO)
    state._resolve_event(cards.events()["preprint_heist"])
    assert state.queue[-1] == {"kind": "heist", "player": 1}


def test_an_empty_noise_supply_costs_everyone_reputation():  # K21
    state = btlgames.load("research", seed=3, variant="full", players=2)
    for pl in state.players_:
        pl["reputation"] = 2
    state.noise_supply = 1
    state._add_noise("gravity-1", 1)
    assert [pl["reputation"] for pl in state.players_] == [1, 1] and state.noise_supply == 4 + 3 * 2


def test_the_school_game_loses_noise_above_three():
    state = school()
    state.noise["gravity-3"] = 3
    state._add_noise("gravity-3", 1)
    assert state.noise["gravity-3"] == 3 and all(state.noise[n] == 0 for n in board.neighbours("gravity-3"))


def test_the_market_refills_to_three_at_clean_up():
    state = school()
    state.market = state.market[:1]
    next_round(state)
    assert len(state.market) == 3


def test_an_unbought_market_turns_over():  # K29
    state = school()
    oldest, rest = state.market[0], state.market[1:]
    next_round(state)  # nobody builds
    assert state.market[:2] == rest and oldest not in state.market
    assert oldest in state.discards["project"]


def target_with(state, q, **fields):
    state.players_[q].update({"methods": [], "interference": [], "rigor": 0, "hype": 0, **fields})


def test_the_preregistration_service_blocks_a_preregistration_bias_on_four_or_more():  # K24
    state, p, q = interference_table("p_hacking")
    target_with(state, q, methods=["preregistration_service"])
    state.chance.script(4)
    state.apply(Interfere("p_hacking", q))
    assert last(state, "blocked").data["how"] == "preregistration"
    state, p, q = interference_table("p_hacking")
    target_with(state, q, methods=["preregistration_service"])
    state.chance.script(3)
    state.apply(Interfere("p_hacking", q))
    assert state.queue[0] == {"kind": "block", "player": q, "card": "p_hacking", "attacker": p}


def test_a_named_method_in_hand_blocks_when_played_and_paid():  # K24
    state, p, q = interference_table("seeing_what_you_expect")
    target_with(state, q)
    state.players_[q]["hand"] = ["blind_analysis"]
    state.players_[q]["res"]["R"] = 2
    state.apply(Interfere("seeing_what_you_expect", q))
    state.apply(Block("method", "blind_analysis"))
    assert state.players_[q]["methods"] == ["blind_analysis"] and state.players_[q]["res"]["R"] == 0


def test_cybersecurity_also_stops_a_fake_video():  # K24
    state, p, q = interference_table("fake_video")
    target_with(state, q, interference=["cybersecurity"])
    state.apply(Interfere("fake_video", q))
    assert Block("shield", "cybersecurity") in state.legal_actions()
    state.chance.script(2)
    state.apply(Block("shield", "cybersecurity"))
    assert last(state, "blocked").data["how"] == "shield"


def test_a_metascience_project_shields_its_neighbours_from_noise():  # K24
    state, p, q = interference_table("sensor_tampering")
    target_with(state, q)
    state.tiles += [{"uid": f"{q + 1}y", "card": "open_data_archive", "owner": q, "hex": "meta-2"},
                    {"uid": f"{q + 1}z", "card": "galaxy_survey", "owner": q, "hex": "cosmology-1"}]
    assert "meta-2" in board.neighbours("cosmology-1")
    state.apply(Interfere("sensor_tampering", q))
    assert last(state, "blocked").data["how"] == "metascience"


def test_an_accepted_test_penalty_lasts_until_a_test_or_a_repair():
    state, p, q = interference_table("online_harassment")
    target_with(state, q)
    card = cards.interference()["online_harassment"]
    state.apply(Interfere("online_harassment", q))
    state.apply(Block("accept"))
    assert state.players_[q]["penalty"] == card.effect.get("test_penalty", 0)
    state.players_[q]["penalty"] = 1
    state.players_[q]["res"].update(O=1, S=1)
    state.queue.insert(0, {"kind": "act", "player": q})
    state.apply(PeerReview("repair"))
    assert state.players_[q]["penalty"] == 0


def test_a_test_without_data_lapses():
    state = school()
    schedule(state, NANO, "1a")
    state.players_[0]["res"]["D"] = 0
    answer(state, lambda s: any(e.kind == "test_lapsed" for e in s.log))
    assert state.theories[NANO]["hits"] == [] and state.stats["tests"] == 0


def test_the_start_player_moves_on_and_the_next_event_is_always_known():
    state = school(players=3)
    assert state.start == 0 and state.event == "" and state.next_event
    coming = state.next_event
    next_round(state)
    assert state.start == 1 and state.event == coming
    assert any(e.kind == "event" and e.data["event"] == coming for e in state.log)


def test_no_new_event_is_turned_up_in_the_last_round():
    state = school()
    for _ in range(4):
        next_round(state)
    assert state.round == 5 and state.next_event == ""


def test_debt_can_be_repaid_at_income():
    state = btlgames.load("research", seed=1, variant="school", players=2)
    state.players_[0].update(debt=2)
    state.players_[0]["res"]["R"] = 3
    state.apply(Income("D", "theory"))
    assert state.queue[0] == {"kind": "repay", "player": 0}
    from btlgames.research.actions import Repay
    state.apply(Repay())
    assert state.players_[0]["debt"] == 1


def test_interference_hands_hold_two_and_their_size_is_public():
    state = btlgames.load("research", seed=2, variant="full", players=2)
    answer(state, lambda s: s.queue and s.queue[0]["kind"] == "income")
    p = state.current_player()
    state.players_[p]["interference"] = state.decks["interference"][:2]
    del state.decks["interference"][:2]
    state.apply(state.legal_actions()[0])
    assert state.queue[0] == {"kind": "discard", "player": p, "hand": "interference"}
    assert state.view(1 - p)["players_"][p]["interference_size"] == 3
    assert state.view(1 - p)["players_"][p]["interference"] is None


# -- the school game -----------------------------------------------------------------------------------------
def test_school_setup_is_fixed_and_known():  # K27
    state = btlgames.load("research", seed=5, variant="school", players=3)
    assert state.hidden == {} and len(state.anomaly_at) == 3 and state.start == 0
    assert state.rounds == 5 and state.decks["interference"] == []
    assert [t["hex"] for t in state.tiles] == ["gravity-3", "particle-3", "quantum-3"]


def test_stories_give_insight_and_every_third_ep_a_point_at_most_two():  # K28
    state = btlgames.load("research", seed=1, variant="school", players=2)
    pl = state.players_[0]
    for ep in range(1, 10):
        answer(state, lambda s: s.queue and s.queue[0] == {"kind": "story", "player": 0, "ep": True})
        state.apply(Story(True))  # nobody tests here: the Insight adds up for the next test (K28)
        assert pl["insight"] == ep and pl["ep"] == ep and pl["ep_vp"] == min(2, ep // 3)
        if state.round == 5:
            break
        next_round(state)


def test_school_games_end_within_five_rounds_without_synthesis():
    from btlgames.core.playing import play_one
    for seed in range(20):
        state = play_one("research", seed, "random", variant="school", players=2 + seed % 3)
        assert state.round <= 5 and state.winner_by_synthesis is None
        assert not any(e.kind == "synthesis" for e in state.log)


# -- how choices are made: one choice per thing to decide (K30) -------------------------------------------------
def test_income_and_the_draw_are_one_choice_and_the_card_comes_after_repaying():  # K30
    state = btlgames.load("research", seed=1, variant="school", players=2)
    assert state.queue[0] == {"kind": "income", "player": 0}
    assert state.legal_actions() == [Income(r, d) for r in ("D", "L", "O") for d in ("theory", "method")]
    state.players_[0].update(debt=1)
    hand = list(state.players_[0]["hand"])
    start = len(state.log)
    state.apply(Income("L", "method"))
    assert state.queue[0] == {"kind": "repay", "player": 0} and state.players_[0]["hand"] == hand  # not drawn yet
    from btlgames.research.actions import Continue, Repay
    state.apply(Repay())
    state.apply(Continue())
    kinds = [e.kind for e in state.log.events[start:]]
    assert kinds[:3] == ["income", "repay", "draw"]  # the rulebook's order: income, repay, draw
    assert len(state.players_[0]["hand"]) == len(hand) + 1 and state.players_[0]["hand"][-1] in cards.methods()
    assert last(state, "draw").data["deck"] == "method"


def test_with_one_deck_left_income_offers_three_choices_and_with_none_no_draw():  # K30
    state = btlgames.load("research", seed=1, variant="school", players=2)
    state.discards["theory"] += state.decks["theory"]
    state.decks["theory"], state.discards["theory"] = [], []
    assert state.legal_actions() == [Income(r, "method") for r in ("D", "L", "O")]
    state.decks["method"], state.discards["method"] = [], []
    assert state.legal_actions() == [Income(r, "") for r in ("D", "L", "O")]
    state.apply(Income("D", ""))
    assert not any(e.kind == "draw" for e in state.log) and "draw_method" not in Income("D", "").describe()


def test_a_predictions_project_and_method_are_one_choice():  # K30
    state = school()
    second = build(state, 0, "torsion_balance", "gravity-4")
    state.players_[0]["res"]["R"] = 3
    state.apply(Predict(NANO))
    assert state.queue[0] == {"kind": "plan", "player": 0, "theory": NANO}
    assert state.legal_actions() == [PlanTest(t, m, hand) for t in ("1a", second)
                                     for m, hand in (("", False), ("blind_analysis", True))]
    state.apply(PlanTest(second, "blind_analysis", True))  # the method from hand at its price
    pl = state.players_[0]
    assert pl["res"]["R"] == 1 and pl["methods"] == ["blind_analysis"] and "blind_analysis" not in pl["hand"]
    assert pl["scheduled"] == {"theory": NANO, "tile": second, "method": "blind_analysis"}
    assert last(state, "predict").data == {"theory": NANO, "tile": second, "method": "blind_analysis"}
    assert state.queue[0] == {"kind": "act", "player": 1}  # no second question


def test_a_choice_with_one_option_is_made_for_the_team():  # K30
    from btlgames.core.bots import play_turns
    state = school()
    state.players_[0]["res"]["R"] = 0  # the method in hand cannot be paid: one project, no method
    state.apply(Predict(NANO))
    assert state.legal_actions() == [PlanTest("1a", "", False)]
    assert play_turns(state, {}, forced=True) == [(0, PlanTest("1a", "", False))]
    assert state.queue[0]["kind"] == "act" and state.players_[0]["scheduled"]["tile"] == "1a"


def test_illegal_merged_choices_change_nothing():  # K30
    state = school()
    state.apply(Predict(NANO))
    before = state.digest()
    for wrong in (PlanTest("2a", "", False), PlanTest("1a", "open_data", True)):  # not its tile; not in hand
        with pytest.raises(IllegalAction, match="is not possible now; possible: Test with project 1a, no method"):
            state.apply(wrong)
    with pytest.raises(IllegalAction, match="must now choose the project and method for the test"):
        state.apply(Income("D", "theory"))
    assert state.digest() == before


def test_saves_of_the_old_rules_version_are_refused():  # K30, rules v2 (version 3) and K12's point (version 4)
    from btlgames.core import saves
    state = school()
    data = saves.to_dict(state)
    assert data["version"] == 4
    for old in (1, 2, 3):
        with pytest.raises(saves.SaveError, match=f"saved with rules version {old}; this kit plays version 4"):
            saves.from_dict({**data, "version": old})


# -- the story cap (K31) --------------------------------------------------------------------------------------------
def test_the_story_option_names_its_choices():  # K31
    with pytest.raises(ValueError, match="stories='sometimes' is not allowed; choose one of 'every', 'round', 'none'"):
        btlgames.load("research", seed=1, variant="school", stories="sometimes")
    assert btlgames.load("research", seed=1, variant="school", players=2).stories == "every"


def test_the_full_game_has_no_stories_and_refuses_a_cap():  # K31
    with pytest.raises(ValueError, match="The full game has no interlude stories"):
        btlgames.load("research", seed=1, variant="full", stories="round")
    state = play_one("research", 2, "random", variant="full", players=2)
    assert not any(e.kind in ("story", "class_story") for e in state.log) and state.view(None)["stories"] == "none"


def story_decisions(stories, players=3, seed=4):
    """(round, player) of every story decision in a game where every story is approved."""
    state = btlgames.load("research", seed=seed, variant="school", players=players, stories=stories)
    seen = []
    while not state.is_over():
        if state.queue[0]["kind"] == "story":
            seen.append((state.round, state.current_player()))
            state.apply(Story(True))
        else:
            answer(state, lambda s: s.is_over() or s.queue[0]["kind"] == "story")
    return state, seen


def test_one_story_a_round_is_the_start_teams_and_gives_insight_but_no_ep():  # K31
    state, seen = story_decisions("round")
    assert seen == [(r, (r - 1) % 3) for r in range(1, state.round + 1)]
    assert all(pl["ep"] == 0 and pl["ep_vp"] == 0 for pl in state.players_)
    told = [e for e in state.log if e.kind == "class_story"]
    assert [(e.turn, e.player) for e in told] == seen and not any(e.kind == "story" for e in state.log)
    assert state.stats["stories"] == len(seen)


def test_under_the_cap_the_story_gives_insight_to_this_rounds_test():  # K31
    state = btlgames.load("research", seed=1, variant="school", players=2, stories="round")
    answer(state, lambda s: s.queue[0]["kind"] == "story")
    assert state.queue[0] == {"kind": "story", "player": 0, "ep": False}
    state.apply(Story(True))
    assert state.players_[0]["insight"] == 1 and state.players_[0]["ep"] == 0
    assert state.queue[0]["kind"] == "income" and state.queue[0]["player"] == 1  # team 2 tells none


def test_every_team_every_round_without_the_cap_and_none_at_all_with_none():  # K31
    state, seen = story_decisions("every", players=2)
    assert seen == [(r, p) for r in range(1, state.round + 1) for p in ((r - 1) % 2, r % 2)]
    state, seen = story_decisions("none")
    assert seen == [] and not any(e.kind in ("story", "class_story") for e in state.log)


def test_a_capped_game_saves_and_loads():  # K31
    from btlgames.core import saves
    state = play_one("research", 3, "heuristic", variant="school", players=4, stories="round")
    again = saves.loads(saves.dumps(state))
    assert again.options["stories"] == "round" and again.digest() == state.digest()


# -- open hands on one projector (K32) ------------------------------------------------------------------------------
def test_the_shared_projector_view_shows_every_hand():  # K32
    state = btlgames.load("research", seed=2, variant="school", players=3)
    answer(state, lambda s: s.round == 2)
    hands = [list(pl["hand"]) for pl in state.players_]
    assert any(hands)
    shared = state.view("all")
    assert [pl["hand"] for pl in shared["players_"]] == hands and shared["viewer"] == "all"
    assert all(pl["hand"] is None for pl in state.view(None)["players_"])  # the spectator's view
    mine = state.view(1)["players_"]
    assert mine[1]["hand"] == hands[1] and mine[0]["hand"] is None
    assert "decks" in shared and isinstance(shared["decks"]["theory"], int)  # deck orders stay hidden


# -- bias and influence events in the school game (K33) -------------------------------------------------------------
def outside(state, event_id):
    """Resolve an event now, and return the struck and protected records it wrote."""
    start = len(state.log)
    state._resolve_event(cards.events()[event_id])
    return [(e.kind, e.player, e.data) for e in state.log.events[start:] if e.kind in ("struck", "protected")]


def test_every_school_game_meets_a_bias_event_in_round_two_and_an_influence_event_in_round_three():  # K33
    for seed in range(30):
        state = play_one("research", seed, "heuristic", variant="school", players=2 + seed % 3)
        codes = {e.turn: e.data["code"] for e in state.log if e.kind == "event"}
        assert (codes[2], codes[3]) == ("bias", "influence")
        assert not {codes.get(4), codes.get(5)} & set(cards.OUTSIDE_CODES)
    full = btlgames.load("research", seed=1, variant="full", players=4)
    assert not set(full.decks["event"]) & {e for c in cards.OUTSIDE_CODES for e in cards.outside_events(c)}


def test_a_bias_strikes_the_careless_unless_a_named_method_on_the_table_blocks_it():  # K33
    state = school(players=3)
    state.players_[0].update(rigor=2, hype=0)  # careful: never aimed at
    state.players_[1].update(rigor=1, hype=1, methods=[])  # careless: Hype at least Rigor
    state.players_[2].update(rigor=0, hype=2, methods=["blind_analysis"])  # careless, but protected
    about = {"event": "exciting_hint", "card": "seeing_what_you_expect", "sort": "bias", "card_kind": "confirmation"}
    assert outside(state, "exciting_hint") == [
        ("struck", 1, {**about, "effect": {"test_penalty": 1}}),
        ("protected", 2, {**about, "how": "method", "method": "blind_analysis"})]
    assert [pl["penalty"] for pl in state.players_] == [0, 1, 0]
    assert state.stats["struck"] == 1 and state.stats["protected"] == 1


@pytest.mark.parametrize("roll, outcome", [(4, "protected"), (3, "struck")])
def test_the_preregistration_service_blocks_a_preregistration_bias_on_four(roll, outcome):  # K33
    state = school()
    state.players_[0]["methods"] = ["preregistration_service"]
    state.players_[1].update(rigor=3)  # careful
    state.chance.script(roll)
    [(kind, p, data)] = outside(state, "pressure_to_publish")
    assert (kind, p) == (outcome, 0) and last(state, "prereg_roll").data == {"roll": roll}
    if outcome == "protected":
        assert data["how"] == "prereg" and data["method"] == "preregistration_service"
        assert state.players_[0]["hype"] == 0
    else:
        assert data["effect"] == {"hype": 2} and state.players_[0]["hype"] == 2


def test_influence_aims_at_the_most_vp_then_reputation_and_skepticism_pays_itself():  # K33
    state = school(players=3)
    for pl, vp, rep in zip(state.players_, (2, 2, 1), (1, 3, 5)):
        pl.update(vp=vp, reputation=rep)
    state.players_[1]["res"]["R"] = 3
    [(kind, p, data)] = outside(state, "lobbyists_call")
    assert (kind, p, data["effect"]) == ("struck", 1, {"lose": {"R": 2}}) and state.players_[1]["res"]["R"] == 1
    state.players_[1].update(rigor=2, hype=1)
    state.players_[1]["res"]["S"] = 1
    [(kind, p, data)] = outside(state, "lobbyists_call")
    assert (kind, p, data["how"], data["method"]) == ("protected", 1, "skepticism", "")
    assert state.players_[1]["res"]["S"] == 0 and state.players_[1]["res"]["R"] == 1  # paid at once, no click
    assert not state.queue or state.queue[0]["kind"] != "block"


def test_influence_on_tied_teams_strikes_them_all_and_a_named_method_protects():  # K33
    state = school(players=3)
    state.players_[2]["methods"] = ["version_control"]
    for pl in state.players_:
        pl["res"].update(D=1, L=1)
    records = outside(state, "ransomware_wave")  # nobody has VP or Reputation yet: all are tied
    assert [(k, p) for k, p, _ in records] == [("struck", 0), ("struck", 1), ("protected", 2)]
    assert records[2][2]["how"] == "method" and records[2][2]["method"] == "version_control"
    assert records[0][2]["effect"] == {"lose": {"D": 1, "L": 1}} and state.players_[0]["res"]["D"] == 0


def test_a_strike_records_only_what_applied():  # K33
    state = school()
    state.players_[0].update(reputation=0, hype=0, rigor=0)
    state.players_[1].update(reputation=0, vp=-1)
    assert outside(state, "anonymous_smears")[0][2]["effect"] == {}  # no Reputation to lose
    state.players_[0]["res"]["D"] = 0
    assert outside(state, "positive_results_only")[0][2]["effect"] == {"hype": 1}  # no data to lose
    state.players_[1].update(rigor=5)  # careful: only team 1 is struck by the biases below
    assert outside(state, "conference_deadline")[0][2]["effect"] == {"kv": {"theory": NANO, "n": -1}}
    assert state.theories[NANO]["kv"] == -1
    state.players_[0].update(hype=0)
    assert outside(state, "conference_deadline")[0][2]["effect"] == {}  # a card never takes a theory below -1
    state.players_[0]["vp"] = 5
    assert outside(state, "tampered_sensors") == [("struck", 0, {
        "event": "tampered_sensors", "card": "sensor_tampering", "sort": "influence", "card_kind": "cyber",
        "effect": {"noise": "gravity-3"}})]
    assert state.noise["gravity-3"] == 2


def test_ordinary_events_log_what_they_changed_for_each_team():  # K33
    state = school(players=3)
    def effects(event_id):
        start = len(state.log)
        state._resolve_event(cards.events()[event_id])
        return [(e.player, e.data) for e in state.log.events[start:] if e.kind == "event_effect"]
    assert effects("budget_increase") == [(p, {"event": "budget_increase", "gained": {"R": 1}, "lost": {}, "noise": [],
                                               "cleaned": []}) for p in range(3)]
    state.players_[1].update(hype=2, rigor=0, reputation=2)
    assert effects("press_scrutiny") == [(1, {"event": "press_scrutiny", "gained": {}, "lost": {"reputation": 1},
                                              "noise": [], "cleaned": []})]
    assert effects("solar_storm") == [(0, {"event": "solar_storm", "gained": {}, "lost": {}, "noise": ["gravity-3"],
                                           "cleaned": []})]
    # a data-cleaning sprint takes noise away: it is not noise the event made (the debrief counts those)
    assert effects("data_cleaning_sprint") == [(0, {"event": "data_cleaning_sprint", "gained": {}, "lost": {},
                                                    "noise": [], "cleaned": ["gravity-3"]})]
    assert effects("null_results_round") == []


def test_the_event_slot_tells_not_yet_from_the_last_round():  # K33
    full = btlgames.load("research", seed=3, variant="full", players=2)
    assert full.view(None)["next_event"] == "" and full.view(None)["event_slot"] == "pending"
    answer(full, lambda s: s.phase == "funding")
    assert full.view(None)["event_slot"] == "queued"
    state = school()
    assert state.view(None)["event_slot"] == "queued"
    for _ in range(4):
        next_round(state)
    assert state.round == 5 and state.view(None)["event_slot"] == "last"


# -- the full game ---------------------------------------------------------------------------------------------
def test_full_setup_hides_two_tokens_per_field():  # K2
    state = btlgames.load("research", seed=3, variant="full", players=4)
    for f in board.FIELDS:
        tokens = [state.hidden[h] for h in board.HEXES if h in state.hidden and board.field_of(h) == f]
        assert sorted(tokens + [state.boxed[f]]) == ["", "anomaly", "discovery", "null"]
    assert len(state.anomaly_at) == 3 and len({board.field_of(h) for h in state.anomaly_at}) == 3
    assert state.neutral == []


@pytest.mark.parametrize("players, neutral", [(2, 6), (3, 3)])
def test_neutral_markers_by_player_count(players, neutral):
    state = btlgames.load("research", seed=3, variant="full", players=players)
    assert len(state.neutral) == neutral


def test_third_player_of_three_gets_a_money():  # K5
    state = btlgames.load("research", seed=3, variant="full", players=3)
    third = (state.start + 2) % 3
    assert state.players_[third]["res"]["R"] == 4


def test_noise_overflows_to_the_quietest_neighbour_at_most_twice():  # K21
    state = btlgames.load("research", seed=3, variant="full", players=2)
    state.noise["gravity-1"] = 3
    for n in board.neighbours("gravity-1"):
        state.noise[n] = 3
    state._add_noise("gravity-1", 1)
    assert all(0 <= v <= 3 for v in state.noise.values())
    assert sum(state.noise.values()) in (3 * 7 + 1, 3 * 7)  # landed two steps away, or lost after two


def test_synthesis_needs_two_bridges_rigor_four_and_hype_below_six():
    state = btlgames.load("research", seed=3, variant="full", players=2)
    pl = state.players_[0]
    pl.update(bridges=[["gravity", "meta"], ["gravity", "particle"]], rigor=4, hype=5)
    state._step_synthesis(0)
    assert state.queue[-1] == {"kind": "synthesis", "player": 0}
    state.queue.clear()
    pl["hype"] = 6
    state._step_synthesis(0)
    assert state.queue == []


def test_synthesis_wins_on_eight_and_succeeds_at_most_one_time_in_three():
    state = btlgames.load("research", seed=3, variant="full", players=2)
    pl = state.players_[0]
    pl.update(bridges=[["gravity", "meta"], ["gravity", "particle"]], rigor=8)
    state.tiles.append({"uid": "1z", "card": "ligo_interferometer", "owner": 0, "hex": "gravity-1"})
    bonus = 3  # technique 2 + rigor 8 // 4 = 4, capped at 3
    assert [r + bonus >= 8 for r in range(1, 7)].count(True) == 2  # 2 in 6 = 33 %
    state.queue.insert(0, {"kind": "synthesis", "player": 0})
    state.chance.script(5)
    state.apply(Synthesis(True))
    assert state.is_over() and state.winners() == [0] and state.end_reason == "synthesis"


def test_the_balance_aim_is_the_share_of_games_a_synthesis_wins():  # K25
    from btlgames.research.balance import synthesis_share
    share = synthesis_share(games=30, players=3, seed=0)
    frame = share.frame
    assert share.won == frame.synthesis_win.mean() == (frame.decided_by == "synthesis").mean() <= share.attempted
    assert share.attempted == (frame.synthesis_attempts > 0).mean()
    assert share.success == frame.synthesis_win.sum() / frame.synthesis_attempts.sum()
    attempts = [e.data for seed in range(5) for e in play_one(
        "research", seed, "heuristic", variant="full", players=3).log if e.kind == "synthesis"]
    assert attempts and all(a["bonus"] <= 3 and a["won"] == (a["roll"] + a["bonus"] >= 8) for a in attempts)


def test_ties_by_replications_then_rigor_then_lower_hype():  # K26
    state = btlgames.load("research", seed=3, variant="school", players=2)
    state.phase = "over"
    a, b = state.players_
    a.update(vp=5, rigor=2, hype=1)
    b.update(vp=5, rigor=2, hype=1)
    assert state.winners() == [0, 1]
    b["hype"] = 0
    assert state.winners() == [1]
    a["rigor"] = 3
    assert state.winners() == [0]
    state.theories[NEUTRINO]["replications"] = 1
    assert state.winners() == [1]


def test_the_summary_names_the_rule_that_chose_the_winner():  # K26, the designer notes' figures
    state = btlgames.load("research", seed=3, variant="school", players=2)
    state.phase = "over"
    a, b = state.players_
    a.update(vp=5, rigor=2, hype=1)
    b.update(vp=5, rigor=2, hype=1)
    assert state.decided_by() == "shared"
    b["hype"] = 0
    assert state.decided_by() == "hype"
    a["rigor"] = 3
    assert state.decided_by() == "rigor"
    state.theories[NEUTRINO]["replications"] = 1
    assert state.decided_by() == "replications"
    a["vp"] = 6
    assert state.decided_by() == "vp" and state.summary()["decided_by"] == "vp"
    state.winner_by_synthesis = 1
    assert state.decided_by() == "synthesis"


def test_every_kit_rule_in_the_rulebook_has_a_test():
    rulebook = (Path(__file__).parents[2] / "lessons/research-programme/rules.md").read_text()
    rules = set(re.findall(r"Kit rule (K\d+)", rulebook))
    here = "".join(p.read_text() for p in Path(__file__).parent.glob("test_research_*.py"))
    tested = {k for line in re.findall(r"#.*|\"\"\".*", here) for k in re.findall(r"K\d+", line)}
    missing = sorted(rules - tested, key=lambda k: int(k[1:]))
    assert not missing, f"kit rules without a test yet: {missing}"


def test_the_invariants_catch_a_broken_state():
    state = school()
    state.check_invariants()
    broken = state.clone()
    broken.noise["gravity-1"] = 4
    with pytest.raises(AssertionError, match="noise"):
        broken.check_invariants()
    broken = state.clone()
    broken.log.add(1, "cleanup", None, "round_end", tracks=[{"res": {"R": 9}}])
    with pytest.raises(AssertionError, match="storage"):
        broken.check_invariants()
    broken = state.clone()
    broken.counter += 1
    with pytest.raises(AssertionError, match="replication counter"):
        broken.check_invariants()


# -- rules v2 (issue 9): each test failed on the engine before its fix ------------------------------------------
def test_a_discoverys_technique_waits_for_the_revealers_next_test():  # K23
    state = school()
    state.players_[0]["technique"] = 1  # taken from a discovery revealed by this round's test
    next_round(state)
    assert state.players_[0]["technique"] == 1  # clean-up does not take it away
    to_act(state)
    schedule(state, NANO, "1a", roll=1)
    answer(state, lambda s: s.stats["tests"] == 1)
    assert last(state, "test").data["bonus"] == 1 + 1  # the project's Technique and the discovery's
    assert state.players_[0]["technique"] == 0  # used up by that test


def test_the_preprint_heist_costs_d1_and_needs_it():
    state = school()
    result(state, 1, "hit", NEUTRINO)
    state.players_[1]["res"]["D"] = 0
    state._resolve_event(cards.events()["preprint_heist"])
    assert not any(d["kind"] == "heist" for d in state.queue)  # nothing to pay with: no offer
    state.queue.insert(0, {"kind": "heist", "player": 1})
    assert state.legal_actions() == [FreePreprint(-1)]
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply(FreePreprint(0))
    assert state.players_ == before.players_ and state.results == before.results
    state.players_[1]["res"]["D"] = 2
    state.apply(FreePreprint(0))
    pl = state.players_[1]
    assert pl["res"]["D"] == 1 and pl["reputation"] == 1 and pl["hype"] == 1 and state.results[0]["preprint"]
    assert "preprint" not in pl["done"]  # not an action
    assert "for D1" in cards.events()["preprint_heist"].text


def test_anomalies_lie_in_their_own_field():
    for seed in range(200):
        state = btlgames.load("research", seed=seed, variant="full", players=3)
        assert len(state.anomaly_at) == 3
        assert all(cards.anomalies()[a].field == board.field_of(h) for h, a in state.anomaly_at.items()), seed
    state = btlgames.load("research", seed=0, variant="full", players=3)
    for hex_ in [h for h, token in state.hidden.items() if token == "anomaly"]:
        state.queue.insert(0, {"kind": "reveal", "player": 0, "field": board.field_of(hex_)})
        state.apply(Reveal(hex_))
        assert cards.anomalies()[state.anomaly_at[hex_]].field == board.field_of(hex_)


def method_theory(state, p=0):
    """``p`` owns critical_universality (Mathematics; its test names the simulation pipeline)."""
    state.theories["critical_universality"] = {"owner": p, "kv": 0, "hits": [], "replications": 0}
    state.decks["theory"].remove("critical_universality")
    state.players_[p]["methods"].append("simulation_pipeline")
    state.players_[p]["rigor"] = 8
    state.players_[p]["res"]["D"] = 3
    return build(state, p, "mathematics_institute", "mathematics-2")


def test_a_test_without_a_project_is_never_a_replication():  # K34
    state = school()
    tile = method_theory(state)
    hit(state, "critical_universality", tile, extra_hits=[tile])
    schedule(state, "critical_universality", "", "simulation_pipeline", roll=6)  # on Metascience, no tile
    next_round(state)
    assert last(state, "hit").data["how"] == "no_project"
    assert state.counter == 0 and state.players_[0]["vp"] == 0 and state.players_[0]["bridges"] == []


def test_a_success_without_a_project_leaves_the_first_project_hit_to_come():  # K34
    state = school()
    tile = method_theory(state)
    schedule(state, "critical_universality", "", "simulation_pipeline", roll=6)
    next_round(state)
    to_act(state)
    schedule(state, "critical_universality", tile, "simulation_pipeline", roll=6)
    next_round(state)
    assert [h["tile"] for h in state.theories["critical_universality"]["hits"]] == ["", tile]
    assert last(state, "hit").data["how"] == "first" and state.counter == 0


def test_a_metascience_neighbour_shields_from_a_biass_noise_too():  # K24
    state, p, q = interference_table("cherry_picked_sample")  # a bias whose effect lands on a hex
    target_with(state, q)
    state.tiles += [{"uid": f"{q + 1}y", "card": "open_data_archive", "owner": q, "hex": "meta-2"},
                    {"uid": f"{q + 1}z", "card": "galaxy_survey", "owner": q, "hex": "cosmology-1"}]
    state.apply(Interfere("cherry_picked_sample", q))
    assert last(state, "blocked").data["how"] == "metascience" and state.players_[q]["hype"] == 0


def test_a_metascience_neighbour_does_not_shield_from_what_lands_on_no_hex():  # K24
    state, p, q = interference_table("seeing_what_you_expect")
    target_with(state, q)
    state.tiles += [{"uid": f"{q + 1}y", "card": "open_data_archive", "owner": q, "hex": "meta-2"},
                    {"uid": f"{q + 1}z", "card": "galaxy_survey", "owner": q, "hex": "cosmology-1"}]
    state.apply(Interfere("seeing_what_you_expect", q))
    assert state.queue[0]["kind"] == "block" and state.current_player() == q


def test_a_falsified_theory_cancels_the_other_players_tests_of_it_not_the_testers_own():
    state = school()
    state.theories[NANO]["kv"] = -1
    state.players_[1]["rigor"] = 8
    schedule(state, NANO, "1a", roll=1)  # seat 1 tests first and topples it
    answer(state, lambda s: s.current_player() == 1 and s.queue[0]["kind"] == "act")
    schedule(state, NANO, "2a")  # seat 2 tests the same theory later in the tests phase
    d_before = state.players_[1]["res"]["D"]
    next_round(state)
    assert NANO not in state.theories and last(state, "falsified").player == 0
    assert [e.player for e in state.log if e.kind == "test_cancelled"] == [1]
    assert state.stats["tests"] == 1 and state.players_[1]["res"]["D"] >= d_before  # seat 2 paid nothing


def test_the_end_costs_a_point_for_hype_above_rigor_and_pays_one_per_theory_at_consensus_three():
    state = school()
    a, b = state.players_
    a.update(hype=3, rigor=2, vp=0)
    b.update(hype=2, rigor=2, vp=0)  # equal: no penalty
    state.theories[NANO]["kv"] = 3
    state.theories[NEUTRINO]["kv"] = 2
    state._finish("rounds")
    assert a["final"] == {"bridges": 0, "debt": 0, "hype": -1, "consensus": 1} and a["vp"] == 0
    assert b["final"] == {"bridges": 0, "debt": 0, "hype": 0, "consensus": 0} and b["vp"] == 0


def test_a_success_reveals_before_it_replicates_so_a_revealed_anomaly_can_be_resolved():
    """Success, in this order: 1. consensus and reward, 2. reveal, 3. replication, 4. anomaly."""
    state = btlgames.load("research", seed=4, variant="full", players=2)
    answer(state, lambda s: s.phase == "actions" and s.queue[0]["kind"] == "act" and s.current_player() == 0)
    state.hidden = {"gravity-4": "anomaly"}  # the only hidden hex left, next to the second project
    state.anomaly_at = {h: a for h, a in state.anomaly_at.items() if board.field_of(h) != "gravity"}
    state.neutral = [h for h in state.neutral if board.field_of(h) != "gravity"]
    state.theories[NANO] = {"owner": 0, "kv": 0, "hits": [], "replications": 0}
    first = build(state, 0, "pulsar_timing_array", "gravity-3")
    second = build(state, 0, "torsion_balance", "gravity-5")
    hit(state, NANO, first, extra_hits=[first])
    state.players_[0].update(rigor=8, hype=0)
    state.players_[0]["res"]["D"] = 3
    schedule(state, NANO, second, roll=6)
    answer(state, lambda s: s.queue and s.queue[0]["kind"] == "reveal")
    assert state.counter == 0  # the replication waits for the reveal
    state.apply(Reveal("gravity-4"))
    kinds = [e.kind for e in state.log if e.kind in ("hit", "reveal", "replication", "anomaly_solved")][-4:]
    assert kinds == ["hit", "reveal", "replication", "anomaly_solved"]
    assert "gravity-4" not in state.anomaly_at and state.counter == 1


def test_no_theory_rewards_a_single_success_with_vp():
    """The source's first principle: a single successful test does not yet give victory points."""
    assert not [t.id for t in cards.theories().values() if "VP" in t.reward]


@pytest.mark.parametrize("theory", sorted(t.id for t in cards.theories().values() if t.vp_per_replication))
def test_a_second_hit_on_another_project_is_worth_four_with_vp_per_replication(theory):
    """The source's worked example, for every theory rewarding "VP +1 from replication"."""
    state = school()
    card = cards.theories()[theory]
    state.theories[theory] = {"owner": 0, "kv": 0, "hits": [], "replications": 0}
    for pile in [state.decks["theory"]] + [pl["hand"] for pl in state.players_]:
        if theory in pile:
            pile.remove(theory)
    state.anomaly_at = {}
    other = next(p.id for p in cards.projects().values() if p.field == card.field and p.id != card.test_project)
    named = build(state, 0, card.test_project, f"{card.field}-1")
    earlier = build(state, 0, other, f"{card.field}-2")
    hit(state, theory, earlier, extra_hits=[earlier])
    state.players_[0]["rigor"] = 8
    vp = state.players_[0]["vp"]
    schedule(state, theory, named, roll=6)
    next_round(state)
    assert state.players_[0]["vp"] - vp == 4 and last(state, "replication").data == {
        "theory": theory, "owner": 0, "vp": 3, "extra": 1, "counter": 1}


def test_every_school_pack_passes_its_first_test_equally_often():  # K27
    state = school(players=4)
    packs = cards.school().packs
    chances = {pack.theory: success_chance(state.test_terms(p, pack.theory, f"{p + 1}a", pack.method))
               for p, pack in enumerate(packs)}
    assert set(chances.values()) == {Fraction(4, 6)}, chances  # 5+ against Technique +1 and the method's +1
    assert {cards.methods()[pack.method].cost for pack in packs} == {2}
    state.players_[0]["insight"] = 1  # with an approved story
    assert success_chance(state.test_terms(0, packs[0].theory, "1a", packs[0].method)) == Fraction(5, 6)


def test_every_school_pack_meets_the_same_events():  # K27, K33
    noise = [e.params["fields"] for e in cards.events().values() if e.code == "noise"]
    assert sorted(f for fields in noise for f in fields) == sorted(board.FIELDS)  # each field in one noise event
    for sort in cards.OUTSIDE_CODES:
        blocked = {pack.method: sum(pack.method in cards.interference()[cards.events()[e].params["card"]].blocked_by
                                    for e in cards.outside_events(sort)) for pack in cards.school().packs}
        assert set(blocked.values()) == {2 if sort == "bias" else 0}, (sort, blocked)  # each pack's method alike


def test_a_storys_insight_waits_for_the_teams_next_test():  # K28
    state = btlgames.load("research", seed=1, variant="school", players=2)
    answer(state, lambda s: s.queue and s.queue[0]["kind"] == "story")
    state.apply(Story(True))
    next_round(state)  # no test this round
    assert state.players_[0]["insight"] == 1
    to_act(state)
    schedule(state, NANO, "1a", roll=1)
    answer(state, lambda s: s.stats["tests"] == 1)
    assert last(state, "test").data["bonus"] == 1 + 1 and state.players_[0]["insight"] == 0


def test_a_discoverys_technique_reaches_a_later_test_in_a_full_game():  # K23
    """The issue's game: full, 3 players, seed 1, heuristic bots that take Technique when offered."""
    from btlgames.research.bots import HeuristicBot

    class TechniqueBot(HeuristicBot):
        def _reward(self, view, legal, me):
            return Reward("technique") if Reward("technique") in legal else super()._reward(view, legal, me)

    state = btlgames.load("research", seed=1, variant="full", players=3)
    bots = [TechniqueBot(seed=p) for p in range(3)]
    waiting = set()  # players holding a discovery's Technique, not yet tested
    used = 0
    while not state.is_over():
        p = state.current_player()
        before = len(state.log.events)
        state.apply(bots[p].choose(state.view(p), state.legal_actions()))
        for e in state.log.events[before:]:
            if e.kind == "test" and e.player in waiting:
                waiting.discard(e.player)
                used += 1
            elif e.kind == "reward" and e.data["choice"] == "technique":
                waiting.add(e.player)
        assert all(state.players_[q]["technique"] >= 1 for q in waiting)  # kept across clean-ups
    assert used >= 1


@pytest.mark.parametrize("variant", ["school", "full"])
def test_a_bots_view_is_the_view_part_for_part(variant):
    """seat_view builds each part when read (speed); what it holds is view()'s (every 10th step)."""
    from btlgames.core.events import ALL
    from btlgames.core.playing import make_bot

    state = btlgames.load("research", seed=4, variant=variant)
    bots = {p: make_bot("research", "heuristic", p) for p in range(state.players)}
    while not state.is_over():
        for viewer in [state.current_player(), None, ALL] if len(state.history) % 10 == 0 else ():
            lazy = state.seat_view(viewer)
            assert lazy["decision"] == state.view(viewer)["decision"]  # one part read first, then all
            assert dict(lazy.items()) == state.view(viewer) and lazy == state.view(viewer)
            assert list(lazy) == list(state.view(viewer)) and "no such part" not in lazy
            assert [seat["table"] for seat in lazy["players_"]] == [  # each seat's theories, as "theories" has them
                [t for t, th in lazy["theories"].items() if th["owner"] == q] for q in range(state.players)]
            assert [seat["tiles"] for seat in lazy["players_"]] == [  # each seat's tiles, as "tiles" has them
                [t for t in lazy["tiles"] if t["owner"] == q] for q in range(state.players)]
        p = state.current_player()
        state.apply(bots[p].choose(state.seat_view(p), state.legal_actions()))
    with pytest.raises(ValueError):
        state.seat_view(7)


@pytest.mark.parametrize("variant, players", [("full", 2), ("full", 3), ("full", 4), ("school", 3)])
def test_the_heuristic_hands_back_one_of_the_listed_moves_themselves(variant, players):
    """The heuristic returns the very object of the legal list it was given (speed: no match field by field,
    in the bot or in apply_chosen; a move it makes up, Story(True), is looked up there), at every decision."""
    from btlgames.core.playing import make_bot

    kinds = set()
    for seed in (1, 2, 3):
        state = btlgames.load("research", seed=seed, variant=variant, players=players)
        bots = {p: make_bot("research", "heuristic", seed * 31 + p) for p in range(state.players)}
        while not state.is_over():
            p, legal = state.current_player(), state.legal_actions()
            kinds.add(state.queue[0]["kind"])
            action = bots[p].choose(state.seat_view(p), list(legal))
            assert any(a is action for a in legal), (state.queue[0]["kind"], action)
            state.apply_chosen(action, legal)
    assert {"act", "plan", "income"} <= kinds and ("story" in kinds or variant == "full")


@pytest.mark.parametrize("variant, bot", [("full", "heuristic"), ("full", "random"), ("school", "heuristic")])
def test_an_event_stays_as_it_was_logged_while_the_game_goes_on(variant, bot):
    """The game logs the values it hands over without copying them (speed): none may be something the
    game changes later (a bridge's pair of fields is copied for the log)."""
    import copy

    from btlgames.core.events import ALL
    from btlgames.core.playing import make_bot

    kinds = set()
    for seed in (1, 2, 4):
        state = btlgames.load("research", seed=seed, variant=variant, players=3)
        bots = {p: make_bot("research", bot, seed * 31 + p) for p in range(state.players)}
        as_logged = [copy.deepcopy(e.record(ALL)) for e in state.log]
        while not state.is_over():
            p = state.current_player()
            state.apply(bots[p].choose(state.seat_view(p), state.legal_actions()))
            as_logged += [copy.deepcopy(e.record(ALL)) for e in state.log.events[len(as_logged):]]
        assert [e.record(ALL) for e in state.log] == as_logged
        kinds |= {e.kind for e in state.log}
    assert {"bridge", "build", "event_effect", "income", "round_end", "storage", "suffer"} <= kinds \
        or variant == "school"  # the events that log containers


def test_the_income_the_app_shows_is_the_engines():  # K7, K22: the app warns by it before clean-up
    from btlgames.core.playing import make_bot
    from btlgames.research.terms import income_of

    checked = 0
    for seed in range(8):
        state = btlgames.load("research", seed=seed, players=3)
        bots = [make_bot("research", "heuristic", k) for k in range(3)]
        while not state.is_over():
            p = state.current_player()
            action = bots[p].choose(state.view(p), state.legal_actions())
            if action.kind == "income":
                expected = {r: n for r, n in income_of(state.view(None), p, action.resource).items() if n}
                before = dict(state.players_[p]["res"])
                state.apply(action)
                after = state.players_[p]["res"]
                assert {r: after[r] - before[r] for r in before if after[r] != before[r]} == expected
                checked += 1
            else:
                state.apply(action)
    assert checked > 100
