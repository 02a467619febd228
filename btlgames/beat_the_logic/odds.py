"""The strategy lab's models: waiting for a card, counting what passed by, and one claim replicated.

Plain Python: exact answers from counting, and the same questions answered by simulation, so
that the lab can set them side by side.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from math import comb

from .cards import BAND, CARDS, COLOUR, in_play


# -- keep a sure card, or wait for the one that completes a set ------------------------------------
@dataclass(frozen=True)
class Wait:
    """You can take ``sure`` points now, or keep your turn's pick for a set that needs one card
    worth ``gain`` more. The card has ``copies`` among the ``unseen`` cards; you will see ``look``
    unseen cards before the end (the hands still to come, counted as fresh cards). Simplified:
    nobody else takes the card first, and waiting costs nothing else."""

    unseen: int = 30
    copies: int = 2
    look: int = 8
    gain: int = 10
    sure: int = 5

    def check(self) -> None:
        if not (1 <= self.unseen and 0 <= self.copies <= self.unseen and 0 <= self.look <= self.unseen):
            raise ValueError("the copies and the cards you will see must be among the unseen cards")

    def chance(self) -> float:
        """Exactly (hypergeometric): at least one copy among the ``look`` cards you will see."""
        self.check()
        return 1 - comb(self.unseen - self.copies, self.look) / comb(self.unseen, self.look)

    def expected_wait(self) -> float:
        return self.chance() * self.gain

    def simulate(self, trials: int, seed: int = 0) -> int:
        """How often a shuffled pile shows a copy among the first ``look`` cards (a count)."""
        self.check()
        rng = random.Random(f"btl-wait:{seed}")
        pile = [True] * self.copies + [False] * (self.unseen - self.copies)
        hits = 0
        for _ in range(trials):
            hits += any(rng.sample(pile, self.look)) if self.look else 0
        return hits


# -- what a drafted hand tells you ------------------------------------------------------------------
def counted(view) -> dict[str, dict[str, int]]:
    """Per card, for the seat whose view this is: how many are in play, lie face up, are in your
    hand, are known to be in another player's hand (you held that hand and saw them there; they
    have not been laid since: K16), and how many are still unknown to you."""
    total = in_play(view["players"])
    face_up: Counter = Counter()
    for area in view["areas"]:
        for group in area:
            face_up.update(group["cards"] + ([group["angel"]] if group["angel"] else []))
    for angels in view["lone_angels"]:
        face_up.update(angels)
    hand = Counter(view["hand"] or [])
    known = Counter(c for cards in view["known_hands"] for c in cards)
    return {card: {"in_play": total[card], "face_up": face_up[card], "hand": hand[card], "known": known[card],
                   "unknown": total[card] - face_up[card] - hand[card] - known[card]} for card in CARDS}


@dataclass(frozen=True)
class PassedOn:
    """One hand you passed, and what the neighbour who got it did with it."""

    round: int
    to: int
    cards: tuple
    laid: str  # the card the neighbour laid from it on their next turn
    still_there: tuple  # the cards you passed that they did not lay
    stolen: str | None = None  # after an angel from it: the card they stole from an area (K10)
    victim: int | None = None  # whose area it came from


def passed_on(records: list[dict], view) -> list[PassedOn]:
    """For each hand the viewer passed: the card the neighbour laid from it on their next turn, what
    stayed in the hand, and, when that card was an angel, what they stole with it. The neighbour
    lays from exactly that hand (their own draw went on with the hand *they* passed), so the only
    card that reaches their area from elsewhere is a stolen one. ``records`` are the game's log as
    the viewer may read it."""
    out = []
    for memory in view["memory"]:
        after = [r for r in records if r["turn"] > memory["round"] and r["player"] == memory["to"]
                 and r["kind"] in ("play", "protect", "lay_aside", "steal", "no_steal", "nothing_to_steal")]
        if not after:
            continue
        first = after[0]
        cards = list(memory["cards"])
        cards.remove(first["card"])
        steal = after[1] if first["kind"] == "protect" and len(after) > 1 and after[1]["kind"] == "steal" else None
        out.append(PassedOn(memory["round"], memory["to"], tuple(memory["cards"]), first["card"], tuple(cards),
                            steal["card"] if steal else None, steal["victim"] if steal else None))
    return out


# -- one claim and its replication -----------------------------------------------------------------
def at_least(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p): how often luck alone does as well as the claim."""
    return sum(comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))


# -- the odds of one set in a game ------------------------------------------------------------------
def waits_for(cards: list[str]) -> str | None:
    """The one card a set of two still needs to be complete: a third of two identical attributes,
    or the missing card of one band member's set (None: the set is not waiting for one card)."""
    if len(cards) != 2:
        return None
    if cards[0] == cards[1]:
        return cards[0]
    return next(c for c in BAND[COLOUR[cards[0]]] if c not in cards)


def draws_left(players: int, deck: int, turn: int, drawing: bool = True) -> int:
    """How many cards a player still draws from the pile, counting this turn's draw: ``deck`` is
    the pile before their draw, ``turn`` how many players laid before them this round (K4, K12:
    every round takes one card per player while the pile can go round the table)."""
    if not drawing:
        return 0
    return 1 + max(deck - (players - turn), 0) // players
