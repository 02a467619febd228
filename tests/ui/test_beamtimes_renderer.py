"""The Beamtimes and Lifetimes renderer in plain Python: secrets, words, the end, clicks."""
import re

import pytest

import btlgames
from btlgames.beamtimes.cards import DIAMONDS, label
from btlgames.beamtimes.rules import Pass, Verify
from btlgames.core.playing import play_one
from btlgames.core.state import action_from_json
from btlgames.ui.common.seats import SYMBOLS
from btlgames.ui.games import beamtimes as renderer
from widgetry import move_buttons

BOTS = ["heuristic", "random", "heuristic", "random"]
VIEWERS = (0, 1, None, "all")


def games():
    """A few finished bot games for 2, 3 and 4 groups."""
    return [play_one("beamtimes", seed, BOTS[:players], players=players)
            for players in (2, 3, 4) for seed in range(3)]


def unseen(state, view) -> list[str]:
    """The diamonds on the table that this view neither shows nor remembers somewhere (K17)."""
    remembered = {c for slot in view["ring"] + view["row"] for c in slot["maybe"]}
    ring = [c for c, slot in zip(state.ring, view["ring"]) if slot["card"] is None]
    row = [c for c, slot in zip(state.row, view["row"]) if slot["card"] is None]
    return [c for c in ring + row + list(state.removed) if c not in remembered]


def test_a_verified_particle_shows_only_to_the_group_that_verified_it():
    state = btlgames.load("beamtimes", seed=3, players=2)
    state.apply(Pass())
    state.apply(Verify(0, 1))
    secret = label(state.row[0])
    words = renderer.card_words(state.row[0])
    assert secret in renderer.table(state.view(0)) and "you looked" in renderer.table(state.view(0))
    for viewer in (1, None):
        drawn = renderer.table(state.view(viewer))
        assert secret not in drawn and words not in drawn


def test_the_projector_draws_a_published_card_that_stays_as_known_to_every_group():
    state = btlgames.load("beamtimes", seed=3, players=2)
    state.ring_seen[1] = [0, 1]  # what publishing leaves when nothing is reshuffled (K12)
    drawn = renderer.table(state.view(None))
    assert renderer.card_words(state.ring[1]) in drawn
    assert f"every group knows: {label(state.ring[1])}" in drawn and "you looked" not in drawn


def test_the_table_never_draws_a_card_the_viewer_has_not_seen():
    """Replay bot games and draw every position for every group and the projector (K12)."""
    for players, seed in ((2, 1), (3, 2)):
        finished = play_one("beamtimes", seed, BOTS[:players], players=players)
        state = btlgames.load("beamtimes", seed=seed, players=players)
        for action in finished.history[:150]:
            for viewer in (*range(players), None):
                view = state.view(viewer)
                drawn = renderer.table(view)
                assert all(label(c) not in drawn for c in unseen(state, view))
            state.apply(action_from_json(state.actions, action))


def test_every_event_renders_for_every_viewer():
    kinds = set()
    for state in games():
        for viewer in VIEWERS:
            for record in state.log.to_records(viewer):
                line = renderer.event(record)
                assert "{" not in line and "None" not in line, line
                assert not re.search(r"\b(10|[2-9AJQK])[DCSH]\b", line), line  # codes become words
                kinds.add(record["kind"])
        assert renderer.summary(state.view(None))
        assert renderer.table(state.view(0))
    assert {"build", "look", "verify", "out_of_range", "published", "hire", "assign", "end"} <= kinds


def test_secret_looks_name_the_card_only_for_those_who_saw_it():
    state = games()[0]
    looks = [e for e in state.log if e.kind in ("look", "verify")]
    event = looks[0]
    particle = renderer.card_words(event.secret["particle"])
    outsider = next(g for g in range(state.players) if g not in event.seen_by)
    assert particle in renderer.event(event.record(event.seen_by[0]))
    assert particle in renderer.event(event.record("all"))
    for viewer in (outsider, None):
        assert particle not in renderer.event(event.record(viewer))


@pytest.mark.parametrize("face, symbol, word, ink", [
    ("QH", "Q♥", "physicist", "bt-red"), ("7S", "7♠", "detector", "bt-black"),
    ("3D", "3♦", "particle", "bt-red"), ("AC", "A♣", "grant", "bt-black")])
def test_suits_carry_symbols_and_words(face, symbol, word, ink):
    drawn = renderer.card(face)
    assert symbol in drawn and f"<small>{word}</small>" in drawn and ink in drawn
    assert f'aria-label="{word} {symbol}' in drawn


def test_groups_carry_a_symbol_and_a_number_not_only_a_colour():
    for g in range(4):
        long, short = renderer.marker(g), renderer.marker(g, short=True)
        assert f"Group {g + 1}<" in long and f"{g + 1}<" in short and 'title="Group' in short
    assert len(set(SYMBOLS)) == 4


def test_the_table_shows_the_ring_row_market_and_groups():
    state = btlgames.load("beamtimes", seed=3, players=3)
    drawn = renderer.table(state.view(None))
    for n in range(1, 7):
        assert f"Problem {n}" in drawn
    for n in range(1, 6):
        assert f"Row place {n}" in drawn
    said = re.sub(r"<[^>]+>", "", renderer.headline(state.view(None)))  # the badge names the group, once
    assert "Round 1 of 30" in said and "● Group 1 to play" in said and "Group 1 Group 1" not in said
    assert drawn.count("bt-card bt-back") == 6 + 5  # everything face down for the projector
    assert "tokens: 5 in hand · 20 in reserve" in drawn and "Group 3" in drawn
    assert "price 1" in drawn and "5 tokens" in drawn  # market prices
    assert not any(label(c) in drawn for c in DIAMONDS)


def test_the_pending_experiment_is_highlighted_with_its_payout_for_those_who_looked():
    for seed in range(40):
        state = btlgames.load("beamtimes", seed=seed, players=2)
        finished = play_one("beamtimes", seed, ["heuristic", "heuristic"], players=2)
        for action in finished.history:
            if state.phase == "publish":
                break
            state.apply(action_from_json(state.actions, action))
        if state.phase == "publish":
            break
    builder = state.pending["builder"]
    mine = renderer.headline(state.view(builder)) + renderer.table(state.view(builder))
    assert "bt-pending" in mine and "in range" in mine and "Publishing pays X =" in mine
    assert "Publishing pays" not in renderer.headline(state.view(None))


def test_the_summary_names_the_winner_and_why():
    for state in games():
        text = renderer.summary(state.view(None))
        names = [f"Group {g + 1}" for g in state.winners()]
        assert all(name in text for name in names)
        assert ("wins!" in text) == (len(names) == 1)
        assert "the most solved problems wins." in text or "Level on " in text  # why: K16's steps, in words
        assert "The game ended because" in text


def test_the_summary_explains_a_tie_break():  # K16, each credit option in words
    state = btlgames.load("beamtimes", seed=3, players=2, credit="tokens")
    state.phase, state.end_reason, state.solved_by = "over", "beamtime", [0, 1, None, None, None, None]
    state.published, state.tokens = [3, 2], [4, 9]
    text = renderer.summary(state.view(None))
    assert "Group 2 wins!" in text and "Level on solved problems: the most tokens in hand decides" in text
    state.options["credit"] = "published"
    text = renderer.summary(state.view(None))
    assert "Group 1 wins!" in text and "Level on solved problems: the most published results decides" in text
    state.published = [2, 2]
    assert "Level on solved problems, published results: the most tokens in hand" in renderer.summary(state.view(None))
    state.options["credit"], state.closest = "closest", [1, 3]
    assert "the smallest X published, decides" in renderer.summary(state.view(None))
    state.tokens, state.closest = [9, 9], [1, 1]
    assert "Level on solved problems, the closest result, published results, tokens in hand: the win is shared" in (
        renderer.summary(state.view(None)))


# -- the generic app with this renderer ------------------------------------------------------------
def buttons(app):
    return move_buttons(app)


@pytest.mark.slow
def test_the_app_plays_by_clicks_against_a_bot():
    app = renderer.app(seed=3, seats=["human", "heuristic"])
    assert "Problem 1" in app.table.value and "Your moves" not in app.table.value
    hire = next(b for b in buttons(app) if b.description.startswith("Hire physicist"))
    hire.click()
    assert len(app.state.history) == 1 and "takes physicist" in app.log.value
    for _ in range(200):  # then end turns / pass until the game is over
        if app.state.is_over():
            break
        choices = buttons(app)
        pick = next((b for b in choices if b.description in ("End the turn", "Pass")), choices[-1])
        pick.click()
        assert app.state.current_player() in (0, None), "the bot answered before the next click"
    assert app.state.is_over() and "btl-summary" in app.moves.children[0].value
    assert "Group" in app.moves.children[0].value


def test_two_groups_at_one_screen_pass_the_device_because_their_looks_are_secret():  # K5, K12
    """Hands are open (K5), but what a group looks at is its own (K12): with two people at one
    screen the app hides the table between their turns, so a group never sees another's looks."""
    app = renderer.app(seed=3, seats=["human", "human"])
    assert "Pass the device to Group 1" in app.table.value and "Problem 1" not in app.table.value
    app.moves.children[0].click()  # "I am Group 1"
    next(b for b in buttons(app) if b.description.startswith("Hire physicist")).click()
    next(b for b in buttons(app) if b.description.startswith("Verify row place 1 ")).click()
    secret = label(app.state.row[0])
    assert secret in renderer.table(app.state.view(0))  # Group 1 looked ...
    assert secret not in renderer.table(app.state.view(1)) and secret not in renderer.table(app.state.view(None))
    # ... and the device goes to Group 2 before its table is drawn: Group 1 is still holding it
    assert "Pass the device to Group 2" in app.table.value and secret not in app.table.value + app.log.value
    app.moves.children[0].click()  # "I am Group 2"
    assert "Group 2 to play" in re.sub(r"<[^>]+>", "", app.headline.value)
    assert secret not in app.table.value + app.log.value
    hand = app.state.hands[0]
    assert hand and all(label(card) in app.table.value for card in hand), "Group 1's hand is open (K5)"


def test_every_move_but_passing_belongs_to_a_part_of_the_table_that_is_drawn():
    """A click on the market card, the problem, the row place or the grant makes the move; every
    such target is marked in the table the player sees (one action, two ways to reach it)."""
    seen = set()
    for players, seed in ((2, 1), (3, 2), (4, 5)):
        finished = play_one("beamtimes", seed, BOTS[:players], players=players)
        state = btlgames.load("beamtimes", seed=seed, players=players)
        for action in finished.history[:120]:
            drawn = renderer.table(state.view(state.current_player()))
            for move in state.legal_actions():
                key = renderer.target(move)
                seen.add(move.kind if key else f"button:{move.kind}")
                assert key is None or f'data-target="{key}"' in drawn, (move, key)
            state.apply(action_from_json(state.actions, action))
    assert {"hire", "assign", "grant", "verify"} <= seen
    assert {k for k in seen if k.startswith("button:")} <= {"button:pass", "button:end_turn", "button:publish",
                                                           "button:withhold"}


def test_a_click_on_a_market_card_hires_it():
    app = renderer.app(seed=3, seats=["human", "heuristic"])
    card = app.state.market[0]
    assert "market:0" in app.table.targets
    app.table.press("market:0")
    assert card in app.state.hands[0]


def test_a_problem_with_several_moves_opens_them_beside_it_on_the_table():
    from btlgames.core.saves import dumps

    def several(state):  # Group 1 to play, with two physicists it could put on one problem
        assigns = [a for a in state.legal_actions() if a.kind == "assign"]
        return state.current_player() == 0 and len({a.card for a in assigns}) > 1

    for seed in range(30):
        finished = play_one("beamtimes", seed, ["heuristic", "heuristic"], players=2)
        state = btlgames.load("beamtimes", seed=seed, players=2)
        for action in finished.history:
            if several(state):
                break
            state.apply(action_from_json(state.actions, action))
        if several(state):
            break
    app = renderer.app(seed=1, seats=["human", "heuristic"])
    assert app.resume(dumps(state))
    problem = next(a.problem for a in state.legal_actions() if a.kind == "assign")
    before = len(app.state.history)
    app.table.press(f"problem:{problem}")
    assert len(app.state.history) == before, "nothing is played before the choice"
    choices = app.table.choices  # drawn beside the problem, on the table itself
    assert choices["key"] == f"problem:{problem}" and "which one" in choices["title"]
    offered = choices["options"]
    assert offered == [str(a) for a in app.state.legal_actions() if renderer.target(a) == f"problem:{problem}"]
    assert len(offered) > 1
    app.table.press(f"problem:{problem}", 1)  # the second of them
    assert len(app.state.history) > before and not app.table.choices


def test_the_headline_counts_the_solved_problems_against_the_goal():  # K15
    state = btlgames.load("beamtimes", seed=3, players=3, ending="lesson")
    state.solved_by[2] = 1
    assert "1 of 4 problems solved" in renderer.headline(state.view(None))
    assert "0 of 1 problem solved" in renderer.headline(btlgames.load("beamtimes", seed=3).view(None))
    source = btlgames.load("beamtimes", seed=3, players=3, ending="source")
    assert "0 of 6 problems solved" in renderer.headline(source.view(0))


def test_a_remembered_card_is_drawn_where_it_may_be_for_those_who_remember_it():  # K17
    state = btlgames.load("beamtimes", seed=3, players=2)
    card = state.ring[0]
    state.traces[0][card] = [0, 1, 2]  # group 1 saw it, then it was shuffled with problems 2 and 3
    words = f"you remember: {label(card)} (1 of 3 places) may be here"
    assert renderer.table(state.view(0)).count(words) == 3
    assert label(card) not in renderer.table(state.view(1)) and label(card) not in renderer.table(state.view(None))
    state.traces[1][card] = [0, 1]  # both groups remember it: the projector shows every place either thinks possible
    assert renderer.table(state.view(None)).count(f"every group knows: {label(card)} (1 of 3 places) may be here") == 3


def test_cards_shuffled_together_are_named_in_one_short_line_under_the_problem():  # K17
    state = btlgames.load("beamtimes", seed=3, players=2)
    first, second = state.ring[0], state.ring[1]
    state.traces[0][first] = state.traces[0][second] = [0, 1]  # two cards group 1 saw, shuffled together
    table = renderer.table(state.view(0))
    assert table.count(f"you remember: {label(first)} {label(second)} (each 1 of 2 places) may be here") == 2
    # the line runs under the card and its workers, the problem's whole width, not beside the workers
    assert re.search(r'</ul></div><div class="bt-known bt-maybe">you remember', table)
