"""The Research Programme renderer and the lesson clock in plain Python: words, secrets, the map,
the test preview, the end, and the school app with its clock."""
import html
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import btlgames
from btlgames.core.i18n import catalogue
from btlgames.core.playing import play_one
from btlgames.core.state import action_from_json
from btlgames.research import cards
from btlgames.research.actions import ACTIONS
from btlgames.research import terms
from btlgames.ui.games import research as renderer
from btlgames.ui.common.lesson_clock import LessonClock
from widgetry import move_buttons

BOTS = ["heuristic", "random", "heuristic", "random"]
VIEWERS = (0, 1, None, "all")
ENGINE = Path(btlgames.__file__).parent / "research"
CARD_IDS = {cid for table in (cards.theories, cards.methods, cards.projects, cards.interference, cards.events,
                              cards.anomalies) for cid in table()}
PUBLIC_NAMES = sorted({html.escape(c.name) for table in (cards.projects, cards.events, cards.anomalies)
                       for c in table().values()}  # and the events' texts, which name protecting methods (K33)
                      | {html.escape(e.text) for e in cards.events().values()}, key=len, reverse=True)
HEX_ID = re.compile(r"\b(meta|gravity|cosmology|particle|condensed|quantum|mathematics)-\d\b")
RARE = {"prereg_roll", "noise_supply_empty", "test_lapsed", "shield_roll", "programme", "synthesis", "artefact",
        "class_story"}  # need luck (or the story cap, K31); checked by hand below


def games():
    """Finished bot games of both variants for 2, 3 and 4 players."""
    return [play_one("research", seed, BOTS[:players], players=players, variant=variant)
            for variant in ("full", "school") for players in (2, 3, 4) for seed in range(3)]


@pytest.fixture(scope="module")
def finished():
    return games()


def logged_kinds() -> set[str]:
    """Every event kind the engine logs (its ``self._log("kind", ...)`` calls)."""
    source = "".join(p.read_text(encoding="utf-8") for p in ENGINE.glob("*.py"))
    return set(re.findall(r'_log\(\s*"(\w+)"', source))


def sentences() -> set[str]:
    return {k.rsplit(".", 1)[1] for k in catalogue("en") if k.startswith("research_ui.event.")}


def replay(finished_state, every: int = 1):
    """The positions of a finished game, one after another (every ``every``-th)."""
    state = btlgames.load("research", seed=finished_state.seed, **finished_state.options)
    for i, action in enumerate(finished_state.history):
        if i % every == 0:
            yield state
        state.apply(action_from_json(state.actions, action))
    yield state


def check_line(line: str) -> None:
    assert "{" not in line and "None" not in line and "[" not in line, line
    assert not HEX_ID.search(line), line
    assert not any(cid in line for cid in CARD_IDS if "_" in cid), line


# -- the log ---------------------------------------------------------------------------------------
def test_every_event_kind_the_engine_logs_has_a_sentence():
    have = sentences()
    missing = [k for k in logged_kinds() if k not in have and not any(s.startswith(k + "_") for s in have)]
    assert not missing, f"add sentences under [research_ui.event] for: {missing}"


def test_every_event_renders_in_words_for_every_viewer(finished):
    kinds = set()
    for state in finished:
        for viewer in VIEWERS:
            for record in state.log.to_records(viewer):
                check_line(renderer.event(record, state.variant))
                kinds.add(record["kind"])
    assert logged_kinds() - RARE <= kinds, logged_kinds() - RARE - kinds


@pytest.mark.parametrize("record", [
    {"kind": "prereg_roll", "player": 1, "roll": 5},
    {"kind": "shield_roll", "player": 0, "card": "open_source", "roll": 2},
    {"kind": "noise_supply_empty", "player": None},
    {"kind": "programme", "player": 3, "field": "mathematics"},
    {"kind": "test_lapsed", "player": 2, "theory": "cosmic_inflation"},
    {"kind": "synthesis", "player": 0, "roll": 6, "bonus": 2, "won": True},
    {"kind": "bridge", "player": 1, "fields": ["gravity", "quantum"], "wormhole": True},
    {"kind": "artefact", "player": 1, "theory": "cosmic_inflation", "rigor": 1, "hype": 3},
    {"kind": "class_story", "player": 2},
])
def test_rare_events_read_as_words(record):
    line = renderer.event({"turn": 4, "phase": "tests", **record})
    check_line(line)
    assert line.startswith("Round 4: ")


def test_the_log_names_teams_in_the_school_game(finished):
    school = next(s for s in finished if s.variant == "school")
    lines = [renderer.event(r, "school") for r in school.log.to_records(None)]
    assert any("Team 1" in line for line in lines) and not any("Player " in line for line in lines)
    app_lines = [renderer.renderer("school").event(r) for r in school.log.to_records(None)]
    assert app_lines == lines


def test_a_drawn_card_is_named_only_for_its_owner(finished):
    state = next(s for s in finished if s.variant == "full")
    draw = next(e for e in state.log if e.kind == "draw")
    name = cards.theories().get(draw.secret["card"]) or cards.methods()[draw.secret["card"]]
    owner, other = draw.player, (draw.player + 1) % state.players
    assert name.name in renderer.event(draw.record(owner))
    assert name.name in renderer.event(draw.record("all"))
    for viewer in (other, None):
        assert name.name not in renderer.event(draw.record(viewer))


def test_every_action_kind_has_a_group_label():
    for action in ACTIONS:
        label = renderer.group(SimpleNamespace(kind=action.kind))
        assert label and "research_ui" not in label


# -- the table -------------------------------------------------------------------------------------
def secrets(state, view) -> list[set[str]]:
    """Per player, the names of the cards only they may see (escaped as drawn), less the names the
    view shows anyway: methods on tables, methods that theories on the table name, and the
    interference card being played (another copy may still be in a hand)."""
    public = {cards.theories()[t].test_method for t in view["theories"]}
    public |= {m for pl in view["players_"] for m in pl["methods"]} | {(view["decision"] or {}).get("card")}
    public = {html.escape(renderer.card_name(m)) for m in public if m}
    return [{html.escape(renderer.card_name(c)) for c in pl["hand"] + pl["interference"] + pl["offer"]} - public
            for pl in state.players_]


@pytest.mark.slow
def test_other_players_hands_never_appear_in_a_viewers_table(finished):
    chosen = [s for s in finished if s.players >= 3][::2]
    for done in chosen:
        for state in replay(done, every=3):
            for viewer in (*range(state.players), None):
                view = state.view(viewer)
                drawn = renderer.table(view)
                for name in PUBLIC_NAMES:  # never secret, and "Open data archive" holds "Open data"
                    drawn = drawn.replace(name, "")
                hidden = secrets(state, view)
                mine = hidden[viewer] if viewer is not None else set()
                assert all(n in drawn for n in mine), mine
                for q, names in enumerate(hidden):  # interference cards come in copies: two may hold one
                    if q != viewer:
                        assert not [n for n in names - mine if n in drawn], (viewer, q, names)


def shown(view) -> str:
    """What the app shows of a view: the side panel's headline and the table."""
    return renderer.headline(view) + renderer.table(view)


def test_school_shows_round_x_of_5_and_teams():
    state = btlgames.load("research", variant="school", players=4, seed=2)
    drawn = shown(state.view(0))
    assert '<div class="rp-round btl-round">Round 1 of 5' in drawn
    assert "Team 1" in drawn and "Team 4" in drawn and "Player 1" not in drawn
    assert "● Team 1: choose income" in re.sub(r"<[^>]+>", "", drawn)
    done = play_one("research", 2, ["heuristic"] * 4, players=4, variant="school")
    third = next(s for s in replay(done) if s.round == 3)
    assert "Round 3 of 5" in shown(third.view(None))


def test_the_full_game_shows_players_and_eight_rounds():
    state = btlgames.load("research", variant="full", players=3, seed=2)
    drawn = shown(state.view(state.current_player()))
    assert "Round 1 of 8" in drawn and "Player 3" in drawn and "Team" not in drawn
    assert "Set-up" in drawn and "Keep one theory and one method" in drawn
    assert "Offered at set-up" in drawn  # the viewer's own offer
    assert "Replications so far: 0 · at 5 the game ends" in drawn and "Project market" in drawn
    # the slot is empty because the first event comes with round 1, not because it is the last round
    assert "first one is turned up when round 1 begins" in drawn and "last round" not in drawn
    last = next(s for s in replay(play_one("research", 2, ["heuristic"] * 3, players=3)) if s.round == 8)
    assert "Next event: none (this is the last round)" in shown(last.view(None))


def test_the_map_has_37_labelled_hexes_and_marks_what_lies_on_them():
    state = btlgames.load("research", variant="full", players=2, seed=4)
    state.noise["meta-0"] = 2
    state.wormholes = [["gravity-3", "condensed-3"]]
    view = state.view(None)
    svg = renderer.draw_map(view)
    groups = re.findall(r'<g class="rp-hex" data-hex="([^"]+)"[^>]*>(.*?)</g>(?=<g class="rp-hex"|<text|<g class="rp-worm)',
                        svg)
    assert len(groups) == 37 and len({h for h, _ in groups}) == 37
    for hex_id, body in groups:
        label = re.search(r'class="rp-hex-label"[^>]*>([^<]+)<', body).group(1)
        assert label == renderer.hex_short(hex_id) and re.fullmatch(r"\w+ \d", label)
        assert "<title>" in body and renderer.hex_name(hex_id) in body
    assert svg.count('class="rp-hidden"') == len(view["hidden"]) == 18  # K2: three per field
    assert svg.count("rp-anomaly") == len(view["anomalies"]) == 3 and "anomaly</tspan>" in svg
    assert svg.count("rp-neutral") == len(view["neutral"]) == 6 and "neutral</tspan>" in svg
    assert "noise 2" in dict(groups)["meta-0"]
    assert 'class="rp-wormhole"' in svg and ">wormhole<" in svg and 'stroke-dasharray' in svg
    drawn = renderer.table(view)
    assert "Wormholes" in drawn and "Gravity 3–Condensed matter 3" in drawn
    names = re.findall(r'<text class="rp-field-name"[^>]*>(.*?)</text>', svg)
    words = [" ".join(re.findall(r">([^<]+)</tspan>", n)) for n in names]
    assert sorted(words) == sorted(("Gravity", "Cosmology", "Particle physics", "Condensed matter",
                                    "Quantum information", "Mathematics"))  # every field named on the map
    assert "Metascience" in svg  # the middle's hexes say so in their titles


def test_tiles_carry_the_owners_symbol_and_number_not_only_a_colour():
    state = btlgames.load("research", variant="school", players=4, seed=1)
    svg = renderer.draw_map(state.view(None))
    for p, symbol in enumerate(renderer.SYMBOLS):
        assert f">{symbol}{p + 1}a</text>" in svg
    for p in range(4):
        long, short = renderer.marker(p, "school"), renderer.marker(p, "school", "1a")
        assert f"{renderer.SYMBOLS[p]} Team {p + 1}<" in long and 'title="Team' in short
    assert len(set(renderer.SYMBOLS)) == len(set(renderer.COLOURS)) == 4


def decision_states(kind: str, variant: str = "full"):
    """Positions where a player decides ``kind``, from bot games."""
    for seed in range(6):
        done = play_one("research", seed, ["heuristic"] * 3, players=3, variant=variant)
        for state in replay(done):
            if state.queue and state.queue[0]["kind"] == kind:
                yield state


def test_the_test_preview_shows_every_choice_with_its_chance():
    seen = 0
    for state in decision_states("plan"):  # a prediction's project and method, one choice (K30)
        p = state.current_player()
        view = state.view(p)
        drawn = renderer.preview(view)
        rows = re.findall(r'<tr data-target="([^"]*)" aria-label="([^"]*)"><td>(.*?)</td><td>([^<]*)</td>', drawn)
        legal = state.legal_actions()
        assert len(rows) == len(legal), (drawn, legal)
        theory = view["decision"]["theory"]
        for action, (key, name, method, chance) in zip(legal, rows):
            assert key == renderer.target(action)  # each row is its choice: one press makes it
            # the project is said once, as its rows' heading, and the row is named whole
            project = renderer.tile_words(view, action.tile)
            assert f'<th colspan="2">{project}</th>' in drawn and name.startswith(project) and name.endswith(method)
            terms_now = terms.test_terms(view, p, theory, action.tile, action.method)
            assert chance == renderer.chance_words(terms.success_chance(terms_now))
        assert "Test preview" in shown(view) and "difficulty" in drawn
        seen += 1
        if seen >= 8:
            break
    assert seen


def test_the_story_decision_tells_the_teacher_what_one_click_does():
    state = next(decision_states("story", "school"))
    drawn = shown(state.view(state.current_player()))
    assert "30–60 second story" in drawn and "approve it with one click" in drawn


# -- the end ---------------------------------------------------------------------------------------
def test_the_summary_names_the_winners_and_the_final_bonuses(finished):
    for state in finished:
        view = state.view(None)
        text = renderer.summary(view)
        names = [renderer.seat_name(p, state.variant) for p in state.winners()]
        assert all(n in text for n in names) and "The game ended:" in text
        assert ("wins!" in text) == (len(names) == 1)
        rows = re.findall(r'<tr class="rp-summary-(\w+)"><th>[^<]*</th>((?:<td>[^<]*</td>)+)</tr>', text)
        assert [key for key, _ in rows] == ["vp", "bridges", "debt", "hype", "consensus", "total"]
        table = [[int(c) for c in re.findall(r"<td>([^<]*)</td>", cells)] for _, cells in rows]
        for p, pl in enumerate(view["players_"]):  # a column per seat: its points add up to its total
            column = [row[p] for row in table]
            assert sum(column[:-1]) == column[-1] == pl["vp"]


# -- the lesson clock and the school app -----------------------------------------------------------
class FakeTime:
    def __init__(self, start: float = 1_700_000_000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now


def test_the_lesson_clock_starts_pauses_and_resets():
    now = FakeTime()
    clock = LessonClock(45, now=now)
    assert "45 min left" in clock.display.value and "Not started" in clock.words()
    assert not clock.start_button.disabled and clock.pause_button.disabled
    clock.start_button.click()
    assert clock.running and clock.start_button.disabled and not clock.pause_button.disabled
    assert "Running: started at" in clock.words() and "ends at" in clock.words()
    assert "lc-shrink 2700s" in clock.display.value  # the bar runs down in the browser
    now.now += 10 * 60 + 30
    clock.refresh()
    assert clock.left() == 45 * 60 - 630 and "35 min left" in clock.display.value
    clock.pause_button.click()
    assert not clock.running and "Paused at" in clock.words() and "lc-shrink" not in clock.display.value
    now.now += 20 * 60  # paused time does not count
    clock.refresh()
    assert clock.left() == 45 * 60 - 630
    clock.start_button.click()
    now.now += 35 * 60
    clock.refresh()
    assert clock.left() == 0 and "Time is up" in clock.words() and clock.start_button.disabled
    clock.reset_button.click()
    assert clock.left() == 45 * 60 and "45 min left" in clock.display.value and not clock.running


def test_the_clock_shows_the_end_time_it_promised():
    now = FakeTime()
    clock = LessonClock(45, now=now)
    clock.start()
    promised = re.search(r"ends at (\d\d:\d\d)", clock.words()).group(1)
    now.now += 50 * 60
    clock.pause()  # paused after the end: still "ended at" the promised minute
    assert f"ended at {promised}" in clock.words()


def buttons(game):
    return move_buttons(game)


PREFERENCE = ("Story approved", "Prediction:", "Test with project", "No method", "Journal:", "Preprint",
              "Build ", "Collect data", "Stop")


def pick(texts: list[str]) -> int:
    """The first sensible move: as the browser test plays it."""
    for start in PREFERENCE:
        found = next((i for i, text in enumerate(texts) if text.startswith(start)), None)
        if found is not None:
            return found
    return next(i for i, text in enumerate(texts) if not text.startswith("Borrow"))


def test_the_school_app_plays_a_whole_game_by_clicks_and_the_clock_follows_the_table():
    box = renderer.school_app(seed=7, seats=["human", "heuristic", "heuristic", "heuristic"])
    game, now = box.game, FakeTime()
    assert "btl-app" in box._dom_classes and box.clock.widget in game.header.children
    box.clock.now = now
    box.clock.start_button.click()
    clicks = 0
    while not game.state.is_over():
        choices = buttons(game)
        now.now += 30
        choices[pick([b.description for b in choices])].click()
        clicks += 1
        assert clicks < 300
        left = max(0, 45 * 60 - 30 * clicks)
        assert f">{-(-left // 60)} min left<" in box.clock.display.value  # redrawn with the table
        if not game.state.is_over():
            assert "the plan" in box.clock.display.value or "On plan" in box.clock.display.value
    said = re.sub(r"<[^>]+>", " ", box.clock.display.value)  # after Game over: when it ended, no plan
    assert "Game over at" in said and "the plan" not in said and "On plan" not in said
    debrief, summary = game.moves.children  # the debrief first: what the class does next
    assert game.state.round <= 5 and "btl-summary" in summary.value and "debrief" in debrief.description
    assert "Team" in summary.value and 'data-over="true"' in game.table.value
    debrief.click()
    assert "btl-debrief-presenter" in game.main.children[0]._dom_classes


def test_the_school_app_shows_every_team_its_own_hand_without_a_pass_screen():
    """K32: teams share one projector, so there is nothing to hide behind a pass-the-device screen."""
    box = renderer.school_app(seed=3, seats=["human"] * 4)
    game = box.game
    seen = set()
    for _ in range(12):
        assert "Pass the device" not in game.table.value
        assert not any(b.description.startswith("I am") for b in buttons(game))
        p = game.state.current_player()
        hand = game.state.players_[p]["hand"]
        assert all(renderer.card_name(c) in game.table.value for c in hand), "the team to play sees its hand"
        seen.add(p)
        buttons(game)[0].click()
    assert len(seen) == 4


def test_the_school_app_sets_the_story_cap_the_plan_advises_and_the_teacher_changes_it():
    from btlgames.research import lesson

    box = renderer.school_app(seed=3)
    assert box.stories.value == lesson.default_stories(4) == box.game.state.options["stories"]
    box.game.seat_chooser.count.value = 2
    assert box.stories.value == lesson.default_stories(2)
    box.stories.value = "none"
    assert box.game.state.options["stories"] == lesson.default_stories(4), "nothing changes before New game"
    box.game.new_button.click()
    chosen = {k: box.game.state.options[k] for k in ("variant", "players", "stories")}
    assert chosen == {"variant": "school", "players": 2, "stories": "none"}  # the rule options keep their defaults
    assert not any(a.kind == "story" for a in box.game.state.legal_actions())


def test_the_lesson_clock_says_whether_the_class_is_behind_the_plan():
    from btlgames.research import lesson

    box = renderer.school_app(seed=5, seats=["human"] * 4)
    now = FakeTime()
    box.clock.now = now
    box.clock.start_button.click()
    assert "On plan" in box.clock.display.value or "ahead" in box.clock.display.value
    now.now += 20 * 60  # twenty minutes on round 1: far behind
    box.clock.refresh()
    late = lesson.minutes_behind(box.game.state.view(None), 20)
    assert late > 5 and f"{round(late)} min behind the plan" in box.clock.display.value
    assert "lc-behind" in box.clock.display.value


def test_the_generic_app_names_school_seats_teams_in_the_log():
    app = renderer.app(seed=2, seats=["heuristic", "heuristic"], variant="school", players=2)
    assert "Team 1" in app.log.value and "Player 1" not in app.log.value


def test_the_pass_screen_names_teams_in_the_school_game():
    app = renderer.app(seed=2, seats=["human", "human"], variant="school", players=2)
    assert "Pass the device to Team 1" in app.table.value
    assert app.moves.children[0].description == "I am Team 1: show my table"


def test_an_income_over_the_storage_is_marked_and_the_mark_explained_once():
    """The school game's first income takes a team over its storage of 8 (money, the resource and a
    project's production): each such move carries ⚠ and how far over, and the headline says once
    what the mark means (the moves stay short enough for the side panel)."""
    state = btlgames.load("research", variant="school", players=4, seed=2)
    view = state.view(0)
    incomes = [a for a in state.legal_actions() if a.kind == "income"]
    over = {a.resource: terms_over(view, a.resource) for a in incomes}
    assert any(over.values())
    for action in incomes:
        words = renderer.move_words(action, view)
        assert ("⚠" in words) == bool(over[action.resource]), words
        if over[action.resource]:
            assert words.endswith(f"· ⚠ {over[action.resource]}"), words
        assert not words.startswith("Income"), words  # its group says so
    plain = re.sub(r"<[^>]+>", "", renderer.headline(view))
    # explained with the largest of the moves' numbers, as a sentence that reads right at 1
    most = max(over.values())
    assert plain.count("⚠") == 1 and f"⚠ {most} beside a move" in plain, plain
    assert f"{most} resource{'s' if most > 1 else ''} over its storage of 8" in plain, plain


def terms_over(view, resource: str) -> int:
    p = view["decision"]["player"]
    held = sum(view["players_"][p]["res"].values()) + sum(terms.income_of(view, p, resource).values())
    return max(0, held - view["storage"])


def test_the_class_strip_has_a_column_a_team_and_frames_the_team_to_play():
    """Present's scores: the points, Rigor and Hype of every team, a column a team (four fit the
    class's type at 1366x768), the team to play framed (not by colour alone), ⚠ beside a Hype that
    makes an artefact likely."""
    from btlgames import load
    state = load("research", seed=3, variant="school", players=4)
    view = state.view(None)
    seats = view["players_"]
    seats[2]["hype"], seats[2]["rigor"] = 3, 1  # as a game may come to: an artefact likely
    strip = renderer._strip(view)
    rows = re.findall(r"<tr>(.*?)</tr>", strip)
    assert len(rows) == 4  # the teams, then points, Rigor, Hype
    assert len(re.findall(r"<th[^>]*>", rows[0])) == 1 + len(seats)
    for row, key in zip(rows[1:], ("vp", "rigor", "hype")):
        cells = re.findall(r"<td[^>]*>(\d+)", row)
        assert cells == [str(pl[key]) for pl in seats], (key, row)
    current = view["player"]
    framed = [i for i, cell in enumerate(re.findall(r"<td([^>]*)>", rows[1])) if "rp-current" in cell]
    assert framed == [current]
    assert re.findall(r"<td[^>]*>(\d+)(?: <span[^>]*>⚠)?", rows[3]) and rows[3].count("⚠") == 1
    hype_cells = re.findall(r"<td[^>]*>(.*?)</td>", rows[3])
    assert "⚠" in hype_cells[2] and html.escape(renderer.say("strip.risk")) in hype_cells[2]
