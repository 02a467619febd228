"""Where the kit's notebooks, lesson packs and page templates are (plain paths, no Jupyter).

The notebooks are ``<repo>/notebooks`` where ``<repo>`` is the parent of the ``btlgames``
package directory; override with an argument or the ``BTLGAMES_NOTEBOOKS`` environment variable.
Lessons likewise: ``<repo>/lessons`` or ``BTLGAMES_LESSONS``.
"""
from __future__ import annotations

import os
from pathlib import Path

ENV_NOTEBOOKS = "BTLGAMES_NOTEBOOKS"
ENV_LESSONS = "BTLGAMES_LESSONS"

PAGES_DIR = Path(__file__).resolve().parent
#: Put on JUPYTER_PATH (by the server, and by the site's build for Voici), so Voilà finds the
#: kit's template as ``<TEMPLATE_ROOT>/voila/templates/btlgames``.
TEMPLATE_ROOT = PAGES_DIR
#: The kit's page templates (the launcher, lesson and error pages, the app page's frame).
TEMPLATES = TEMPLATE_ROOT / "voila" / "templates" / "btlgames"


def repo_root() -> Path:
    """The directory that holds the ``btlgames`` package (a source checkout)."""
    return PAGES_DIR.parents[2]


def resolve_notebooks_dir(override: str | os.PathLike | None = None) -> Path:
    """Where the notebooks are: argument, else $BTLGAMES_NOTEBOOKS, else <repo>/notebooks."""
    path = Path(override or os.environ.get(ENV_NOTEBOOKS) or repo_root() / "notebooks")
    path = path.expanduser().resolve()
    if not path.is_dir():
        raise FileNotFoundError(
            f"no notebooks directory at {path}; run from a source checkout of the kit "
            f"or point {ENV_NOTEBOOKS} at the kit's notebooks/ folder")
    return path


def resolve_lessons_dir(override: str | os.PathLike | None = None) -> Path:
    """Where the lesson packs are: argument, else $BTLGAMES_LESSONS, else <repo>/lessons.

    A missing directory is not an error: the launcher then shows no lesson links.
    """
    path = Path(override or os.environ.get(ENV_LESSONS) or repo_root() / "lessons")
    return path.expanduser().resolve()
