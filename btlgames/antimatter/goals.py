"""Mixed mode's goals, one per seat (source: mixed mode; Kit rule K24).

The source lets Scientists of different ages or skills play different goals at one table: a
hydrogen atom, a hydrogen atom in challenge order, a deuterium atom (a Neutron mat added), a
deuterium atom in challenge order. The ``goals`` option says who builds what:

- ``"ladder"`` (the default): the source's example in its order, seat 1 the simplest goal,
  repeating from seat 5: a deliberate handicap for a table of mixed ages;
- ``"equal"``: every seat the game's atom (the ``atom`` option), in challenge order if
  ``challenge`` is set: no handicap;
- the goals themselves, one per seat and comma separated, an atom of the Stable Atom Chart
  with " in order" for challenge order: ``"H-2, H-1 in order, H-1"`` (fewer goals than seats
  repeat from the first; more are refused). "in order" may be written in any of the kit's
  languages ("järjestyksessä", "op volgorde"); the app shows it in the page's.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.i18n import available_languages, t
from ..core.registry import Option
from ..science.nuclides import stable_nuclides
from .mats import shortfall

LADDER = "H-1, H-1 in order, H-2, H-2 in order"  # the source's example, simplest first
PRESETS = ("ladder", "equal")
IN_ORDER = "in order"  # as the option is written in code; a page reads IN_ORDER_KEY's words
IN_ORDER_KEY = "antimatter.goals.in_order"
MAX_Z = 10  # the chart's atoms a goal may name: as the atom option, up to neon


def atoms() -> tuple[str, ...]:
    return tuple(n.label for n in stable_nuclides(MAX_Z))


def buildable_atoms(builders: int) -> tuple[str, ...]:
    """The chart's atoms the bank holds the pieces for when ``builders`` Scientists (or teams)
    each build one at once (K5, K23): what a game with one atom for everyone can be set up with."""
    return tuple(a for a in atoms() if shortfall([a] * builders) is None)


def in_order_words() -> tuple[str, ...]:
    """What "in order" is in every language of the kit, longest first: a goal typed on a Finnish
    page ("H-1 järjestyksessä") or saved from one reads the same in any other."""
    phrases = {IN_ORDER} | {t(IN_ORDER_KEY, lang=lang) for lang in available_languages()}
    return tuple(sorted(phrases, key=len, reverse=True))


def parse(text: str) -> list[tuple[str, bool]]:
    """``"H-2, H-1 in order"`` -> [("H-2", False), ("H-1", True)]; words if it is not that."""
    if not isinstance(text, str):
        raise ValueError(t("antimatter.why.goals_text", value=repr(text)))
    if text == "ladder":
        text = LADDER
    out = []
    for part in text.split(","):
        goal = " ".join(part.split())
        said = next((p for p in in_order_words() if goal.lower().endswith(" " + p.lower())), None)
        atom = goal[:-len(said)].strip() if said else goal
        if atom not in atoms():
            raise ValueError(t("antimatter.why.goals_atom", goal=part.strip() or "—", atoms=", ".join(atoms())))
        out.append((atom, said is not None))
    return out


def shown(text: str) -> str:
    """Goals in the page's words: ``"H-2, H-1 in order"`` -> ``"H-2, H-1 järjestyksessä"``."""
    return ", ".join(f"{atom} {t(IN_ORDER_KEY)}" if challenge else atom for atom, challenge in parse(text))


def seat_goals(text: str, players: int, atom: str, challenge: bool) -> list[dict]:
    """Each seat's goal: {"atom", "challenge"}. ``challenge`` (the option that adds challenge
    order to any game type) puts every seat in challenge order."""
    if text == "equal":
        return [{"atom": atom, "challenge": challenge} for _ in range(players)]
    goals = parse(text)
    if text != "ladder" and len(goals) > players:  # the ladder is the source's example for any table
        raise ValueError(t("antimatter.why.goals_count", goals=len(goals), players=players))
    return [{"atom": a, "challenge": c or challenge} for a, c in (goals[s % len(goals)] for s in range(players))]


@dataclass(frozen=True)
class GoalsOption(Option):
    """An option of words: a preset or the goals themselves (checked when the game is made)."""

    def check(self, name: str, value):
        if value not in PRESETS:
            parse(value)
        return value
