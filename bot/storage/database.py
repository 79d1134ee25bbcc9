"""What every backend offers the stores: transactions, and the SQL that differs between them.

The stores write their SQL once, with `?` or `:name` placeholders, and ask the transaction's
`dialect` only for the few fragments that SQLite and PostgreSQL spell differently.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol, overload

Params = Iterable[Any] | dict[str, Any]

GAME, GUILD = "game", "guild"
"""What a change `Database.follow` hears is about: a game (or its review), or a server's pages."""
Changed = Callable[[str, int], None]
"""Told `(GAME, game_id)` or `(GUILD, guild_id)` for each change another process committed."""
Missed = Callable[[], None]
"""Told that changes may have gone unheard for a while: any may have been made."""


class Row(Protocol):
    """A result row, read by column name or position (`sqlite3.Row`, `asyncpg.Record`)."""

    @overload
    def __getitem__(self, key: str, /) -> Any: ...
    @overload
    def __getitem__(self, key: int, /) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...


class Dialect:
    """SQLite's spelling of what the two backends write differently; `POSTGRESQL` overrides it."""

    name = "sqlite"
    for_update = ""
    """Ends a SELECT whose rows stay locked until the transaction ends. SQLite's write lock,
    taken by every transaction up front, already covers them."""
    board_behind = "shown_version IS NOT 2 * ply + (status = 'finished')"
    """A game whose message shows another state than its own: the `games_board_behind` index."""

    def greatest(self, first: str, second: str) -> str:
        return f"max({first}, {second})"

    def bucket(self, rating: str) -> str:
        """The rating histogram's bucket of `rating`: its whole part; below 1, bucket 0."""
        return f"max(CAST({rating} AS INTEGER), 0)"


class _PostgreSQL(Dialect):
    name = "postgresql"
    for_update = "FOR UPDATE"
    board_behind = "shown_version IS DISTINCT FROM 2 * ply + (status = 'finished')::integer"

    def greatest(self, first: str, second: str) -> str:
        return f"GREATEST({first}, {second})"

    def bucket(self, rating: str) -> str:
        # CAST rounds to the nearest integer here, where SQLite's truncates: floor agrees with
        # truncation wherever the bucket is not clamped to 0 anyway.
        return f"GREATEST(floor({rating})::integer, 0)"


SQLITE = Dialect()
POSTGRESQL = _PostgreSQL()


class Transaction(ABC):
    """One transaction's view of the database; only valid inside `Database.transaction()`."""

    dialect: Dialect

    @abstractmethod
    async def all(self, sql: str, params: Params = ()) -> list[Row]: ...

    async def one(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.all(sql, params)
        return rows[0] if rows else None

    async def value(self, sql: str, params: Params = ()) -> Any:
        row = await self.one(sql, params)
        return None if row is None else row[0]

    @abstractmethod
    async def lock_guild(self, guild_id: int) -> None:
        """Wait until no other transaction changes the guild's ratings, then keep them to this
        one until it ends."""

    @abstractmethod
    async def insert_many(
        self, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]
    ) -> None:
        """Insert rows as they are, ids included (used to copy a database)."""

    @abstractmethod
    async def restart_ids(self, table: str) -> None:
        """Make new rows of `table` take ids after the largest one inserted by `insert_many`."""


def _untimed(_seconds: float) -> None:
    pass


@dataclass(frozen=True, slots=True)
class Timings:
    """Where each kind of transaction reports how long it took, from asking for it to its
    commit or rollback (the bot's metrics)."""

    read: Callable[[float], None] = _untimed
    write: Callable[[float], None] = _untimed
    single: Callable[[float], None] = _untimed
    """`execute_alone`'s one statement."""


class Database(ABC):
    """One database, on either backend; every operation runs in a transaction of its own."""

    dialect: Dialect
    url: str
    """Where the database is, fit to show (no password)."""
    timings = Timings()

    async def answers(self) -> None:
        """Raise unless the database answers a query now."""
        await self.execute_alone("SELECT 1")

    @abstractmethod
    def transaction(self, *, read_only: bool = False) -> AbstractAsyncContextManager[Transaction]:
        """Run the block as one transaction: committed if it returns, rolled back if it raises.

        `read_only` blocks see one snapshot throughout and may write nothing.
        """

    @abstractmethod
    async def execute_alone(self, sql: str, params: Params = ()) -> list[Row]:
        """Run one statement as its own transaction, for the hottest writes: atomic all the same,
        in one round trip."""

    @abstractmethod
    async def follow(self, changed: Changed, missed: Missed) -> None:
        """Tell `changed` of the changes other processes make to games of servers with pages on,
        to their reviews and to servers' pages settings, from now until the database is closed,
        and `missed` when some may have gone unheard."""

    @abstractmethod
    async def close(self) -> None:
        """Close the database (a second call does nothing); pending operations finish first."""


class Store:
    """One part of the storage (games, challenges, ...), working on the shared `Database`."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def transaction(self, *, read_only: bool = False) -> AbstractAsyncContextManager[Transaction]:
        return self.database.transaction(read_only=read_only)

    async def execute_alone(self, sql: str, params: Params = ()) -> list[Row]:
        return await self.database.execute_alone(sql, params)
