"""Which atoms of the Stable Atom Chart a game can build (Kit rule K23): every atom built at once
takes its mats from one box (6 Proton+Electron and 6 Neutron mats, as the source's), so the more
Scientists (or teams) build, the simpler the atom must be.

The engine refuses a game whose atoms need more mats than the box holds (``mats.shortfall``,
which ``AntimatterState.setup`` asks); :func:`buildable` lists what it allows for each game type and
number of Scientists, and :func:`markdown` writes that as the table the rulebook and the lesson
plans hold, in one language:

    python -m btlgames.antimatter.chart        # English
    python -m btlgames.antimatter.chart fi     # Finnish, nl: Dutch

A test keeps every copy in the lesson pack equal to what the engine allows.
"""
from __future__ import annotations

import sys

from ..core.i18n import DEFAULT_LANGUAGE, speaking, t
from ..core.registry import spec
from .ending import coop_chain
from .goals import buildable_atoms
from .rules import team_sizes_fit


def _range(option: str) -> range:
    o = spec("antimatter").options[option]
    return range(o.low, o.high + 1)


def builders(mode: str, players: int, teams: int = 2) -> int | None:
    """How many copies of the chosen atom a game builds at once: one per Scientist, one per team
    (K25), or None where the game's size or type leaves the atom setting out (team mode without
    2 or 3 Scientists in every team; the cooperative game, which climbs the chart, K27)."""
    if mode == "coop":
        return None
    if mode == "team":
        return teams if team_sizes_fit(players, teams) else None
    return players  # standard, challenge, and mixed with the same goal for everyone ("equal")


def buildable(mode: str, players: int, teams: int = 2) -> tuple[str, ...]:
    """The atoms (the ``atom`` option's values) a game of this type and size can be set up with."""
    n = builders(mode, players, teams)
    return () if n is None else buildable_atoms(n)


def coop_reach() -> str:
    """The cooperative game's last atom up the chain, the last the box's mats hold (K27): no game
    climbs higher, and a lost piece (it leaves play) can stop it lower."""
    return coop_chain()[-1].label


def markdown(lang: str = DEFAULT_LANGUAGE) -> str:
    """The table of what each game type can build, by the number of Scientists, in ``lang``."""
    players = _range("players")
    with speaking(lang):
        head = [t("antimatter.chart.game_type"), *(t("antimatter.chart.players", n=p) for p in players)]
        rows = [[t("antimatter.chart.each"), *(", ".join(buildable("standard", p)) or "—" for p in players)]]
        rows += [[t("antimatter.chart.teams", teams=k), *(", ".join(buildable("team", p, k)) or "—" for p in players)]
                 for k in _range("teams")]
        rows.append([t("antimatter.chart.coop"), *(t("antimatter.chart.coop_reach", atom=coop_reach()) for _ in players)])
        lines = [head, ["---"] * len(head), *rows]
        return "".join("| " + " | ".join(cells) + " |\n" for cells in lines)


if __name__ == "__main__":
    sys.stdout.write(markdown(sys.argv[1] if len(sys.argv) > 1 else DEFAULT_LANGUAGE))
