#!/usr/bin/env python3
"""Set up and run the btlgames kit with nothing but python3.

    python3 kit.py app     create the environment, serve the launcher on http://127.0.0.1:8866
    python3 kit.py test    create the environment, run the whole test suite

Extra arguments after ``test`` go to pytest (e.g. ``python3 kit.py test tests/engine``).
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def ensure_environment(extras: str) -> None:
    """Create .venv and install the kit (again only when pyproject.toml changed)."""
    if sys.version_info < (3, 11):
        sys.exit(f"btlgames needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    stamp = VENV / f".installed-{extras or 'app'}"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == wanted:
        return
    if not PYTHON.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        try:
            venv.create(VENV, with_pip=True)
        except Exception as err:  # Debian without python3-venv
            sys.exit(f"Could not create .venv ({err}). On Debian/Ubuntu: apt-get install python3-venv")
    target = f".[{extras}]" if extras else "."
    print(f"Installing btlgames{'[' + extras + ']' if extras else ''} and its dependencies ...", flush=True)
    run([PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", target])
    stamp.write_text(wanted)


def run(argv, **kwargs) -> None:
    code = subprocess.call([str(a) for a in argv], cwd=ROOT, **kwargs)
    if code:
        sys.exit(code)


def main(argv: list[str]) -> None:
    if not argv or argv[0] not in ("app", "test"):
        sys.exit(__doc__)
    command, rest = argv[0], argv[1:]
    if command == "app":
        ensure_environment("")
        run([BIN / "btlgames", "app", *rest])
    else:
        ensure_environment("test")
        paths = [] if any(not a.startswith("-") for a in rest) else ["tests", "notebooks"]
        run([PYTHON, "-m", "pytest", *rest, *paths])


if __name__ == "__main__":
    main(sys.argv[1:])
