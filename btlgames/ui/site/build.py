"""``btlgames site --out DIR``: the kit as static files that run in the browser (Pyodide).

The site is a JupyterLite build made by Voici (one app page per notebook, no code shown),
plus the kit's own launcher and lesson pages rendered here as plain HTML:

    DIR/index.html                    the launcher (relative links to files only: it and the
                                      lesson pages work opened from a folder; the apps need a
                                      web server, since the browser starts no Python worker
                                      for a file:// page)
    DIR/lessons/<game>/...            the lesson packs, rendered at build time
    DIR/voici/render/<game>/<nb>.html an app page
    DIR/btl-language.js               the page's language, chosen in the browser (language.js):
                                      ``?lang=fi`` on any page, the last choice remembered
    DIR/static/pyodide-<version>/     Pyodide's core, the lock's files the kernel needs, and the
                                      kit's wheels (``btlgames`` and the apps' pure-Python ones)
    DIR/SOURCES.txt                   where every downloaded file came from
    DIR/**/NAME.gz                    NAME compressed, for servers that send it as it is (serve.py)

What differs in the browser is in ``btlgames.core.runtime`` (no threads or processes; links
to the site's .html pages).  The kit pages hold every language (``in_every_language``); an
app page hands its query to Python as Voilà does (``QUERY_STRING``, read by ``core.i18n``).
The same notebooks are used.  Every wheel a page needs is in the site's own
``pyodide-lock.json`` (with its sha256, which Pyodide checks), and each page names its
wheels for ``loadPyodide``: they download in parallel while Python starts, and the kernel
installs nothing one by one afterwards.  A page names only what its app needs (``PAGE_EXTRAS``):
a play app no numpy, pandas or matplotlib, and no concept page's science.  The kernel starts
through the site's ``btl-pyodide.js`` (pyodide_start.js and .py): without what no app uses
(``sources.KERNEL_LEFT_OUT``, IPython's terminal). Voici's own scripts get two fixes
(``VOICI_FIXES``), so that a page starts without warnings in the browser's console.
"""
from __future__ import annotations

import base64
import csv
import gzip
import hashlib
import io
import json
import os
import posixpath
import re
import shutil
import subprocess
import tempfile
import zipfile
from html import unescape
from pathlib import Path

from ...core.i18n import DEFAULT_LANGUAGE, available_languages, t, with_language
from ..common.assets import FOCUS_CSS
from ..pages import launcher
from ..pages.lessons import render_markdown
from ..pages.paths import TEMPLATE_ROOT, TEMPLATES, resolve_lessons_dir, resolve_notebooks_dir
from . import sources
from . import fetch as fetching
from .fetch import Fetched, SiteError

SITE_DIR = Path(__file__).resolve().parent
UI_DIR = SITE_DIR.parent
PACKAGE_DIR = UI_DIR.parent
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"

#: What every app page loads beyond the kernel's packages (sources.KERNEL_PRELOAD): the widgets,
#: the locale data, the kit, and periodictable, which Antimatter Matters imports: any app that
#: lists the games (loading a save does) imports every game (and what the site's lock says they
#: depend on).
KIT_PACKAGES = ("ipywidgets", "anywidget", "babel", "periodictable", "btlgames")

#: What an app may need beyond those: the concept pages' science and their plots. A page loads
#: all of them unless PAGE_EXTRAS names what its notebook needs (tests/ui/test_site_build.py runs
#: each of those notebooks, and every game's import, with the others unimportable; the browser
#: test presses a control of each concept page).
EXTRA_PACKAGES = ("particle", *sources.PLOT_LOCK_PACKAGES)
PAGE_EXTRAS = {
    **{f"{game.slug}/play": () for game in launcher.GAMES},
    "research-programme/school": (),
    "pentaquark/confinement": ("particle",),
    "beamtimes-and-lifetimes/detector-ranges": ("particle",),
}


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


def page_name(slug: str, notebook: str) -> str:
    """An app page's name in PAGE_EXTRAS: ``pentaquark/play``."""
    return f"{slug}/{Path(notebook).stem}"


def page_url(slug: str, notebook: str) -> str:
    """Where an app's page is, relative to the site's root."""
    return f"voici/render/{page_name(slug, notebook)}.html"


def page_packages(page: str) -> list[str]:
    """The lock's packages an app page (``page_name``) loads while Python starts: the kernel's,
    the kit's, and what the app needs of EXTRA_PACKAGES."""
    extras = PAGE_EXTRAS.get(page, EXTRA_PACKAGES)
    return list(dict.fromkeys([*sources.KERNEL_PRELOAD, *KIT_PACKAGES, *extras]))


# ---------------------------------------------------------------- the btlgames wheel

def content_tag(data: bytes) -> str:
    """A wheel's build tag naming its content (``1.`` and the start of its sha256): a wheel the
    build makes has a new name whenever its bytes change, so a browser may keep any wheel of
    the site for good (serve.py)."""
    return "1." + hashlib.sha256(data).hexdigest()[:12]


def kit_wheel(dest: Path, version: str = "0.1.0") -> Path:
    """A pure-Python wheel of this btlgames, written directly (no build backend or network),
    named with its content (``content_tag``).

    Everything the browser needs: the engine, the apps, the catalogues and data; not the
    Voilà server, the kit pages' templates or this builder."""
    skip = {UI_DIR / "serve", UI_DIR / "site", TEMPLATE_ROOT / "voila"}
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
    data = buffer.getvalue()
    target = dest / f"btlgames-{version}-{content_tag(data)}-py3-none-any.whl"
    target.write_bytes(data)
    return target


# ---------------------------------------------------------------- the Voici build

#: Pyodide's files, the lock's and the site's wheels, in a folder named by Pyodide's version: its
#: own files' names change with nothing else (serve.py lets browsers keep them for good).
PYODIDE_FOLDER = f"static/pyodide-{sources.PYODIDE_VERSION}"
#: How the kernel starts Pyodide (pyodide_start.js), beside Pyodide's own files; the page asks for
#: it, and for the site's lock, by names that carry their content's hash (``hashed``).
PYODIDE_START = "btl-pyodide.js"


def hashed(path: Path) -> Path:
    """A copy of ``path`` named with the start of its sha256 (``btl-pyodide.<hash>.js``)."""
    target = path.with_name(f"{path.stem}.{fetching.sha256(path)[:20]}{path.suffix}")
    shutil.copy2(path, target)
    return target


def _lite_config() -> dict:
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "litePluginSettings": {KERNEL_SETTINGS: {
            "pyodideUrl": f"./{PYODIDE_FOLDER}/{PYODIDE_START}", "disablePyPIFallback": True}}}}


def _voici(fetched: Fetched, stage: Path, out: Path, say) -> None:
    env = dict(os.environ)
    # The site's template (voila/templates/btlsite beside this file) is the kit's app page
    # (<TEMPLATE_ROOT>/voila/templates/btlgames: no CDN links) without the server's folder listings.
    env["JUPYTER_PATH"] = os.pathsep.join([str(SITE_DIR), str(TEMPLATE_ROOT)])
    argv = [str(fetched.tools_python), "-c", "from voici_core.app import main; main()", "build", "--lite-dir", str(stage / "lite"),
            "--contents", str(stage / "files"), "--output-dir", str(out), "--template", "btlsite"]
    say("building the app pages with Voici ...")
    done = subprocess.run(argv, cwd=stage, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SiteError("Voici could not build the app pages:\n" + "\n".join(done.stdout.splitlines()[-15:])
                        + "\n" + done.stderr[-2000:])


CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)


def fix_page(html: str, packages: list[str], named: dict[str, str] | None = None) -> str:
    """Voici 0.9's app pages name the Pyodide and wheel-index URLs relative to the site's root
    but resolve them against the page's own folder (the kernel then waits for ever on a
    404): root them at the page's ``baseUrl``.  The page's kernel loads ``packages`` while
    Python starts (less sources.KERNEL_LEFT_OUT, named for the kernel's worker only), and
    btl-language.js (``language_script``), loaded right after the configuration, hands the
    kernel the page's language.  ``named``: the site's files the page asks
    for by another name (``hashed``: the kernel's start, the lock, the app's build folder), as
    their paths from the site's root.  And nothing is loaded from another host."""
    named = named or {}
    def fix(match: re.Match) -> str:
        config = json.loads(match.group(2))
        base = config["baseUrl"]
        kernel = config["litePluginSettings"][KERNEL_SETTINGS]
        rooted = lambda url: base + url[2:] if url.startswith("./") else url  # noqa: E731
        kernel["pyodideUrl"] = rooted(kernel["pyodideUrl"])
        kernel["pipliteUrls"] = [rooted(url) for url in kernel.get("pipliteUrls", [])]
        kernel["loadPyodideOptions"] = {"packages": packages, "btlLeaveOut": list(sources.KERNEL_LEFT_OUT)}
        start = f"{PYODIDE_FOLDER}/{PYODIDE_START}"
        if start in named:
            kernel["pyodideUrl"] = base + named[start]
        if f"{PYODIDE_FOLDER}/pyodide-lock.json" in named:  # a URL option: taken from the site's root
            kernel["loadPyodideOptions"]["lockFileURL"] = named[f"{PYODIDE_FOLDER}/pyodide-lock.json"]
        if "voici/build" in named:
            config["fullStaticUrl"] = base + named["voici/build"]
        for key in ("appUrl", "faviconUrl", "licensesUrl", "themesUrl"):
            if key in config:
                config[key] = rooted(config[key])
        text = json.dumps(config).replace("</", "<\\/")
        return match.group(1) + text + match.group(3) + f'\n<script src="{base}{LANGUAGE_SCRIPT}"></script>'

    html, count = CONFIG.subn(fix, html)
    if count != 1:
        raise SiteError("an app page has no JupyterLite configuration: has Voici changed?")
    if "voici/build" in named:
        html = html.replace('src="../../build/voici.js"', f'src="../../{named["voici/build"].removeprefix("voici/")}/voici.js"')
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
            "depends": list(sources.WHEEL_DEPENDS.get(key, ())), "unvendored_tests": False}


def _pyodide(fetched: Fetched, out: Path, wheels: list[Path], stage: Path) -> dict[str, str]:
    """Pyodide's core, the lock's files the kernel needs (sources.TRIMMED trimmed in ``stage``)
    and ``wheels``; the lock the site serves names only those (so the kernel takes nothing from
    anywhere else). The names of the two files a page asks for by their hash (``hashed``)."""
    folder = out / PYODIDE_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in fetched.core.items():
        (folder / name).write_bytes(data)
    lock = dict(fetched.lock)
    lock["packages"] = {n: fetching.site_lock_entry(n, fetched.lock["packages"][n]) for n in fetched.lock_names}
    for name, entry in lock["packages"].items():
        source = fetched.pyodide / entry["file_name"]
        if name in sources.TRIMMED:
            made = trimmed(source, stage, fetched.origins)
            lock["packages"][name] = entry = {**entry, "file_name": made.name, "sha256": fetching.sha256(made)}
            source = made
        shutil.copy2(source, folder / entry["file_name"])
    start = (SITE_DIR / "pyodide_start.js").read_text(encoding="utf-8")
    python = (SITE_DIR / "pyodide_start.py").read_text(encoding="utf-8")
    (folder / PYODIDE_START).write_text(start.replace("__START_PY__", json.dumps(python)), encoding="utf-8")
    named = {}
    for wheel in wheels:
        entry = wheel_entry(wheel)
        lock["packages"][entry["name"]] = entry
        shutil.copy2(wheel, folder / wheel.name)
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    for name in (PYODIDE_START, "pyodide-lock.json"):
        named[f"{PYODIDE_FOLDER}/{name}"] = f"{PYODIDE_FOLDER}/{hashed(folder / name).name}"
    return named


#: How long an app page waits for the kernel's answer about the widgets it already has: the page
#: asks as soon as the kernel's connection opens, while Python is still starting in the worker
#: (6 s and more), and ipywidgets' 4 s then gave up ("Control comm did not respond in time",
#: ipywidgets issue 3633: no setting) and asked again widget by widget. The kernel answers once
#: Python has started (pyodide_start.py imports ipywidgets as it starts), however long a class's
#: link makes that.
CONTROL_COMM_WAIT_MS = 600_000

#: Voici's fixes in its own scripts, each (what, pattern, replacement): found at least once, or
#: the build stops (Voici has changed: look again).
VOICI_FIXES = (
    ("the widgets' control comm waits for the kernel's start (CONTROL_COMM_WAIT_MS)",
     re.compile(r'(\("Control comm did not respond in time"\)\),)4e3\)'), rf"\g<1>{CONTROL_COMM_WAIT_MS})"),
    # Voici reads the notebook into a NotebookModel with an undo manager per cell, which
    # @jupyter/ydoc makes before the cell is in the notebook's document: Yjs warns "Not same
    # Y.Doc" once a cell (jupyter_ydoc pull request 428, open). The page undoes nothing: one
    # undo manager for the document, made with it, draws no warning.
    ("the notebook read with one undo manager for its document",
     re.compile(r'(new [\w$]+\.NotebookModel)(;[\w$]+\.fromString\([\w$]+\.PageConfig\.getOption\("notebookSrc"\)\))'),
     r"\g<1>({disableDocumentWideUndoRedo:!1})\g<2>"),
)


def fix_voici(site: Path) -> None:
    """VOICI_FIXES applied to Voici's scripts (voici/build, before ``versioned_build`` names it)."""
    scripts = sorted((site / "voici" / "build").glob("*.js"))
    texts = {path: path.read_text(encoding="utf-8") for path in scripts}
    fixed = dict(texts)
    for what, pattern, replacement in VOICI_FIXES:
        found = 0
        for path, text in fixed.items():
            fixed[path], count = pattern.subn(replacement, text)
            found += count
        if not found:
            raise SiteError(f"Voici's scripts have no place for {what}: has Voici changed?")
    for path, text in fixed.items():
        if text != texts[path]:
            path.write_text(text, encoding="utf-8")


def versioned_build(site: Path) -> dict[str, str]:
    """Voici's own files (voici/build, names that do not change with their content) moved to a
    folder named by their hash: {"voici/build": its new path}."""
    folder = site / "voici" / "build"
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    target = folder.with_name(f"build-{digest.hexdigest()[:20]}")
    folder.rename(target)
    for page in (site / "voici").glob("*.html"):  # Voici's own index page
        page.write_text(page.read_text(encoding="utf-8").replace('"build/', f'"{target.name}/'), encoding="utf-8")
    return {"voici/build": f"voici/{target.name}"}


def kit_languages() -> list[str]:
    """The languages the kit speaks: a folder of words each in btlgames/locale."""
    return sorted(p.name for p in (PACKAGE_DIR / "locale").iterdir() if p.is_dir())


def trimmed_wheel(wheel: Path, dest: Path, keep) -> Path:
    """``wheel`` with only the files ``keep(name)`` keeps (its RECORD too), named with a build tag
    (``content_tag``): not the source's bytes, but made from them here."""
    name, version = wheel.name.split("-")[:2]
    buffer = io.BytesIO()
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        names = [n for n in source.namelist() if keep(n)]
        for n in names:
            if not n.endswith(".dist-info/RECORD"):
                out.writestr(source.getinfo(n), source.read(n))
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        kept = set(names)
        lines = [line for line in source.read(record).decode().splitlines() if line.split(",")[0] in kept]
        out.writestr(source.getinfo(record), "\n".join(lines) + "\n")
    target = dest / f"{name}-{version}-{content_tag(buffer.getvalue())}-{'-'.join(wheel.name.split('-')[-3:])}"
    target.write_bytes(buffer.getvalue())
    return target


def trims(languages: list[str]) -> dict:
    """What the site keeps of the wheels it trims (sources.TRIMMED): name -> (keep(file name),
    what is kept, said in SOURCES.txt)."""
    locale = re.compile(rf"babel/locale-data/(root|{'|'.join(languages)})\.dat$")
    extension = re.compile(r"anywidget/(lab|nb)extension/|anywidget-[^/]*\.data/")
    return {
        # Babel's CLDR data for 700 locales is 10 MB, unpacked on every page start: the kit's
        # languages (no regional variants: the kit asks for none) and root, which they fall back to.
        "babel": (lambda n: not n.startswith("babel/locale-data/") or locale.match(n),
                  f"the locale data of {', '.join(languages)} and root only"),
        # IPython colours a traceback with Pygments; 1 MB of the wheel is 500 other languages' lexers.
        "pygments": (lambda n: not n.startswith("pygments/lexers/")
                     or n.removeprefix("pygments/lexers/").removesuffix(".py") in PYGMENTS_LEXERS,
                     f"the lexers of {', '.join(PYGMENTS_LEXERS[2:])} only"),
        # anywidget's JupyterLab and notebook extensions: the site serves the first from extensions/.
        "anywidget": (lambda n: not extension.match(n), "without its JupyterLab and notebook extensions"),
        # IPython's terminal, which pyodide_start.py keeps IPython from importing (but the name
        # of its event loops, which IPython's kernel app imports), and Sphinx's extension.
        # periodictable's X-ray scattering tables (0.6 MB of its 0.8, on every page): read only
        # when an element's ``xray`` or ``K_alpha`` is asked for, which the kit never does (it
        # reads masses, isotopes and abundances: science/nuclides.py, science/atoms.py).
        "periodictable": (lambda n: not n.startswith("periodictable/xsf/"), "without its X-ray scattering tables"),
        "matplotlib": (lambda n: not n.startswith(("matplotlib/mpl-data/fonts/", "matplotlib/mpl-data/sample_data/"))
                       or MATPLOTLIB_FONTS.match(n), "DejaVu Sans and mathtext's fonts only, without sample data"),
        "ipython": (lambda n: not n.startswith(("IPython/terminal/", "IPython/sphinxext/"))
                    or n in ("IPython/terminal/__init__.py", "IPython/terminal/pt_inputhooks/__init__.py"),
                    "without its terminal and its Sphinx extension"),
    }


#: The Pygments lexers the site keeps: Python's (IPython colours a traceback with it).
PYGMENTS_LEXERS = ("__init__", "_mapping", "python")

#: matplotlib's fonts the site keeps: DejaVu Sans, which the apps' plots are drawn in (bold too),
#: its oblique, mono and display faces and the Computer Modern ones, which mathtext takes if a
#: label holds ``$...$``, and their licences. Gone: STIX, DejaVu Serif, the other mono faces and
#: Humor Sans (2 MB; matplotlib reads every font it has as a page first draws), the PostScript
#: and PDF fonts (the apps draw PNG) and the sample data (for matplotlib's examples).
MATPLOTLIB_FONTS = re.compile(r"matplotlib/mpl-data/fonts/ttf/(DejaVuSans(-Bold|-Oblique|-BoldOblique|Mono"
                              r"|Display)?\.ttf|cm\w+\.ttf|LICENSE_\w+)$")


def trimmed(wheel: Path, dest: Path, origins: list[str]) -> Path:
    """``wheel`` trimmed (``trims``), said in ``origins``."""
    keep, what = trims(kit_languages())[wheel.name.split("-")[0].lower()]
    made = trimmed_wheel(wheel, dest, keep)
    origins.append(f"{made.name}: made here from {wheel.name} ({what}), sha256 {fetching.sha256(made)}")
    return made


def kernel_wheels(site: Path) -> list[Path]:
    """The kernel's own wheels, as the Voici build put them in its extension's folder."""
    folder = site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    found = [sorted(folder.glob(f"{name}-*.whl")) for name in sources.KERNEL_WHEELS]
    if not all(found):
        raise SiteError(f"the Pyodide kernel's wheels {sources.KERNEL_WHEELS} are not in {folder}: has it changed?")
    return [wheels[-1] for wheels in found]


# ---------------------------------------------------------------- compressed copies

#: The kinds of file a browser takes compressed (``Content-Encoding: gzip``); wheels, zips and
#: fonts are compressed already.
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".txt", ".ipynb", ".ttf",
                ".eot", ".otf", ".ico", ".md", ".csv")


def precompress(site: Path) -> tuple[int, int]:
    """``NAME.gz`` beside each file of COMPRESSIBLE kinds that gzip makes a tenth smaller, for
    ``site --serve`` (serve.py) and hosts that serve such files; (bytes before, after)."""
    before = after = 0
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix.lower() not in COMPRESSIBLE:
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, mtime=0, compresslevel=6)  # -9: 1 % smaller, three times the time
        if len(packed) <= 0.9 * len(data):
            path.with_name(path.name + ".gz").write_bytes(packed)
            before, after = before + len(data), after + len(packed)
    return before, after


# ---------------------------------------------------------------- the kit's own pages

#: The templates of the site's own that the kit pages (launcher, lessons) take instead of the server's.
SITE_TEMPLATES = SITE_DIR / "voila" / "templates" / "btlsite"
LANGUAGE_SCRIPT = "btl-language.js"


def language_script(out: Path) -> Path:
    """``btl-language.js`` at the site's root: language.js, after the words it needs in every
    language (the kit's languages, the kernel's settings key, the loading words, the app pages' titles)."""
    data = {"known": available_languages(), "fallback": DEFAULT_LANGUAGE, "kernel": KERNEL_SETTINGS,
            "loading": {lang: {"start": t("app.loading", lang), "step": t("app.loading_step", lang)}
                        for lang in available_languages()},
            "titles": launcher.page_titles()}
    target = out / LANGUAGE_SCRIPT
    target.write_text(f"window.BTL_SITE = {json.dumps(data, ensure_ascii=False)};\n"
                      + (SITE_DIR / "language.js").read_text(encoding="utf-8"), encoding="utf-8")
    return target


def _jinja(lang: str, root: str, words: dict[str, str] | None = None):
    """The server's templates for a kit page in ``lang`` (``btl_t``), ``root`` the way from the
    page to the site's root; btlsite's btl-language-memory.html loads btl-language.js."""
    import jinja2
    from markupsafe import Markup

    words = words or {}
    env = jinja2.Environment(loader=jinja2.ChoiceLoader([
        jinja2.DictLoader({"btl-language-memory.html": (SITE_TEMPLATES / "btl-language-memory.html").read_text()}),
        jinja2.FileSystemLoader(TEMPLATES)]), autoescape=True)
    env.globals.update(btl_t=lambda key, **values: t(words.get(key, key), lang, **values), btl_lang=lang,
                       btl_root=root, btl_focus_css=Markup(FOCUS_CSS))
    return env


BODY = re.compile(r"(<body>)(.*)(</body>)", re.S)
TITLE = re.compile(r"<title>(.*?)</title>", re.S)


def in_every_language(pages: dict[str, str], translations: dict[str, str] | None = None) -> str:
    """One kit page in every language: ``pages[lang]`` is the page drawn in ``lang``. The English
    page, with each other language's body in a ``<template data-btl-lang>`` (inert: no second
    copy of its ids, nothing a screen reader meets) that btl-language.js puts in the body's place
    when that language is chosen. ``translations``: language -> the page's own translation (a
    link from this page), where the reader is sent instead."""
    from markupsafe import escape

    base = pages[DEFAULT_LANGUAGE]
    held = "".join(
        f'<template data-btl-lang="{lang}" data-title="{escape(unescape(TITLE.search(page).group(1).strip()))}">'
        f"{BODY.search(page).group(2)}</template>\n"
        for lang, page in pages.items() if lang != DEFAULT_LANGUAGE)
    start, body, end = BODY.search(base).groups()
    html = base.replace(start + body + end, start + body + held + end, 1)
    if translations:
        html = html.replace("<html ", f"<html data-btl-translations='{escape(json.dumps(translations))}' ", 1)
    return html


def launcher_page(notebooks: Path, lessons: Path, carried: list[tuple[str, str]], lang: str | None = None) -> str:
    """The launcher as the server draws it, with links to the site's pages (relative, each to a
    file: ``lessons/<game>/index.html``, so they work from a folder too), that keep the
    language; in every language (``in_every_language``) unless ``lang`` asks for one."""
    if lang is None:
        return in_every_language({code: launcher_page(notebooks, lessons, carried, code)
                                  for code in available_languages()})
    urls = {(slug, name): page_url(slug, name) for slug, name in carried}
    rows = launcher.entries(notebooks, lessons, base_url="./", lang=lang)
    for game, row in zip(launcher.GAMES, rows):
        names = {"play": game.play, "concept": game.concept, **dict(game.extras)}
        for link in row["links"]:
            url = (f"lessons/{game.slug}/index.html" if link["kind"] == "lessons" and link["href"]
                   else urls.get((game.slug, names.get(link["kind"], ""))))
            link["href"] = url and with_language(url, lang)
    tool_notebook = {tool.slug: tool.notebook for tool in launcher.TOOLS}
    tools = [{**row, "href": with_language(urls[key], lang)} for row in launcher.tools(notebooks, "./", lang)
             if (key := (row["slug"], tool_notebook[row["slug"]])) in urls]
    # The site's own words where the server's would be wrong: an app it lacks is not "coming
    # soon" (the kit's server has it), and the apps run in the browser, not "on this computer".
    env = _jinja(lang, "", {"launcher.coming_soon": "launcher.site_needs_server",
                            "launcher.offline": "launcher.site_offline"})
    env.globals.update(btl_launcher=lambda base_url="./": rows, btl_tools=lambda base_url="./": tools)
    return env.get_template("tree.html").render(base_url="./", notebook_path="",
                                                btl_languages=launcher.languages(lang))


def _translations() -> list[str]:
    return [lang for lang in available_languages() if lang != DEFAULT_LANGUAGE]


def _html_name(name: str) -> str:
    return "index.html" if name == "README.md" else Path(name).stem + ".html"


def lesson_page(lessons: Path, relative: Path, carried: list[tuple[str, str]]) -> str:
    """One lesson page (``relative`` to the packs) as the site shows it. A translation
    (``<game>/<lang>/...``) is in its language, and its chooser leads to the English page in
    the others; an English page is in every language (its words English, its links, crumbs and
    chooser in the language chosen) and names its translations."""

    text = (lessons / relative).read_text(encoding="utf-8")
    title = next((line.lstrip("#").strip() for line in text.splitlines() if line.startswith("# ")), relative.stem)
    folder, game = relative.parts[:-1], relative.parts[0]
    root = "../" * len(relative.parts)  # the page's folder is this deep below the site's root
    own = folder[1] if len(folder) > 1 and folder[1] in _translations() else None

    def drawn(lang: str, languages: list[dict]) -> str:
        body = _site_links(render_markdown(text, folder, base_url=root, lang=lang), root, carried)
        title_of = next((g.title_in(lang) for g in launcher.GAMES if g.slug == game), game)
        crumbs = [(with_language(f"{root}index.html", lang), t("launcher.all_games", lang))]
        if len(relative.parts) > 1:
            crumbs.append((with_language(f"{root}lessons/{game}/index.html", lang),
                           t("launcher.lesson_pack_of", lang, title=title_of)))
        return _jinja(lang, root).get_template("lesson.html").render(
            title=title, body=_markup(body), crumbs=crumbs, btl_languages=languages,
            in_english=own is None and lang != DEFAULT_LANGUAGE)

    name = _html_name(relative.name)
    if own:  # the English page is where this page's folder is left out
        english = posixpath.relpath(posixpath.join(game, *folder[2:], name), posixpath.join(*folder))
        return drawn(own, launcher.languages(own, lambda lang: f"?lang={lang}" if lang == own
                                             else f"{english}?lang={lang}"))
    translations = {lang: posixpath.relpath(posixpath.join(game, lang, *folder[1:], name), posixpath.join(*folder))
                    for lang in _translations() if (lessons / game / lang / Path(*folder[1:]) / relative.name).is_file()}
    return in_every_language({lang: drawn(lang, launcher.languages(lang)) for lang in available_languages()},
                             translations)


def lesson_pages(lessons: Path, out: Path, carried: list[tuple[str, str]]) -> int:
    """Every lesson pack's Markdown as the server renders it, at ``lessons/<game>/...html``."""
    count = 0
    for file in sorted(lessons.rglob("*")):
        relative = file.relative_to(lessons)
        if any(p.startswith(".") for p in relative.parts) or file.is_dir():
            continue
        target = out / "lessons" / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if file.suffix.lower() != ".md":
            shutil.copy2(file, target)
            continue
        (target.parent / _html_name(file.name)).write_text(lesson_page(lessons, relative, carried), encoding="utf-8")
        count += 1
    return count


def _markup(text: str):
    from markupsafe import Markup

    return Markup(text)


def _site_links(body: str, root: str, carried: list[tuple[str, str]]) -> str:
    """Links as the server writes them, to the site's files: apps to their pages (or to the
    launcher when the app needs the kit's server), other Markdown pages to their .html, and
    a folder to its index.html (a folder opened from a disk shows no index page by itself)."""
    def app(match: re.Match) -> str:
        slug, name = match.group(2), match.group(3)
        return match.group(1) + (root + page_url(slug, name) if (slug, name) in carried else root + "index.html")

    body = re.sub(rf'(href="){re.escape(root)}voila/render/([^/"]+)/([^"#?]+\.ipynb)', app, body)
    local = r'(href="(?![a-z]+:|#|/)[^"#?]*?)'
    body = re.sub(local + r"README\.md", r"\1index.html", body)
    body = re.sub(local + r"\.md(?=[\"#?])", r"\1.html", body)
    return re.sub(local + r"/(?=[\"#?])", r"\1/index.html", body)


# ---------------------------------------------------------------- the whole build

def build(out: Path | str, notebooks: Path | str | None = None, lessons: Path | str | None = None,
          say=print) -> Path:
    """Build the site into ``out`` (replaced), and return it."""
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
        shutil.rmtree(site / "voici" / "tree", ignore_errors=True)
        for source_map in site.rglob("*.map"):  # a browser asks for these only when debugging
            source_map.unlink()
        kernel = kernel_wheels(site)
        fetched.origins += [f"{w.name}: the kernel's own wheel, from PyPI {sources.TOOLS[1]}" for w in kernel]
        wheels = [trimmed(wheel, stage, fetched.origins) if wheel.name.split("-")[0] in sources.TRIMMED else wheel
                  for wheel in fetched.wheels]  # Babel: the data of the kit's languages only
        fix_voici(site)
        named = {**_pyodide(fetched, site, [*wheels, kit, *kernel], stage), **versioned_build(site)}
        for slug, name in carried:
            page = site / page_url(slug, name)
            page.write_text(fix_page(page.read_text(encoding="utf-8"), page_packages(page_name(slug, name)), named),
                            encoding="utf-8")
        language_script(site)
        (site / "index.html").write_text(launcher_page(notebooks, lessons, carried), encoding="utf-8")
        pages = lesson_pages(lessons, site, carried) if lessons.is_dir() else 0
        (site / "SOURCES.txt").write_text("\n".join(fetched.origins) + "\n", encoding="utf-8")
        precompress(site)
        if out.exists():
            shutil.rmtree(out)
        shutil.move(site, out)
    say("where each file came from:\n  " + "\n  ".join(fetched.origins))
    say(f"built {out}: {len(carried)} app pages, {pages} lesson pages")
    return out
