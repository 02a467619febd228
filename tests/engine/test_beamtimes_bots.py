"""The Beamtimes bots: the solver's levers, each in a scene (what they add over many games:
bench/beamtimes_decided.py)."""
from btlgames.beamtimes.bots import HeuristicBot, SolverBot
from btlgames.beamtimes.rules import Assign, Build, EndTurn, Hire, Publish, Withhold

from test_beamtimes_rules import game


def choice(bot, state):
    return bot.choose(state.view(state.current_player()), state.legal_actions())


def known(state, problem):
    """Every group has seen the card at ``problem`` and it has not moved (K12)."""
    state.ring_seen[problem] = list(range(state.players))
    return state


def test_the_solver_leads_a_known_problem_with_its_exact_physicist():
    state = known(game(ring=["3D", "7D", "9D"], hands={0: ["7H", "KH", "7S"]}), 1)
    assert choice(SolverBot(0), state) == Assign("7H", 1)


def test_the_solver_builds_the_exact_detector_where_it_leads_the_exact_physicist():
    state = known(game(ring=["3D", "7D", "9D"], hands={0: ["2S", "7S", "KS"]}, workers={1: [(0, "7H")]}), 1)
    assert choice(SolverBot(0), state) == Build("7S", 1)
    state.apply(Build("7S", 1))
    assert state.solved_by[1] == 0


def test_the_solver_buys_the_missing_half_of_an_exact_pair():
    state = known(game(ring=["3D", "7D", "9D"], hands={0: ["7H"]}, market=["2H", "7S", "4H", "5S", "6H"],
                       tokens=[2, 5]), 1)
    assert choice(SolverBot(0), state) == Hire(1, "7S")


def test_the_solver_looks_where_the_card_will_stay():
    # It leads problems 2 and 5 and holds a wide detector: problem 2's neighbours are busy, 5's are idle
    state = game(ring=["3D", "7D", "9D", "4D", "5D", "6D"], hands={0: ["KS"]},
                 workers={0: [(1, "2H")], 1: [(0, "AH")], 2: [(1, "5H")], 4: [(0, "3H")]})
    builds = [a for a in state.legal_actions() if isinstance(a, Build)]
    assert {a.problem for a in builds} == {1, 4}
    assert choice(SolverBot(0), state) == Build("KS", 1)


def test_the_solver_keeps_a_result_it_can_still_solve_to_itself():
    state = game(ring=["3D", "7D", "9D"], hands={0: ["KS", "7S"]},
                 workers={0: [(1, "2H")], 1: [(0, "7H")], 2: [(1, "5H")]})
    state.apply(Build("KS", 1))  # 7♥ to K♠ holds the 7: in range, both neighbours busy, 7♠ in hand
    assert choice(SolverBot(0), state) == Withhold()
    assert choice(HeuristicBot(0), state) == Publish()
    state.apply(Withhold())
    assert state.view(0)["ring"][1]["card"] == "7D" and state.view(1)["ring"][1]["card"] is None
    state.apply(EndTurn())


def test_the_solver_aims_at_the_problem_it_can_finish_soonest():
    # Problem 2 (a 7) needs the 7♠ bought, the 7♥ assigned and the detector built: three turns.
    # Problem 5 (a 9) is led with the 9♥ already: buy the 9♠ and build it, two turns
    state = game(ring=["3D", "7D", "2D", "4D", "9D", "6D"], hands={0: ["7H"]}, workers={4: [(0, "9H")]},
                 market=["9S", "2H", "4H", "5H", "7S"])
    known(known(state, 1), 4)
    assert choice(SolverBot(0), state) == Hire(0, "9S")



def test_the_grants_bot_applies_for_a_grant_worth_most_and_never_builds():
    from btlgames.beamtimes.bots import GrantsBot
    from btlgames.beamtimes.rules import ApplyForGrant
    from btlgames.core.playing import play_one

    state = game(ring=["3D", "7D", "9D"], hands={0: ["7S"]}, workers={1: [(0, "7H")]})  # it could build
    assert choice(GrantsBot(0), state) in (ApplyForGrant("3C"), ApplyForGrant("4C"))  # 2 tokens a turn expected
    for seed in range(4):
        played = play_one("beamtimes", seed=seed, bot=["grants", "solver"])
        mine = [e.kind for e in played.log if e.player == 0]
        assert "grant_won" in mine and not {"build", "hire", "assign", "verify"} & set(mine)
        summary, winners = played.summary(), played.winners()  # what a winner did: the designer notes count it
        assert summary["winner_solved"] == min(played.solved_by.count(g) for g in winners)
        assert summary["winner_published"] == min(played.published[g] for g in winners)


def test_the_solver_builds_an_exact_pair_at_once_with_idle_neighbours():
    # It leads problem 6 with Q♥ and holds Q♠: a 12 solves, anything else is out of range, so no result can
    # reshuffle the card and there is nothing to wait for. It used to wait for busy neighbours and apply for
    # grant 5 turn after turn (the rival never worked on a problem, so they never got busy)
    state = game(ring=["3D", "7D", "9D", "4D", "5D", "QD"], row=["AD", "2D", "6D", "8D", "10D"], hands={0: ["QS"]},
                 workers={5: [(0, "QH")]}, tokens=[9, 5])
    state.row_seen = [[0]] * 5
    state.grants_up["3C"] = state.grants_up["4C"] = False
    assert choice(SolverBot(0), state) == Build("QS", 5)


def test_of_two_grants_worth_the_same_the_bots_apply_for_the_surer():
    from btlgames.beamtimes.rules import ApplyForGrant

    state = game(tokens=[0, 5])  # nothing to do but apply: 2 tokens 5 times in 6, or 5 tokens 2 times in 6
    state.grants_up["3C"] = state.grants_up["4C"] = False
    for seed in range(6):
        assert choice(HeuristicBot(seed), state) == choice(SolverBot(seed), state) == ApplyForGrant("2C")
