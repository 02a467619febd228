"""Research Programme's moves: small frozen dataclasses with words (lessons/research-programme/rules.md).

A *decision* is what the game waits for (``state.queue[0]``); each action answers one kind
of decision. The round's main actions (Kit rule K11) answer the "act" decision.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core.i18n import t
from ..core.state import Action
from . import board, cards


def _a(key: str, **values) -> str:
    return t(f"research.action.{key}", **values)


# -- set-up and funding ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Keep(Action):
    kind: ClassVar[str] = "keep"
    theory: str
    method: str

    def describe(self):
        return _a("keep", theory=cards.name(self.theory), method=cards.name(self.method))


@dataclass(frozen=True)
class Income(Action):
    """The income resource (K7) and the card to draw later in funding, chosen at once (K30)."""
    kind: ClassVar[str] = "income"
    resource: str
    deck: str  # "theory" | "method"; "" when neither deck has a card left

    def describe(self):
        resource = t(f"research.resource.{self.resource}")
        if not self.deck:
            return _a("income_no_draw", resource=resource)
        return _a("income", resource=resource, deck=t(f"research.deck.{self.deck}"))


@dataclass(frozen=True)
class Repay(Action):
    kind: ClassVar[str] = "repay"

    def describe(self):
        return _a("repay")


@dataclass(frozen=True)
class Continue(Action):
    kind: ClassVar[str] = "continue"

    def describe(self):
        return _a("continue")


@dataclass(frozen=True)
class Discard(Action):
    kind: ClassVar[str] = "discard"
    card: str

    def describe(self):
        return _a("discard", card=cards.name(self.card))


@dataclass(frozen=True)
class Story(Action):
    """School game: the teacher approves a team's 30-60 s interlude story (K28, capped by K31)."""
    kind: ClassVar[str] = "story"
    approved: bool

    def describe(self):
        return _a("story_yes" if self.approved else "story_no")


@dataclass(frozen=True)
class FreePreprint(Action):
    """The preprint heist event: a preprint for D1 that is not an action (kind kept from the first saves)."""
    kind: ClassVar[str] = "free_preprint"
    result: int  # -1: decline

    def describe(self):
        return _a("free_preprint", n=self.result + 1) if self.result >= 0 else _a("decline")


# -- the round's actions (K11) ------------------------------------------------------------------------
@dataclass(frozen=True)
class Borrow(Action):
    kind: ClassVar[str] = "borrow"

    def describe(self):
        return _a("borrow")


@dataclass(frozen=True)
class PlayTheory(Action):
    kind: ClassVar[str] = "theory"
    card: str

    def describe(self):
        return _a("theory", card=cards.name(self.card), cost=cards.theories()[self.card].cost)


@dataclass(frozen=True)
class PlayMethod(Action):
    kind: ClassVar[str] = "method"
    card: str

    def describe(self):
        return _a("method", card=cards.name(self.card), cost=cards.methods()[self.card].cost)


@dataclass(frozen=True)
class Build(Action):
    kind: ClassVar[str] = "build"
    project: str
    hex: str

    def describe(self):
        return _a("build", card=cards.name(self.project), hex=board.hex_name(self.hex),
                  cost=cards.projects()[self.project].cost)


@dataclass(frozen=True)
class Predict(Action):
    """Schedule this round's test of a theory on any table; its project and method follow (PlanTest)."""
    kind: ClassVar[str] = "predict"
    theory: str

    def describe(self):
        return _a("predict", card=cards.name(self.theory))


@dataclass(frozen=True)
class Preprint(Action):
    kind: ClassVar[str] = "preprint"
    result: int

    def describe(self):
        return _a("preprint", n=self.result + 1)


@dataclass(frozen=True)
class Journal(Action):
    kind: ClassVar[str] = "journal"
    result: int

    def describe(self):
        return _a("journal", n=self.result + 1)


@dataclass(frozen=True)
class Interfere(Action):
    kind: ClassVar[str] = "interfere"
    card: str
    target: int

    def describe(self):
        return _a("interfere", card=cards.name(self.card), target=self.target + 1)


@dataclass(frozen=True)
class Simulate(Action):
    kind: ClassVar[str] = "simulate"
    target: str  # a hex, or "repair"

    def describe(self):
        return _a("simulate_repair") if self.target == "repair" else _a("simulate", hex=board.hex_name(self.target))


@dataclass(frozen=True)
class PeerReview(Action):
    kind: ClassVar[str] = "peer_review"
    mode: str  # "rigor" | "repair"

    def describe(self):
        return _a(f"peer_review_{self.mode}")


@dataclass(frozen=True)
class CollectData(Action):
    kind: ClassVar[str] = "collect"

    def describe(self):
        return _a("collect")


@dataclass(frozen=True)
class Stop(Action):
    kind: ClassVar[str] = "stop"

    def describe(self):
        return _a("stop")


# -- follow-up choices ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlanTest(Action):
    """A prediction's project and method, chosen at once (K30)."""
    kind: ClassVar[str] = "plan_test"
    tile: str  # "" = no project: a method test on Metascience
    method: str  # "" = none
    from_hand: bool  # the method is paid from the hand and put on the table

    def describe(self):
        if not self.method:
            method = _a("plan_no_method")
        else:
            method = _a("plan_method_hand" if self.from_hand else "plan_method", card=cards.name(self.method),
                        cost=cards.methods()[self.method].cost)
        return _a("plan_test", tile=self.tile, method=method) if self.tile else _a("plan_meta", method=method)


@dataclass(frozen=True)
class Reveal(Action):
    kind: ClassVar[str] = "reveal"
    hex: str

    def describe(self):
        return _a("reveal", hex=board.hex_name(self.hex))


@dataclass(frozen=True)
class Reward(Action):
    """What a discovery or a null token gives: a resource, "pair:X" (2 of X), "technique" or "vp"."""
    kind: ClassVar[str] = "reward"
    choice: str

    def describe(self):
        if self.choice.startswith("pair:"):
            return _a("reward_pair", resource=t(f"research.resource.{self.choice[5:]}"))
        if self.choice in ("technique", "vp"):
            return _a(f"reward_{self.choice}")
        return _a("reward_one", resource=t(f"research.resource.{self.choice}"))


@dataclass(frozen=True)
class Block(Action):
    """The target's answer to interference (K24): "method", "shield", "skepsis" or "accept"."""
    kind: ClassVar[str] = "block"
    way: str
    card: str = ""

    def describe(self):
        return _a(f"block_{self.way}", card=cards.name(self.card))


@dataclass(frozen=True)
class Synthesis(Action):
    kind: ClassVar[str] = "synthesis"
    attempt: bool

    def describe(self):
        return _a("synthesis_yes" if self.attempt else "synthesis_no")


ACTIONS = (Keep, Income, Repay, Continue, Discard, Story, FreePreprint, Borrow, PlayTheory, PlayMethod,
           Build, Predict, Preprint, Journal, Interfere, Simulate, PeerReview, CollectData, Stop, PlanTest,
           Reveal, Reward, Block, Synthesis)
MAIN_ACTIONS = ("theory", "method", "build", "predict", "preprint", "journal", "interfere", "simulate",
                "peer_review", "collect")
