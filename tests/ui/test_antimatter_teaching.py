"""Antimatter Matters' teaching layer in plain Python: how to play, a first game's hints, the science
moments and the ending, against views and public log records of seeded games."""
import html
import random
import re

import pytest

import btlgames
from btlgames.antimatter.data import card_of, catalogue
from btlgames.antimatter.words import card_name
from btlgames.core import i18n
from btlgames.core.bots import play_turns
from btlgames.core.playing import make_bot
from btlgames.core.state import action_from_json
from btlgames.ui.games import antimatter as renderer


def plain(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def first_game(seed: int, players: int = 2, **options):
    """Scientist 1 follows every hint (its part of the table, or the button its words quote) against
    the heuristic bots, as a student's first game does; yields (state, view, hint, legal) at each of
    Scientist 1's decisions, then the finished state."""
    state = btlgames.load("antimatter", seed=seed, players=players, **options)
    bots = {s: make_bot("antimatter", "heuristic", seed * 31 + s) for s in range(1, players)}
    play_turns(state, bots, forced=True)
    while not state.is_over():
        view, legal = state.view(0), state.legal_actions()
        found = renderer.hint(view)
        yield state, view, found, legal
        words, key = found
        quoted = [a for a in legal if f"“{a}”" in words]
        move = next(a for a in legal if renderer.target(a) == key) if key else (quoted or legal)[0]
        state.apply(move)
        play_turns(state, bots, forced=True)
    yield state, None, None, None


def finished(seed: int, players: int = 2, **options):
    for state, view, _, _ in first_game(seed, players, **options):
        if view is None:
            return state


# -- how to play ------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fi", "nl"])
def test_how_to_play_is_a_screen_or_less_with_the_tables_own_picture(lang):
    with i18n.speaking(lang):
        steps = renderer.how_to_play()
        buttons = " ".join(i18n.t(f"show.{k}") for k in ("next", "previous", "play", "close"))
        said = " ".join(plain(f"{s.title} {s.body}") for s in steps) + " " + buttons
    assert len(said.split()) <= 200, len(said.split())
    drawn = "".join(s.body for s in steps)
    assert 'class="am-mat' in drawn and 'class="am-slot' in drawn  # the lab's own mat
    assert drawn.count("<circle") >= 4  # spaces of the board, as the board draws them, with pawns
    words = " ".join(s.words for s in steps)
    for key in ("how.goal", "how.pauli", "how.anti"):  # the goal, the Pauli rule, annihilation
        assert i18n.t(f"antimatter.teach.{key}", lang=lang) in words


# -- hints ----------------------------------------------------------------------------------------------
@pytest.mark.slow  # whole games followed hint by hint
@pytest.mark.parametrize("seed, players, options", [(31, 2, {}), (5, 2, {}), (3, 3, {"mode": "mixed"}),
                                                    (2, 2, {"mode": "coop"}), (4, 2, {"mode": "challenge"}),
                                                    (6, 4, {"mode": "team"})])
def test_every_hint_points_at_a_legal_move_and_never_reveals_a_hidden_card(seed, players, options):
    rng, kinds = random.Random(seed), set()
    for state, view, found, legal in first_game(seed, players, **options):
        if view is None:
            break
        kinds.add(view["decision"]["kind"])
        assert renderer.legal_from_view(view) == legal  # the moves a hint chooses among are the rules'
        assert found, view["decision"]
        words, key = found
        assert words and "{" not in words
        quoted = [a for a in legal if f"“{a}”" in words]
        assert key is None or key in {renderer.target(a) for a in legal}, key
        assert key is not None or quoted or view["decision"]["kind"] == "roll", words  # a button: its words
        # the other hands and the deck dealt differently: the same hint
        assert renderer.hint(state.hidden_variation(0, rng).view(0)) == found
    assert {"move", "action"} <= kinds and (options.get("mode") != "team" or {"order", "allocate"} <= kinds)


def test_a_move_hint_gives_the_piece_and_its_physics():
    for state, view, found, legal in first_game(31):
        words, key = found
        if key and key.startswith("space:") and "your mat needs" in words:
            space = catalogue().board.spaces[key.removeprefix("space:")]
            assert space.kind == "particle"
            assert any(renderer.t(f"antimatter.teach.why.{kind}") in words for kind in ("up", "down", "gluon", "photon", "electron"))
            return
    raise AssertionError("no hint sent Scientist 1 to a piece")


# -- moments -------------------------------------------------------------------------------------------
def antiparticle_before(records) -> bool:
    """Whether a piece lost after these records met its antiparticle: the last spin, action or card
    played at once was an antiparticle's sector or a Stray Positron (Pair Production's photon and a
    breach are no annihilation)."""
    cause = next((r for r in reversed(records) if r["kind"] in ("spin", "resolve", "immediate")), None)
    return bool(cause) and (cause["kind"] == "spin" and cause["sector"] in ("positron", "anti-up", "anti-down")
                            or cause["kind"] == "resolve" and cause["card"] == "positron")


def moments_of(state) -> list[tuple[list[dict], list[dict], list]]:
    """Replay a finished game as the app draws it: after each move, the moments of its new public
    records (with the records before them)."""
    game = btlgames.load("antimatter", seed=state.seed, **state.options)
    shown, out = len(game.log.to_records(None)), []
    for record in state.history:
        game.apply(action_from_json(game.actions, record))
        public = game.log.to_records(None)
        new, earlier, shown = public[shown:], public[:shown], len(public)
        out.append((new, earlier, renderer.moments(new, game.view(None), earlier)))
    return out


@pytest.mark.slow  # a few whole games replayed move by move
@pytest.mark.parametrize("seed", [31, 1, 8])
def test_moments_fire_on_the_records_that_embody_the_science_and_on_no_others(seed):
    state = finished(seed)
    titles = {k: renderer.t(f"antimatter.teach.moment.{k}_title") for k in ("pauli", "annihilation", "proton", "atom")}
    bounced, shown = False, []
    for new, earlier, steps in moments_of(state):
        kinds = [r["kind"] for r in new]
        got = [s.title for s in steps]
        shown += got
        first_bounce = "pauli" in kinds and not bounced
        bounced |= "pauli" in kinds
        assert (titles["pauli"] in got) == first_bounce, kinds
        annihilated = [r for i, r in enumerate(new) if r["kind"] == "lose" and antiparticle_before(earlier + new[:i])]
        assert got.count(titles["annihilation"]) == len(annihilated), kinds
        assert (titles["atom"] in got) == any(r["kind"] == "end" and r["reason"] == "atom" for r in new)
        if not set(kinds) & {"pauli", "lose", "take", "end", "atom"}:
            assert steps == [], kinds  # most records are no moment
        for step in steps:  # no card held in a hand, only what the table shows
            said = step.words + plain(step.body)
            assert not any(card_name(card_of(c).id) in said for hand in state.hands for c in hand)
    assert titles["proton"] in shown and titles["atom"] in shown


def test_a_pauli_bounce_names_who_stood_there_and_where_the_pawn_went():
    state = finished(31)
    steps = [s for _, _, found in moments_of(state) for s in found if s.kind == "bounce"]
    assert len(steps) == 1
    words = steps[0].words
    assert re.search(r"Scientist \d's move reached .+, where Scientist \d stands", words), words
    assert "identical fermions" in words and "quantum state" in words  # nature, and where the game simplifies
    assert steps[0].body.count("<circle") >= 2  # the walk cut short, drawn


def test_an_annihilation_says_the_energy_and_where_the_game_simplifies():
    state = finished(1)
    steps = [s for _, _, found in moments_of(state) for s in found if s.kind == "lost"]
    assert steps
    for step in steps:
        assert "511 keV" in step.words or "1.88 GeV" in step.words
        assert "Where the game simplifies" in step.words


# -- the ending -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fi", "nl"])
def test_the_ending_names_this_games_facts_and_links_the_concept_page(lang):
    state = finished(31)
    records = state.log.to_records(None)
    winner = state.winners()[0]
    with i18n.speaking(lang):
        end = renderer.ending(state.view(None), records)
        atom = renderer.atom_words("H-1")
    said = plain(end)
    bounces = sum(r["kind"] == "pauli" for r in records)
    assert f"{renderer.t('antimatter.scientist', lang=lang, n=winner + 1)} " in said and atom in said
    assert str(bounces) in said and bounces == 1
    assert 'href="pauli.ipynb' in end
    if lang == "en":
        assert f"Scientist {winner + 1} built {atom}" in said
        assert "Pauli bounces 1 · pieces annihilated by antiparticles 0" in said
        assert "Where the game simplifies" in said


def test_the_app_opens_with_how_to_play_and_gives_a_first_hint():
    game = renderer.app(seed=31)
    assert game.show.steps and game.show.steps[0]["title"] == renderer.t("antimatter.teach.how.title")
    game.show.end()
    assert game.table.hint  # the first decision's hint, beside its part of the table
    assert game.table.hinted == "" or game.table.hinted in game.targets


def test_a_set_of_cards_taken_off_the_hinted_way_is_stopped_and_kept():
    """A student who took a movement card the heuristic set does not hold is told to stop (the cards
    stay in the hand), never to play a set the hint did not choose."""
    for seed in range(40):
        for state, view, found, legal in first_game(seed):
            if view is None or view["decision"]["kind"] != "cards" or view["decision"]["chosen"]:
                continue
            plan = renderer._card_plan(view, 0)
            off = [a for a in legal if type(a).__name__ == "PickCard" and a.card not in plan]
            if not plan or not off:
                continue
            state.apply(off[0])
            words, key = renderer.hint(state.view(0))
            stop = str(state.legal_actions()[-1])
            assert key is None and f"“{stop}”" in words and "other cards" in words, words
            return
    raise AssertionError("no first game took a card off the hinted set")


def test_a_kicked_pawn_lands_where_it_hinders_a_rival_and_helps_an_ally():
    for state, view, found, legal in first_game(0):  # Scientist 1 kicks Scientist 2 with a Heisenberg Kick
        if view["decision"]["kind"] == "nudge":
            break
    assert view["decision"]["mover"] == 1 and found[0].endswith("helps its Scientist least.")
    assert found[1] in {renderer.target(a) for a in legal}
    ally = dict(view, owner_of=[0, 0])  # the same kick in a game where both collect for one lab
    words, key = renderer.hint(ally)
    assert words.endswith("helps most.") and key in {renderer.target(a) for a in legal} and key != found[1]
