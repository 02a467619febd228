"""Helpers that set an Antimatter Matters table up exactly, for the scenario tests."""
from btlgames import load
from btlgames.antimatter.data import card_of


def game(players=2, mode="standard", **options):
    return load("antimatter", seed=1, players=players, mode=mode, **options)


def give(state, seat, *card_ids):
    """Move one physical card of each type into ``seat``'s hand, from wherever it is."""
    for cid in card_ids:
        for place in (state.deck, state.discard, *[h for s, h in enumerate(state.hands) if s != seat]):
            card = next((c for c in place if card_of(c).id == cid), None)
            if card:
                place.remove(card)
                state.hands[seat].append(card)
                break
        else:
            raise AssertionError(f"no {cid} card left to give")


def empty_hands(state):
    for hand in state.hands:
        state.discard.extend(hand)
        hand.clear()


def put_on_top(state, *card_ids):
    """Put one card of each type on top of the draw pile, in order."""
    for cid in reversed(card_ids):
        card = next(c for c in state.deck + state.discard if card_of(c).id == cid)
        (state.deck if card in state.deck else state.discard).remove(card)
        state.deck.insert(0, card)


def fill(state, mat, *pieces):
    """Put pieces from the bank on a mat."""
    for p in pieces:
        state.bank[p] -= 1
        state.mats[mat]["pieces"].append(p)


def turn_of(state, seat):
    """Start ``seat``'s turn now (its group's), with the table as it is."""
    state.group = next(g for g, members in enumerate(state.groups) if seat in members)
    state.decision, state.tasks = {}, []
    state._start_turn()
    state._advance()
    return state


def step(state, seat, name):
    """Jump straight to one step of ``seat``'s turn (move, cards, action, draw), the rest to follow."""
    state.group = next(g for g, members in enumerate(state.groups) if seat in members)
    state.decision, state.tasks = {}, []
    steps = ["move", "cards", "action", "draw", "limit"]
    state.script = [[s, seat] for s in steps[steps.index(name):]]
    state._advance()
    return state


def kinds(state):
    return [type(a).__name__ for a in state.legal_actions()]


PROTON_FULL = ["up-red", "up-green", "down-blue", "gluon", "photon", "electron"]


def run(state, *tasks):
    """Run effects now (as if a space or card caused them), keeping what the table was asking."""
    saved, state.decision = state.decision, {}
    state.tasks = list(tasks) + state.tasks
    while state.tasks and not state.decision and not state.is_over():
        task = dict(state.tasks.pop(0))
        getattr(state, "_do_" + task.pop("do"))(**task)
    state._check_end()
    if not state.decision and not state.is_over():
        state.decision = saved
