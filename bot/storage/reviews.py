"""Post-game reviews: one per game and engine, kept move by move as the analysis goes.

A review is stored when it is asked for, before any analysis, and each analysed move is saved
as it comes: a restart resumes a review where it stopped, and a review done once is shown again
at once. The analyses are JSON, opaque to the storage (the engine reads them); `engine` names the
engine and budget that made them, so that an upgraded engine makes fresh reviews.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.domain import InvalidInputError, ReviewRecord
from bot.domain.shards import ALL_SHARDS, Shards
from bot.storage.database import Row, Store
from bot.storage.shards import in_shards

REVIEW_COLUMNS = (
    "id, game_id, engine, guild_id, status, positions, analyses, channel_id, message_id, "
    "created_at, updated_at, puzzles_searched"
)
MAX_POSITIONS = 60


def review_from_row(row: Row) -> ReviewRecord:
    analyses = json.loads(row["analyses"])
    return ReviewRecord(
        id=row["id"],
        game_id=row["game_id"],
        engine=row["engine"],
        guild_id=row["guild_id"],
        done=row["status"] == "done",
        positions=row["positions"],
        analyses=tuple(analyses),
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        created_at=float(row["created_at"]),
        updated_at=float(row["updated_at"]),
    )


class ReviewStore(Store):
    async def open(
        self, game_id: int, engine: str, *, guild_id: int, positions: int, now: float
    ) -> tuple[ReviewRecord, bool]:
        """The game's review by `engine`, created (nothing analysed yet) if there is none; True
        with it when this call created it. Of two concurrent calls, one creates it."""
        if not 1 <= positions <= MAX_POSITIONS:
            raise InvalidInputError(f"A review covers 1 to {MAX_POSITIONS} moves.")
        async with self.transaction() as db:
            row = await db.one(
                f"""
                INSERT INTO reviews (game_id, engine, guild_id, positions, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (game_id, engine) DO NOTHING
                RETURNING {REVIEW_COLUMNS}
                """,
                (game_id, engine, guild_id, positions, now, now),
            )
            if row is not None:
                return review_from_row(row), True
            row = await db.one(
                f"SELECT {REVIEW_COLUMNS} FROM reviews WHERE game_id = ? AND engine = ?",
                (game_id, engine),
            )
        assert row is not None  # it conflicted, and reviews are only deleted by `discard`
        return review_from_row(row), False

    async def get(self, game_id: int, engine: str) -> ReviewRecord | None:
        async with self.transaction(read_only=True) as db:
            row = await db.one(
                f"SELECT {REVIEW_COLUMNS} FROM reviews WHERE game_id = ? AND engine = ?",
                (game_id, engine),
            )
        return None if row is None else review_from_row(row)

    async def set_message(
        self,
        game_id: int,
        engine: str,
        channel_id: int | None,
        message_id: int | None,
        *,
        now: float,
    ) -> ReviewRecord | None:
        """The review is shown by `message_id` from now on (by no message if None); None if
        there is no such review."""
        rows = await self.execute_alone(
            f"""
            UPDATE reviews SET channel_id = ?, message_id = ?, updated_at = ?
            WHERE game_id = ? AND engine = ?
            RETURNING {REVIEW_COLUMNS}
            """,
            (channel_id, message_id, now, game_id, engine),
        )
        return review_from_row(rows[0]) if rows else None

    async def save(
        self, game_id: int, engine: str, analyses: Sequence[dict[str, Any]], *, now: float
    ) -> ReviewRecord | None:
        """Keep the analyses so far; with one for every move the review is done. None if the
        review is not running (done, or discarded)."""
        text = json.dumps(list(analyses), separators=(",", ":"))
        rows = await self.execute_alone(
            f"""
            UPDATE reviews
            SET analyses = ?, updated_at = ?,
                status = CASE WHEN positions = ? THEN 'done' ELSE 'running' END
            WHERE game_id = ? AND engine = ? AND status = 'running' AND ? <= positions
            RETURNING {REVIEW_COLUMNS}
            """,
            (text, now, len(analyses), game_id, engine, len(analyses)),
        )
        if rows:
            return review_from_row(rows[0])
        found = await self.get(game_id, engine)
        if found is not None and not found.done and len(analyses) > found.positions:
            raise InvalidInputError(f"A review of {found.positions} moves has no more analyses.")
        return None

    async def unfinished(self, shards: Shards = ALL_SHARDS) -> list[ReviewRecord]:
        """Reviews still running in the servers of `shards`, oldest first: what a restart
        resumes."""
        async with self.transaction(read_only=True) as db:
            rows = await db.all(
                f"""
                SELECT {REVIEW_COLUMNS} FROM reviews
                WHERE status = 'running' AND {in_shards(shards)} ORDER BY id
                """
            )
        return [review_from_row(row) for row in rows]

    async def unsearched(self, shards: Shards = ALL_SHARDS) -> list[ReviewRecord]:
        """Reviews done in the servers of `shards` whose games were not searched for puzzles
        yet, oldest first: what a restart searches."""
        async with self.transaction(read_only=True) as db:
            rows = await db.all(
                f"""
                SELECT {REVIEW_COLUMNS} FROM reviews
                WHERE status = 'done' AND NOT puzzles_searched AND {in_shards(shards)}
                ORDER BY id
                """
            )
        return [review_from_row(row) for row in rows]

    async def discard(self, game_id: int, engine: str) -> None:
        """Forget the review (one that failed, or was made by another engine)."""
        await self.execute_alone(
            "DELETE FROM reviews WHERE game_id = ? AND engine = ?", (game_id, engine)
        )
