"""The class file (btlgames/core/tables.py): tables by name, every move stored at once, refusals that
store nothing, a kill in the middle of the moves, and two devices at one table."""
from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import btlgames  # noqa: F401  (registers the games)
from btlgames.core import tables
from btlgames.core.i18n import speaking
from btlgames.core.tables import ClassFile, TableError

SCHOOL = {"variant": "school", "players": 3}
ROOT = Path(__file__).resolve().parents[2]


def played(store: ClassFile, name: str, moves: int, seed: int = 1) -> tables.Table:
    """Table ``name`` (made if new) after ``moves`` more random legal moves, each stored."""
    table = store.open(name, "research", SCHOOL)
    rng = random.Random(seed)
    for _ in range(moves):
        table = store.append(name, table.game_id, table.moves, rng.choice(table.state.legal_actions()))
    return table


def stored(folder) -> tuple[int, str]:
    """How many moves the file holds for the one table there, and its fingerprint."""
    with sqlite3.connect(Path(folder) / tables.FILE_NAME) as db:
        return db.execute("SELECT (SELECT count(*) FROM moves), (SELECT digest FROM tables)").fetchone()


def test_a_reopened_table_replays_to_the_same_move(tmp_path):
    with ClassFile(tmp_path) as store:
        table = played(store, "Table 3", 12)
    with ClassFile(tmp_path) as store:
        again = store.table("table  3")  # the same table, whatever the case and spaces
        assert store.names() == ["Table 3"]
    assert again.moves == 12 and again.game_id == table.game_id
    assert again.state.history == table.state.history
    assert again.state.digest() == table.state.digest()
    assert again.state.options == table.state.options and again.state.options["variant"] == "school"


def test_the_file_is_sqlite_in_wal_mode_with_the_schema_version(tmp_path):
    ClassFile(tmp_path).close()
    with sqlite3.connect(tmp_path / tables.FILE_NAME) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] == tables.SCHEMA_VERSION
        assert db.execute("PRAGMA application_id").fetchone()[0] == tables.APPLICATION_ID


def test_an_existing_table_keeps_its_own_game(tmp_path):
    with ClassFile(tmp_path) as store:
        first = store.open("Otters", "research", SCHOOL)
        second = store.open("OTTERS", "research", {"variant": "school", "players": 4})
    assert second.game_id == first.game_id and second.state.players == 3


@pytest.mark.parametrize("name, words", [
    ("", "Give your table a name"), ("   ", "Give your table a name"), (None, "Give your table a name"),
    (7, "Give your table a name"), ("x" * 31, "at most 30 characters"),
    ("<script>", "not: < >"), ("../class", "not: . /"), ("-dash", "not: -"), ("a\u202eb", "not: \u202e"),
    ("tab\x00le", "not: \x00"),
])
def test_an_odd_or_forged_table_name_is_refused_in_words(tmp_path, name, words):
    with ClassFile(tmp_path) as store:
        with speaking("en"), pytest.raises(TableError, match=words.replace(".", r"\.")):
            store.open(name, "research", SCHOOL)
        assert store.names() == []


def test_names_in_any_script_are_tables(tmp_path):
    with ClassFile(tmp_path) as store:
        for name in ("Pöytä 2", "Tafel 's-Hertogenbosch", "x" * 30):
            store.open(name, "research", SCHOOL)
        assert store.names() == ["Pöytä 2", "Tafel 's-Hertogenbosch", "x" * 30]


def refused(store, folder, *request, words: str) -> None:
    """``request`` to ``store.append`` is refused with ``words`` and the file is as it was."""
    before = stored(folder)
    with speaking("en"), pytest.raises(TableError) as caught:
        store.append(*request)
    assert words in caught.value.message
    assert stored(folder) == before


def test_bad_moves_are_refused_in_words_and_store_nothing(tmp_path):
    with ClassFile(tmp_path) as store:
        table = played(store, "Table 1", 5)
        other = played(store, "Table 2", 5, seed=2)
        name, game, at = "Table 1", table.game_id, table.moves
        legal = table.state.legal_actions()[0].to_json()
        assert stored_moves(tmp_path, "Table 1") == 5
        refused(store, tmp_path, "Table 9", game, at, legal, words="no table with this name")
        refused(store, tmp_path, name, other.game_id, at, legal, words="belongs to another game")
        refused(store, tmp_path, name, game, at - 1, legal, words="has moved on: it is at move 5")
        refused(store, tmp_path, name, game, at + 1, legal, words="has moved on")
        refused(store, tmp_path, name, game, True, legal, words="damaged on its way")
        refused(store, tmp_path, name, game, "5", legal, words="damaged on its way")
        for junk in ("income", ["kind"], {"kind": "nonsense"}, {**legal, "extra": 1}, {"kind": legal["kind"]},
                     {**legal, "kind": legal["kind"], "x": float("nan")}, {"kind": "x" * 3000}):
            refused(store, tmp_path, name, game, at, junk, words="could not be read")
        refused(store, tmp_path, name, game, at, later_move(table.state), words="not possible now")
        assert store.table(name).state.digest() == table.state.digest()


def later_move(state):
    """A readable move of this game that is not legal now: one legal some moves later."""
    now = [a.to_json() for a in state.legal_actions()]
    ahead, rng = state.clone(), random.Random(3)
    while True:
        ahead.apply(rng.choice(ahead.legal_actions()))
        found = [a.to_json() for a in ahead.legal_actions() if a.to_json() not in now]
        if found:
            return found[0]


def stored_moves(folder, name: str) -> int:
    with sqlite3.connect(Path(folder) / tables.FILE_NAME) as db:
        return db.execute("SELECT count(*) FROM moves JOIN tables ON tables.id = table_id WHERE name = ?",
                          (name,)).fetchone()[0]


def test_a_move_changed_in_the_file_is_found_on_reopening(tmp_path):
    with ClassFile(tmp_path) as store:
        table = played(store, "Table 1", 6)
    with sqlite3.connect(tmp_path / tables.FILE_NAME) as db:  # the first move replaced by another legal one
        first = json.loads(db.execute("SELECT move FROM moves WHERE number = 1").fetchone()[0])
        fresh = btlgames.load("research", seed=table.state.seed, **table.state.options)
        other = next(a.to_json() for a in fresh.legal_actions() if a.to_json() != first)
        db.execute("UPDATE moves SET move = ? WHERE number = 1", (json.dumps(other),))
    with ClassFile(tmp_path) as store, speaking("en"), pytest.raises(TableError, match="damaged or edited"):
        store.table("Table 1")


def test_a_newer_schema_a_foreign_database_and_a_non_database_are_refused(tmp_path):
    newer, foreign, junk = (tmp_path / n for n in ("newer", "foreign", "junk"))
    for folder in (newer, foreign, junk):
        folder.mkdir()
    ClassFile(newer).close()
    with sqlite3.connect(newer / tables.FILE_NAME) as db:
        db.execute(f"PRAGMA user_version={tables.SCHEMA_VERSION + 1}")
    with sqlite3.connect(foreign / tables.FILE_NAME) as db:
        db.execute("CREATE TABLE marks (pupil TEXT)")
    (junk / tables.FILE_NAME).write_bytes(b"a lesson plan, not a database " * 100)
    with speaking("en"):
        with pytest.raises(TableError, match="newer version of the kit .class file version 2.; this kit reads version 1"):
            ClassFile(newer)
        for folder in (foreign, junk):
            with pytest.raises(TableError, match="is not a class file of this kit"):
                ClassFile(folder)
        with pytest.raises(TableError, match="does not exist"):
            ClassFile(tmp_path / "missing")
    with sqlite3.connect(foreign / tables.FILE_NAME) as db:  # refused, and left as it was
        assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["marks"]
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_a_write_the_file_refuses_is_said_in_words_and_stores_nothing(tmp_path):
    with ClassFile(tmp_path) as store:
        table = played(store, "Table 1", 2)
        with sqlite3.connect(tmp_path / tables.FILE_NAME) as db:  # as a full disk refuses a write
            db.execute("CREATE TRIGGER full BEFORE INSERT ON moves BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        refused(store, tmp_path, "Table 1", table.game_id, 2, table.state.legal_actions()[0],
                words="could not be written (is the disk full")
        with sqlite3.connect(tmp_path / tables.FILE_NAME) as db:
            db.execute("DROP TRIGGER full")
        assert store.append("Table 1", table.game_id, 2, table.state.legal_actions()[0]).moves == 3


def test_two_devices_making_the_same_table_at_once_get_one_game(tmp_path):
    ClassFile(tmp_path).close()
    for round_ in range(8):
        name, start, made = f"Table {round_}", threading.Barrier(2), []

        def device():
            with ClassFile(tmp_path) as store:
                start.wait()
                made.append(store.open(name, "research", SCHOOL))

        devices = [threading.Thread(target=device) for _ in range(2)]
        for d in devices:
            d.start()
        for d in devices:
            d.join()
        assert len(made) == 2 and made[0].game_id == made[1].game_id
        assert made[0].state.digest() == made[1].state.digest()
    with ClassFile(tmp_path) as store:
        assert len(store.names()) == 8


def test_two_devices_making_the_same_move_at_once_store_it_once(tmp_path):
    with ClassFile(tmp_path) as store:
        table = played(store, "Table 1", 3)
    move = table.state.legal_actions()[0].to_json()
    start, answers = threading.Barrier(2), []

    def device():
        with ClassFile(tmp_path) as store:
            start.wait()
            try:
                answers.append(store.append("Table 1", table.game_id, 3, move).moves)
            except TableError as err:
                answers.append(err.message)

    devices = [threading.Thread(target=device) for _ in range(2)]
    for d in devices:
        d.start()
    for d in devices:
        d.join()
    assert answers.count(4) == 1  # one device stored it; the other was told the game moved on
    assert [a for a in answers if a != 4][0].startswith("The game at this table (Table 1) has moved on")
    assert stored(tmp_path)[0] == 4


CHILD = """
import json, random, sys
import btlgames
from btlgames.core.tables import ClassFile
store = ClassFile(sys.argv[1])
table = store.open("Table 1", "research", {"variant": "school", "players": 3})
rng = random.Random(7)
while not table.state.is_over():
    move = rng.choice(table.state.legal_actions())
    table = store.append("Table 1", table.game_id, table.moves, move)
    print(table.moves, json.dumps(table.state.history[-1]), flush=True)
"""


@pytest.mark.slow
def test_a_kill_in_the_middle_of_the_moves_loses_no_stored_move_and_stores_none_by_half(tmp_path):
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], stdout=subprocess.PIPE, text=True,
                             cwd=ROOT)
    said = []
    for line in child.stdout:  # the moves the child saw committed, up to the kill
        number, move = line.split(" ", 1)
        said.append(json.loads(move))
        assert int(number) == len(said)
        if len(said) == 20:
            os.kill(child.pid, signal.SIGKILL)  # while it appends the next moves
            break
    child.wait()
    assert child.returncode == -signal.SIGKILL
    with sqlite3.connect(tmp_path / tables.FILE_NAME) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        numbers = [n for (n,) in db.execute("SELECT number FROM moves ORDER BY number")]
    assert numbers == list(range(1, len(numbers) + 1))
    with ClassFile(tmp_path) as store:
        table = store.table("Table 1")  # replays every stored move and checks the last fingerprint
    assert table.moves >= 20 and table.state.history[:20] == said
