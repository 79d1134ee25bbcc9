"""Per-guild player records: ratings, results, streaks, and the leaderboard built on them."""

from __future__ import annotations

import math

from bot.domain import (
    GameRecord,
    InvalidInputError,
    LeaderboardEntry,
    LeaderboardPage,
    PlayerRecord,
    RatingChange,
)
from bot.domain.glicko2 import Rating, rate
from bot.engine import Color
from bot.storage.database import Row, Store, Transaction

MAX_PER_PAGE = 100
DIRECT_SKIP = 10_000
"""Players a leaderboard page may skip along the index before it starts from the histogram."""

PLAYER_COLUMNS = (
    "guild_id, user_id, rating, deviation, volatility, wins, losses, draws, disc_diff, "
    "streak, best_streak, updated_at"
)


def _record(row: Row) -> PlayerRecord:
    return PlayerRecord(
        guild_id=row["guild_id"],
        user_id=row["user_id"],
        rating=Rating(row["rating"], row["deviation"], row["volatility"]),
        wins=row["wins"],
        losses=row["losses"],
        draws=row["draws"],
        disc_diff=row["disc_diff"],
        streak=row["streak"],
        best_streak=row["best_streak"],
        updated_at=float(row["updated_at"]),
    )


async def _load(db: Transaction, guild_id: int, user_id: int) -> PlayerRecord | None:
    row = await db.one(
        f"SELECT {PLAYER_COLUMNS} FROM players WHERE guild_id = ? AND user_id = ?",
        (guild_id, user_id),
    )
    return None if row is None else _record(row)


def _after_game(
    record: PlayerRecord, opponent: Rating, score: float, disc_diff: int, now: float
) -> PlayerRecord:
    if score == 1:
        streak = max(record.streak, 0) + 1
    elif score == 0:
        streak = min(record.streak, 0) - 1
    else:
        streak = 0
    return PlayerRecord(
        guild_id=record.guild_id,
        user_id=record.user_id,
        rating=rate(record.rating, [(opponent, score)]),
        wins=record.wins + (score == 1),
        losses=record.losses + (score == 0),
        draws=record.draws + (score == 0.5),
        disc_diff=record.disc_diff + disc_diff,
        streak=streak,
        best_streak=max(record.best_streak, streak),
        updated_at=now,
    )


async def _save(db: Transaction, record: PlayerRecord) -> None:
    await db.all(
        f"""
        INSERT INTO players ({PLAYER_COLUMNS})
        VALUES (:guild_id, :user_id, :rating, :deviation, :volatility, :wins, :losses, :draws,
                :disc_diff, :streak, :best_streak, :updated_at)
        ON CONFLICT (guild_id, user_id) DO UPDATE SET
            rating = excluded.rating, deviation = excluded.deviation,
            volatility = excluded.volatility, wins = excluded.wins, losses = excluded.losses,
            draws = excluded.draws, disc_diff = excluded.disc_diff, streak = excluded.streak,
            best_streak = excluded.best_streak, updated_at = excluded.updated_at
        """,
        {
            "guild_id": record.guild_id,
            "user_id": record.user_id,
            "rating": record.rating.rating,
            "deviation": record.rating.deviation,
            "volatility": record.rating.volatility,
            "wins": record.wins,
            "losses": record.losses,
            "draws": record.draws,
            "disc_diff": record.disc_diff,
            "streak": record.streak,
            "best_streak": record.best_streak,
            "updated_at": record.updated_at,
        },
    )


async def record_rated_result(
    db: Transaction, game: GameRecord, now: float
) -> tuple[RatingChange, RatingChange]:
    """Count a finished rated game in both players' records; returns (black, white) changes."""
    assert game.end_reason is not None and game.end_reason.has_result, "only results are rated"
    await db.lock_guild(game.guild_id)
    black_score = {Color.BLACK: 1.0, Color.WHITE: 0.0, None: 0.5}[game.winner]
    discs = (game.black_discs or 0) - (game.white_discs or 0)
    black, white = [
        await _load(db, game.guild_id, user_id)
        or PlayerRecord(game.guild_id, user_id, Rating(), 0, 0, 0, 0, 0, 0, now)
        for user_id in (game.black_id, game.white_id)
    ]
    new_black = _after_game(black, white.rating, black_score, discs, now)
    new_white = _after_game(white, black.rating, 1.0 - black_score, -discs, now)
    await _save(db, new_black)
    await _save(db, new_white)
    return (
        RatingChange(game.black_id, black.rating, new_black.rating),
        RatingChange(game.white_id, white.rating, new_white.rating),
    )


async def _rank(db: Transaction, record: PlayerRecord) -> int:
    """1 + players ahead (higher rating, or equal rating and lower id), read off the histogram
    for whole buckets above the player's and counted in the index within their own bucket."""
    bucket = db.dialect.bucket(":rating")
    rank = await db.value(
        f"""
        SELECT 1
            + (SELECT coalesce(sum(players), 0) FROM rating_histogram
               WHERE guild_id = :guild AND bucket > {bucket})
            + (SELECT count(*) FROM players
               WHERE guild_id = :guild AND rating > :rating AND rating < {bucket} + 1)
            + (SELECT count(*) FROM players
               WHERE guild_id = :guild AND rating = :rating AND user_id < :user)
        """,
        {"guild": record.guild_id, "rating": record.rating.rating, "user": record.user_id},
    )
    return int(rank)


async def _page(db: Transaction, guild_id: int, offset: int, limit: int) -> list[Row]:
    """Players `offset + 1` onwards by rating. The inner query skips along the covering index,
    so only the page's own rows are read from the table, not every row skipped over.

    Deep pages start lower down the index: the histogram tells which bucket player `offset + 1`
    is in and how many players rank above that bucket, so at most a bucket's players are skipped
    (summing the buckets costs about as much as skipping `DIRECT_SKIP` rows).
    """
    below, skip = math.inf, offset
    if offset > DIRECT_SKIP:
        start = await db.one(
            """
            SELECT bucket, :offset - above FROM (
                SELECT bucket, players, coalesce(sum(players) OVER (
                    ORDER BY bucket DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
                ), 0) AS above
                FROM rating_histogram WHERE guild_id = :guild
            ) AS buckets
            WHERE above <= :offset AND :offset < above + players
            """,
            {"guild": guild_id, "offset": offset},
        )
        assert start is not None, "the leaderboard only asks for pages that exist"
        below, skip = start[0] + 1, start[1]
    return await db.all(
        f"""
        SELECT {PLAYER_COLUMNS} FROM players
        WHERE guild_id = :guild AND user_id IN (
            SELECT user_id FROM players WHERE guild_id = :guild AND rating < :below
            ORDER BY rating DESC, user_id LIMIT :limit OFFSET :skip
        )
        ORDER BY rating DESC, user_id
        """,
        {"guild": guild_id, "below": below, "limit": limit, "skip": skip},
    )


class PlayerStore(Store):
    async def get(self, guild_id: int, user_id: int) -> PlayerRecord | None:
        """The player's rated record in the guild; None before their first rated game."""
        async with self.transaction(read_only=True) as db:
            return await _load(db, guild_id, user_id)

    async def rank(self, guild_id: int, user_id: int) -> int | None:
        """The player's 1-based place on the guild's leaderboard; None if unrated."""
        async with self.transaction(read_only=True) as db:
            record = await _load(db, guild_id, user_id)
            return None if record is None else await _rank(db, record)

    async def leaderboard(
        self, guild_id: int, *, page: int = 1, per_page: int = 10, viewer_id: int | None = None
    ) -> LeaderboardPage:
        """One page of the guild's players by rating (ties by id), plus the viewer's own entry.

        A page past the end gives the last page, and one below 1 the first.
        """
        if not 1 <= per_page <= MAX_PER_PAGE:
            raise InvalidInputError(f"A page holds between 1 and {MAX_PER_PAGE} players.")
        async with self.transaction(read_only=True) as db:
            total = await db.value(
                "SELECT coalesce(sum(players), 0) FROM rating_histogram WHERE guild_id = ?",
                (guild_id,),
            )
            page = min(max(page, 1), max(1, math.ceil(total / per_page)))
            offset = (page - 1) * per_page
            rows = await _page(db, guild_id, offset, per_page)
            entries = tuple(
                LeaderboardEntry(offset + i + 1, _record(row)) for i, row in enumerate(rows)
            )
            viewer = next((e for e in entries if e.player.user_id == viewer_id), None)
            if viewer is None and viewer_id is not None:
                record = await _load(db, guild_id, viewer_id)
                if record is not None:
                    viewer = LeaderboardEntry(await _rank(db, record), record)
        return LeaderboardPage(guild_id, page, per_page, total, entries, viewer)
