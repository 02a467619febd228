"""The project's own promises: one dependency list in two files, no CDN, engine without Jupyter."""
import re
import subprocess
import sys
import tomllib
from pathlib import Path

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
