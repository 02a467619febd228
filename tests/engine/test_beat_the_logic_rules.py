"""Beat The Logic, clause by clause (lessons/beat-the-logic/rules.md; K<n> = kit rule n).

The rulebook's own worked examples come first.
"""
from collections import Counter

import pytest

import btlgames
from btlgames import IllegalAction
from btlgames.beat_the_logic import sets
from btlgames.beat_the_logic.cards import BAND, CARDS, COLOUR, OVERVIEW_CARDS, deck_for, full_box, removed_for
from btlgames.beat_the_logic.rules import NEW, HAND, LayAside, NoSteal, Play, Protect, Steal
from btlgames.core.playing import make_bot, play_one


def S(*cards, angel=None):
    return {"cards": list(cards), "angel": angel}


def game(players=2, hands=None, areas=None, player=0, seed=1, variant="standard"):
    """A game at the start of a round with ``player`` to start, the hands and areas as the test
    says; the cards not named are the deck, in a fixed order."""
    state = btlgames.load("beat-the-logic", seed=seed, players=players, variant=variant)
    state.hands = [list((hands or {}).get(p, [])) for p in range(players)]
    state.areas = [[dict(g, cards=list(g["cards"])) for g in (areas or {}).get(p, [])] for p in range(players)]
    state.lone_angels = [[] for _ in range(players)]
    used = Counter(c for h in state.hands for c in h)
    for area in state.areas:
        for g in area:
            used.update(g["cards"] + ([g["angel"]] if g["angel"] else []))
    rest = Counter(deck_for(players))
    rest.subtract(used)
    assert min(rest.values()) >= 0, "the test names more copies than the game has"
    state.deck = [c for c in CARDS for _ in range(rest[c])]
    state.points = [sets.area_points(a) for a in state.areas]
    state.start = state.player = player
    state.played = 0
    state.check_invariants()
    return state


def last(state, kind):
    return next(e for e in reversed(state.log.events) if e.kind == kind)


# -- the rulebook's examples --------------------------------------------------------------------
def test_eriks_three_drumsticks_score_nine():
    assert sets.points(S("drumsticks", "drumsticks", "drumsticks")) == 9


def test_elkes_two_musician_sets_two_drumsticks_and_a_plectrum():
    area = [S("guitarist", "guitar", "plectrum"), S("singer", "hairspray", "microphone"),
            S("drumsticks", "drumsticks"), S("plectrum")]
    assert [sets.points(g) for g in area] == [12, 12, 4, 1]
    assert sets.area_points(area) == 24 + 4 + 1


def test_an_angel_on_a_complete_musician_set_costs_two():
    # K9: Erik protected the set while it had two cards, then completed it
    state = game(hands={0: ["drums"], 1: ["cap"]}, areas={0: [S("drummer", "drumsticks", angel="angel-blue")]})
    state.apply(Play("drums", 0))
    assert state.areas[0][0] == S("drummer", "drumsticks", "drums", angel="angel-blue")
    assert state.scores()[0] == 12 - 2 == 10


def test_mariekes_three_blue_drumsticks_with_an_angel():
    assert sets.points(S("drumsticks", "drumsticks", "drumsticks", angel="angel-blue")) == 9 - 2 == 7


def test_mariekes_purple_angel_then_she_steals_eriks_drum_kit():
    marieke, erik = 0, 1
    state = game(hands={marieke: ["angel-purple", "cap"], erik: ["bass"]},
                 areas={marieke: [S("guitarist", "plectrum"), S("drumsticks")], erik: [S("drummer", "drums")]})
    legal = state.legal_actions()
    # the purple angel fits only her two purple cards, not the lone blue drumstick
    assert [a for a in legal if isinstance(a, (Protect, LayAside))] == [Protect("angel-purple", 0)]
    state.apply(Protect("angel-purple", 0))
    assert state.areas[marieke][0]["angel"] == "angel-purple"
    assert state.scores()[marieke] == 0 + 1  # guitarist + plectrum - 2, and the drumstick
    assert state.phase == "steal" and state.current_player() == marieke
    assert Steal(erik, 0, "drums", 1) in state.legal_actions()  # the drum kit next to her drumstick
    state.apply(Steal(erik, 0, "drums", 1))
    assert state.areas[marieke][1] == S("drumsticks", "drums")
    assert state.areas[erik] == [S("drummer")]
    assert state.scores() == {marieke: 0 + 2, erik: 1}
    assert last(state, "steal").data == {"victim": erik, "source": 0, "card": "drums", "set": 1}
    assert len(state.hands[marieke]) == 2  # she drew after her turn
    assert state.current_player() == erik


def test_erik_chooses_where_his_third_plectrum_goes():
    state = game(hands={0: ["plectrum"]}, areas={0: [S("plectrum", "plectrum"), S("guitarist")]})
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    assert plays == [Play("plectrum", NEW), Play("plectrum", 0), Play("plectrum", 1)]
    nine = state.clone()
    nine.apply(Play("plectrum", 0))
    assert nine.scores()[0] == 9 + 1
    band = state.clone()
    band.apply(Play("plectrum", 1))
    assert band.scores()[0] == 4 + 2  # no points for the musician set yet: loose cards until complete
    # K7: once laid, a card never moves to another of his sets
    assert not any(isinstance(a, Play) and a.card == "plectrum" and a.into == 0 for a in band.legal_actions())


# -- the cards (K1, K2) -------------------------------------------------------------------------
def test_the_box_holds_94_cards_of_which_90_are_played():  # K1
    box = full_box()
    assert sum(box.values()) == 90 and sum(box.values()) + OVERVIEW_CARDS == 94
    for colour, (musician, instrument, accessory) in BAND.items():
        assert box[musician] == box[instrument] == box[accessory] == 5
        assert box[f"angel-{colour}"] == 3
        assert {COLOUR[musician], COLOUR[instrument], COLOUR[accessory]} == {colour}


@pytest.mark.parametrize("players, removed, dealt_deck", [(4, 0, 74), (3, 15, 63), (2, 30, 52)])
def test_fewer_players_remove_complete_musician_sets(players, removed, dealt_deck):  # K2
    out = Counter(removed_for(players))
    assert sum(out.values()) == removed
    assert set(out.values()) <= {(4 - players)}, "the same number of every musician, instrument and accessory"
    assert not any(c.startswith("angel") for c in out), "the angels all stay"
    state = btlgames.load("beat-the-logic", seed=3, players=players)
    assert len(state.deck) == dealt_deck and all(len(h) == HAND for h in state.hands)


def test_the_cards_are_shuffled_and_dealt_four_each_the_rest_is_a_face_down_pile():  # K2
    deals = [btlgames.load("beat-the-logic", seed=s, players=3) for s in (1, 2)]
    for state in deals:
        assert Counter(state.deck + [c for h in state.hands for c in h]) == Counter(deck_for(3))
        projector = state.view(None)
        assert projector["deck"] == len(state.deck) and projector["hand_sizes"] == [HAND] * 3
        assert projector["hand"] is None and all(k == [] for k in projector["known_hands"])
    assert deals[0].hands != deals[1].hands, "another seed, another shuffle"


# -- the turn, the round, passing (K3, K4) --------------------------------------------------------
def test_a_round_play_then_draw_then_hands_pass_left_and_the_start_player_moves_left():  # K3 K4
    state = btlgames.load("beat-the-logic", seed=5, players=3)
    assert state.current_player() == 0 and state.start == 0
    hands = [list(h) for h in state.hands]
    top = list(state.deck[:3])
    for p in range(3):
        assert state.current_player() == p
        card = next(c for c in CARDS if c in state.hands[p] and not c.startswith("angel"))
        state.apply(Play(card, NEW))
        hands[p].remove(card)
        hands[p].append(top[p])
        assert state.areas[p][-1] == S(card)
    assert [sorted(h) for h in state.hands] == [sorted(hands[2]), sorted(hands[0]), sorted(hands[1])]
    assert state.start == 1 and state.current_player() == 1 and state.round == 2
    assert [m["to"] for p in range(3) for m in state.memory[p]] == [1, 2, 0]  # K16


def test_every_turn_lays_a_hand_card_face_up_there_is_no_passing():  # K4
    state = btlgames.load("beat-the-logic", seed=8, players=4)
    for _ in range(12):
        p = state.current_player()
        legal = state.legal_actions()
        assert legal and all(isinstance(a, (Play, Protect, LayAside)) for a in legal), "no move keeps the card"
        action = legal[-1]
        laid = getattr(action, "card", None) or action.angel
        assert laid in state.hands[p]
        shown_before = sum(len(g["cards"]) + bool(g["angel"]) for g in state.view(None)["areas"][p])
        state.apply(action)
        if state.phase == "steal":
            state.apply(NoSteal())
        shown = state.view(None)
        face_up = [c for g in shown["areas"][p] for c in g["cards"] + [g["angel"]]] + shown["lone_angels"][p]
        assert laid in face_up, "the card is laid face up: the projector shows it"
        assert sum(len(g["cards"]) + bool(g["angel"]) for g in shown["areas"][p]) >= shown_before + (
            not isinstance(action, LayAside))


def test_sets_are_never_combined():  # K7
    # a drummer with his drum kit, and drumsticks on their own: together they would be a complete
    # drummer's set, but they are two sets, and no move puts them together
    state = game(hands={0: ["cap"], 1: ["bass"]}, areas={0: [S("drummer", "drums"), S("drumsticks")]})
    assert state.scores()[0] == 3
    state.apply(Play("cap", NEW))
    assert state.areas[0][:2] == [S("drummer", "drums"), S("drumsticks")] and state.scores()[0] == 4
    assert all(a.card in state.hands[1] for a in state.legal_actions())  # nothing moves what is laid


def test_each_card_starts_a_set_or_joins_one_it_fits():  # K5 K6
    state = game(players=4, hands={0: ["drumsticks"]}, areas={0: [S("drumsticks", "drumsticks", "drumsticks"),
                                                          S("drummer"), S("drumsticks", "drums"), S("cap")]})
    assert [a.into for a in state.legal_actions()] == [NEW, 1]  # a 4th drumstick starts a new set (K6)
    assert sets.fits(S("drums"), "drumsticks") and sets.fits(S("drums", "drumsticks"), "drummer")
    assert not sets.fits(S("drums"), "plectrum") and not sets.fits(S("guitar", "plectrum"), "plectrum")


def test_musicians_are_not_collected_unless_first_edition():  # K14
    standard = game(hands={0: ["guitarist"]}, areas={0: [S("guitarist")]})
    assert [a.into for a in standard.legal_actions()] == [NEW]
    first = game(hands={0: ["guitarist"]}, areas={0: [S("guitarist")]}, variant="first-edition")
    first.apply(Play("guitarist", 0))
    assert first.scores()[0] == 4
    assert sets.points(S("guitarist", "guitarist", "guitarist")) == 9


def test_illegal_and_malformed_actions_change_nothing():
    state = game(hands={0: ["plectrum", "angel-blue"], 1: ["cap"]}, areas={0: [S("guitarist")]})
    before = state.clone()
    for bad, words in [(Play("cap", NEW), "no cap"), (Play("plectrum", 5), None),
                       (Play("drums", 0), "no drum kit"), (Play("angel-blue", NEW), None),
                       (Protect("angel-blue", 0), None), (Steal(1, 0, "cap", NEW), "right after"),
                       (Play(3, "x"), None), (Play(["plectrum"], NEW), None), (NoSteal(), "right after"),
                       (Play(True, NEW), None), ("plectrum", None)]:
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        assert str(err.value)
        if words:
            assert words in str(err.value)
        assert state == before


def test_why_illegal_names_the_reason():
    state = game(hands={0: ["plectrum", "angel-purple", "angel-blue"]},
                 areas={0: [S("guitar", "guitar", angel="angel-purple"), S("drums"), S("drummer", "drumsticks")]})
    with pytest.raises(IllegalAction, match="does not fit"):
        state.apply(Play("plectrum", 0))
    with pytest.raises(IllegalAction, match="already has"):
        state.apply(Protect("angel-purple", 0))
    with pytest.raises(IllegalAction, match="its own colour"):
        state.apply(Protect("angel-purple", 2))
    with pytest.raises(IllegalAction, match="unfinished set of two"):
        state.apply(Protect("angel-blue", 1))
    with pytest.raises(IllegalAction, match="can protect"):
        state.apply(LayAside("angel-blue"))


def test_an_angel_played_as_a_card_is_told_what_it_may_do_here():  # K8 K11
    can = game(hands={0: ["angel-blue"], 1: ["cap"]}, areas={0: [S("drums", "drums")]})
    with pytest.raises(IllegalAction, match="lay it on a set to protect it"):
        can.apply(Play("angel-blue", NEW))
    cannot = game(hands={0: ["angel-blue"], 1: ["cap"]}, areas={0: [S("drums")]})
    assert cannot.legal_actions() == [LayAside("angel-blue")]
    with pytest.raises(IllegalAction, match="none of your sets can take it now: lay it aside"):
        cannot.apply(Play("angel-blue", NEW))


def test_the_first_edition_says_a_set_of_equal_cards_may_be_musicians():  # K14
    for variant, words in (("standard", "identical attributes"), ("first-edition", "identical cards")):
        state = game(hands={0: ["guitar"], 1: ["cap"]}, areas={0: [S("drums")]}, variant=variant)
        with pytest.raises(IllegalAction, match=words):
            state.apply(Play("guitar", 0))


def reasons(state) -> dict:
    """Every refusal's words (English) in this position: {the catalogue key it matches: [actions]}."""
    from btlgames.beat_the_logic.rules import card_words
    from btlgames.core.i18n import t

    p, area = state.player, state.areas[state.player]
    cards = set(state.hands[p]) | {"cap", "angel-red"}  # the hand's cards, and two it may lack
    moves = [NoSteal()] + [LayAside(c) for c in cards]
    moves += [cls(c, i) for cls in (Play, Protect) for c in cards for i in range(NEW, len(area) + 1)]
    moves += [Steal(v, k, c, i) for v in range(state.players) for k, g in enumerate(state.areas[v])
              for c in set(g["cards"]) for i in (NEW, 0)]
    legal, found = state.legal_actions(), {}
    for move in moves:
        if move in legal:
            continue
        said = state.reason_illegal(move)
        card = getattr(move, "card", getattr(move, "angel", None))
        values = {"card": card_words(card) if card else "", "n": getattr(move, "into", 0) + 1, "player": 0}
        if isinstance(move, Steal):
            values.update(player=move.victim + 1, n=move.source + 1)
        keys = [k for k in WHY if said == t(f"beat-the-logic.why.{k}", **values)]
        found.setdefault(keys[0] if keys else "generic", []).append(move)
    return found


WHY = ("steal_first", "no_angel", "not_in_hand", "angel_is_no_card", "angel_lay_aside", "not_an_angel",
       "does_not_fit", "does_not_fit_first", "has_angel", "angel_colour", "not_protectable",
       "angel_can_protect", "own_card", "protected")


def claims(state, variant):
    """What each refusal says of the position, as a test of the move refused (and its card)."""
    legal, p = state.legal_actions(), state.player
    area, hand = state.areas[p], state.hands[p]

    def target(m):
        return area[m.into]

    return {
        "steal_first": lambda m, card: state.phase == "steal" and NoSteal() in legal,
        "no_angel": lambda m, card: state.phase == "play" and not any(isinstance(a, Steal) for a in legal),
        "not_in_hand": lambda m, card: card not in hand,
        "angel_is_no_card": lambda m, card: any(isinstance(a, Protect) and a.angel == card for a in legal),
        "angel_lay_aside": lambda m, card: LayAside(card) in legal,
        "not_an_angel": lambda m, card: not card.startswith("angel-"),
        "does_not_fit": lambda m, card: variant == "standard" and Play(card, NEW) in legal,
        "does_not_fit_first": lambda m, card: variant == "first-edition" and Play(card, NEW) in legal,
        "has_angel": lambda m, card: target(m)["angel"] is not None,
        "angel_colour": lambda m, card: sets.colour(target(m)) != COLOUR[card],
        "not_protectable": lambda m, card: len(target(m)["cards"]) != 2,
        "angel_can_protect": lambda m, card: any(isinstance(a, Protect) and a.angel == card for a in legal),
        "own_card": lambda m, card: m.victim == p,
        "protected": lambda m, card: state.areas[m.victim][m.source]["angel"] is not None,
        "generic": lambda m, card: True,  # "not possible now; possible: ..." lists legal moves
    }


def test_every_refusal_says_what_is_true_of_the_position():  # K5-K11 K14
    """Each message of a refused move checked against the legal moves of the position it is given in,
    in positions of seeded games of both variants and every table size."""
    bot, seen = make_bot("beat-the-logic", "random", 5), set()
    for players in (2, 3, 4):
        for variant in ("standard", "first-edition"):
            state = btlgames.load("beat-the-logic", seed=players, players=players, variant=variant)
            while not state.is_over():
                if len(state.history) % 13 == 4 or state.phase == "steal":
                    said = claims(state, variant)
                    for key, moves in reasons(state).items():
                        seen.add(key)
                        for m in moves:
                            assert said[key](m, getattr(m, "card", getattr(m, "angel", None))), (key, m)
                state.apply(bot.choose(None, state.legal_actions()))
    assert seen == set(WHY) | {"generic"}, set(WHY) - seen


# -- Guardian Angels (K8-K11) -----------------------------------------------------------------------
def test_an_angel_protects_only_an_unfinished_set_of_two_of_its_colour():  # K8
    state = game(players=4, hands={0: ["angel-blue"]},
                 areas={0: [S("drumsticks"), S("drumsticks", "drumsticks", "drumsticks"), S("drums", "drummer"),
                            S("guitar", "plectrum"), S("drums", "drums", angel="angel-blue")]})
    assert state.legal_actions() == [Protect("angel-blue", 2)]


def test_a_protected_set_still_grows_and_keeps_its_angel():  # K9
    state = game(hands={0: ["cap"], 1: ["stool"]}, areas={0: [S("cap", "cap", angel="angel-green")]})
    assert Play("cap", 0) in state.legal_actions()
    state.apply(Play("cap", 0))
    assert state.areas[0][0] == S("cap", "cap", "cap", angel="angel-green") and state.scores()[0] == 7


def test_stealing_is_optional_and_never_from_a_protected_set():  # K10
    state = game(players=3, hands={0: ["angel-red"], 1: ["cap"], 2: ["cap"]},
                 areas={0: [S("singer", "microphone")], 1: [S("bass", "bass", angel="angel-green"), S("stool")],
                        2: [S("hairspray", "hairspray")]})
    state.apply(Protect("angel-red", 0))
    steals = state.legal_actions()
    assert NoSteal() in steals
    assert {(a.victim, a.source, a.card) for a in steals if isinstance(a, Steal)} == {
        (1, 1, "stool"), (2, 0, "hairspray")}
    assert Steal(2, 0, "hairspray", 0) in steals  # into the set just protected: it fits
    with pytest.raises(IllegalAction, match="nobody may steal"):
        state.apply(Steal(1, 0, "bass", NEW))
    with pytest.raises(IllegalAction, match="steal a card or choose"):
        state.apply(Play("cap", NEW))
    state.apply(NoSteal())
    assert state.current_player() == 1 and state.areas[1][1] == S("stool")


def test_any_card_of_an_unprotected_set_may_be_stolen_even_from_a_complete_one():  # K10
    # "any card" from an opponent's area: a complete musician set breaks; a protected musician set
    # is as safe as a protected attribute set
    state = game(hands={0: ["angel-blue"], 1: ["cap"]},
                 areas={0: [S("drums", "drums")],
                        1: [S("singer", "microphone", "hairspray"), S("guitarist", "guitar", angel="angel-purple")]})
    state.apply(Protect("angel-blue", 0))
    assert {(a.source, a.card) for a in state.legal_actions() if isinstance(a, Steal)} == {
        (0, "singer"), (0, "microphone"), (0, "hairspray")}
    state.apply(Steal(1, 0, "microphone", NEW))
    assert state.areas[1][0] == S("singer", "hairspray") and state.scores()[1] == 2 + 0
    assert state.scores()[0] == 4 - 2 + 1


def test_a_stolen_lone_card_takes_its_set_away():  # K10
    state = game(hands={0: ["angel-yellow"], 1: ["cap"]},
                 areas={0: [S("keyboard", "stool")], 1: [S("guitar"), S("bass", "bass")]})
    state.apply(Protect("angel-yellow", 0))
    state.apply(Steal(1, 0, "guitar", NEW))
    assert state.areas[1] == [S("bass", "bass")] and state.scores()[1] == 4
    assert state.areas[0][-1] == S("guitar")


def test_no_steal_when_every_opponent_set_is_protected():  # K10
    state = game(hands={0: ["angel-yellow", "cap"], 1: ["cap"]},
                 areas={0: [S("keyboard", "stool")], 1: [S("bass", "bass", angel="angel-green")]})
    state.apply(Protect("angel-yellow", 0))
    assert state.phase == "play" and state.current_player() == 1
    assert last(state, "nothing_to_steal").player == 0


def test_an_angel_with_nothing_to_protect_is_laid_aside():  # K11
    state = game(hands={0: ["angel-red", "cap"], 1: ["cap"]}, areas={0: [S("singer")]})
    assert LayAside("angel-red") in state.legal_actions()
    state.apply(LayAside("angel-red"))
    assert state.lone_angels[0] == ["angel-red"] and state.scores()[0] == 1
    assert state.phase == "play" and state.current_player() == 1  # no steal after it


# -- the end (K12, K13, K15) ----------------------------------------------------------------------------
@pytest.mark.parametrize("players, aside, rounds", [(2, 0, 30), (3, 0, 25), (4, 2, 22)])
def test_the_deck_runs_out_then_hands_empty(players, aside, rounds):  # K12
    state = play_one("beat-the-logic", 11, "random", players=players)
    assert state.is_over() and not any(state.hands) and not state.deck
    assert len(state.set_aside) == aside and state.round == rounds
    placed = sum(len(g["cards"]) + bool(g["angel"]) for a in state.areas for g in a)
    assert placed + sum(map(len, state.lone_angels)) + aside == len(deck_for(players))
    event = last(state, "last_cards")
    assert event.data == {"set_aside": aside}


def test_four_players_set_two_cards_aside_not_one_as_the_card_counts_force():  # K12
    # the source's "1 card left" fits no table: after the deal every round draws one card a player
    for players, aside in ((2, 0), (3, 0), (4, 2)):
        pile = len(deck_for(players)) - HAND * players
        assert pile % players == aside
        state = btlgames.load("beat-the-logic", seed=players, players=players)
        bot = make_bot("beat-the-logic", "random", 1)
        while state.drawing:
            state.apply(bot.choose(None, state.legal_actions()))
        assert len(state.set_aside) == aside and state.round == pile // players + 1
    assert (sum(full_box().values()) + OVERVIEW_CARDS - HAND * 4) % 4 == 2  # the whole box of 94 too


def test_after_the_pile_is_gone_nobody_draws_and_hands_shrink_by_one_a_round():  # K12
    state = btlgames.load("beat-the-logic", seed=4, players=4)
    bot = make_bot("beat-the-logic", "random", 4)
    while state.drawing:
        state.apply(bot.choose(None, state.legal_actions()))
    assert len(state.set_aside) == 2 and state.deck == []
    sizes = [len(h) for h in state.hands]
    draws = sum(e.kind == "draw" for e in state.log.events)
    rounds = []
    while not state.is_over():
        round_now = state.round
        state.apply(bot.choose(None, state.legal_actions()))
        if state.round != round_now or state.is_over():
            rounds.append([len(h) for h in state.hands])
    assert sum(e.kind == "draw" for e in state.log.events) == draws, "nobody draws any more"
    assert max(sizes) == HAND and rounds == [[k] * 4 for k in range(HAND - 1, -1, -1)]


def test_scores_loose_cards_one_each_and_unfinished_musician_sets_as_loose():  # K13
    assert sets.points(S("singer")) == 1
    assert sets.points(S("singer", "microphone")) == 2
    assert sets.points(S("singer", "microphone", angel="angel-red")) == 0
    assert sets.points(S("stool", "stool")) == 4


def test_the_running_score_counts_as_the_source_loose_cards_only_at_the_end():  # K13
    # Erik's lone guitarist "scores no points yet"; Marieke's protected guitarist and plectrum bring
    # "no points yet" and cost the angel's 2 at once
    state = game(players=3, hands={0: ["cap"], 1: ["stool"], 2: ["bass"]},
                 areas={0: [S("guitarist"), S("plectrum", "plectrum", "plectrum")],
                        1: [S("guitarist", "plectrum", angel="angel-purple"), S("drummer", "drums", "drumsticks")]})
    view = state.view(None)
    assert [[g["points_now"] for g in area] for area in view["areas"]] == [[0, 9], [-2, 12], []]
    assert [[g["points"] for g in area] for area in view["areas"]] == [[1, 9], [0, 12], []]
    assert view["scores_now"] == [9, 10, 0] and view["scores"] == [10, 12, 0] == list(state.scores().values())
    assert sets.points_now(S("cap", "cap")) == 4 and sets.points_now(S("singer", "microphone")) == 0


def test_tied_players_share_the_win():  # K15
    state = game(hands={0: ["cap"], 1: ["stool"]}, areas={0: [S("plectrum")], 1: [S("bass")]})
    state.deck = []
    state.drawing = False
    state.hands = [["cap"], ["stool"]]
    state.apply(Play("cap", NEW))
    state.apply(Play("stool", NEW))
    assert state.is_over() and state.scores() == {0: 2.0, 1: 2.0} and state.winners() == [0, 1]
    assert last(state, "end").data == {"scores": [2, 2], "winners": [0, 1]}


# -- hidden information (K16) --------------------------------------------------------------------------
def test_hands_are_secret_areas_public_and_a_seat_remembers_what_it_passed():  # K16
    state = btlgames.load("beat-the-logic", seed=9, players=2)
    for _ in range(2):
        state.apply(next(a for a in state.legal_actions()))
    projector, seat0 = state.view(None), state.view(0)
    assert projector["hand"] is None and projector["memory"] == []
    assert projector["areas"] == seat0["areas"] and len(projector["areas"][0]) == 1
    assert seat0["hand"] == sorted(state.hands[0], key=CARDS.index)
    assert seat0["memory"][0]["to"] == 1 and seat0["memory"][0]["cards"] == sorted(state.hands[1], key=CARDS.index)
    draws = [e for e in state.log.events if e.kind == "draw"]
    assert all("card" not in e.record(None) for e in draws)
    assert all("card" in e.record(e.player) for e in draws)


def test_one_screen_all_seats_share_shows_every_hand_whole():  # K16
    state = btlgames.load("beat-the-logic", seed=9, players=3)
    state.apply(state.legal_actions()[0])
    shared = state.view("all")
    assert shared["viewer"] == "all" and shared["hand"] is None and shared["memory"] == []
    assert shared["known_hands"] == [sorted(h, key=CARDS.index) for h in state.hands]
    assert shared["areas"] == state.view(None)["areas"]


def test_the_greedy_bot_takes_the_most_points_now():
    state = game(hands={0: ["plectrum", "cap", "stool"]},
                 areas={0: [S("plectrum", "plectrum"), S("guitarist", "guitar")]})
    bot = make_bot("beat-the-logic", "greedy", 1)
    assert bot.choose(state.view(0), state.legal_actions()) == Play("plectrum", 1)  # +10 beats +5


def test_the_planner_passes_nothing_its_neighbour_needs_most():
    # two players: whatever the planner keeps goes to its opponent, who has two plectrums
    state = game(hands={0: ["plectrum", "cap"], 1: ["stool"]},
                 areas={1: [S("plectrum", "plectrum")]})
    bot = make_bot("beat-the-logic", "planner", 1)
    assert bot.choose(state.view(0), state.legal_actions()).card == "plectrum"


def test_every_kit_rule_has_a_test():
    import re
    from pathlib import Path

    rulebook = (Path(__file__).parents[2] / "lessons/beat-the-logic/rules.md").read_text()
    rules = set(re.findall(r"Kit rule (K\d+)", rulebook))
    tested = {k for line in re.findall(r"#.*", Path(__file__).read_text()) for k in re.findall(r"K\d+", line)}
    assert rules == {f"K{n}" for n in range(1, 17)}
    assert rules <= tested, f"kit rules without a test: {sorted(rules - tested)}"


def test_a_card_every_seat_has_seen_in_a_hand_is_public():  # K16
    state = btlgames.load("beat-the-logic", seed=2, players=2)
    for _ in range(2):
        state.apply(next(a for a in state.legal_actions()))
    # a new round: each hand was seen whole by the player who passed it, so both seats know both
    projector = state.view(None)["known_hands"]
    assert [sorted(h) for h in projector] == [sorted(h) for h in state.hands]
    mover, other = state.current_player(), 1 - state.current_player()  # the start player moved left
    state.apply(next(a for a in state.legal_actions()))
    drawn = last(state, "draw").secret["card"]
    known = Counter(state.view(None)["known_hands"][mover])
    assert sum(known.values()) == HAND - 1  # the card laid is gone, the card drawn is not known
    assert not known - Counter(state.hands[mover])
    assert state.view(other)["known_hands"][mover] == sorted(known.elements(), key=CARDS.index)
    assert state.view(mover)["known_hands"][mover] == [] and drawn in state.hands[mover]


def test_the_planner_counts_the_cards_it_has_seen_the_forgetful_bot_does_not():  # K16
    from btlgames.beat_the_logic.bots import Outlook

    state = btlgames.load("beat-the-logic", seed=2, players=2)
    for _ in range(2):
        state.apply(next(a for a in state.legal_actions()))
    view = state.view(state.current_player())
    mine, theirs = Counter(view["hand"]), Counter(view["known_hands"][1 - view["viewer"]])
    assert theirs, "a new round: the opponent holds the hand this seat passed"
    counting, forgetful = Outlook(view, counting=True), Outlook(view, counting=False)
    coming = next(c for c in theirs if c not in mine)
    # a copy this seat saw go to its opponent comes back next round: likelier than a copy anywhere
    assert counting.chance(coming, Counter()) > forgetful.chance(coming, Counter())
    # and the cards seen are not left to chance any more
    assert counting.pool == forgetful.pool - sum(mine.values()) - sum(theirs.values())
    assert make_bot("beat-the-logic", "forgetful", 1).counting is False


def test_the_planner_reads_in_an_area_whether_a_card_it_counts_on_will_be_taken_first():  # K16
    from btlgames.beat_the_logic.bots import Outlook
    from btlgames.beat_the_logic.cards import BAND, COLOUR

    state = btlgames.load("beat-the-logic", seed=2, players=2)
    for _ in range(2):
        state.apply(next(a for a in state.legal_actions()))
    view = state.view(state.current_player())
    assert view["start"] == view["viewer"], "the opponent picks from the hand before it comes back"
    opponent = 1 - view["viewer"]
    coming = next(c for c in view["known_hands"][opponent] if c not in view["hand"] and c in COLOUR
                  and not c.startswith("angel"))
    rest = [c for c in BAND[COLOUR[coming]] if c != coming]

    def with_area(area):
        areas = [list(a) for a in view["areas"]]
        areas[opponent] = area
        return Outlook({**view, "areas": areas}, counting=True).chance(coming, Counter())

    wanted = with_area([{"cards": rest, "angel": None}])  # the card completes their musician set
    unwanted = with_area([{"cards": [rest[0]], "angel": None}, {"cards": [rest[1]], "angel": None}])
    assert wanted < unwanted
