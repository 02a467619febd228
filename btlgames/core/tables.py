"""A class's tables: each table's game kept in DIR/class.sqlite, every move stored as it is made.

One file per class session, SQLite in WAL mode (readers never wait for the writer, and a killed
process leaves every committed move and nothing half-written). A table holds its game's name,
rules version, options and seed; its moves are rows appended one per transaction, each checked
legal against the game replayed from the stored moves before it is written. Reopening a table
replays those moves through ``saves.from_dict`` (the kit's one save format), so a table's game and
a saved game are one thing.

Two devices naming the same table get one game: the row is made by ``INSERT ... ON CONFLICT DO
NOTHING`` on a unique key inside a write transaction, then read back, so the second device reads
the first one's game (never a check, then an insert, with a race between them).

The core names no game: the caller says which game a new table plays (the class session: the
school game of Research Programme).
"""
from __future__ import annotations

import json
import secrets
import sqlite3
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import saves
from .i18n import t
from .registry import load, spec
from .state import Action, GameState, IllegalAction, action_from_json

FILE_NAME = "class.sqlite"
#: Marks the file as the kit's class file (SQLite's own header field for it: "BTLG").
APPLICATION_ID = 0x42544C47
#: The schema this code reads and writes, kept in the file's ``user_version``.
SCHEMA_VERSION = 1
#: Each step's SQL takes a file from the version before it to its own (index 0: from nothing to 1).
MIGRATIONS = (
    """
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,          -- the name as compared: "Table 3" and "table  3" are one
        name TEXT NOT NULL,                -- as the first device typed it
        game_id TEXT NOT NULL UNIQUE,      -- what a device's moves name, so they reach this game only
        game TEXT NOT NULL,
        rules_version INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        digest TEXT NOT NULL               -- the game's fingerprint after its last move
    );
    CREATE TABLE moves (
        table_id INTEGER NOT NULL REFERENCES tables(id),
        number INTEGER NOT NULL CHECK (number >= 1),
        move TEXT NOT NULL,
        PRIMARY KEY (table_id, number)
    ) WITHOUT ROWID;
    """,
)
assert len(MIGRATIONS) == SCHEMA_VERSION

NAME_LONGEST = 30
#: Characters a name may have besides letters and digits of any script.
NAME_MARKS = " -'"
#: The most characters a move's JSON may have: a school game's longest is under 200.
MOVE_LONGEST = 2000
BUSY_SECONDS = 10.0  # how long a write waits for another device's write before giving up


class TableError(ValueError):
    """A request the class file refuses, and why: ``message`` for the student or teacher, ``detail``
    (may be empty) for a developer. Nothing was stored."""

    def __init__(self, message: str, detail: str = ""):
        self.message, self.detail = message, detail
        super().__init__(t("save.details", message=message, detail=detail) if detail else message)


@dataclass
class Table:
    """One table's game as the file holds it now."""

    name: str
    game_id: str
    state: GameState

    @property
    def moves(self) -> int:
        return len(self.state.history)


def check_name(name: Any) -> str:
    """The table's name as it is shown: spaces trimmed and single; or TableError in words."""
    if not isinstance(name, str):
        raise TableError(t("tables.name_missing"))
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text:
        raise TableError(t("tables.name_missing"))
    if len(text) > NAME_LONGEST:
        raise TableError(t("tables.name_long", longest=NAME_LONGEST))
    odd = sorted({ch for ch in text if not (ch.isalnum() or ch in NAME_MARKS)})
    if odd or not text[0].isalnum():
        raise TableError(t("tables.name_characters", found=" ".join(odd) or text[0]))
    return text


def name_key(name: Any) -> str:
    """What two names are compared by: the checked name in one case."""
    return check_name(name).casefold()


class ClassFile:
    """DIR/class.sqlite: the tables of one class, opened (and made or migrated) for this process.

    One connection per object; a device's request opens no second one. Use it from one thread
    at a time (each thread or process that writes opens its own).
    """

    def __init__(self, folder: str | Path):
        folder = Path(folder)
        if not folder.is_dir():
            raise TableError(t("tables.no_folder", folder=str(folder)))
        self.path = folder / FILE_NAME
        self._games: dict[int, tuple[int, str, GameState]] = {}  # table id -> (moves, fingerprint, game)
        try:
            self._db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        except sqlite3.Error as err:
            raise TableError(t("tables.cannot_open", path=str(self.path)), str(err)) from None
        try:
            self._prepare()
        except sqlite3.DatabaseError as err:  # a file that is not SQLite, or cannot be written
            self._db.close()
            raise TableError(t("tables.not_a_class_file", path=str(self.path)), str(err)) from None
        except TableError:
            self._db.close()
            raise

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "ClassFile":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- the file and its schema ----------------------------------------------------------------
    def _prepare(self) -> None:
        db = self._db
        self._schema_version()  # another program's file is refused before anything in it changes
        # WAL: a reader never waits for a writer, and a commit is one append to the log.
        if db.execute("PRAGMA journal_mode=WAL").fetchone()[0].lower() != "wal":
            raise TableError(t("tables.not_a_class_file", path=str(self.path)), "WAL mode refused")
        db.execute("PRAGMA synchronous=FULL")  # a commit survives a power cut too, not only a crash
        db.execute("PRAGMA foreign_keys=ON")
        with self._writing():  # two devices may open a new file at once: one makes the schema
            version = self._schema_version()
            for step in range(version, SCHEMA_VERSION):
                self._migrate(step)
            if version < SCHEMA_VERSION:
                db.execute(f"PRAGMA application_id={APPLICATION_ID}")
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def _schema_version(self) -> int:
        """The file's schema version (0: a new, empty file), or TableError for a file that is not
        the kit's class file or was written by a newer kit."""
        db = self._db
        version = db.execute("PRAGMA user_version").fetchone()[0]
        owner = db.execute("PRAGMA application_id").fetchone()[0]
        empty = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
        if owner != APPLICATION_ID and not (owner == 0 and version == 0 and empty):
            raise TableError(t("tables.not_a_class_file", path=str(self.path)))
        if version > SCHEMA_VERSION:
            raise TableError(t("tables.newer_schema", found=version, supported=SCHEMA_VERSION))
        return version

    def _migrate(self, step: int) -> None:
        # executescript would commit the open transaction first, so each statement runs alone
        # inside this one: a migration is whole or not at all.
        for statement in MIGRATIONS[step].split(";"):
            if statement.strip():
                self._db.execute(statement)

    @contextmanager
    def _writing(self):
        """One write transaction: BEGIN IMMEDIATE takes the write lock at once (waiting up to
        BUSY_SECONDS for another device's), so what is read inside is what the write builds on."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as err:
            raise TableError(t("tables.busy"), str(err)) from None
        try:
            yield
            self._db.execute("COMMIT")
        except BaseException as err:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            if isinstance(err, sqlite3.Error):  # a full disk, a folder made read-only: said in words
                raise TableError(t("tables.cannot_write", path=str(self.path)), str(err)) from None
            raise

    # -- tables ---------------------------------------------------------------------------------
    def names(self) -> list[str]:
        """Every table's name, in the order the tables were made."""
        return [row[0] for row in self._db.execute("SELECT name FROM tables ORDER BY id")]

    def open(self, name: Any, game: str, options: dict[str, Any] | None = None) -> Table:
        """The table ``name``'s game, made now (``game`` with ``options``, a new seed) if no device
        has made it yet; a table that exists keeps its own game whatever is asked."""
        key = name_key(name)
        shown = check_name(name)
        row, state = self._read(key)
        if row is None:
            fresh = self._new_game(game, options or {})
            with self._writing():
                self._db.execute(
                    "INSERT INTO tables (key, name, game_id, game, rules_version, options, seed, digest)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
                    (key, shown, secrets.token_hex(16), fresh.name, fresh.version,
                     json.dumps(fresh.options, sort_keys=True), fresh.seed, fresh.digest()))
            row, state = self._read(key)
        return Table(row["name"], row["game_id"], state)

    def table(self, name: Any) -> Table:
        """The table ``name``'s game replayed to its last stored move, or TableError."""
        row, state = self._read(name_key(name))
        if row is None:
            raise TableError(t("tables.no_table", name=check_name(name)))
        return Table(row["name"], row["game_id"], state)

    def append(self, name: Any, game_id: Any, at: Any, move: Any) -> Table:
        """Store ``move`` (an action, or its JSON from a device) as the move after the first ``at``
        of table ``name``'s game ``game_id``, and return the table after it. Refused in words,
        with nothing stored: an unknown table, another table's game, a device that has not seen
        the latest move, a malformed or illegal move.

        The move is checked against the game as a read snapshot of the file holds it, outside the
        write lock (replaying is the slow part, and other tables wait for that lock); the write
        then stores it only if no device stored a move of this table in between."""
        key = name_key(name)
        if type(at) is not int or at < 0:
            raise TableError(t("tables.damaged_request"), f"move number {at!r}")
        data = self._move_data(move)
        row, state = self._read(key)
        if row is None:
            raise TableError(t("tables.no_table", name=check_name(name)))
        if game_id != row["game_id"]:
            raise TableError(t("tables.other_game", name=row["name"]))
        if at != len(state.history):
            raise TableError(t("tables.moved_on", name=row["name"], stored=len(state.history), seen=at))
        try:
            action = action_from_json(state.actions, data)
        except (ValueError, TypeError) as err:
            raise TableError(t("tables.move_unreadable"), str(err)) from None
        try:
            state.apply(action)
        except IllegalAction as err:
            raise TableError(t("tables.move_illegal", why=str(err))) from None
        digest = state.digest()
        with self._writing():
            stored, last = self._db.execute(
                "SELECT (SELECT count(*) FROM moves WHERE table_id = tables.id), digest FROM tables WHERE id = ?",
                (row["id"],)).fetchall()[0]
            if (stored, last) != (at, row["digest"]):  # another device's move came first
                raise TableError(t("tables.moved_on", name=row["name"], stored=stored, seen=at))
            self._db.execute("INSERT INTO moves (table_id, number, move) VALUES (?, ?, ?)",
                             (row["id"], at + 1, json.dumps(state.history[-1], sort_keys=True)))
            self._db.execute("UPDATE tables SET digest = ? WHERE id = ?", (digest, row["id"]))
        self._games[row["id"]] = (at + 1, digest, state.clone())
        return Table(row["name"], row["game_id"], state)

    # -- inside ---------------------------------------------------------------------------------
    def _read(self, key: str) -> tuple[sqlite3.Row | None, GameState | None]:
        """The table's row and its game, from one read snapshot (WAL: no writer waits for it).
        A game this object stored or read last, unchanged since (its moves and fingerprint), is
        copied rather than replayed."""
        self._db.execute("BEGIN")
        try:
            row = self._row(key)
            if row is None:
                return None, None
            count = self._db.execute("SELECT count(*) FROM moves WHERE table_id = ?", (row["id"],)).fetchall()[0][0]
            known = self._games.get(row["id"])
            if known is not None and known[:2] == (count, row["digest"]):
                return row, known[2].clone()
            state = self._replay(row)
            self._games[row["id"]] = (count, row["digest"], state.clone())
            return row, state
        finally:
            self._db.execute("COMMIT")

    def _row(self, key: str) -> sqlite3.Row | None:
        cursor = self._db.execute("SELECT * FROM tables WHERE key = ?", (key,))
        cursor.row_factory = sqlite3.Row
        found = cursor.fetchall()
        return found[0] if found else None

    def _replay(self, row: sqlite3.Row) -> GameState:
        """The table's game, every stored move replayed by the save machinery and its fingerprint
        checked against the one stored with the last move."""
        history = [json.loads(text) for (text,) in self._db.execute(
            "SELECT move FROM moves WHERE table_id = ? ORDER BY number", (row["id"],))]
        try:
            return saves.from_dict({
                "format": saves.FORMAT, "format_version": saves.FORMAT_VERSION, "game": row["game"],
                "version": row["rules_version"], "seed": row["seed"], "options": json.loads(row["options"]),
                "history": history, "digest": row["digest"]})
        except saves.SaveError as err:
            raise TableError(t("tables.does_not_replay", name=row["name"]), str(err)) from None

    @staticmethod
    def _new_game(game: str, options: dict[str, Any]) -> GameState:
        try:
            spec(game)
            return load(game, **options)
        except ValueError as err:
            raise TableError(t("tables.bad_game", why=str(err))) from None

    @staticmethod
    def _move_data(move: Any) -> dict[str, Any]:
        """A move's JSON as the device sent it (an action is turned into its own), size-checked."""
        if isinstance(move, Action):
            move = move.to_json()
        if not isinstance(move, dict):
            raise TableError(t("tables.move_unreadable"), f"not a move: {type(move).__name__}")
        try:
            text = json.dumps(move, allow_nan=False)
        except (TypeError, ValueError, RecursionError) as err:
            raise TableError(t("tables.move_unreadable"), str(err)) from None
        if len(text) > MOVE_LONGEST:
            raise TableError(t("tables.move_unreadable"), f"{len(text)} characters")
        return json.loads(text)  # a copy of plain JSON: what is checked is what would be stored


#: Where a class session tells its kernels the class's folder (they inherit the server's environment).
ENV_CLASS_DIR = "BTLGAMES_CLASS_DIR"


class Keeper:
    """One device's hold on a table: the game as the class file holds it, and every move the
    device makes stored as it is made (a game app at a table keeps its moves through one)."""

    def __init__(self, store: ClassFile, name: Any, game: str, options: dict[str, Any] | None = None):
        self.store = store
        self.table = store.open(name, game, options)

    @property
    def name(self) -> str:
        return self.table.name

    @property
    def state(self) -> GameState:
        """The stored game, as a copy: what the device plays on is never what it is compared with."""
        return self.table.state.clone()

    def keep(self, state: GameState) -> GameState:
        """Store the moves ``state`` made after the stored game, one by one, each checked against
        the game replayed from the file; return the stored game. TableError (in words) when the
        file refuses one: what came before it is stored, and ``reload()`` gives the file's game."""
        for move in state.history[self.table.moves:]:
            self.table = self.store.append(self.table.name, self.table.game_id, self.table.moves, move)
        return self.state

    def reload(self) -> GameState:
        self.table = self.store.table(self.table.name)
        return self.state
