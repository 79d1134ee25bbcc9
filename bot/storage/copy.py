"""Moving a deployment from one database to another (SQLite to PostgreSQL, or back) whole."""

from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from bot.storage.backends import open_database, same_database
from bot.storage.challenges import CHALLENGE_COLUMNS
from bot.storage.daily import DAILY_COLUMNS
from bot.storage.database import Database, Transaction
from bot.storage.errors import DatabaseError
from bot.storage.games import GAME_COLUMNS
from bot.storage.players import PLAYER_COLUMNS
from bot.storage.postgres import shown_url
from bot.storage.puzzles import (
    ATTEMPT_COLUMNS,
    PUZZLE_COLUMNS,
    SERVER_PUZZLE_COLUMNS,
    SOLVER_COLUMNS,
)
from bot.storage.reviews import REVIEW_COLUMNS
from bot.storage.tournaments import BOARD_COLUMNS, TOURNAMENT_COLUMNS

BATCH = 5000
"""Rows read, written and compared at a time, so that memory stays flat whatever the size."""


class Table(NamedTuple):
    name: str
    columns: tuple[str, ...]
    key: tuple[str, ...]
    """Orders the rows the same way on both backends: integers only."""


def _columns(listed: str) -> tuple[str, ...]:
    return tuple(column.strip() for column in listed.split(","))


TABLES = (
    Table(
        "guild_settings",
        (
            "guild_id",
            "time_per_move",
            "clock_base",
            "clock_increment",
            "rated",
            "language",
            "organiser_role_id",
            "updated_at",
            "daily_channel_id",
            "daily_hour",
            "daily_since",
            "web_pages",
        ),
        ("guild_id",),
    ),
    Table("allowed_channels", ("guild_id", "channel_id"), ("guild_id", "channel_id")),
    Table("blocked_channels", ("guild_id", "channel_id"), ("guild_id", "channel_id")),
    Table("games", _columns(GAME_COLUMNS), ("id",)),
    Table("challenges", _columns(CHALLENGE_COLUMNS), ("id",)),
    Table("players", _columns(PLAYER_COLUMNS), ("guild_id", "user_id")),
    Table("reviews", _columns(REVIEW_COLUMNS), ("id",)),
    Table("replays", ("game_id", "channel_id", "message_id", "claimed_at"), ("game_id",)),
    Table("notify_choices", ("user_id", "choice", "updated_at"), ("user_id",)),
    Table("player_languages", ("user_id", "language", "updated_at"), ("user_id",)),
    Table("tournaments", _columns(TOURNAMENT_COLUMNS), ("id",)),
    Table(
        "tournament_entrants",
        ("tournament_id", "player_id", "rating", "withdrawn_after", "joined_at"),
        ("tournament_id", "player_id"),
    ),
    Table("tournament_pairings", _columns(BOARD_COLUMNS), ("tournament_id", "round", "board")),
    Table(
        "turn_notices",
        ("game_id", "ping_ply", "reminder_ply", "channel_id", "message_id", "end_ply"),
        ("game_id",),
    ),
    # Puzzle ids are digits and lowercase letters, which every collation orders alike.
    Table("puzzle_ratings", _columns(PUZZLE_COLUMNS), ("puzzle_id",)),
    Table("server_puzzles", _columns(SERVER_PUZZLE_COLUMNS), ("puzzle_id",)),
    Table("puzzle_solvers", _columns(SOLVER_COLUMNS), ("guild_id", "user_id")),
    Table("puzzle_attempts", (*_columns(ATTEMPT_COLUMNS), "daily"), ("id",)),
    Table("daily_puzzles", _columns(DAILY_COLUMNS), ("guild_id", "day")),
    Table("web_secret", ("id", "secret"), ("id",)),
)
"""Every table with data of its own, each after those it refers to. The rating histogram is not
among them: the target's triggers build it from the players, and it is compared afterwards."""


class TargetNotEmptyError(DatabaseError):
    def __init__(self, target: str, counts: dict[str, int]) -> None:
        held = ", ".join(f"{count:,} in {table}" for table, count in counts.items() if count)
        super().__init__(
            f"The database at {target} already holds rows ({held}); "
            "copy only into an empty database."
        )


class CopyMismatchError(DatabaseError):
    """What was written differs from what was read; nothing was kept."""


@dataclass(frozen=True, slots=True)
class CopyReport:
    source: str
    target: str
    rows: dict[str, int]
    """Rows copied per table, in the order copied; both sides were found to hold the same."""

    def __str__(self) -> str:
        counts = ", ".join(f"{table} {count:,}" for table, count in self.rows.items())
        return (
            f"Copied {self.source} to {self.target}: {counts}. "
            "Row counts and contents match, and so do the rating histograms."
        )


async def copy_database(source: str | Path, target: str | Path) -> CopyReport:
    """Copy every row of `source` into the empty database at `target`, ids included, then compare
    the two. Both are URLs as `Storage.open` takes them, and both are brought up to the current
    schema first. The copy is one transaction on the target: if anything fails, or the contents
    differ, the target is left empty. A target with rows in it is refused (`TargetNotEmptyError`),
    and so is a source that is not a bot's database (`NotABotDatabaseError`, or `DatabaseError`
    for a missing file) or is the target itself.
    """
    if same_database(source, target):
        raise DatabaseError(
            f"{shown_url(str(source))} is both the source and the target: copy into another, "
            "empty database."
        )
    reading = await open_database(source, create=False)
    try:
        writing = await open_database(target)
        try:
            return await _copy(reading, writing)
        finally:
            await writing.close()
    finally:
        await reading.close()


async def _copy(source: Database, target: Database) -> CopyReport:
    rows: dict[str, int] = {}
    async with (
        source.transaction(read_only=True) as reader,
        target.transaction() as writer,
    ):
        counts = {t.name: await writer.value(f"SELECT count(*) FROM {t.name}") for t in TABLES}
        if any(counts.values()):
            raise TargetNotEmptyError(target.url, counts)
        for table in TABLES:
            read = _Digest()
            async for batch in _batches(reader, table):
                read.add(batch)
                await writer.insert_many(table.name, table.columns, batch)
            if table.key == ("id",):
                await writer.restart_ids(table.name)
            written = _Digest()
            async for batch in _batches(writer, table):
                written.add(batch)
            if (written.rows, written.value) != (read.rows, read.value):
                raise CopyMismatchError(
                    f"{table.name} differs after the copy: {read.rows:,} rows read, "
                    f"{written.rows:,} found in {target.url}; nothing was kept."
                )
            rows[table.name] = read.rows
        histogram = "SELECT guild_id, bucket, players FROM rating_histogram WHERE players > 0 "
        histogram += "ORDER BY guild_id, bucket"
        if [tuple(r) for r in await reader.all(histogram)] != [
            tuple(r) for r in await writer.all(histogram)
        ]:
            raise CopyMismatchError(
                f"The rating histogram of {target.url} differs from the source's; nothing was kept."
            )
    return CopyReport(source.url, target.url, rows)


async def _batches(db: Transaction, table: Table) -> AsyncIterator[list[tuple[Any, ...]]]:
    """The table's rows in key order, `BATCH` at a time, each batch starting after the last."""
    key = ", ".join(table.key)
    at = [table.columns.index(column) for column in table.key]
    select = f"SELECT {', '.join(table.columns)} FROM {table.name}"
    order = f"ORDER BY {key} LIMIT {BATCH}"
    last: tuple[Any, ...] | None = None
    while True:
        if last is None:
            found = await db.all(f"{select} {order}")
        else:
            marks = ", ".join("?" for _ in last)
            found = await db.all(f"{select} WHERE ({key}) > ({marks}) {order}", last)
        if not found:
            return
        batch = [tuple(row) for row in found]
        yield batch
        last = tuple(batch[-1][i] for i in at)


class _Digest:
    """Row count and hash of a table's rows as values, whichever backend they came from."""

    def __init__(self) -> None:
        self.rows = 0
        self._hash = hashlib.sha256()

    def add(self, batch: list[tuple[Any, ...]]) -> None:
        self.rows += len(batch)
        for row in batch:
            # SQLite keeps booleans as 0 and 1.
            canonical = tuple(int(v) if isinstance(v, bool) else v for v in row)
            self._hash.update(repr(canonical).encode())

    @property
    def value(self) -> str:
        return self._hash.hexdigest()
