"""Antimatter Matters' moves: small frozen dataclasses whose words come from the catalogue."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from ..core.i18n import t
from ..core.state import Action
from . import words
from .data import catalogue


def card_name(card_id: str) -> str:
    return words.card_name(card_id)


def space_name(space: str) -> str:
    """A space in words: what it is and where ("draw space on the Outer Ring (o03)"); the id
    keeps spaces of one kind on one ring apart."""
    board = catalogue().board
    s = board.spaces[space]
    where = s.where
    if where[0] == "ring":
        place = t(f"antimatter.where.{where[1]}")
    else:
        place = t("antimatter.where.inner" if board.center in where[1:3] else "antimatter.where.between")
    if s.kind == "particle":
        return t("antimatter.space.particle", id=space, piece=piece_name(s.piece), where=place)
    return t(f"antimatter.space.{s.kind}", id=space, where=place, pair=s.pair)


def piece_name(piece: str) -> str:
    kind, _, colour = piece.partition("-")
    name = words.piece(kind)
    return t("antimatter.piece.coloured", colour=t(f"antimatter.colour.{colour}"), name=name) if colour else name


def mat_name(mat: int) -> str:
    return t("antimatter.mat_number", n=mat + 1)


@lru_cache(maxsize=None)
def _json(action: Action) -> dict:
    return Action.to_json(action)


class Move(Action):
    """An Antimatter move: its JSON is worked out once per move (the engine keeps its moves, and
    the history writes one at every step), each history entry its own copy."""

    def to_json(self):
        return dict(_json(self))


@dataclass(frozen=True)
class Roll(Move):
    kind: ClassVar[str] = "roll"

    def describe(self):
        return t("antimatter.action.roll")


@dataclass(frozen=True)
class Order(Move):
    """Team mode: the order the members play this turn (seats, first to last)."""
    kind: ClassVar[str] = "order"
    seats: tuple[int, ...]

    def describe(self):
        return t("antimatter.action.order", seats=", ".join(str(s + 1) for s in self.seats))


@dataclass(frozen=True)
class Allocate(Move):
    """Team mode: how many of the dice's spaces the next member in the turn's order moves
    (the last member moves what is left)."""
    kind: ClassVar[str] = "allocate"
    seat: int
    steps: int

    def describe(self):
        return t("antimatter.action.allocate", n=self.seat + 1, steps=self.steps)


@dataclass(frozen=True)
class MoveTo(Move):
    kind: ClassVar[str] = "move"
    space: str

    def describe(self):
        return t("antimatter.action.move", space=space_name(self.space))


@dataclass(frozen=True)
class PlayMovement(Move):
    """Movement cards played together (card ids, sorted): the pawn moves their sum."""
    kind: ClassVar[str] = "movement"
    cards: tuple[str, ...]

    def describe(self):
        return t("antimatter.action.movement", cards=" + ".join(card_name(c) for c in self.cards))


@dataclass(frozen=True)
class PickCard(Move):
    """Take a movement card into the set to play together (played with PlayMovement)."""
    kind: ClassVar[str] = "pick"
    card: str

    def describe(self):
        return t("antimatter.action.pick", card=card_name(self.card))


@dataclass(frozen=True)
class PlayAction(Move):
    kind: ClassVar[str] = "action"
    card: str
    target: int

    def describe(self):
        return t("antimatter.action.action", card=card_name(self.card), n=self.target + 1)


@dataclass(frozen=True)
class Shield(Move):
    kind: ClassVar[str] = "shield"
    card: str  # block | reverse

    def describe(self):
        return t("antimatter.action.shield", card=card_name(self.card))


@dataclass(frozen=True)
class Accept(Move):
    kind: ClassVar[str] = "accept"

    def describe(self):
        return t("antimatter.action.accept")


@dataclass(frozen=True)
class Stop(Move):
    """No (more) cards this phase."""
    kind: ClassVar[str] = "stop"

    def describe(self):
        return t("antimatter.action.stop")


@dataclass(frozen=True)
class PlaceOn(Move):
    kind: ClassVar[str] = "place"
    mat: int
    piece: str

    def describe(self):
        return t("antimatter.action.place", piece=piece_name(self.piece), mat=mat_name(self.mat))


@dataclass(frozen=True)
class Lose(Move):
    kind: ClassVar[str] = "lose"
    mat: int
    piece: str

    def describe(self):
        return t("antimatter.action.lose", piece=piece_name(self.piece), mat=mat_name(self.mat))


@dataclass(frozen=True)
class Breach(Move):
    kind: ClassVar[str] = "breach"
    mat: int

    def describe(self):
        return t("antimatter.action.breach", mat=mat_name(self.mat))


@dataclass(frozen=True)
class Discard(Move):
    kind: ClassVar[str] = "discard"
    card: str

    def describe(self):
        return t("antimatter.action.discard", card=card_name(self.card))


ACTIONS = (Roll, Order, Allocate, MoveTo, PickCard, PlayMovement, PlayAction, Shield, Accept, Stop, PlaceOn,
           Lose, Breach, Discard)
