#!/usr/bin/env python3
"""Set up and run the btlgames kit with nothing but python3.

    python3 kit.py app     create the environment, serve the launcher on http://127.0.0.1:8866
    python3 kit.py test    create the environment, run the whole test suite
    python3 kit.py fast    the fast lane: the engine, science and widget tests without the long
                           seeded runs (marked slow) and without a browser, on both cores

Extra arguments after ``test`` or ``fast`` go to pytest (e.g. ``python3 kit.py test tests/engine``).
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
        create_venv()
    target = f".[{extras}]" if extras else "."
    print(f"Installing btlgames{'[' + extras + ']' if extras else ''} and its dependencies ...", flush=True)
    run([PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", target])
    stamp.write_text(wanted)


def prepare_site() -> None:
    """Download once (cached in ~/.cache/btlgames-site) and check what the static site is built
    from: Pyodide's core (npm), the lock's files and the apps' wheels (PyPI), the build tools' venv.
    The site's browser test builds from that cache without the network."""
    run([BIN / "btlgames", "site", "--prepare"])


def create_venv() -> None:
    """A venv with pip, even where Python came without ensurepip (Debian without python3-venv)."""
    try:
        import ensurepip  # noqa: F401
        has_ensurepip = not os.environ.get("BTLGAMES_BOOTSTRAP_PIP")
    except ImportError:
        has_ensurepip = False
    if has_ensurepip:
        venv.create(VENV, with_pip=True)
        return
    venv.create(VENV, with_pip=False)
    bootstrap_pip()


def bootstrap_pip() -> None:
    """Install pip into .venv from its wheel on PyPI (a wheel runs straight from the zip)."""
    import json
    import tempfile
    import urllib.parse
    import urllib.request

    print("This Python has no ensurepip: fetching pip from PyPI ...", flush=True)
    index = "https://pypi.org/pypi/pip/json"
    with urllib.request.urlopen(index, timeout=60) as reply:
        release = json.load(reply)
    wheel = next(f for f in release["urls"] if f["filename"].endswith(".whl"))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / wheel["filename"]
        with urllib.request.urlopen(urllib.parse.urljoin(index, wheel["url"]), timeout=120) as reply:
            data = reply.read()
        if hashlib.sha256(data).hexdigest() != wheel["digests"]["sha256"]:
            sys.exit("the pip wheel from PyPI does not match its published checksum")
        path.write_bytes(data)
        run([PYTHON, f"{path}/pip", "install", "--quiet", str(path)])


def notebooks_in_other_languages() -> dict[str, list[str]]:
    """Every notebook once more in Finnish and once more in Dutch (BTLGAMES_LANG): each page's
    prose and widgets are built in every language (about 10 s a language on this machine)."""
    folder = ROOT / "notebooks"
    found = sorted(p.relative_to(ROOT).as_posix() for p in folder.rglob("*.ipynb")
                   if not any(part.startswith(("_", ".")) for part in p.relative_to(folder).parts))
    return {lang: found for lang in ("fi", "nl")}


def run(argv, **kwargs) -> None:
    code = call(argv, **kwargs)
    if code:
        sys.exit(code)


def call(argv, **kwargs) -> int:
    return subprocess.call([str(a) for a in argv], cwd=ROOT, **kwargs)


def main(argv: list[str]) -> None:
    if not argv or argv[0] not in ("app", "test", "fast"):
        sys.exit(__doc__)
    command, rest = argv[0], argv[1:]
    if command == "app":
        ensure_environment("")
        run([BIN / "btlgames", "app", *rest])
    elif command == "fast":
        ensure_environment("test")
        run([PYTHON, "-m", "pytest", "-n", "2", "-m", "not slow", "--ignore=tests/browser", *rest, "tests"])
    else:
        ensure_environment("test")
        prepare_site()
        named = any((ROOT / a.split("::")[0]).exists() for a in rest if not a.startswith("-"))
        if named:
            run([PYTHON, "-m", "pytest", *rest])
            return
        # The engine, science and widget tests on both cores; then, one at a time, the browser
        # tests (Chromium and Voila need the machine to themselves) and the notebooks (nbval
        # cannot share a kernel's cells between xdist workers), then the notebooks in Finnish
        # and Dutch.
        first = call([PYTHON, "-m", "pytest", "-n", "2", *rest, "tests", "--ignore=tests/browser"])
        second = call([PYTHON, "-m", "pytest", *rest, "tests/browser", "notebooks"])
        others = [call([PYTHON, "-m", "pytest", *rest, *notebooks], env={**os.environ, "BTLGAMES_LANG": lang})
                  for lang, notebooks in notebooks_in_other_languages().items()]
        sys.exit(first or second or next((code for code in others if code), 0))


if __name__ == "__main__":
    main(sys.argv[1:])
