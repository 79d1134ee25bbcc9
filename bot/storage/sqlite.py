"""The SQLite backend: one aiosqlite connection, WAL, and transactions that take the write lock."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, Self

import aiosqlite

from bot.domain import InvalidInputError
from bot.storage.database import SQLITE, Changed, Database, Missed, Params, Row, Transaction
from bot.storage.errors import DatabaseBusyError, DatabaseError, NotABotDatabaseError
from bot.storage.migrations import Migration, pending_statements

BUSY_TIMEOUT_MS = 5000
"""How long a statement waits for another process's write lock before giving up."""


class SqliteTransaction(Transaction):
    dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def all(self, sql: str, params: Params = ()) -> list[Row]:
        with _numbers_in_range():
            return list(await self._conn.execute_fetchall(sql, params))

    async def lock_guild(self, guild_id: int) -> None:
        """Nothing to do: every transaction holds SQLite's one write lock."""

    async def insert_many(
        self, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]
    ) -> None:
        marks = ", ".join("?" for _ in columns)
        await self._conn.executemany(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows
        )

    async def restart_ids(self, table: str) -> None:
        """Nothing to do: SQLite gives a new row the largest id plus one."""


class SqliteDatabase(Database):
    """Owns the aiosqlite connection; operations run one at a time, each in its own transaction.

    aiosqlite runs every statement of a connection on one thread, so two coroutines sharing it
    would interleave their statements inside one another's transactions. A lock keeps each
    transaction whole; `BEGIN IMMEDIATE` plus the busy timeout do the same across processes.
    """

    dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._closed = False
        self.url = f"sqlite:///{path}"

    @classmethod
    async def open(
        cls, path: Path, migrations: Sequence[Migration], *, create: bool = True
    ) -> Self:
        """Open the database at `path` and bring its schema up to date. With `create` a missing
        file is created; without, the file must exist and have the bot's schema (else
        `DatabaseError`, `NotABotDatabaseError`), which is checked before anything changes."""
        try:
            # Probe first: when aiosqlite's own connect fails, its worker thread outlives the
            # call and may report to an event loop that is gone by then.
            await asyncio.to_thread(_probe, path, create)
            conn = await aiosqlite.connect(path, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise DatabaseError(f"Cannot open the database at {path}: {error}.") from error
        conn.row_factory = sqlite3.Row
        try:
            if not create and await _version(conn) == 0:
                raise NotABotDatabaseError(str(path))
            await _configure(conn, path)
            await _migrate(conn, migrations)
        except sqlite3.Error as error:
            await conn.close()
            raise DatabaseError(f"Cannot use the database at {path}: {error}.") from error
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path)

    async def follow(self, changed: Changed, missed: Missed) -> None:
        """Nothing to follow: a SQLite file has one process, whose event bus tells it all."""

    async def close(self) -> None:
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            await self._conn.execute_fetchall("PRAGMA optimize")
            await self._conn.close()

    @asynccontextmanager
    async def transaction(self, *, read_only: bool = False) -> AsyncIterator[Transaction]:
        """`BEGIN IMMEDIATE` takes the write lock up front, so reads made in the block stay valid
        until the commit; read-only blocks use it too, which keeps every query on one snapshot."""
        started = time.perf_counter()
        try:
            async with self._lock:
                with _busy_as_error():
                    try:
                        await self._conn.execute_fetchall("BEGIN IMMEDIATE")
                        yield SqliteTransaction(self._conn)
                        await self._conn.execute_fetchall("COMMIT")
                    except BaseException:
                        await self._rollback()
                        raise
        finally:
            timings = self.timings
            (timings.read if read_only else timings.write)(time.perf_counter() - started)

    async def execute_alone(self, sql: str, params: Params = ()) -> list[Row]:
        """SQLite's autocommit: one round trip to the connection's thread instead of three."""
        started = time.perf_counter()
        try:
            async with self._lock:
                with _busy_as_error(), _numbers_in_range():
                    return list(await self._conn.execute_fetchall(sql, params))
        finally:
            self.timings.single(time.perf_counter() - started)

    async def _rollback(self) -> None:
        # Statements are queued in order on the connection's thread, so this runs after any
        # statement still in flight (e.g. when the caller was cancelled mid-transaction). It finds
        # no transaction when BEGIN itself failed or the COMMIT went through before cancellation.
        try:
            await self._conn.execute_fetchall("ROLLBACK")
        except sqlite3.OperationalError as error:
            if "no transaction is active" not in str(error):
                raise


@contextmanager
def _busy_as_error() -> Iterator[None]:
    """Another process held the write lock past the busy timeout: say so plainly."""
    try:
        yield
    except sqlite3.OperationalError as error:
        if "locked" in str(error):
            raise DatabaseBusyError() from error
        raise


@contextmanager
def _numbers_in_range() -> Iterator[None]:
    """An id or number past SQLite's 64-bit integers (from a forged button, say) is bad input."""
    try:
        yield
    except OverflowError as error:
        raise InvalidInputError("That number is out of range.") from error


def _probe(path: Path, create: bool) -> None:
    """Open the file once, creating it (and its folder) if `create`, else only if it exists."""
    if create:
        path.parent.mkdir(parents=True, exist_ok=True)
    elif not path.is_file():
        raise DatabaseError(f"Cannot open the database at {path}: there is no such file.")
    sqlite3.connect(path).close()


async def _version(conn: aiosqlite.Connection) -> int:
    """The schema's version, kept in `PRAGMA user_version`: 0 in a new database."""
    ((version,),) = await conn.execute_fetchall("PRAGMA user_version")
    return int(version)


async def _configure(conn: aiosqlite.Connection, path: Path) -> None:
    await conn.execute_fetchall(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    ((mode,),) = await conn.execute_fetchall("PRAGMA journal_mode = WAL")
    if mode != "wal":
        raise DatabaseError(f"The database at {path} cannot use write-ahead logging ({mode}).")
    # In WAL mode, NORMAL syncs the log only at checkpoints: a commit is a write to the log and
    # survives the bot crashing or being killed at any instant, and the file never corrupts.
    # Only a power cut or OS crash can undo the last few commits; FULL would guard against that
    # too at the price of an fsync per move, which is not worth it for a game.
    await conn.execute_fetchall("PRAGMA synchronous = NORMAL")
    await conn.execute_fetchall("PRAGMA foreign_keys = ON")


async def _migrate(conn: aiosqlite.Connection, migrations: Sequence[Migration]) -> None:
    """Bring the schema up to date, its version kept in `PRAGMA user_version`. Runs under
    `BEGIN IMMEDIATE`, so two processes opening one file cannot both migrate it.

    Foreign keys are off meanwhile, as SQLite's manual asks for a migration that rebuilds a
    table, and checked before the commit instead."""
    await conn.execute_fetchall("PRAGMA foreign_keys = OFF")
    await conn.execute_fetchall("BEGIN IMMEDIATE")
    try:
        version = await _version(conn)
        for statement in pending_statements(version, SQLITE, migrations):
            await conn.execute_fetchall(statement)
        broken = list(await conn.execute_fetchall("PRAGMA foreign_key_check"))
        if broken:
            raise DatabaseError(f"The migration broke {len(broken)} foreign keys.")
        await conn.execute_fetchall(f"PRAGMA user_version = {len(migrations)}")
        await conn.execute_fetchall("COMMIT")
    except BaseException:
        await conn.execute_fetchall("ROLLBACK")
        raise
    finally:
        await conn.execute_fetchall("PRAGMA foreign_keys = ON")
