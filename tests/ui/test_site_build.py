"""The static site's build, without downloading anything: its checks, wheel, pages and seam."""
import json
import re
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
    assert "btlgames/ui/app.py" in names and "btlgames/locale/en/core.toml" in names
    assert "btlgames/ui/static/table.js" in names
    assert not [n for n in names if n.startswith(("btlgames/ui/voila/", "btlgames/ui/site/")) or ".pyc" in n]
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


def test_a_page_loads_the_kernel_and_the_kit_while_python_starts_and_plots_only_where_used():
    """Every name is the lock's (the kernel installs nothing one by one after Python started);
    a play app loads none of the concept pages' packages, a page not named loads them all."""
    play, confinement, lab = (build.page_packages(page) for page in ("pentaquark/play", "pentaquark/confinement", "lab/lab"))
    kernel = set(sources.KERNEL_PRELOAD)
    assert kernel <= set(play) and "btlgames" in play and "babel" in play
    assert not set(build.EXTRA_PACKAGES) & set(play)
    assert set(confinement) - set(play) == {"periodictable", "particle"}
    assert set(lab) - set(play) == set(build.EXTRA_PACKAGES) >= set(sources.PLOT_LOCK_PACKAGES)
    assert set(sources.KERNEL_LEFT_OUT) <= kernel  # named for the kernel's worker, then left out


def test_the_site_lock_leaves_out_ipython_s_terminal_and_what_no_app_uses():
    lock = {"packages": {"ipython": {"depends": ["prompt_toolkit", "pygments", "wcwidth"]},
                         "pygments": {"depends": []}, "micropip": {"depends": []}, "sqlite3": {"depends": []},
                         "prompt-toolkit": {"depends": []}, "wcwidth": {"depends": []}}}
    assert fetch.lock_closure(lock, sources.KERNEL_LOCK_PACKAGES) == ["ipython", "micropip", "pygments", "sqlite3"]
    assert fetch.site_lock_entry("ipython", lock["packages"]["ipython"])["depends"] == ["pygments"]
    assert not {"ssl", "jedi"} & set(sources.KERNEL_LOCK_PACKAGES)


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


def test_a_wheel_becomes_a_lock_entry_with_its_sha256(tmp_path):
    wheel = build.kit_wheel(tmp_path)
    entry = build.wheel_entry(wheel)
    assert entry["name"] == "btlgames" and entry["imports"] == ["btlgames"] and entry["install_dir"] == "site"
    assert entry["sha256"] == fetch.sha256(wheel) and entry["file_name"] == wheel.name


def test_babel_carries_the_locale_data_of_the_kit_languages_only(tmp_path):
    source = tmp_path / "babel-2.19.0-py3-none-any.whl"
    names = ["babel/__init__.py", "babel/global.dat", "babel/locale-data/root.dat", "babel/locale-data/en.dat",
             "babel/locale-data/en_GB.dat", "babel/locale-data/fi.dat", "babel/locale-data/de.dat",
             "babel/locale-data/fil.dat", "babel/locale-data/nl_BE.dat"]
    with zipfile.ZipFile(source, "w") as wheel:
        for name in names:
            wheel.writestr(name, name)
        wheel.writestr("babel-2.19.0.dist-info/RECORD", "".join(f"{n},sha256=x,1\n" for n in names))
    (tmp_path / "out").mkdir()
    made = build.trimmed_babel(source, tmp_path / "out", ["en", "fi", "nl"])
    assert re.fullmatch(r"babel-2\.19\.0-1\.[0-9a-f]{12}-py3-none-any\.whl", made.name)  # named by its content
    kept = set(zipfile.ZipFile(made).namelist())
    assert {"babel/__init__.py", "babel/global.dat", "babel/locale-data/root.dat", "babel/locale-data/en_GB.dat",
            "babel/locale-data/fi.dat", "babel/locale-data/nl_BE.dat"} <= kept
    assert not {"babel/locale-data/de.dat", "babel/locale-data/fil.dat"} & kept
    record = zipfile.ZipFile(made).read("babel-2.19.0.dist-info/RECORD").decode()
    assert "de.dat" not in record and "fi.dat" in record
    assert build.kit_languages() == sorted(p.name for p in (build.PACKAGE_DIR / "locale").iterdir() if p.is_dir())


def test_every_play_app_is_in_the_site_and_the_launcher_links_them_relatively(tmp_path):
    from btlgames.ui import server

    notebooks, lessons = server.resolve_notebooks_dir(), server.resolve_lessons_dir()
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
    from btlgames.ui import server

    notebooks, lessons = server.resolve_notebooks_dir(), server.resolve_lessons_dir()
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
    assert "data-btl-translations" not in build.lesson_page(lessons, Path("pentaquark/worksheet.md"), [])
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


def test_in_the_browser_links_lead_to_the_site_pages(monkeypatch):
    from btlgames.ui import prose

    assert runtime.page_link("school.ipynb") == "school.ipynb"  # the server renders notebooks
    monkeypatch.setattr(runtime, "IN_BROWSER", True)
    assert runtime.page_link("school.ipynb") == "school.html"
    assert runtime.page_link("../../../lessons/pentaquark/rules.md") == "../../../lessons/pentaquark/rules.html"
    assert runtime.page_link("../README.md") == "../index.html"
    assert runtime.page_link("https://example.org/a.md") == "https://example.org/a.md"
    shown = prose.shown("pentaquark/play", "intro", "fi")
    assert "](../../../lessons/pentaquark/rules.html?lang=fi)" in shown


def test_an_app_named_in_page_extras_starts_without_the_packages_its_page_leaves_out():
    """Each page of PAGE_EXTRAS loads only the extras it names: its notebook's code runs here with
    every other one of EXTRA_PACKAGES unimportable (one child process for all of them)."""
    from btlgames.ui import server

    notebooks = server.resolve_notebooks_dir()
    named = [(slug, name) for slug, name in build.site_notebooks(notebooks) if build.page_name(slug, name) in build.PAGE_EXTRAS]
    assert len(named) == 8  # five play apps, the school game, two concept pages
    script = ["import subprocess, sys", "failed = []"]
    for slug, name in named:
        left_out = set(build.EXTRA_PACKAGES) - set(build.PAGE_EXTRAS[build.page_name(slug, name)])
        cells = "\n".join("".join(cell["source"]) for cell in json.loads((notebooks / slug / name).read_text())["cells"]
                          if cell["cell_type"] == "code")
        code = "import sys\n" + "".join(f"sys.modules[{m!r}] = None\n" for m in sorted(left_out)) + cells
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

    from btlgames.ui.widgets import Runner, Study

    monkeypatch.setattr(runtime, "can_start_threads", lambda: False)
    ran = []
    runner = Runner(w.Button(), w.Button(), Study.__new__(Study))
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
