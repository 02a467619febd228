"""``btlgames site --out DIR``: the kit as static files that run in the browser (Pyodide).

The site is a JupyterLite build made by Voici (one app page per notebook, no code shown),
plus the kit's own launcher and lesson pages rendered here as plain HTML:

    DIR/index.html                    the launcher (relative links only: a USB stick works)
    DIR/lessons/<game>/...            the lesson packs, rendered at build time
    DIR/voici/render/<game>/<nb>.html an app page
    DIR/static/pyodide/               Pyodide's core, the lock's files the kernel needs, and the
                                      kit's wheels (``btlgames`` and the apps' pure-Python ones)
    DIR/SOURCES.txt                   where every downloaded file came from

What differs in the browser is in ``btlgames.core.runtime`` (no threads or processes).
The same notebooks are used.  Every wheel a page needs is in the site's own
``pyodide-lock.json`` (with its sha256, which Pyodide checks), and each page names its
wheels for ``loadPyodide``: they download in parallel while Python starts, and the kernel
installs nothing one by one afterwards.  numpy, pandas and matplotlib are named only where
the app uses them (all but ``LIGHT_APPS``).
"""
from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from ...core.i18n import t
from .. import launcher
from . import sources
from . import fetch as fetching
from .fetch import Fetched, SiteError

SITE_DIR = Path(__file__).resolve().parent
UI_DIR = SITE_DIR.parent
PACKAGE_DIR = UI_DIR.parent
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"

#: The apps whose code imports none of sources.PLOT_LOCK_PACKAGES: their pages skip installing
#: them (tests/ui/test_site_build.py checks that they import none).
LIGHT_APPS = ("play", "school")


def site_notebooks(notebooks: Path) -> list[tuple[str, str]]:
    """(folder, notebook) of every app on the launcher (each game's, then the tools)."""
    found = []
    for game in launcher.GAMES:
        for name in (game.play, *(name for _, name in game.extras), game.concept):
            if name and (notebooks / game.slug / name).is_file():
                found.append((game.slug, name))
    found += [(tool.slug, tool.notebook) for tool in launcher.TOOLS
              if (notebooks / tool.slug / tool.notebook).is_file()]
    return found


def is_light(slug: str, notebook: str) -> bool:
    game = next((g for g in launcher.GAMES if g.slug == slug), None)
    kinds = {game.play: "play", **{name: kind for kind, name in game.extras}} if game else {}
    return kinds.get(notebook) in LIGHT_APPS


def page_url(slug: str, notebook: str) -> str:
    """Where an app's page is, relative to the site's root."""
    return f"voici/render/{slug}/{Path(notebook).stem}.html"


def page_packages(light: bool) -> list[str]:
    """The lock's packages an app page loads while Python starts: the kernel's, the kit's
    wheels, and numpy, pandas and matplotlib unless the app is light."""
    names = [*sources.KERNEL_PRELOAD, *(name for name, _, _ in sources.APP_WHEELS), "btlgames"]
    names += [] if light else list(sources.PLOT_LOCK_PACKAGES)
    return list(dict.fromkeys(names))


# ---------------------------------------------------------------- the btlgames wheel

def kit_wheel(dest: Path, version: str = "0.1.0") -> Path:
    """A pure-Python wheel of this btlgames, written directly (no build backend or network).

    Everything the browser needs: the engine, the apps, the catalogues and data; not the
    Voilà server's templates or this builder."""
    skip = {UI_DIR / "voila", UI_DIR / "site"}
    name = f"btlgames-{version}-py3-none-any.whl"
    info = f"btlgames-{version}.dist-info"
    records, buffer = [], io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as wheel:
        def add(arcname: str, data: bytes) -> None:
            info_ = zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0))  # same bytes each build
            info_.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info_, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            records.append((arcname, f"sha256={digest}", str(len(data))))

        for path in sorted(PACKAGE_DIR.rglob("*")):
            if (path.is_dir() or "__pycache__" in path.parts or path.suffix == ".pyc"
                    or any(folder in path.parents for folder in skip)):
                continue
            add(path.relative_to(PACKAGE_DIR.parent).as_posix(), path.read_bytes())
        add(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: btlgames\nVersion: {version}\n".encode())
        add(f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: btlgames.ui.site\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        text = io.StringIO()
        csv.writer(text, lineterminator="\n").writerows([*records, (f"{info}/RECORD", "", "")])
        add(f"{info}/RECORD", text.getvalue().encode())
    (dest / name).write_bytes(buffer.getvalue())
    return dest / name


# ---------------------------------------------------------------- the Voici build

def _lite_config() -> dict:
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "litePluginSettings": {KERNEL_SETTINGS: {
            "pyodideUrl": "./static/pyodide/pyodide.js", "disablePyPIFallback": True}}}}


def _voici(fetched: Fetched, stage: Path, out: Path, say) -> None:
    env = dict(os.environ)
    # The site's template (voila/templates/btlsite beside this file) is the kit's app page
    # (<UI_DIR>/voila/templates/btlgames: no CDN links) without the server's folder listings.
    env["JUPYTER_PATH"] = os.pathsep.join([str(SITE_DIR), str(UI_DIR)])
    argv = [str(fetched.tools_python), "-c", "from voici_core.app import main; main()", "build", "--lite-dir", str(stage / "lite"),
            "--contents", str(stage / "files"), "--output-dir", str(out), "--template", "btlsite"]
    say("building the app pages with Voici ...")
    done = subprocess.run(argv, cwd=stage, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SiteError("Voici could not build the app pages:\n" + "\n".join(done.stdout.splitlines()[-15:])
                        + "\n" + done.stderr[-2000:])


CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)


def fix_page(html: str, packages: list[str]) -> str:
    """Voici 0.9's app pages name the Pyodide and wheel-index URLs relative to the site's root
    but resolve them against the page's own folder (the kernel then waits for ever on a
    404): root them at the page's ``baseUrl``.  The page's kernel loads ``packages`` while
    Python starts.  And nothing is loaded from another host."""
    def fix(match: re.Match) -> str:
        config = json.loads(match.group(2))
        base = config["baseUrl"]
        kernel = config["litePluginSettings"][KERNEL_SETTINGS]
        rooted = lambda url: base + url[2:] if url.startswith("./") else url  # noqa: E731
        kernel["pyodideUrl"] = rooted(kernel["pyodideUrl"])
        kernel["pipliteUrls"] = [rooted(url) for url in kernel.get("pipliteUrls", [])]
        kernel["loadPyodideOptions"] = {"packages": packages}
        for key in ("appUrl", "faviconUrl", "licensesUrl", "themesUrl"):
            if key in config:
                config[key] = rooted(config[key])
        text = json.dumps(config).replace("</", "<\\/")
        return match.group(1) + text + match.group(3)

    html, count = CONFIG.subn(fix, html)
    if count != 1:
        raise SiteError("an app page has no JupyterLite configuration: has Voici changed?")
    return re.sub(r'<link[^>]+href="(?:https?:)?//[^"]*"[^>]*>\s*', "", html)


def wheel_entry(wheel: Path) -> dict:
    """A pure-Python wheel as an entry of Pyodide's lock file (its sha256 checked on load)."""
    name, version = wheel.name.split("-")[:2]
    with zipfile.ZipFile(wheel) as archive:
        tops = {n.split("/")[0].removesuffix(".py") for n in archive.namelist()
                if n.endswith(".py") and not n.split("/")[0].endswith((".dist-info", ".data"))}
    key = re.sub(r"[-_.]+", "-", name).lower()
    return {"name": key, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": fetching.sha256(wheel), "package_type": "package", "imports": sorted(tops),
            "depends": [], "unvendored_tests": False}


def _pyodide(fetched: Fetched, out: Path, wheels: list[Path]) -> None:
    """Pyodide's core, the lock's files the kernel needs and ``wheels``; the lock the site
    serves names only those (so the kernel takes nothing from anywhere else)."""
    folder = out / "static" / "pyodide"
    folder.mkdir(parents=True, exist_ok=True)
    for name in sources.PYODIDE_CORE_FILES:
        shutil.copy2(fetched.pyodide / name, folder / name)
    lock = dict(fetched.lock)
    lock["packages"] = {n: fetched.lock["packages"][n] for n in fetched.lock_names}
    for entry in lock["packages"].values():
        shutil.copy2(fetched.pyodide / entry["file_name"], folder / entry["file_name"])
    for wheel in wheels:
        entry = wheel_entry(wheel)
        lock["packages"][entry["name"]] = entry
        shutil.copy2(wheel, folder / wheel.name)
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))


def kit_languages() -> list[str]:
    """The languages the kit speaks: a folder of words each in btlgames/locale."""
    return sorted(p.name for p in (PACKAGE_DIR / "locale").iterdir() if p.is_dir())


def trimmed_babel(wheel: Path, dest: Path, languages: list[str]) -> Path:
    """Babel's wheel with the CLDR data of ``languages`` only (and ``root``, which every locale
    falls back to): 10 MB of data for 700 locales is unpacked on every page start otherwise.
    Named with a build tag (``-1-``): not PyPI's bytes, but made from them here."""
    keep = re.compile(rf"babel/locale-data/(root|(?:{'|'.join(languages)})(?:_\w+)?)\.dat$")
    name, version = wheel.name.split("-")[:2]
    target = dest / f"{name}-{version}-1-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        names = [n for n in source.namelist()
                 if not n.startswith("babel/locale-data/") or keep.match(n)]
        for n in names:
            if not n.endswith(".dist-info/RECORD"):
                out.writestr(source.getinfo(n), source.read(n))
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        kept = set(names)
        lines = [line for line in source.read(record).decode().splitlines() if line.split(",")[0] in kept]
        out.writestr(source.getinfo(record), "\n".join(lines) + "\n")
    return target


def trimmed(wheel: Path, dest: Path, origins: list[str]) -> Path:
    languages = kit_languages()
    made = trimmed_babel(wheel, dest, languages)
    origins.append(f"{made.name}: made here from {wheel.name} (the locale data of {', '.join(languages)} "
                   f"and root only), sha256 {fetching.sha256(made)}")
    return made


def kernel_wheels(site: Path) -> list[Path]:
    """The kernel's own wheels, as the Voici build put them in its extension's folder."""
    folder = site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    found = [sorted(folder.glob(f"{name}-*.whl")) for name in sources.KERNEL_WHEELS]
    if not all(found):
        raise SiteError(f"the Pyodide kernel's wheels {sources.KERNEL_WHEELS} are not in {folder}: has it changed?")
    return [wheels[-1] for wheels in found]


# ---------------------------------------------------------------- the kit's own pages

def _jinja():
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(UI_DIR / "voila" / "templates" / "btlgames"),
                             autoescape=True)
    env.globals["btl_t"] = t
    return env


def launcher_page(notebooks: Path, lessons: Path, carried: list[tuple[str, str]]) -> str:
    """The launcher as the server draws it, with links to the site's pages (relative)."""
    urls = {(slug, name): page_url(slug, name) for slug, name in carried}
    rows = launcher.entries(notebooks, lessons, base_url="./")
    for game, row in zip(launcher.GAMES, rows):
        names = {"play": game.play, "concept": game.concept, **dict(game.extras)}
        for link in row["links"]:
            if link["kind"] == "lessons":
                continue
            link["href"] = urls.get((game.slug, names.get(link["kind"], "")))
    env = _jinja()
    env.globals["btl_launcher"] = lambda base_url="./": rows
    tool_notebook = {tool.slug: tool.notebook for tool in launcher.TOOLS}
    tools = [{**row, "href": urls[key]} for row in launcher.tools(notebooks, "./")
             if (key := (row["slug"], tool_notebook[row["slug"]])) in urls]
    env.globals["btl_tools"] = lambda base_url="./": tools
    # The site's own words where the server's would be wrong: an app it lacks is not "coming
    # soon" (the kit's server has it), and the apps run in the browser, not "on this computer".
    words = {"launcher.coming_soon": "launcher.site_needs_server", "launcher.offline": "launcher.site_offline"}
    env.globals["btl_t"] = lambda key, **values: t(words.get(key, key), **values)
    return env.get_template("tree.html").render(base_url="./", notebook_path="")


def lesson_pages(lessons: Path, out: Path, carried: list[tuple[str, str]]) -> int:
    """Every lesson pack's Markdown as the server renders it, at ``lessons/<game>/...html``."""
    from ..voila.kit import render_markdown

    env, count = _jinja(), 0
    for file in sorted(lessons.rglob("*")):
        relative = file.relative_to(lessons)
        if any(p.startswith(".") for p in relative.parts) or file.is_dir():
            continue
        depth = len(relative.parts)  # the page's folder is this deep below the site's root
        root = "../" * depth
        target = out / "lessons" / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if file.suffix.lower() != ".md":
            shutil.copy2(file, target)
            continue
        text = file.read_text(encoding="utf-8")
        title = next((line.lstrip("#").strip() for line in text.splitlines() if line.startswith("# ")), file.stem)
        body = render_markdown(text, relative.parts[:-1], base_url=root)
        body = _site_links(body, root, carried)
        game = relative.parts[0]
        title_of = next((g.title for g in launcher.GAMES if g.slug == game), game)
        crumbs = [(root, t("launcher.all_games"))]
        if depth > 1:
            crumbs.append((f"{root}lessons/{game}/", t("launcher.lesson_pack_of", title=title_of)))
        html = env.get_template("lesson.html").render(title=title, body=_markup(body), crumbs=crumbs)
        name = "index.html" if file.name == "README.md" else file.stem + ".html"
        (target.parent / name).write_text(html, encoding="utf-8")
        count += 1
    return count


def _markup(text: str):
    from markupsafe import Markup

    return Markup(text)


def _site_links(body: str, root: str, carried: list[tuple[str, str]]) -> str:
    """Links as the server writes them, to the site's files: apps to their pages (or to the
    launcher when the app needs the kit's server), other Markdown pages to their .html."""
    def app(match: re.Match) -> str:
        slug, name = match.group(2), match.group(3)
        return match.group(1) + (root + page_url(slug, name) if (slug, name) in carried else root)

    body = re.sub(rf'(href="){re.escape(root)}voila/render/([^/"]+)/([^"#]+\.ipynb)', app, body)
    body = re.sub(r'(href="(?![a-z]+:|#|/)[^"#]*?)README\.md', r"\1index.html", body)
    return re.sub(r'(href="(?![a-z]+:|#|/)[^"#]*?)\.md(?=["#])', r"\1.html", body)


# ---------------------------------------------------------------- the whole build

def build(out: Path | str, notebooks: Path | str | None = None, lessons: Path | str | None = None,
          say=print) -> Path:
    """Build the site into ``out`` (replaced), and return it."""
    from ..server import resolve_lessons_dir, resolve_notebooks_dir

    out = Path(out).resolve()
    notebooks, lessons = resolve_notebooks_dir(notebooks), resolve_lessons_dir(lessons)
    if out.exists() and not (out / "SOURCES.txt").is_file() and any(out.iterdir()):
        raise SiteError(f"{out} is not empty and is not a site built before: give an empty or new folder")
    fetched = fetching.fetch(say)
    carried = site_notebooks(notebooks)
    with tempfile.TemporaryDirectory(prefix="btlgames-site-") as tmp:
        stage = Path(tmp)
        (stage / "lite").mkdir(parents=True)
        kit = kit_wheel(stage)
        fetched.origins.append(f"{kit.name}: built from {PACKAGE_DIR}")
        (stage / "lite" / "jupyter-lite.json").write_text(json.dumps(_lite_config()))
        for slug, name in carried:
            target = stage / "files" / slug / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(notebooks / slug / name, target)
        site = stage / "site"  # finished here, then moved: a failed build leaves no half site
        _voici(fetched, stage, site, say)
        for slug, name in carried:
            page = site / page_url(slug, name)
            page.write_text(fix_page(page.read_text(encoding="utf-8"), page_packages(is_light(slug, name))),
                            encoding="utf-8")
        shutil.rmtree(site / "voici" / "tree", ignore_errors=True)
        for source_map in site.rglob("*.map"):  # a browser asks for these only when debugging
            source_map.unlink()
        kernel = kernel_wheels(site)
        fetched.origins += [f"{w.name}: the kernel's own wheel, from PyPI {sources.TOOLS[1]}" for w in kernel]
        wheels = [trimmed(wheel, stage, fetched.origins) if wheel.name.startswith("babel-") else wheel
                  for wheel in fetched.wheels]  # Babel: the data of the kit's languages only
        _pyodide(fetched, site, [*wheels, kit, *kernel])
        (site / "index.html").write_text(launcher_page(notebooks, lessons, carried), encoding="utf-8")
        pages = lesson_pages(lessons, site, carried) if lessons.is_dir() else 0
        (site / "SOURCES.txt").write_text("\n".join(fetched.origins) + "\n", encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        shutil.move(site, out)
    say("where each file came from:\n  " + "\n  ".join(fetched.origins))
    say(f"built {out}: {len(carried)} app pages, {pages} lesson pages")
    return out
