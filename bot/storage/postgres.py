"""The PostgreSQL backend: an asyncpg pool, so that several processes can share one database.

Writing transactions run at READ COMMITTED, where each statement sees what was committed before
it started, and a write waits for a row that another transaction is changing and then applies to
the row as that one left it. On top of that the stores keep their invariants with:

- single conditional statements where one is enough (a move applies only at its expected ply);
- `Dialect.for_update` on the rows a transaction checks before it changes them (the game that
  ends, the challenge that is answered), so a concurrent finish or accept waits and then sees the
  result instead of repeating it;
- `Transaction.lock_guild`, a transaction-scoped advisory lock around every change to a guild's
  ratings, which also serializes the rating histogram's buckets and so avoids deadlocks;
- the unique index on a channel's active game, with `ON CONFLICT DO NOTHING`.

No transaction is ever retried: none can fail to serialize at this level, and deadlocks, which
the lock order above avoids, would surface as `DatabaseBusyError`. Read-only transactions run at
REPEATABLE READ to see one snapshot, as every SQLite transaction does.

The pages that show games live hear of the other processes' changes from the database itself:
triggers (migration `_PAGE_CHANGES`) notify `CHANNEL` inside the transaction of every change to a
game of a server with pages on, of a review done, and of a server's pages turned off or on again,
and PostgreSQL delivers the notification when, and only if, that transaction commits. So no write
path can forget it, a change rolled back is never announced, and a move costs no extra round
trip. A notification names its schema (several bots may share a database), its subject and the
pool that made the change, whose process heard it on its own event bus already (`Follower`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager, suppress
from typing import Any, Self

import asyncpg

from bot.domain import InvalidInputError
from bot.storage.database import POSTGRESQL, Changed, Database, Missed, Params, Row, Transaction
from bot.storage.errors import (
    DatabaseBusyError,
    DatabaseError,
    DatabaseUnavailableError,
    NotABotDatabaseError,
    StorageError,
)
from bot.storage.migrations import Migration, pending_statements

POOL_SIZE = 10
"""Connections per process at most; each transaction holds one until it ends."""
CONNECT_TIMEOUT = 10.0
LOCK_TIMEOUT_MS = 5000
"""How long a statement waits for a row another transaction holds, as SQLite's busy timeout."""

_SCHEMA_LOCK = "SELECT pg_advisory_xact_lock(hashtext('reversi-bot schema'), 0)"
"""Held while migrating. The two-key form: guild locks use the one-key form, a separate space."""

CHANNEL = "reversi_pages"
ORIGIN_SETTING = "reversi.origin"
"""The session setting that names a pool in its changes' notifications. Both names are spelled
out in the triggers (migration `_PAGE_CHANGES`)."""
CHECK_EVERY = 5.0
"""Seconds between two queries that check a long-lived connection still answers. A connection
the server closes is noticed at once; the query finds one that died without a word."""
LISTEN_AGAIN_EVERY = 0.5
"""Seconds between two attempts to follow the changes again once the connection was lost."""

DRIVER_ERRORS = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError)
"""What asyncpg raises when it can't connect or the connection fails (a timeout is an OSError)."""

log = logging.getLogger(__name__)

_PLACEHOLDER = re.compile(r"'(?:[^']|'')*'|(\?)|(?<!:):([A-Za-z_]\w*)")


class PostgresTransaction(Transaction):
    dialect = POSTGRESQL

    def __init__(self, conn: asyncpg.pool.PoolConnectionProxy[asyncpg.Record]) -> None:
        self._conn = conn

    async def all(self, sql: str, params: Params = ()) -> list[Row]:
        query, args = _translate(sql, params)
        return list(await self._conn.fetch(query, *args))

    async def lock_guild(self, guild_id: int) -> None:
        await self._conn.execute("SELECT pg_advisory_xact_lock($1)", guild_id)

    async def insert_many(
        self, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]
    ) -> None:
        # SQLite keeps booleans as 0 and 1, which asyncpg won't send as a boolean.
        booleans = {
            row[0]
            for row in await self._conn.fetch(
                """
                SELECT column_name FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name = $1
                  AND data_type = 'boolean'
                """,
                table,
            )
        }
        converts = [column in booleans for column in columns]
        records = [
            tuple(
                bool(value) if convert and value is not None else value
                for value, convert in zip(row, converts, strict=True)
            )
            for row in rows
        ]
        await self._conn.copy_records_to_table(table, records=records, columns=list(columns))

    async def restart_ids(self, table: str) -> None:
        await self._conn.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), max(id)) FROM {table} "
            "HAVING max(id) IS NOT NULL"
        )


class PostgresDatabase(Database):
    dialect = POSTGRESQL

    def __init__(
        self, pool: asyncpg.Pool[asyncpg.Record], url: str, connect_url: str, origin: str
    ) -> None:
        self._pool = pool
        self._closed = False
        self.url = url
        self._connect_url, self._origin = connect_url, origin
        self._followers: list[Follower] = []

    @classmethod
    async def open(cls, url: str, migrations: Sequence[Migration], *, create: bool = True) -> Self:
        """Connect to the database at `url` and bring its schema up to date; unless `create`,
        only if it already has one (`NotABotDatabaseError`)."""
        shown = shown_url(url)
        origin = secrets.token_hex(8)
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=POOL_SIZE,
                timeout=CONNECT_TIMEOUT,
                reset=_keep_session,
                server_settings={
                    "lock_timeout": str(LOCK_TIMEOUT_MS),
                    "application_name": "reversi-bot",
                    ORIGIN_SETTING: origin,
                },
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise DatabaseError(f"Cannot open the database at {shown}: {error}.") from error
        try:
            async with pool.acquire() as conn:
                if (
                    not create
                    and await conn.fetchval("SELECT to_regclass('schema_version')") is None
                ):
                    raise NotABotDatabaseError(shown)
                await _migrate(conn, migrations)
        except (OSError, asyncpg.PostgresError) as error:
            await pool.close()
            raise DatabaseError(f"Cannot use the database at {shown}: {error}.") from error
        except BaseException:
            await pool.close()
            raise
        return cls(pool, shown, url, origin)

    async def follow(self, changed: Changed, missed: Missed) -> None:
        follower = Follower(self._connect_url, self._origin, changed, missed)
        await follower.start()
        self._followers.append(follower)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for follower in self._followers:
            await follower.stop()
        await self._pool.close()

    @asynccontextmanager
    async def transaction(self, *, read_only: bool = False) -> AsyncIterator[Transaction]:
        started = time.perf_counter()
        try:
            with _database_errors():
                async with (
                    self._pool.acquire() as conn,
                    conn.transaction(
                        isolation="repeatable_read" if read_only else "read_committed",
                        readonly=read_only,
                    ),
                ):
                    yield PostgresTransaction(conn)
        finally:
            timings = self.timings
            (timings.read if read_only else timings.write)(time.perf_counter() - started)

    async def execute_alone(self, sql: str, params: Params = ()) -> list[Row]:
        query, args = _translate(sql, params)
        started = time.perf_counter()
        try:
            with _database_errors():
                return list(await self._pool.fetch(query, *args))
        finally:
            self.timings.single(time.perf_counter() - started)


def shown_url(url: str) -> str:
    """`url` without its password, for messages and logs; read as text, so that a malformed URL
    can be shown too."""
    scheme, slashes, rest = url.partition("://")
    netloc = re.split(r"[/?#]", rest, maxsplit=1)[0]
    login, at, hosts = netloc.rpartition("@")
    user, colon, _ = login.partition(":")
    if not (slashes and at and colon):
        return url
    return f"{scheme}://{user}:***@{hosts}{rest[len(netloc) :]}"


async def _keep_session(conn: asyncpg.Connection[asyncpg.Record]) -> None:
    """Nothing to reset when a connection goes back to the pool: no transaction changes session
    state (its locks end with it), and asyncpg rolls back one left unfinished by itself. This
    saves the round trip of asyncpg's default RESET ALL on every transaction."""


def _translate(sql: str, params: Params) -> tuple[str, list[Any]]:
    """The stores' `?` and `:name` placeholders as PostgreSQL's `$1`, `$2`, ..., and the
    arguments in that order."""
    query, names = _numbered(sql)
    if isinstance(params, dict):
        return query, [params[name] for name in names]
    return query, list(params)


@functools.lru_cache(maxsize=512)
def _numbered(sql: str) -> tuple[str, tuple[str, ...]]:
    """`sql` with numbered placeholders, and the parameter name behind each number, if named."""
    names: list[str] = []
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match[1]:
            count += 1
            return f"${count}"
        if match[2]:
            if match[2] not in names:
                names.append(match[2])
            return f"${names.index(match[2]) + 1}"
        return match[0]  # a string literal, left as it is

    query = _PLACEHOLDER.sub(number, sql)
    if count and names:
        raise ValueError(f"Both ? and :name placeholders in one statement: {sql}")
    return query, tuple(names)


@contextmanager
def _database_errors() -> Iterator[None]:
    """The driver's errors that are not the caller's fault, as the storage's own."""
    try:
        yield
    except StorageError:
        raise  # the stores' own, already said plainly
    except (
        asyncpg.DeadlockDetectedError,
        asyncpg.LockNotAvailableError,
        asyncpg.TooManyConnectionsError,
        asyncpg.CannotConnectNowError,
    ) as error:
        raise DatabaseBusyError() from error
    except asyncpg.DataError as error:
        # An id past 64 bits (from a forged button, say) is bad input, as on SQLite.
        if isinstance(error, asyncpg.NumericValueOutOfRangeError) or isinstance(
            error.__cause__, OverflowError
        ):
            raise InvalidInputError("That number is out of range.") from error
        raise
    except (
        OSError,
        asyncpg.PostgresConnectionError,
        asyncpg.AdminShutdownError,
        # What asyncpg raises when the connection dies between two statements of a transaction.
        asyncpg.InterfaceError,
        asyncpg.InternalClientError,
    ) as error:
        raise DatabaseUnavailableError(error) from error


async def _migrate(
    conn: asyncpg.pool.PoolConnectionProxy[asyncpg.Record], migrations: Sequence[Migration]
) -> None:
    """Bring the schema up to date, its version kept in the one row of `schema_version`.
    PostgreSQL's DDL is transactional, and the advisory lock keeps two processes from both
    migrating."""
    async with conn.transaction():
        await conn.execute(_SCHEMA_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        version = await conn.fetchval("SELECT version FROM schema_version")
        if version is None:
            version = 0
            await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
        for statement in pending_statements(version, POSTGRESQL, migrations):
            await conn.execute(statement)
        await conn.execute("UPDATE schema_version SET version = $1", len(migrations))


class Follower:
    """Listens to `CHANNEL` on a connection of its own for as long as it runs, and on a new one
    whenever that is lost: the process hears every other process's changes."""

    def __init__(self, url: str, origin: str, changed: Changed, missed: Missed) -> None:
        self._url, self._origin = url, origin
        self._changed, self._missed = changed, missed
        self._schema = ""
        self._conn: asyncpg.Connection[asyncpg.Record] | None = None
        self._keeping: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Listen from now on; raises `DatabaseError` if the database can't be reached now."""
        try:
            self._conn = await self._listen()
        except DRIVER_ERRORS as error:
            raise DatabaseError(
                f"Cannot follow the changes in the database at {shown_url(self._url)}: {error}."
            ) from error
        self._keeping = asyncio.create_task(self._keep(), name="page changes")

    async def stop(self) -> None:
        if self._keeping is not None:
            self._keeping.cancel()
            await asyncio.wait([self._keeping])
        if self._conn is not None:
            with suppress(*DRIVER_ERRORS):  # asyncpg aborts a connection it can't close
                await self._conn.close(timeout=CONNECT_TIMEOUT)

    async def _listen(self) -> asyncpg.Connection[asyncpg.Record]:
        conn = await asyncpg.connect(
            self._url,
            timeout=CONNECT_TIMEOUT,
            server_settings={"application_name": "reversi-bot pages"},
        )
        try:
            self._schema = await conn.fetchval("SELECT current_schema()")
            await conn.add_listener(CHANNEL, self._heard)
        except BaseException:
            conn.terminate()
            raise
        return conn

    async def _keep(self) -> None:
        """Listen again whenever the connection is lost; then what was missed meanwhile is
        unknown, so everything may have changed."""
        while True:
            assert self._conn is not None
            await connection_lost(self._conn)
            log.warning("Lost the connection that hears other processes' changes; listening again")
            while True:
                await asyncio.sleep(LISTEN_AGAIN_EVERY)
                with suppress(*DRIVER_ERRORS):
                    self._conn = await self._listen()
                    break
            log.info("Hearing other processes' changes again")
            self._missed()

    def _heard(self, _conn: object, _pid: int, _channel: str, payload: object) -> None:
        schema, subject, id_, origin = str(payload).rsplit(" ", 3)
        if schema == self._schema and origin != self._origin:
            self._changed(subject, int(id_))


async def connection_lost(conn: asyncpg.Connection[asyncpg.Record]) -> None:
    """Return once `conn` is lost: closed by the server, or not answering a check."""
    closed = asyncio.Event()
    conn.add_termination_listener(lambda _: closed.set())
    while True:
        with suppress(TimeoutError):
            await asyncio.wait_for(closed.wait(), CHECK_EVERY)
            return
        try:
            await conn.fetchval("SELECT 1", timeout=CONNECT_TIMEOUT)
        except DRIVER_ERRORS:
            conn.terminate()
            return
