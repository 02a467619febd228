"""A short PhET-style fuzz of one game app (the whole run over every app: bench/fuzz_apps.py).

Random presses on whatever can be pressed in the Pentaquark app, with the kernels' assertions
on (the game's invariants after every move) and their tracebacks recorded: no traceback, no
console error, nothing fetched from outside, and the game played to an end.
"""
import importlib
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

BENCH = Path(__file__).resolve().parents[2] / "bench"
CLICKS = 25  # then on until the game has ended


@pytest.fixture
def fuzz():
    sys.path.insert(0, str(BENCH))  # bench/fuzz_apps.py, which uses bench/apps.py's helpers
    try:
        yield importlib.import_module("fuzz_apps")
    finally:
        sys.path.remove(str(BENCH))


def test_random_presses_on_the_pentaquark_app(fuzz, browser, kit_server_factory, tmp_path, monkeypatch):
    for name, value in fuzz.prepare_environment(tmp_path).items():
        monkeypatch.setenv(name, value)  # the server's kernels inherit these
    server = kit_server_factory()
    report = fuzz.run_app(browser, server.url, server.process.pid, "pentaquark play", "pentaquark/play.ipynb",
                          True, CLICKS, seed=0, folder=tmp_path)
    tracebacks, checked = fuzz.tracebacks_and_kernels(tmp_path)
    assert checked == 1, "the app's kernel ran with assertions on"
    assert not tracebacks, tracebacks
    assert "Traceback" not in server.log_path.read_text(errors="replace"), server.log_tail()
    assert fuzz.problems(report, game_app=True) == []
    assert report.clicks >= CLICKS and report.moves and report.games_ended
