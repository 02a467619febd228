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
from btlgames.core.simulate import play_one
from btlgames.core.state import action_from_json
from btlgames.research import debrief as d

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
    assert pubs["vp"].sum() == journal_nulls == res["journal_null"].sum() == res["null_vp"].sum()  # K12
    results = state.view(None)["results"]
    nulls = [r for r in results if r["kind"] == "null"]
    assert res["nulls"].sum() == len(nulls) == len(kinds(log, "null"))
    assert res["null_drawer"].sum() == sum(1 for r in nulls if not r["preprint"] and not r["journal"])
    assert (pubs["result_round"] <= pubs["round"]).all()


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
    for kind, data in extra.items():
        game.add(turn, player, kind, **data)
    if outcome == "null":
        game.add(turn, player, "null", theory=theory, kv=-1)
    elif outcome == "artefact":
        game.add(turn, player, "artefact", theory=theory)
    else:
        game.add(turn, player, "hit", theory=theory, how=outcome, kv=1)


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
