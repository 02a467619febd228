"""The debrief's facts (btlgames/research/debrief.py) agree with the game's log and its state.

Seeded bot games of both variants, 2-4 seats, careful and random bots: every count the debrief
shows is checked against the events it comes from and against what the state says (the
replication counter, the VP, the tracks). A few hand-made logs pin down the rules the tables
follow where a bot game may not show them (a repetition, a failed replication, a shield roll).
"""
import pandas as pd
import pytest

import btlgames
from btlgames.core.events import Log
from btlgames.core.saves import dumps, loads
from btlgames.core.playing import play_one
from btlgames.core.state import action_from_json
from btlgames.research import cards, debrief as d

GAMES = [  # variant, seats' bots, seed: both variants, every seat count, careful and random play
    ("school", ["heuristic"] * 3, 1), ("school", ["random"] * 3, 77), ("school", ["heuristic", "random"], 2),
    ("school", ["heuristic", "random", "heuristic", "random"], 93), ("school", ["random"] * 4, 5),
    ("full", ["heuristic"] * 4, 1), ("full", ["heuristic", "random", "random"], 4), ("full", ["heuristic"] * 3, 5),
    ("full", ["random"] * 2, 3), ("full", ["heuristic", "random"] * 2, 4), ("full", ["heuristic"] * 2, 8),
]


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}-{len(g[1])}-{g[1][-1]}-{g[2]}")
def game(request):
    variant, bots, seed = request.param
    state = play_one("research", seed, bots, variant=variant, players=len(bots))
    return state, d.analyse(state), state.log.to_frame("all")


def kinds(frame, kind):
    return frame[frame["kind"] == kind]


def count(frame, kind, **equal) -> int:
    """How many events of this kind (with these values) the log holds."""
    rows = kinds(frame, kind)
    for key, value in equal.items():
        rows = rows[rows[key] == value] if len(rows) else rows
    return len(rows)


# -- question 1 -------------------------------------------------------------------------------
def test_every_test_is_one_row_with_the_outcome_the_log_gave(game):
    state, facts, log = game
    tests = facts.tests
    assert len(tests) == len(kinds(log, "test"))
    assert (tests["outcome"] != "").all()  # a finished game: every test came to something
    for how in d.HIT_KINDS:
        assert (tests["outcome"] == how).sum() == count(log, "hit", how=how)
    assert (tests["outcome"] == "null").sum() == len(kinds(log, "null"))
    assert (tests["outcome"] == "artefact").sum() == len(kinds(log, "artefact"))
    assert list(tests["success"]) == [o in d.HIT_KINDS + ("artefact",) for o in tests["outcome"]]
    assert list(tests["roll"]) == (list(kinds(log, "test")["roll"]) if len(tests) else [])


def test_replications_counted_equal_the_replication_counter(game):
    state, facts, log = game
    view = state.view(None)
    assert (facts.tests["outcome"] == "replication").sum() == state.counter == view["counter"]
    assert facts.theories["replications"].sum() == state.counter
    assert facts.replications["replications"].sum() == state.counter
    assert facts.summary.counter == state.counter and facts.summary.counter_goal == state.players + 2
    # the owners' own tally (ties are broken on it, K26)
    for p in range(state.players):
        assert facts.replications.loc[p, "own_replicated"] == view["players_"][p]["replications"]


def test_replication_vp_agree_with_the_replication_events(game):
    state, facts, log = game
    reps = kinds(log, "replication")
    assert facts.tests["vp"].sum() == (reps["vp"].sum() + reps["extra"].sum() if len(reps) else 0)
    others = reps[reps["owner"] != reps["player"]] if len(reps) else reps
    assert facts.replications["replicated_vp"].sum() == (others["vp"].sum() if len(others) else 0)
    assert (facts.tests[facts.tests["outcome"] != "replication"][["vp", "owner_vp"]] == 0).all().all()


def test_theory_table_covers_every_theory_once(game):
    state, facts, log = game
    th = facts.theories
    assert th["theory"].is_unique
    assert set(state.view(None)["theories"]) <= set(th["theory"])
    assert th["tests"].sum() == len(facts.tests)
    assert set(facts.tests["theory"]) <= set(th["theory"])
    for _, row in th.iterrows():
        assert row["hits"] == row["first"] + row["repetitions"] + row["replications"]
        assert row["tests"] == row["hits"] + row["nulls"] + row["artefacts"]
        assert len(row["projects"]) == row["first"] + row["replications"]  # one hit per project, the first hit too
        assert row["verdict"] == ("replicated" if row["replications"] else "hit_only" if row["hits"]
                                  else "no_hit" if row["tests"] else "untested")
        assert (row["reason"] != "") == (row["verdict"] == "hit_only")
        if row["fate"] == "table":
            assert row["kv"] == state.view(None)["theories"][row["theory"]]["kv"]
            assert row["owner"] == state.view(None)["theories"][row["theory"]]["owner"]
    fell = pd.concat([kinds(log, "falsified"), kinds(log, "rejected")])
    assert sorted(th[th["fate"] != "table"]["theory"]) == sorted(fell["theory"]) if len(fell) else \
        (th["fate"] == "table").all()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_school_packs_are_on_the_tables_from_the_start(players):
    state = play_one("research", players, ["random"] * players, variant="school", players=players)
    facts = d.analyse(state)
    packs = btlgames.research.cards.school().packs[:state.players]
    owners = dict(zip(facts.theories["theory"], facts.theories["owner"]))
    assert [owners[pack.theory] for pack in packs] == list(range(state.players))
    assert list(facts.theories["theory"])[:state.players] == [pack.theory for pack in packs]


# -- questions 2 and 5 ---------------------------------------------------------------------------
def test_interference_rows_agree_with_the_log(game):
    state, facts, log = game
    inter = facts.interference
    assert len(inter) == len(kinds(log, "interfere"))
    assert (inter["outcome"] == "blocked").sum() == len(kinds(log, "blocked"))
    assert (inter["outcome"] == "suffered").sum() == len(kinds(log, "suffer"))
    assert (inter["outcome"] != "open").all()
    assert sum(facts.protections.values()) == len(kinds(log, "blocked"))
    by = facts.interference_by_player
    for t in ("bias", "influence"):
        assert by[f"{t}_played"].sum() == (inter["type"] == t).sum()
        assert by[f"{t}_blocked"].sum() + by[f"{t}_suffered"].sum() == (inter["type"] == t).sum()
    if state.variant == "school":
        assert inter.empty and not facts.protections


def test_suffered_cards_name_their_kind(game):
    state, facts, log = game
    suffered = facts.interference[facts.interference["outcome"] == "suffered"]
    events = kinds(log, "suffer")
    if events.empty:
        assert suffered.empty
        return
    assert list(suffered["card"]) == list(events["card"]) and list(suffered["sort"]) == list(events["sort"])
    assert list(suffered["target"]) == list(events["player"])


# -- question 4 -------------------------------------------------------------------------------
def test_publications_and_null_results(game):
    state, facts, log = game
    pubs, res = facts.publications, facts.results_by_player
    for venue in ("preprint", "journal"):
        assert (pubs["venue"] == venue).sum() == len(kinds(log, venue))
    journal_nulls = count(log, "journal", outcome="null")
    assert journal_nulls == res["journal_null"].sum()
    paid = count(log, "journal", outcome="null", vp=1)  # K12: only a null result whose test could have succeeded
    assert pubs["vp"].sum() == paid == res["null_vp"].sum() <= journal_nulls
    results = state.view(None)["results"]
    nulls = [r for r in results if r["kind"] == "null"]
    assert res["nulls"].sum() == len(nulls) == len(kinds(log, "null"))
    unpublished = [r for r in nulls if not r["preprint"] and not r["journal"]]
    assert res["null_published"].sum() == len(nulls) - len(unpublished)
    # a finished game: a null result rolled in its last round could never be published (no
    # round came after it), so it is not in the drawer; every earlier one is
    assert res["null_open"].sum() == 0
    assert res["null_late"].sum() == sum(1 for r in unpublished if r["round"] == state.round)
    assert res["null_drawer"].sum() == sum(1 for r in unpublished if r["round"] < state.round)
    assert (pubs["result_round"] <= pubs["round"]).all()


def test_the_last_rounds_null_results_are_not_in_the_drawer():
    """A school game that ended after round 4 by replications, with null results of round 4 unpublished."""
    state = next(s for s in (play_one("research", seed, ["heuristic"] * 4, variant="school", players=4)
                             for seed in range(40))
                 if s.round < 5 and any(r["kind"] == "null" and r["round"] == s.round and not r["journal"]
                                        and not r["preprint"] for r in s.results))
    res = d.analyse(state).results_by_player
    late = [r for r in state.results if r["kind"] == "null" and r["round"] == state.round]
    assert res["null_late"].sum() == sum(1 for r in late if not r["preprint"] and not r["journal"]) > 0
    for r in state.results:
        if r["kind"] == "null" and not r["preprint"] and not r["journal"]:
            assert d.unpublished_null(r, True, state.round) == ("late" if r["round"] == state.round else "drawer")
            assert d.unpublished_null(r, False, state.round) == "open"  # the game goes on: still publishable


def test_an_unfinished_games_unpublished_null_results_can_still_be_published():
    done = play_one("research", 6, ["heuristic", "random", "heuristic"], variant="school", players=3)
    early = btlgames.load("research", seed=done.seed, **done.options)
    for raw in done.history[:len(done.history) * 2 // 3]:
        early.apply(action_from_json(early.actions, raw))
    res = d.analyse(early).results_by_player
    unpublished = [r for r in early.results if r["kind"] == "null" and not r["preprint"] and not r["journal"]]
    assert unpublished and res["null_open"].sum() == len(unpublished)
    assert res["null_drawer"].sum() == res["null_late"].sum() == 0


def test_falls_give_vp_only_when_falsified(game):
    state, facts, log = game
    falls = facts.falls
    assert len(falls) == len(kinds(log, "falsified")) + len(kinds(log, "rejected"))
    assert falls["vp"].sum() == len(kinds(log, "falsified"))  # K16


def test_tracks_run_from_the_start_to_the_final_state(game):
    state, facts, log = game
    tr = facts.tracks
    view = state.view(None)
    assert sorted(set(tr["round"])) == list(range(0, state.round + 1))
    assert len(tr) == state.players * (state.round + 1)
    assert (tr[tr["round"] == 0][list(d.TRACKS)] == 0).all().all()
    last = tr[tr["round"] == state.round].sort_values("player")
    for p, pl in enumerate(view["players_"]):
        row = last.iloc[p]
        assert (row["rigor"], row["hype"], row["reputation"], row["debt"]) == (
            pl["rigor"], pl["hype"], pl["reputation"], pl["debt"])
        assert row["vp"] == pl["vp"] - sum(pl["final"].values())  # the end's bonuses come on the scoreboard
    assert tr["done"].all()
    assert tr[["rigor", "hype"]].max().max() <= 10 and tr[["rigor", "hype"]].min().min() >= 0


def test_artefacts_are_the_logged_ones(game):
    state, facts, log = game
    arts = facts.artefacts
    assert len(arts) == len(kinds(log, "artefact"))
    for a in arts.itertuples():
        if a.rigor is not None and a.rigor == a.rigor:  # the event carries the tracks that caused it
            assert a.hype > a.rigor + 1  # K17


# -- the scoreboard -----------------------------------------------------------------------------
def test_vp_breakdown_explains_every_point(game):
    state, facts, log = game
    vp = facts.vp
    view = state.view(None)
    assert (vp["other"] == 0).all(), vp
    assert list(vp["total"]) == [pl["vp"] for pl in view["players_"]] == [int(s) for s in state.scores().values()]
    assert list(vp[list(d.VP_SOURCES)].sum(axis=1)) == list(vp["total"])
    for p, pl in enumerate(view["players_"]):
        for k in d.FINAL_SOURCES:
            assert vp.loc[p, k] == pl["final"][k]
    assert facts.summary.vp == list(vp["total"])
    assert facts.summary.winners == state.winners()


def test_a_saved_and_loaded_game_gives_the_same_debrief(game):
    state, facts, log = game
    again = d.analyse(loads(dumps(state)))
    for name in ("tests", "theories", "interference", "publications", "tracks", "vp"):
        pd.testing.assert_frame_equal(getattr(again, name), getattr(facts, name))


# -- a game still being played, other games ------------------------------------------------------
def part_of(state, moves: int):
    """The same game after its first ``moves`` moves."""
    early = btlgames.load("research", seed=state.seed, **state.options)
    for raw in state.history[:moves]:
        early.apply(action_from_json(early.actions, raw))
    return early


@pytest.mark.parametrize("variant", ["school", "full"])
def test_an_unfinished_game_shows_what_happened_so_far(variant):
    finished = play_one("research", 6, ["heuristic", "random", "heuristic"], variant=variant, players=3)
    early = part_of(finished, len(finished.history) // 2)
    facts = d.analyse(early)
    assert not facts.summary.over and facts.summary.end_reason == ""
    now = facts.tracks[facts.tracks["round"] == early.round]
    assert len(now) == 3 and not now["done"].any()
    assert list(now["rigor"]) == [pl["rigor"] for pl in early.view(None)["players_"]]
    assert (facts.vp["other"] == 0).all() and (facts.vp[list(d.FINAL_SOURCES)] == 0).all().all()
    assert (facts.tests["outcome"] != "").all()


def first_game(wanted, variant: str, bots: list, seeds=range(300)):
    """The first seeded bot game that shows ``wanted(state)`` (the bots change; the rules do not)."""
    games = (play_one("research", seed, bots, variant=variant, players=len(bots)) for seed in seeds)
    return next(state for state in games if wanted(state))


def test_a_synthesis_ends_the_tracks_with_the_final_state():
    state = first_game(lambda s: s.end_reason == "synthesis", "full", ["heuristic"] * 3)
    facts = d.analyse(state)  # the round of the synthesis has no round_end event
    last = facts.tracks[facts.tracks["round"] == state.round]
    assert len(last) == 3 and last["done"].all()
    assert facts.summary.winners == [state.winner_by_synthesis]


def test_only_research_games_are_debriefed():
    with pytest.raises(ValueError, match="Research Programme"):
        d.analyse(btlgames.load("pentaquark", seed=1))


# -- hand-made logs: the rules the tables follow ----------------------------------------------------
class Logged:
    """Just enough of a finished research game for the debrief: a log and a public view."""
    name = "research"

    def __init__(self, players=2):
        self.log = Log()
        self.players = players
        self.seed, self.history, self.counter = 0, [], 0

    def add(self, turn, player, kind, **data):
        self.log.add(turn, "tests", player, kind, **data)
        return self

    def is_over(self):
        return True

    def view(self, _):
        return {"variant": "full", "round": 3, "rounds": 8, "end_reason": "rounds", "winners": [0], "counter": 0,
                "counter_goal": 4, "theories": {}, "results": [],
                "players_": [{"rigor": 0, "hype": 0, "reputation": 0, "debt": 0, "vp": 0, "final": {},
                              "replications": 0} for _ in range(self.players)]}


def logged_test(game, turn, player, theory, tile, outcome, **extra):
    game.add(turn, player, "test", theory=theory, tile=tile, method="", roll=3, total=5, difficulty=4, bonus=2,
             noise=0, penalty=0, hex="", success=outcome != "null")
    if outcome == "null":
        game.add(turn, player, "null", theory=theory, kv=-1)
    elif outcome == "artefact":
        game.add(turn, player, "artefact", theory=theory)
    else:
        game.add(turn, player, "hit", theory=theory, how=outcome, kv=1)
    for kind, data in extra.items():  # a success scores after its hit and reveal, as the engine logs it
        game.add(turn, player, kind, **data)


def test_reasons_a_theory_with_a_hit_was_not_replicated():
    g = Logged()
    g.add(1, 0, "build", card="ligo_interferometer", tile="1a", hex="gravity-1", bonus={})
    g.add(1, 1, "build", card="torsion_balance", tile="2a", hex="gravity-2", bonus={})
    for theory in ("cosmic_inflation", "warm_dark_matter", "sterile_neutrinos"):
        g.add(1, 0, "play_theory", card=theory)
    logged_test(g, 1, 0, "cosmic_inflation", "1a", "first")
    logged_test(g, 2, 0, "cosmic_inflation", "1a", "repetition")  # the same project: a new look at the same data
    logged_test(g, 1, 0, "warm_dark_matter", "1a", "first")
    logged_test(g, 2, 1, "warm_dark_matter", "2a", "null")  # another project, and it failed
    logged_test(g, 3, 0, "sterile_neutrinos", "1a", "first")
    logged_test(g, 4, 0, "sterile_neutrinos", "1a", "null")  # failed again where it passed: still untried elsewhere
    th = d.theories(g).set_index("theory")
    assert th.loc["cosmic_inflation", "reason"] == "same_project"
    assert th.loc["cosmic_inflation", "projects"] == ["ligo_interferometer"]
    assert (th.loc["warm_dark_matter", "reason"], th.loc["warm_dark_matter", "tried_elsewhere"],
            th.loc["warm_dark_matter", "failed_elsewhere"]) == ("failed_elsewhere", 1, 1)
    assert th.loc["sterile_neutrinos", "reason"] == "not_tried"
    assert list(th["testers"]) == [[0], [0, 1], [0]]


def test_a_replication_of_another_players_theory_pays_both():
    g = Logged()
    g.add(1, 0, "build", card="ligo_interferometer", tile="1a", hex="gravity-1", bonus={})
    g.add(1, 1, "build", card="torsion_balance", tile="2a", hex="gravity-2", bonus={})
    g.add(1, 0, "play_theory", card="cosmic_inflation")
    logged_test(g, 1, 0, "cosmic_inflation", "1a", "first")
    logged_test(g, 2, 1, "cosmic_inflation", "2a", "replication",
           replication={"theory": "cosmic_inflation", "owner": 0, "vp": 2, "extra": 1, "counter": 1})
    row = d.tests(g).iloc[1]
    assert (row["outcome"], row["vp"], row["owner_vp"], row["owner"], row["project"]) == (
        "replication", 3, 2, 0, "torsion_balance")
    by = d.replications_by_player(g, d.tests(g))
    assert list(by["replication_vp"]) == [0, 3] and list(by["replicated_vp"]) == [2, 0]
    assert list(by["own_replicated"]) == [1, 0]


def test_a_failed_shield_then_accepting_is_one_suffered_card():
    g = Logged()
    g.add(4, 1, "interfere", card="ransomware", target=0, type="influence")
    g.add(4, 0, "shield_roll", card="cybersecurity", roll=1)  # names the shield, not the card
    g.add(4, 0, "suffer", card="ransomware", type="influence", sort="cyber", lost={"D": 1, "L": 0})
    g.add(5, 0, "interfere", card="p_hacking", target=1, type="bias")
    g.add(5, 1, "prereg_roll", roll=5)
    g.add(5, 1, "blocked", card="p_hacking", how="preregistration", attacker=0)
    inter = d.interference(g)
    assert list(inter["outcome"]) == ["suffered", "blocked"]
    assert inter.loc[0, "rolls"] == [{"die": "shield", "roll": 1, "card": "cybersecurity"}]
    assert inter.loc[1, "rolls"] == [{"die": "prereg", "roll": 5, "card": ""}]
    assert (inter.loc[0, "sort"], inter.loc[1, "how"]) == ("cyber", "preregistration")
    assert d.protections(inter) == {"preregistration": 1}
    by = d.interference_by_player(inter, 2)
    assert (by.loc[0, "influence_suffered"], by.loc[1, "bias_blocked"], by.loc[0, "bias_played"]) == (1, 1, 1)


# -- question 1: the pass and the replication that failed ------------------------------------------
def test_the_telling_pair_is_a_first_hit_and_a_later_test_elsewhere(game):
    state, facts, log = game
    pair, th = facts.pair, facts.theories
    expected = ("no_tests" if not len(facts.tests) else "failed" if th["failed_elsewhere"].sum()
                else "replicated" if th["replications"].sum() else "untried" if th["hits"].sum() else "no_pass")
    assert pair.kind.replace("impossible", "failed") == expected
    if pair.kind == "impossible":  # no failure that could have passed: the one shown could not
        assert pair.later["faces"] == 0
    rolled = list(kinds(log, "test")["roll"]) if len(facts.tests) else []
    if pair.passed is not None:
        assert pair.passed["outcome"] == "first" and pair.passed["roll"] in rolled
    if pair.kind in ("failed", "impossible", "replicated"):
        later = pair.later
        assert later["theory"] == pair.passed["theory"] and later["round"] >= pair.passed["round"]
        assert later["tile"] != pair.passed["tile"]
        assert later["outcome"] in (("replication",) if pair.kind == "replicated" else d.FAILED)
        assert later["total"] == later["roll"] + later["bonus"] - later["noise"] - later["penalty"]
        for term in pair.harder:
            worse = later[term] > pair.passed[term] if term in ("difficulty", "noise", "penalty") \
                else later[term] < pair.passed[term]
            assert worse, term
    if pair.kind == "no_pass":
        assert not pair.later["success"]
    if pair.replication is not None:
        assert pair.kind in ("failed", "impossible") and pair.replication["outcome"] == "replication"
        assert pair.replication["theory"] == pair.passed["theory"]
    elif pair.kind in ("failed", "impossible"):
        assert th.set_index("theory").loc[pair.passed["theory"], "replications"] == 0


def test_the_pair_prefers_a_theory_never_replicated_failed_by_another_group():
    g = Logged()
    for tile, owner in (("1a", 0), ("1b", 0), ("2a", 1), ("2b", 1)):
        g.add(1, owner, "build", card="ligo_interferometer", tile=tile, hex="gravity-1", bonus={})
    for theory in ("cosmic_inflation", "warm_dark_matter", "sterile_neutrinos"):
        g.add(1, 0, "play_theory", card=theory)
    logged_test(g, 1, 0, "cosmic_inflation", "1a", "first")
    logged_test(g, 2, 1, "cosmic_inflation", "2a", "null")  # failed by another group ...
    logged_test(g, 3, 1, "cosmic_inflation", "2b", "replication",  # ... but replicated later
                replication={"theory": "cosmic_inflation", "owner": 0, "vp": 2, "extra": 0, "counter": 1})
    logged_test(g, 2, 0, "warm_dark_matter", "1a", "first")
    logged_test(g, 3, 0, "warm_dark_matter", "1b", "null")  # never replicated, but the same group
    logged_test(g, 3, 0, "sterile_neutrinos", "1a", "first")
    logged_test(g, 4, 1, "sterile_neutrinos", "2a", "null")  # never replicated, another group: the pick
    pair = d.telling_pair(d.tests(g))
    assert pair.kind == "failed"
    assert (pair.passed["theory"], pair.passed["round"], pair.later["round"], pair.later["player"]) == (
        "sterile_neutrinos", 3, 4, 1)
    assert pair.harder == ()  # logged_test rolls every test alike


def test_a_failed_pair_names_the_replication_that_came_after_all():
    g = Logged()
    for tile, owner in (("1a", 0), ("2a", 1), ("2b", 1)):
        g.add(1, owner, "build", card="ligo_interferometer", tile=tile, hex="gravity-1", bonus={})
    g.add(1, 0, "play_theory", card="cosmic_inflation")
    logged_test(g, 1, 0, "cosmic_inflation", "1a", "first")
    logged_test(g, 2, 1, "cosmic_inflation", "2a", "null")
    logged_test(g, 3, 1, "cosmic_inflation", "2b", "replication",
                replication={"theory": "cosmic_inflation", "owner": 0, "vp": 2, "extra": 0, "counter": 1})
    pair = d.telling_pair(d.tests(g))
    assert (pair.kind, pair.later["round"], pair.replication["round"], pair.replication["tile"]) == (
        "failed", 2, 3, "2b")


def test_the_pair_says_what_made_the_later_test_harder():
    g = Logged()
    g.add(1, 0, "build", card="ligo_interferometer", tile="1a", hex="gravity-1", bonus={})
    g.add(1, 1, "build", card="torsion_balance", tile="2a", hex="gravity-2", bonus={})
    g.add(1, 0, "play_theory", card="cosmic_inflation")
    g.add(1, 0, "test", theory="cosmic_inflation", tile="1a", method="", roll=4, bonus=2, noise=0, penalty=0,
          total=6, difficulty=5, hex="gravity-1", success=True)
    g.add(1, 0, "hit", theory="cosmic_inflation", how="first", kv=1)
    g.add(2, 1, "test", theory="cosmic_inflation", tile="2a", method="", roll=4, bonus=1, noise=1, penalty=0,
          total=4, difficulty=6, hex="gravity-2", success=False)
    g.add(2, 1, "null", theory="cosmic_inflation", kv=0)
    pair = d.telling_pair(d.tests(g))
    assert pair.kind == "failed" and pair.harder == ("difficulty", "noise", "bonus")


def test_every_test_knows_how_many_faces_of_the_die_could_pass_it(game):
    state, facts, log = game
    for t in facts.tests.to_dict("records"):
        needed = t["difficulty"] - t["bonus"] + t["noise"] + t["penalty"]  # the die must show at least this
        assert t["faces"] == sum(1 for face in range(1, 7) if face >= needed)
        assert t["faces"] or not t["success"]  # a test no face could pass never passed


def test_the_pair_prefers_a_failure_that_could_have_passed_and_says_when_none_could():
    g = Logged()
    for tile, owner in (("1a", 0), ("2a", 1), ("2b", 1)):
        g.add(1, owner, "build", card="ligo_interferometer", tile=tile, hex="gravity-1", bonus={})
    for theory in ("cosmic_inflation", "warm_dark_matter"):
        g.add(1, 0, "play_theory", card=theory)
    logged_test(g, 1, 0, "cosmic_inflation", "1a", "first")
    g.add(2, 1, "test", theory="cosmic_inflation", tile="2a", method="", roll=6, bonus=0, noise=2, penalty=0,
          total=4, difficulty=8, hex="gravity-1", success=False)  # needs 10 on the die: no face passes
    g.add(2, 1, "null", theory="cosmic_inflation", kv=0)
    alone = d.telling_pair(d.tests(g))
    assert alone.kind == "impossible" and alone.later["faces"] == 0  # the only failure: shown, as it was
    logged_test(g, 2, 0, "warm_dark_matter", "1a", "first")
    logged_test(g, 3, 1, "warm_dark_matter", "2b", "null")  # needed 2 on the die: bad luck is possible
    pair = d.telling_pair(d.tests(g))
    assert (pair.kind, pair.passed["theory"], pair.later["faces"]) == ("failed", "warm_dark_matter", 5)


@pytest.mark.parametrize("outcomes, kind", [
    ((), "no_tests"), (("null", "null"), "no_pass"), (("first",), "untried"),
    (("first", "repetition"), "untried"),  # the same project again is no replication attempt
])
def test_a_game_without_a_failed_replication_still_has_its_case(outcomes, kind):
    g = Logged()
    g.add(1, 0, "build", card="ligo_interferometer", tile="1a", hex="gravity-1", bonus={})
    g.add(1, 0, "play_theory", card="cosmic_inflation")
    for turn, outcome in enumerate(outcomes, start=1):
        logged_test(g, turn, 0, "cosmic_inflation", "1a", outcome)
    pair = d.telling_pair(d.tests(g))
    assert pair.kind == kind
    assert (pair.passed is not None) == (kind == "untried") and (pair.later is not None) == (kind == "no_pass")


# -- question 3: who replicated whom ----------------------------------------------------------------
def test_replication_pairs_add_up_to_the_replications_and_their_vp(game):
    state, facts, log = game
    pairs, tests = facts.pairs, facts.tests
    assert pairs["replications"].sum() == state.counter
    assert pairs["repetitions"].sum() == (tests["outcome"] == "repetition").sum()
    assert pairs["tester_vp"].sum() == facts.replications["replication_vp"].sum()
    assert pairs["owner_vp"].sum() == facts.replications["replicated_vp"].sum()
    assert not pairs.duplicated(["tester", "owner"]).any()
    assert (pairs[pairs["tester"] == pairs["owner"]]["owner_vp"] == 0).all()  # your own theory: no second share


def test_top_sources_are_the_largest_nonzero_ones():
    row = {k: 0 for k in d.VP_SOURCES} | {"replications": 2, "null_journals": 1, "hype": -3, "stories": 1}
    assert d.top_sources(row, 3) == [("hype", -3), ("replications", 2), ("null_journals", 1)]
    assert d.top_sources({k: 0 for k in d.VP_SOURCES}) == []


# -- questions 2 and 5: noise, hype, and the school game's bias and influence events -------------------
def test_every_null_result_with_a_hex_leaves_noise_k15(game):  # K15
    state, facts, log = game
    made = facts.noise[facts.noise["source"] == "null"]
    nulls = facts.tests[(facts.tests["outcome"] == "null") & (facts.tests["hex"] != "")]
    if state.variant == "school":
        nulls = nulls[nulls["noise"] < 3]  # noise above 3 is lost
    assert len(made) == len(nulls)
    assert list(made["hex"]) == list(nulls["hex"]) and list(made["cause"]) == list(nulls["theory"])
    if not len(kinds(log, "event_effect")) and not len(kinds(log, "struck")):
        assert (facts.noise["source"] == "null").all()


def test_noisy_tests_say_when_the_noise_decided(game):
    state, facts, log = game
    noisy = facts.noisy_tests
    assert len(noisy) == (facts.tests["noise"] > 0).sum()
    for r in noisy.itertuples():
        assert r.decided == (not r.success and r.total < r.difficulty <= r.total + r.noise)


def test_hype_moments_are_the_rounds_hype_ran_ahead(game):
    state, facts, log = game
    hype, tr = facts.hype, facts.tracks
    assert len(hype) == ((tr["round"] > 0) & (tr["hype"] > tr["rigor"])).sum()
    for r in hype.itertuples():
        assert r.zone == ("artefacts" if r.hype > r.rigor + 1 else "edge") and r.hype >= r.rigor + 1


def test_hype_moments_from_tracks():
    tr = pd.DataFrame([{"round": r, "player": p, "rigor": rigor, "hype": hype}
                       for r, p, rigor, hype in ((0, 0, 0, 2), (1, 0, 1, 2), (2, 0, 1, 3), (2, 1, 2, 2))])
    hype = d.hype_moments(tr)  # round 0 is the start, before anyone played
    assert list(zip(hype["round"], hype["player"], hype["zone"])) == [(1, 0, "edge"), (2, 0, "artefacts")]


SCHOOL_EVENT_KINDS = ("struck", "protected", "event_effect")  # what the school game logs since Kit rule K33


def older_save(state):
    """The same game as a save from before Kit rule K33 would read: no bias and influence event
    records, no event effects."""
    old = state.clone()
    old.log.events = [e for e in old.log.events if e.kind not in SCHOOL_EVENT_KINDS]
    return old


@pytest.mark.parametrize("variant", ["school", "full"])
def test_games_without_bias_events_have_none(variant):
    state = older_save(play_one("research", 4, ["random"] * 3, variant=variant, players=3))
    facts = d.analyse(state)
    assert facts.strikes.empty and facts.strike_protections.empty and facts.event_effects.empty
    assert (facts.strikes_by_player.drop(columns="player") == 0).all().all()
    assert list(facts.events["event"]) == [e.data["event"] for e in state.log if e.kind == "event"]
    assert (facts.noise["source"] == "null").all()


def test_the_strikes_are_the_logged_ones_and_say_truly_why(game):
    state, facts, log = game
    s = facts.strikes
    assert len(s) == len(kinds(log, "struck")) + len(kinds(log, "protected"))
    assert len(facts.event_effects) == len(kinds(log, "event_effect"))
    # K33: a bias strikes the careless, influence the most visible: the debrief's reasons hold
    assert s[s["sort"] == "bias"]["careless"].all()
    assert s[s["sort"] == "influence"]["most_visible"].all()
    by = facts.strikes_by_player
    assert by.drop(columns="player").to_numpy().sum() == len(s)
    assert facts.strike_protections["total"].sum() == (s["outcome"] == "protected").sum()


@pytest.fixture(scope="module")
def struck_game():
    """A real school game read as an older save, its log then extended with bias and influence
    event records of the kinds and keys the school game logs (Kit rule K33)."""
    state = older_save(play_one("research", 1, ["heuristic", "random", "heuristic"], variant="school", players=3))
    add = state.log.add
    add(2, "funding", 1, "struck", event="exciting_hint", card="seeing_what_you_expect", sort="bias",
        card_kind="confirmation", effect={"test_penalty": 1})
    add(2, "funding", 0, "protected", event="exciting_hint", card="seeing_what_you_expect", sort="bias",
        card_kind="confirmation", how="method", method="blind_analysis")
    add(3, "funding", 2, "struck", event="smear_campaign_event", card="smear_campaign", sort="influence",
        effect={"reputation": -1, "noise": "quantum-3"})  # no card_kind: the card's own
    add(4, "funding", 1, "protected", event="viral_deepfake", card="fake_video", sort="influence", how="skepticism",
        method="")
    add(4, "funding", 2, "protected", event="pressure_to_publish", card="p_hacking", sort="bias", how="method",
        method="blind_analysis")
    add(4, "funding", 0, "event_effect", event="solar_storm", gained={}, lost={"R": 1}, noise=["gravity-3"])
    return state, d.analyse(state)


def test_bias_and_influence_events_become_strikes(struck_game):
    state, facts = struck_game
    s = facts.strikes
    assert list(zip(s["round"], s["player"], s["sort"], s["outcome"])) == [
        (2, 1, "bias", "struck"), (2, 0, "bias", "protected"), (3, 2, "influence", "struck"),
        (4, 1, "influence", "protected"), (4, 2, "bias", "protected")]
    assert list(s["card_kind"]) == ["confirmation", "confirmation", "disinformation", "disinformation", "p-hacking"]
    assert s.loc[0, "effect"] == {"test_penalty": 1} and s.loc[1, "method"] == "blind_analysis"
    # the tracks when the event came: the end of the round before
    tr = facts.tracks
    for r in s.itertuples():
        then = tr[(tr["round"] == r.round - 1)]
        mine = then[then["player"] == r.player].iloc[0]
        assert (r.rigor, r.hype, r.reputation) == (mine["rigor"], mine["hype"], mine["reputation"])
        assert r.vp == mine["vp"] and r.careless == (mine["hype"] >= mine["rigor"])
        visible = sorted(zip(then["vp"], then["reputation"]))[-1]
        assert r.most_visible == ((mine["vp"], mine["reputation"]) == visible)
    by = facts.strikes_by_player
    assert list(by["bias_struck"]) == [0, 1, 0] and list(by["bias_protected"]) == [1, 0, 1]
    assert list(by["influence_struck"]) == [0, 0, 1] and list(by["influence_protected"]) == [0, 1, 0]
    shields = facts.strike_protections
    assert list(zip(shields["how"], shields["method"], shields["bias"], shields["influence"], shields["total"])) == [
        ("method", "blind_analysis", 2, 0, 2), ("skepticism", "", 0, 1, 1)]


def test_events_and_strikes_that_add_noise_are_counted(struck_game):
    state, facts = struck_game
    noise = facts.noise
    assert list(noise[noise["source"] != "null"][["round", "player", "source", "hex", "cause"]].itertuples(
        index=False, name=None)) == [(3, 2, "influence", "quantum-3", "smear_campaign"),
                                     (4, 0, "event", "gravity-3", "solar_storm")]
    assert list(noise["round"]) == sorted(noise["round"])
    effects = facts.event_effects
    assert list(effects["event"]) == ["solar_storm"] and effects.loc[0, "lost"] == {"R": 1}


def test_an_unknown_card_in_a_strike_has_no_kind_but_does_not_fail(struck_game):
    state, _ = struck_game
    early = state.clone()
    early.log.add(5, "funding", 0, "struck", event="new_event", card="a_card_from_a_newer_deck", sort="bias",
                  effect={"hype": 1})
    s = d.analyse(early).strikes
    assert s.iloc[-1]["card_kind"] == "" and s.iloc[-1]["careless"] in (True, False)


def test_the_teams_a_bias_event_passed_by_escaped_it_with_rigor_above_hype(game):  # K33
    """Every school game meets a bias event: each team was struck, protected, or escaped it
    because its Rigor was above its Hype (the lesson plan's key point, debrief questions 2 and 5)."""
    state, facts, log = game
    bias = [e for e in state.log if e.kind == "event" and e.data.get("code") == "bias"]
    if state.view(None)["variant"] != "school":
        assert not bias and facts.escapes.empty
        return
    assert bias  # K33: every school game has one
    s, esc = facts.strikes, facts.escapes
    assert (esc["rigor"] > esc["hype"]).all()
    for e in bias:
        named = set(s[(s["round"] == e.turn) & (s["sort"] == "bias")]["player"])
        escaped = set(esc[esc["round"] == e.turn]["player"])
        assert not named & escaped and named | escaped == set(range(state.players)), e.turn
        assert set(esc[esc["round"] == e.turn]["card"]) <= {cards.events()[e.data["event"]].params["card"]}


def test_an_older_save_names_no_escapes_it_cannot_know():
    """Without the struck and protected records, only the teams whose tracks kept them out escaped."""
    state = play_one("research", 1, ["heuristic"] * 3, variant="school", players=3)
    facts, old = d.analyse(state), d.analyse(older_save(state))
    assert set(old.escapes["player"]) <= set(facts.escapes["player"]) | set(facts.strikes["player"])
    assert (old.escapes["rigor"] > old.escapes["hype"]).all()


def test_the_ranking_puts_the_winners_first_then_follows_the_tie_break(game):  # K26
    state, facts, log = game
    s = facts.summary
    assert sorted(s.ranking) == list(range(state.players))
    assert set(s.ranking[:len(s.winners)]) == set(s.winners)
    others = s.ranking[len(s.winners):]
    assert [s.ranks[p] for p in others] == sorted((s.ranks[p] for p in others), reverse=True)
    assert s.ranks == [tuple(state._rank(p)) for p in range(state.players)]
    assert s.decided_by == state.decided_by()


def test_a_tie_on_vp_ranks_the_winner_above_a_lower_seat():
    """Seed 44: Teams 2 and 4 end level on 9 VP; Team 4 wins on replications of its theories (K26)
    and comes first, though its seat is higher."""
    state = play_one("research", 44, ["heuristic"] * 4, variant="school", players=4)
    s = d.analyse(state).summary
    assert (s.vp, s.winners, s.decided_by) == ([4, 9, 8, 9], [3], "replications")
    assert s.ranking == [3, 1, 2, 0] and s.ranks[3][1] > s.ranks[1][1]
