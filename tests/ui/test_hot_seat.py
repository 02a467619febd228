"""The generic app with two humans on one screen: the pass-the-device screen.

Pentaquark is solo, so a tiny two-player game with a hidden card stands in.
"""
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import ClassVar

import pytest

from btlgames.core import conformance
from btlgames.core.registry import _GAMES, GameSpec, Option, register
from btlgames.core.bots import RandomBot
from btlgames.core.i18n import t
from btlgames.core.state import Action, GameState
from btlgames.ui import games
from btlgames.ui.app.game_app import GameApp
from btlgames.ui.app.renderer import own_words


@dataclass(frozen=True)
class Take(Action):
    kind: ClassVar[str] = "take"
    n: int

    def describe(self):
        return f"take {self.n}"


@dataclass
class Secret(GameState):
    """Players take 1 or 2 from a pile of 7; each also holds a secret number."""
    name: ClassVar[str] = "secret"
    actions: ClassVar[dict] = {"take": Take}
    pile: int = 7
    turn: int = 0
    hands: list = field(default_factory=list)

    def setup(self):
        self.hands = [self.chance.randint(1, 99) for _ in range(2)]
        self.log.add(0, "deal", None, "deal", secret={"hand": self.hands[0]}, seen_by=[0])

    def current_player(self):
        return None if self.is_over() else self.turn % 2

    def is_over(self):
        return self.pile == 0

    def _legal_actions(self):
        return [Take(n) for n in (1, 2) if n <= self.pile]

    def _apply(self, action):
        self.log.add(self.turn, "play", self.turn % 2, "take", n=action.n)
        self.pile -= action.n
        self.turn += 1

    def scores(self):
        loser = (self.turn - 1) % 2  # who took the last one loses
        return {p: float(p != loser) for p in (0, 1)}

    def _is_winning_score(self, score):
        return score > 0

    def view(self, player):
        return {"pile": self.pile, "mine": self.hands[player] if player is not None else None}

    def hidden_variation(self, player, rng):
        other = self.clone()
        for seat in (0, 1):
            if seat != player:
                other.hands[seat] = rng.randint(1, 99)
        return other


RENDERER = SimpleNamespace(
    table=lambda view: f"<p>pile {view['pile']}, my secret {view['mine']}</p>",
    headline=lambda view: "",
    event=lambda record: f"{record['kind']} {record.get('n', '')}",
    group=lambda action: "Take",
    move_words=own_words,
    target=lambda action: None,
    seat_name=lambda seat: t("app.player", seat=seat + 1),
    summary=lambda view: "over",
    how_to_play=lambda: [],
    hint=lambda view: None,
    moments=lambda records, view, earlier: [],
    ending=lambda view, records: "",
)


@pytest.fixture(autouse=True)
def secret_game():
    register(GameSpec("secret", "Secret", Secret, {"players": Option(2, choices=(2,))}, {"random": RandomBot},
                      max_actions=lambda options: 7))  # one take of a pile of 7 at the least
    yield
    _GAMES.pop("secret")


@pytest.mark.slow
def test_the_harness_runs_on_any_game():
    conformance.run("secret", games=30, save_sample=5)


def test_two_humans_pass_the_device_between_turns():
    app = GameApp("secret", title="Secret", seed=1, seats=["human", "human"], renderer=RENDERER)
    assert "Pass the device to player 1" in app.table.value and "secret" not in app.table.value
    app.moves.children[0].click()  # "I am player 1"
    assert f"my secret {app.state.hands[0]}" in app.table.value
    take = app.moves.children[0].children[1].children[0]
    take.click()
    assert "Pass the device to player 2" in app.table.value
    assert str(app.state.hands[0]) not in app.table.value and app.log.value == ""
    # the pass screen answers the move (its table's data-moves); the keyboard goes to its one
    # button (table.js finds it by btl-pass-take)
    assert f'class="btl-table" data-moves="{len(app.state.history)}"' in app.table.value
    assert "btl-pass-take" in app.moves.children[0]._dom_classes and app.table.targets == []
    app.moves.children[0].click()
    assert f"my secret {app.state.hands[1]}" in app.table.value


def test_undo_on_the_pass_screen_gives_the_move_back_to_who_made_it():
    app = GameApp("secret", title="Secret", seed=1, seats=["human", "human"], renderer=RENDERER)
    assert app.undo_button.disabled
    app.moves.children[0].click()  # "I am player 1"
    app.moves.children[0].children[1].children[0].click()  # a take player 1 did not mean
    assert "Pass the device to player 2" in app.table.value
    assert not app.undo_button.disabled, "the first move can be taken back before the device is passed"
    app.undo_button.click()
    assert app.state.pile == 7 and f"my secret {app.state.hands[0]}" in app.table.value
    assert app.undo_button.disabled


def test_a_bot_seat_moves_and_the_human_sees_only_their_view():
    app = GameApp("secret", title="Secret", seed=2, seats=["human", "random"], renderer=RENDERER)
    assert "Pass" not in app.table.value  # one human: no pass screen
    assert f"my secret {app.state.hands[0]}" in app.table.value
    assert f"secret {app.state.hands[1]}" not in app.table.value or app.state.hands[0] == app.state.hands[1]
    app.moves.children[0].children[1].children[0].click()
    assert app.state.current_player() in (0, None)  # the bot has answered


def test_open_hands_keep_the_table_on_the_screen_and_turned_off_passes_again():
    """A room that agreed that every look is public ticks "Open hands" and is spared the pass click;
    unticked, whoever is to play holds the device and the next human gets the pass screen."""
    app = GameApp("secret", title="Secret", seed=1, seats=["human", "human"], renderer=RENDERER)
    assert app.open_hands in app.settings.children and not app.open_hands.value
    app.open_hands.value = True  # at once, on the pass screen shown
    assert "Pass the device" not in app.table.value and f"my secret {app.state.hands[0]}" in app.table.value
    app.moves.children[0].children[1].children[0].click()
    assert "Pass the device" not in app.table.value and f"my secret {app.state.hands[1]}" in app.table.value
    app.open_hands.value = False  # player 2 holds the device and sees the table still
    assert f"my secret {app.state.hands[1]}" in app.table.value
    app.moves.children[0].children[1].children[0].click()
    assert "Pass the device to player 1" in app.table.value and "secret" not in app.table.value


def test_open_hands_are_offered_only_where_a_pass_screen_can_be_shown():
    solo = games.app("pentaquark", seed=1)
    assert solo.open_hands not in solo.settings.children  # one seat: nobody to pass to
    fixed = GameApp("secret", title="Secret", seed=1, seats=["human", "human"], renderer=RENDERER, hand_privacy=False)
    assert fixed.open_hands not in fixed.settings.children and "Pass the device" not in fixed.table.value


def test_the_pass_screen_carries_no_note_of_the_seat_that_moved():
    """A first game's hint is for the seat to play: the next seat's pass screen shows none of it."""
    guided = SimpleNamespace(**{**vars(RENDERER), "hint": lambda view: (f"your secret is {view['mine']}", None)})
    app = GameApp("secret", title="Secret", seed=1, seats=["human", "human"], renderer=guided)
    app.guide(True)
    app.moves.children[0].click()  # "I am player 1"
    assert app.table.hint == f"your secret is {app.state.hands[0]}"
    app.moves.children[0].children[1].children[0].click()
    assert "Pass the device to player 2" in app.table.value
    assert app.table.hint == "" and app.table.hinted == ""
    app.moves.children[0].click()  # "I am player 2": their own note
    assert app.table.hint == f"your secret is {app.state.hands[1]}"
