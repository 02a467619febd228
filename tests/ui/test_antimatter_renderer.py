"""The Antimatter Matters board app in plain Python: the drawing, the words, the clicks, the settings."""
import btlgames
from btlgames.antimatter.data import catalogue
from btlgames.core.playing import play_one
from btlgames.core.state import action_from_json
from btlgames.ui.games import antimatter as renderer


def test_every_space_and_pawn_is_drawn_with_words():
    state = btlgames.load("antimatter", seed=4, players=6)
    drawn = renderer.table(state.view(None))
    for sid in catalogue().board.spaces:
        assert f'data-target="space:{sid}"' in drawn
    for seat in range(6):
        assert f"{renderer.SYMBOLS[seat]}{seat + 1}" in drawn  # a symbol and a number, not colour alone
    assert "Up quark" in drawn and "quantum tunnel" in drawn


def test_a_hand_shows_only_to_its_scientist():
    state = btlgames.load("antimatter", seed=4, players=2)
    mine = renderer.table(state.view(0))
    theirs = renderer.table(state.view(1))
    assert "Scientist 1&#x27;s hand" in mine and "Scientist 1&#x27;s hand" not in theirs
    assert "hand" not in renderer.table(state.view(None)).split('class="am-labs"')[1]  # the labs, not the style


def test_a_hand_shows_each_cards_words_not_only_on_hover():
    """A touch screen has no hover: a card's words are on the table beside its name."""
    import re
    from btlgames.antimatter import words
    state = btlgames.load("antimatter", seed=4, players=2)
    view = state.view(0)
    assert view["hand"]
    hand = renderer.table(view).split('class="am-lab am-hand"')[1]
    shown = re.sub(r'title="[^"]*"', "", hand)  # what a tooltip holds does not count
    for card in view["hand"]:
        assert renderer.esc(words.card_text(card)) in shown, card


def test_every_move_on_the_board_has_its_target_drawn():
    for mode, players in (("standard", 3), ("team", 4), ("coop", 2)):
        finished = play_one("antimatter", 2, "heuristic", players=players, mode=mode)
        state = btlgames.load("antimatter", seed=2, players=players, mode=mode)
        for record in finished.history[:120]:
            drawn = renderer.table(state.view(state.current_player()))
            for action in state.legal_actions():
                key = renderer.target(action)
                assert key is None or f'data-target="{key}"' in drawn, key
                assert renderer.group(action) and str(action)
            assert renderer.headline(state.view(None))
            state.apply(action_from_json(state.actions, record))


def test_every_event_reads_as_words_for_every_viewer():
    for mode, players in (("standard", 4), ("team", 6), ("coop", 3), ("mixed", 4)):
        state = play_one("antimatter", 7, "heuristic", players=players, mode=mode)
        for viewer in (0, None, "all"):
            for record in state.log.to_records(viewer):
                line = renderer.event(record)
                assert "{" not in line and "None" not in line, line
        assert renderer.summary(state.view(None))


def test_the_end_names_the_winner_or_the_atom_built():
    state = play_one("antimatter", 1, "heuristic", players=3)
    assert f"Scientist {state.winners()[0] + 1} won" in renderer.summary(state.view(None))
    coop = play_one("antimatter", 1, "heuristic", players=3, mode="coop")
    assert f"Together you built {renderer.atom_words(coop.completed)}" in renderer.summary(coop.view(None))
    assert f"({coop.completed})" in renderer.summary(coop.view(None))  # the chart's name too


def test_the_app_refuses_settings_the_rules_refuse_and_keeps_the_game():
    box = renderer.play(seed=3)
    game = box.game
    before = game.state
    box.modes.value = "team"  # two Scientists cannot make teams
    game.new_game("5")
    assert game.state is before and "Team mode needs" in game.status.value
    box.modes.value = "coop"
    box.order.value = True
    game.new_game("5")
    assert game.state.options["mode"] == "coop" and game.state.seed == 5 and game.state.goals[0]["challenge"]


def test_the_settings_offer_only_the_atoms_the_game_can_build():  # K23
    from btlgames.antimatter.chart import buildable

    box = renderer.play(seed=3)
    chooser, offered = box.game.seat_chooser, lambda: [value for _, value in box.atoms.options]
    assert offered() == list(buildable("standard", 2)) and offered()[-1] == "Li-6"  # the box: no more for two
    box.atoms.value = "Li-6"
    chooser.count.value = 3
    assert offered() == ["H-1", "H-2", "He-3", "He-4"] and box.atoms.value == "He-4"  # the most complex left
    assert box.game.options["atom"] == "He-4"
    box.game.new_game("5")
    assert box.game.state.players == 3 and box.game.state.goals[0]["atom"] == "He-4"
    chooser.count.value = 4
    box.modes.value = "team"
    assert offered()[-1] == "Li-6"  # two teams build two atoms
    chooser.count.value = 6
    box.modes.value = "coop"
    assert box.atoms.layout.display == "none"  # the cooperative game climbs the chart: no atom to choose
    box.modes.value = "mixed"
    assert box.atoms.layout.display == "none"  # each seat's goal (K24) ...
    box.goals.value = "equal"
    assert box.atoms.layout.display == "" and offered() == ["H-1", "H-2"]  # ... or the atom for all six


def test_every_game_type_plays_to_the_end_in_the_app():
    for mode, players in (("team", 4), ("coop", 3), ("mixed", 2), ("challenge", 2)):
        box = renderer.play(seed=4, seats=["heuristic"] * players, players=players, mode=mode)
        assert box.game.state.is_over() and box.game.state.options["mode"] == mode


def test_mixed_mode_explains_its_goals_and_offers_equal_ones():  # K24, K31
    box = renderer.play(seed=3)
    assert box.goals.layout.display == "none" and box.explain.value == ""  # only mixed mode has them
    box.modes.value = "mixed"
    assert box.goals.layout.display == "" and "seat the youngest or newest Scientist there" in box.explain.value
    assert box.head.value is False  # the source's handicap unless the head start is ticked (K31)
    box.game.new_game("6")
    labs = box.game.state.goals
    assert [g["atom"] for g in labs] == ["H-1", "H-1"] and labs[1]["challenge"]
    assert not any(m["pieces"] for m in box.game.state.mats)
    box.head.value = True
    box.game.new_game("6")
    assert box.game.state.options["head_start"] and box.game.state.mats[1]["pieces"]  # challenge order: 2 up quarks
    box.goals.value = "equal"
    assert "no Scientist has a simpler goal" in box.explain.value
    box.game.new_game("6")
    assert box.game.state.options["goals"] == "equal" and not any(g["challenge"] for g in box.game.state.goals)


def test_the_board_explains_its_marks_and_spaces_say_where_they_are():
    from btlgames.antimatter.actions import space_name

    html = renderer.table(btlgames.load("antimatter", seed=1, players=2).view(None))
    for words in ("u = Up quark", "γ = Photons", "R, G, B = red, green, blue", "anti = antimatter: spin"):
        assert words in html  # colour is never alone: the letters say it too
    assert space_name("m15") == "quantum tunnel B on the Middle Ring (m15)"
    assert space_name("x01") == "Gluons space on a path between the rings (x01)"


def test_a_shield_question_says_who_plays_what_and_what_it_does():  # K17
    s = btlgames.load("antimatter", seed=1, players=3, mode="coop")
    s.decision = {"kind": "respond", "seat": 2, "card": "heisenberg-kick", "sender": 0, "target": 1}
    words = renderer.headline(s.view(None))
    assert "Scientist 3: Scientist 1 plays Heisenberg Kick on Scientist 2 (Measuring where" in words
    s.decision["seat"] = 1
    assert "Scientist 1 plays Heisenberg Kick on you" in renderer.headline(s.view(None))


def test_a_loaded_game_shows_its_settings():
    from btlgames.core.saves import dumps

    box = renderer.play(seed=3)
    saved = dumps(btlgames.load("antimatter", seed=2, players=4, mode="team", challenge=True))
    assert box.game.resume(saved)
    assert (box.modes.value, box.order.value) == ("team", True)
    box.game.new_game("4")
    assert box.game.state.options["mode"] == "team" and box.game.state.players == 4


def test_the_cooperative_lab_folds_its_finished_atoms_into_one_line():  # K27
    s = btlgames.load("antimatter", seed=1, players=2, mode="coop")
    s.mats += [{"owner": 0, "type": t, "pieces": [], "safe": True} for t in ("proton", "neutron", "proton")]
    html = renderer.table(s.view(None))
    assert "Complete and safe: 2 × Proton+Electron, 1 × Neutron" in html and html.count("am-mat am-safe") == 1


def test_goals_given_in_code_show_as_given():  # K24
    box = renderer.play(seed=3, mode="mixed", goals="H-2, H-1 in order")
    assert box.goals.value == "H-2, H-1 in order" and "As given: H-2, H-1 in order" in box.goals.label
    assert "the goal given for their seat" in box.explain.value
    assert [g["atom"] for g in box.game.state.goals] == ["H-2", "H-1"]


def _buttons(widget):
    """Every button inside a widget, in the order shown."""
    import ipywidgets as w

    if isinstance(widget, w.Button):
        return [widget]
    return [b for child in getattr(widget, "children", ()) for b in _buttons(child)]


def _press(widget, words):
    button = next(b for b in _buttons(widget) if b.description == words)
    button.click()


def test_the_lesson_plans_walk_through_works_press_by_press():
    """lessons/antimatter-matters/lesson-plan.md, "What to press": the same presses, in order."""
    box = renderer.play()
    game = box.game
    _press(box, "Settings ▾")  # 1
    chooser = game.seat_chooser
    chooser.count.value = 3
    chooser.boxes[0].value, chooser.boxes[1].value, chooser.boxes[2].value = "human", "heuristic", "heuristic"
    box.modes.value, box.atoms.value = "standard", "H-1"
    game.seed_box.value = "11"
    _press(box, "New game")  # 2
    assert game.state.players == 3 and game.state.seed == 11 and game.bots.keys() == {1, 2}
    _press(box, "Present")  # 3
    assert game.presenting
    # 4: the roll has no choice: the app makes it and says so
    assert "Made for you" in game.status.value and "Roll the energy die" in game.status.value
    assert game.state.decision["kind"] == "move" and game.targets  # 5: the spaces to move to, on the board
    assert "Where to go" in str([h.value for h in _htmls(game.moves)])
    for _ in range(300):  # 5-7: a space on the board, then cards or none; the bots play their turns
        if game.state.is_over():
            break
        targets = game.targets
        if targets and not game.table.choices:
            game.press(next(iter(targets)))
        else:
            game.table.choices = {}
            _buttons(game.moves)[0].click()
    assert game.state.is_over() and game.state.winners()
    assert 'aria-label="What happened"' in game.log.value and "Round 9: " in game.log.value  # 8: read aloud
    assert "An atom was brought to the Center complete." in str([h.value for h in _htmls(box)])
    assert any("btl-save" in h.value for h in _htmls(box))  # 9: Save game
    _press(box, "Leave presentation")  # 10
    assert not game.presenting


def _htmls(widget):
    import ipywidgets as w

    if isinstance(widget, w.HTML):
        return [widget]
    return [h for child in getattr(widget, "children", ()) for h in _htmls(child)]


def test_the_class_screen_folds_the_mats_names_only_when_the_labs_would_not_fit():
    six = btlgames.load("antimatter", seed=3, players=6)  # six labs of one mat: names on the class screen
    assert renderer.class_rows(six.view(0)) <= renderer.CLASS_ROWS and "am-table am-dense" not in renderer.table(six.view(0))
    many = btlgames.load("antimatter", seed=3, players=3, atom="He-4")  # four mats a lab
    html = renderer.table(many.view(0))
    assert "am-table am-dense" in html and html.count('class="am-mat-name btl-detail"') == 12
    assert 'class="am-short" title="Goal: helium-4 (He-4)">Goal: He-4</span>' in html
