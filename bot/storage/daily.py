"""The daily puzzle: each server's puzzle of a day, claimed in one transaction before its post and
its message recorded once Discord took it, and the members' attempts at it.

One row per server and day is what makes the post happen once a day: the claim inserts it (or
finds it), and a row with its message recorded is never posted again.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from bot.domain.daily import DailyPuzzle, DailySchedule
from bot.domain.puzzles import BANK_POOL, NEW_SOLVER, Attempt
from bot.domain.shards import Shards
from bot.storage.database import Row, Store, Transaction
from bot.storage.puzzles import ATTEMPT_COLUMNS, attempt_from_row, finish_attempt
from bot.storage.settings import schedule_from_row
from bot.storage.shards import in_shards

DAILY_COLUMNS = "guild_id, day, puzzle_id, channel_id, claimed_at, message_id, posted_at"
CANDIDATES = 10
"""Puzzles on each side of the server's median puzzle rating among which the day's is drawn."""


def daily_from_row(row: Row) -> DailyPuzzle:
    return DailyPuzzle(
        guild_id=row["guild_id"],
        day=row["day"],
        puzzle_id=row["puzzle_id"],
        channel_id=row["channel_id"],
        claimed_at=float(row["claimed_at"]),
        message_id=row["message_id"],
        posted_at=None if row["posted_at"] is None else float(row["posted_at"]),
    )


@dataclass(frozen=True, slots=True)
class Claim:
    """The day's puzzle due now under `schedule`, if any; `fresh` if this claim made it."""

    schedule: DailySchedule | None
    puzzle: DailyPuzzle | None = None
    fresh: bool = False


@dataclass(frozen=True, slots=True)
class Solves:
    """How many members solved a day's puzzle since it was posted, and who first."""

    count: int
    first: int | None


class DailyStore(Store):
    async def schedules(self, shards: Shards) -> list[DailySchedule]:
        """The servers of `shards` that have a daily puzzle."""
        async with self.transaction(read_only=True) as db:
            rows = await db.all(
                f"""
                SELECT guild_id, daily_channel_id, daily_hour, daily_since FROM guild_settings
                WHERE daily_channel_id IS NOT NULL AND {in_shards(shards)}
                ORDER BY guild_id
                """
            )
        return [
            schedule
            for row in rows
            if (schedule := schedule_from_row(row["guild_id"], row)) is not None
        ]

    async def claim(self, guild_id: int, now: float) -> Claim:
        """The server's puzzle of the day due at `now`, claimed (a puzzle chosen and stored) if
        nobody claimed it yet; no puzzle if none is due. The puzzle is drawn, by the server and
        the day, among those nearest the server's median puzzle rating that were never its
        daily puzzle."""
        async with self.transaction() as db:
            row = await db.one(
                """
                SELECT daily_channel_id, daily_hour, daily_since FROM guild_settings
                WHERE guild_id = ?
                """,
                (guild_id,),
            )
            schedule = None if row is None else schedule_from_row(guild_id, row)
            day = None if schedule is None else schedule.day_due(now)
            if schedule is None or day is None:
                return Claim(schedule)
            found = await db.one(
                f"SELECT {DAILY_COLUMNS} FROM daily_puzzles WHERE guild_id = ? AND day = ?",
                (guild_id, day),
            )
            if found is not None:
                return Claim(schedule, daily_from_row(found))
            puzzle_id = await _choose(db, guild_id, day)
            if puzzle_id is None:
                return Claim(schedule)
            inserted = await db.one(
                f"""
                INSERT INTO daily_puzzles (guild_id, day, puzzle_id, channel_id, claimed_at)
                VALUES (?, ?, ?, ?, ?)
                RETURNING {DAILY_COLUMNS}
                """,
                (guild_id, day, puzzle_id, schedule.channel_id, now),
            )
        assert inserted is not None
        return Claim(schedule, daily_from_row(inserted), fresh=True)

    async def record(self, guild_id: int, day: int, message_id: int, now: float) -> None:
        """The day's post was taken by Discord as `message_id`."""
        await self.execute_alone(
            """
            UPDATE daily_puzzles SET message_id = ?, posted_at = ?
            WHERE guild_id = ? AND day = ? AND message_id IS NULL
            """,
            (message_id, now, guild_id, day),
        )

    async def posted(self, guild_id: int, *, before: int | None = None) -> DailyPuzzle | None:
        """The server's latest posted daily puzzle (before day `before`, if given)."""
        earlier = "" if before is None else "AND day < ?"
        params = (guild_id,) if before is None else (guild_id, before)
        async with self.transaction(read_only=True) as db:
            row = await db.one(
                f"""
                SELECT {DAILY_COLUMNS} FROM daily_puzzles
                WHERE guild_id = ? AND message_id IS NOT NULL {earlier}
                ORDER BY day DESC LIMIT 1
                """,
                params,
            )
        return None if row is None else daily_from_row(row)

    async def solves(self, daily: DailyPuzzle) -> Solves:
        """The members who solved the day's puzzle in the server since it was claimed: a member
        forgotten since has no attempts left, so is neither counted nor named."""
        async with self.transaction(read_only=True) as db:
            params = (daily.guild_id, daily.puzzle_id, daily.claimed_at)
            where = """
                WHERE guild_id = ? AND puzzle_id = ? AND status = 'solved' AND finished_at >= ?
            """
            count = await db.value(f"SELECT count(*) FROM puzzle_attempts {where}", params)
            first = await db.value(
                f"SELECT user_id FROM puzzle_attempts {where} ORDER BY finished_at, id LIMIT 1",
                params,
            )
        return Solves(int(count or 0), first)

    async def attempt(self, guild_id: int, user_id: int, puzzle_id: str, now: float) -> Attempt:
        """The member's attempt at the day's puzzle in the server: the one they made, else a new
        daily one, beside any personal one they have open. A daily attempt still open at an
        earlier day's puzzle, whose solution is out, ends failed first: one daily is open at a
        time."""
        async with self.transaction() as db:
            row = await _met(db, guild_id, user_id, puzzle_id)
            if row is None:
                stale = await db.one(
                    """
                    SELECT id, step FROM puzzle_attempts
                    WHERE guild_id = ? AND user_id = ? AND status = 'open' AND daily
                    """,
                    (guild_id, user_id),
                )
                if stale is not None:
                    await finish_attempt(db, stale["id"], stale["step"], solved=False, now=now)
                row = await db.one(
                    f"""
                    INSERT INTO puzzle_attempts (guild_id, user_id, puzzle_id, daily, started_at)
                    VALUES (?, ?, ?, TRUE, ?)
                    ON CONFLICT DO NOTHING
                    RETURNING {ATTEMPT_COLUMNS}
                    """,
                    (guild_id, user_id, puzzle_id, now),
                )
            # Nothing inserted: a concurrent click opened one first.
            row = row or await _met(db, guild_id, user_id, puzzle_id)
        assert row is not None
        return attempt_from_row(row)


async def _met(db: Transaction, guild_id: int, user_id: int, puzzle_id: str) -> Row | None:
    """The member's attempt at the puzzle, daily or personal."""
    return await db.one(
        f"""
        SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts
        WHERE guild_id = ? AND user_id = ? AND puzzle_id = ?
        """,
        (guild_id, user_id, puzzle_id),
    )


async def _choose(db: Transaction, guild_id: int, day: int) -> str | None:
    """A puzzle of the bank near the server's median puzzle rating never posted there, drawn by
    the day: never one of a server's games, which its players have seen."""
    solvers = int(
        await db.value("SELECT count(*) FROM puzzle_solvers WHERE guild_id = ?", (guild_id,)) or 0
    )
    median = NEW_SOLVER.rating
    if solvers:
        median = float(
            await db.value(
                f"""
                SELECT rating FROM puzzle_solvers WHERE guild_id = ?
                ORDER BY rating LIMIT 1 OFFSET {solvers // 2}
                """,
                (guild_id,),
            )
        )
    near: list[Row] = []
    for side, order in ((">=", ""), ("<", " DESC")):
        near += await db.all(
            f"""
            SELECT puzzle_id, rating FROM puzzle_ratings r
            WHERE guild_id = {BANK_POOL} AND rating {side} ? AND (
                SELECT 1 FROM daily_puzzles d WHERE d.guild_id = ? AND d.puzzle_id = r.puzzle_id
            ) IS NULL
            ORDER BY rating{order}, puzzle_id{order} LIMIT {CANDIDATES}
            """,
            (median, guild_id),
        )
    if not near:
        return None
    nearest = sorted(near, key=lambda row: (abs(row["rating"] - median), row["puzzle_id"]))
    nearest = nearest[:CANDIDATES]
    digest = hashlib.blake2b(f"{guild_id}:{day}".encode(), digest_size=8).digest()
    return str(nearest[int.from_bytes(digest) % len(nearest)]["puzzle_id"])
