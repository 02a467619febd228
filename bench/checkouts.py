"""What the bench scripts need from a checkout of the kit, whichever commit it is.

``--compare PATH`` runs this checkout's scripts against an older btlgames (PYTHONPATH=PATH): the
module that plays a seeded game was ``core.simulate`` before it became ``core.playing``.
"""
from __future__ import annotations

import os
from pathlib import Path


def play_one(*args, **kwargs):
    try:
        from btlgames.core.playing import play_one as play
    except ModuleNotFoundError:  # a checkout from before the rename
        from btlgames.core.simulate import play_one as play
    return play(*args, **kwargs)


def env_of(path: Path) -> dict[str, str]:
    """The environment of a process that imports the btlgames in ``path``."""
    return {**os.environ, "PYTHONPATH": str(path)}
