"""The project's own promises: one dependency list in two files, no CDN, engine without Jupyter,
and the house's rules (one list of games, ui/ in rooms, no import circles)."""
import ast
import re
import subprocess
import sys
import tomllib
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


# conda-forge names that differ from PyPI's
CONDA_TO_PYPI = {"playwright-python": "playwright"}


def _name_and_spec(requirement: str) -> tuple[str, str]:
    match = re.match(r"\s*([A-Za-z0-9_.-]+)\s*([^#]*)", requirement)
    name = match.group(1).lower().replace("_", "-")
    return CONDA_TO_PYPI.get(name, name), match.group(2).replace(" ", "")


def test_environment_yml_and_pyproject_name_the_same_dependencies():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    lines = (ROOT / "environment.yml").read_text().splitlines()
    start = lines.index("dependencies:")
    conda = [line.strip()[2:] for line in lines[start + 1:] if line.strip().startswith("- ")]
    conda = [c for c in conda if not c.startswith(("python", "pip"))]
    assert sorted(map(_name_and_spec, conda)) == sorted(map(_name_and_spec, wanted))


def test_engine_never_imports_jupyter():
    jupyter = re.compile(r"^\s*(import|from)\s+(ipywidgets|IPython|matplotlib|voila|nbformat)\b", re.M)
    for path in (ROOT / "btlgames").rglob("*.py"):
        relative = path.relative_to(ROOT / "btlgames").as_posix()
        if relative.startswith("ui/") or relative == "cli.py":
            continue
        assert not jupyter.search(path.read_text()), f"{relative} imports a Jupyter/plotting package"


def test_a_hidden_widget_is_shown_again_with_an_empty_display():
    """``layout.display = None`` shows a widget again in Voilà, but the static site's widgets keep
    the style they had ("none"): the one way to show a part again is ``""``."""
    shown_with_none = re.compile(r"\.display\s*=\s*(?:[\w.]+\s*=\s*)*None\b|display\s*=\s*None\s+if\b")
    for path in (ROOT / "btlgames" / "ui").rglob("*.py"):
        assert not shown_with_none.search(path.read_text()), f"{path.name} shows a widget with display None"


def test_the_focus_ring_is_drawn_from_one_file():
    """Every app and every kit page shows the keyboard's place with static/focus.css: no other
    file draws a ring of its own (an outline on :focus), so they never drift apart."""
    ring = re.compile(r":focus(?:-visible)?[^{}]*\{[^}]*\boutline:\s*\d", re.S)
    for path in (ROOT / "btlgames").rglob("*"):
        if path.is_file() and path.suffix in {".py", ".html", ".css", ".js"} and path.name != "focus.css":
            assert not ring.search(path.read_text(errors="ignore")), f"{path} draws a focus ring of its own"


def test_no_cdn_addresses_in_the_kit():
    cdn = re.compile(r"unpkg\.com|cdn\.jsdelivr|cdnjs\.|fonts\.googleapis|use\.fontawesome")
    for path in (ROOT / "btlgames").rglob("*"):
        if path.is_file() and path.suffix in {".py", ".html", ".j2", ".css", ".js", ".json", ".toml"}:
            assert not cdn.search(path.read_text(errors="ignore")), f"{path} names a CDN"


def test_notebooks_are_committed_without_outputs():
    import json

    for path in (ROOT / "notebooks").rglob("*.ipynb"):
        if ".ipynb_checkpoints" in path.parts:
            continue
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "code":
                assert not cell.get("outputs") and cell.get("execution_count") is None, f"{path} has outputs"


@pytest.mark.slow
def test_cli_simulate_prints_a_summary_and_writes_csv(tmp_path):
    out = tmp_path / "games.csv"
    result = subprocess.run([sys.executable, "-m", "btlgames", "simulate", "pentaquark", "-n", "20", "--bot", "heuristic",
                             "--seed", "3", "--csv", str(out)], capture_output=True, text=True, check=True)
    assert "20 games" in result.stdout and "win rate" in result.stdout
    assert len(out.read_text().splitlines()) == 21


def test_cli_refuses_a_wrong_bot_with_a_clear_message():
    result = subprocess.run([sys.executable, "-m", "btlgames", "simulate", "pentaquark", "--bot", "nobody"],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "no bot 'nobody'" in result.stderr


# -- the house: rooms, one list of games, no import circles ----------------------------------------
PACKAGE = ROOT / "btlgames"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


@lru_cache(maxsize=None)
def import_graph() -> dict[str, set[str]]:
    """Every module of btlgames and the kit's modules it imports, at its top or inside a function
    (``from a import b`` names the module a.b where b is one, else a). Python runs a package's
    ``__init__`` before its modules; that is not an import of the module's own."""
    graph = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name == "config":  # serve/config/voila.py: Voilà's configuration file, not a module
            continue
        name, package = _module_name(path), path.name == "__init__.py"
        here = name if package else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names if alias.name.startswith("btlgames")}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = here.split(".")[:len(here.split(".")) - node.level + 1]
                    base = ".".join(parent + ([base] if base else []))
                if not base.startswith("btlgames"):
                    continue
                for alias in node.names:
                    child = f"{base}.{alias.name}"
                    found.add(child if _is_module(child) else base)
        graph[name] = found - {name}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circles():
    assert _circles(import_graph()) == []


def _games() -> list[str]:
    """The game packages: what btlgames/__init__.py imports besides the core (the one list)."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text())
    return [alias.name for node in tree.body if isinstance(node, ast.ImportFrom) and node.level == 1
            and not node.module for alias in node.names]


#: What each room of btlgames/ui may import of the kit (CONTRIBUTING.md, "Rooms"); "engines" are the
#: game packages. A room may always import itself and the core.
ROOMS = {
    "common": {"science"},
    "app": {"ui.common"},
    "games": {"ui.app", "ui.common", "ui.debrief", "engines", "science"},
    "concepts": {"ui.common", "ui.games", "engines", "science"},
    "lab": {"ui.common"},
    "debrief": {"ui.common", "engines"},
    "pages": {"ui.common.assets"},
    "serve": {"ui.pages"},
    "site": {"ui.pages", "ui.common.assets"},
}


def _allowed(room: str, target: str) -> bool:
    allowed = {f"btlgames.{a}" for a in ROOMS[room] if a != "engines"} | {"btlgames.core", f"btlgames.ui.{room}"}
    if "engines" in ROOMS[room]:
        allowed |= {f"btlgames.{game}" for game in _games()}
    return any(target == a or target.startswith(a + ".") for a in allowed)


def test_each_room_of_ui_imports_only_what_its_rule_allows():
    broken = []
    for module, imports in import_graph().items():
        parts = module.split(".")
        if parts[:2] != ["btlgames", "ui"]:
            continue
        if len(parts) == 2:  # btlgames/ui/__init__.py: the rooms' index, importing nothing
            broken += [f"{module} -> {target}" for target in imports]
            continue
        room = parts[2]
        assert room in ROOMS, f"{module}: a module outside the rooms of ui/ (CONTRIBUTING.md, Rooms)"
        broken += [f"{module} -> {target}" for target in imports if not _allowed(room, target)]
    assert broken == []


def test_the_engine_imports_down_only():
    """core names no game and no ui; a game imports the core and the science, never another game or
    ui; science stands alone (btlgames.core.i18n for its words at most)."""
    games = {f"btlgames.{g}" for g in _games()}
    broken = []
    for module, imports in import_graph().items():
        parts = module.split(".")
        top = ".".join(parts[:2]) if len(parts) > 1 else module
        for target in imports:
            target_top = ".".join(target.split(".")[:2])
            if top == "btlgames.core" and target_top != "btlgames.core" and target_top != "btlgames.science":
                broken.append(f"{module} -> {target}")
            elif top in games and target_top not in (top, "btlgames.core", "btlgames.science"):
                broken.append(f"{module} -> {target}")
            elif top == "btlgames.science" and target_top not in ("btlgames.science", "btlgames.core"):
                broken.append(f"{module} -> {target}")
    assert broken == []


def test_at_most_three_modules_loose_in_ui():
    loose = [p.name for p in (PACKAGE / "ui").glob("*.py")]
    assert len(loose) <= 3, loose


def test_the_pages_the_server_and_the_site_builder_load_no_widgets_and_no_voila():
    """The launcher, lesson pages, the server's starter and the site's builder are plain Python:
    importing them starts no widget library (ipywidgets, anywidget) and no Voilà or Jupyter Server
    (the server's process imports Voilà only once it is prepared)."""
    code = ("import sys, btlgames.ui.pages.launcher, btlgames.ui.pages.lessons, btlgames.ui.pages.template, "
            "btlgames.ui.serve.server, btlgames.ui.site.build, btlgames.cli; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'ipywidgets', 'anywidget', 'voila', 'jupyter_server', 'IPython', 'matplotlib'}))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert result.stdout.strip() == "[]"


def test_every_registered_game_has_its_places():
    """A sixth game is a package beside the five and its name in btlgames/__init__.py; this names
    whatever else it still lacks: a renderer that keeps the contract and builds the app, a launcher
    entry, a conformance test and a catalogue in every language."""
    import btlgames
    from btlgames.core.i18n import available_languages, catalogue
    from btlgames.ui import games as renderers
    from btlgames.ui.app.renderer import missing
    from btlgames.ui.pages import launcher

    lacking = []
    registered = btlgames.games()
    assert sorted(spec.state_class.__module__.split(".")[1] for spec in registered.values()) == sorted(_games())
    for game in registered:
        module = renderers.module_name(game)
        try:
            drawing = renderers.renderer_module(game)
        except ImportError:
            lacking.append(f"{game}: a renderer, btlgames/ui/games/{module}.py")
            continue
        for function in ("app", "play"):
            if not callable(getattr(drawing, function, None)):
                lacking.append(f"{game}: its renderer's {function}()")
        contract = drawing.renderer() if hasattr(drawing, "renderer") else drawing
        lacking += [f"{game}: its renderer's {name}()" for name in missing(contract)]
        if not any(entry.game == game for entry in launcher.GAMES):
            lacking.append(f"{game}: an entry in btlgames/ui/pages/launcher.py GAMES")
        if not (ROOT / "tests" / "engine" / f"test_{module}_conformance.py").is_file():
            lacking.append(f"{game}: tests/engine/test_{module}_conformance.py")
        lacking += [f"{game}: btlgames/locale/{lang}/{module}.toml" for lang in available_languages()
                    if not (PACKAGE / "locale" / lang / f"{module}.toml").is_file()]
        if f"{game}.title" not in catalogue("en"):
            lacking.append(f"{game}: its name, {game}.title, in its catalogue")
    assert lacking == []
