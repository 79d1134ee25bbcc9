"""Games from creation to finish: moves with optimistic concurrency, one active game per channel."""

from __future__ import annotations

import math
import re
from typing import Any

from bot.domain import (
    Ending,
    EndReason,
    FinishedGame,
    GamePage,
    GameRecord,
    GameStatus,
    InvalidInputError,
    TimeControl,
)
from bot.domain.glicko2 import Rating
from bot.domain.shards import ALL_SHARDS, Shards
from bot.engine import Color
from bot.storage.database import Row, Store, Transaction
from bot.storage.errors import ChannelBusyError, GameNotFoundError, GameOverError, StaleMoveError
from bot.storage.players import record_rated_result
from bot.storage.rows import time_control_columns, time_control_from_row
from bot.storage.shards import in_shards
from bot.storage.tournament_results import record_game_result

GAME_COLUMNS = (
    "id, guild_id, channel_id, message_id, black_id, white_id, transcript, ply, status, result, "
    "end_reason, black_discs, white_discs, rated, time_per_move, clock_base, clock_increment, "
    "black_clock, white_clock, turn_started, deadline, cancelled_by, created_at, updated_at, "
    "bot_level, shown_version, tournament_id"
)

Clocks = tuple[float, float] | None
"""Black's and White's time left in a live game; None in a correspondence game."""

_SQUARE = re.compile(r"[a-h][1-8]")

MAX_PER_PAGE = 100


def game_from_row(row: Row) -> GameRecord:
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        black_id=row["black_id"],
        white_id=row["white_id"],
        transcript=row["transcript"],
        ply=row["ply"],
        status=GameStatus(row["status"]),
        winner=None if row["result"] in (None, "draw") else Color(row["result"]),
        end_reason=None if row["end_reason"] is None else EndReason(row["end_reason"]),
        black_discs=row["black_discs"],
        white_discs=row["white_discs"],
        rated=bool(row["rated"]),
        time_control=time_control_from_row(row),
        deadline=None if row["deadline"] is None else float(row["deadline"]),
        cancelled_by=row["cancelled_by"],
        created_at=float(row["created_at"]),
        updated_at=float(row["updated_at"]),
        turn_started=float(row["turn_started"]),
        clocks=None
        if row["black_clock"] is None
        else (float(row["black_clock"]), float(row["white_clock"])),
        bot_level=row["bot_level"],
        shown_version=row["shown_version"],
        tournament_id=row["tournament_id"],
    )


UNRATED = Rating().rating
LATEST = "updated_at DESC, id DESC"
"""The latest changed first."""
BY_RATING = f"""
    coalesce((SELECT rating FROM players AS p
              WHERE p.guild_id = games.guild_id AND p.user_id = games.black_id), {UNRATED})
    + coalesce((SELECT rating FROM players AS p
                WHERE p.guild_id = games.guild_id AND p.user_id = games.white_id), {UNRATED})
    DESC, {LATEST}"""
"""The best rated pair of players first (one not rated yet counts as a newcomer's rating), then
the latest changed."""


async def game_page(
    db: Transaction,
    where: str,
    params: dict[str, Any],
    *,
    page: int,
    per_page: int,
    order: str = LATEST,
) -> GamePage:
    """One page of the games `where` selects, in `order` (the latest changed first). A page past
    the end gives the last page, and one below 1 the first."""
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise InvalidInputError(f"A page holds between 1 and {MAX_PER_PAGE} games.")
    total = await db.value(f"SELECT count(*) FROM games {where}", params)
    page = min(max(page, 1), max(1, math.ceil(total / per_page)))
    rows = await db.all(
        f"""
        SELECT {GAME_COLUMNS} FROM games {where}
        ORDER BY {order} LIMIT :limit OFFSET :offset
        """,
        {**params, "limit": per_page, "offset": (page - 1) * per_page},
    )
    return GamePage(page, per_page, total, tuple(game_from_row(row) for row in rows))


async def check_channel_free(db: Transaction, channel_id: int) -> None:
    busy = await db.value(
        "SELECT id FROM games WHERE channel_id = ? AND status = 'active'", (channel_id,)
    )
    if busy is not None:
        raise ChannelBusyError(busy)


async def insert_game(
    db: Transaction,
    *,
    guild_id: int,
    channel_id: int,
    black_id: int,
    white_id: int,
    rated: bool,
    time_control: TimeControl,
    deadline: float | None,
    now: float,
    bot_level: int | None = None,
    tournament_id: int | None = None,
) -> GameRecord:
    """Start a game, unless the channel already has an active one (`ChannelBusyError`); its
    first turn begins `now`, and a live game's clocks start full.

    `bot_level` marks a game against the bot (1-5); such games are never rated.
    `tournament_id` marks a tournament's board.
    """
    if black_id == white_id:
        raise InvalidInputError("You can't play against yourself.")
    clock = time_control.base
    while True:
        row = await db.one(
            f"""
            INSERT INTO games (guild_id, channel_id, black_id, white_id, rated, time_per_move,
                               clock_base, clock_increment, black_clock, white_clock,
                               turn_started, deadline, created_at, updated_at, bot_level,
                               tournament_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (channel_id) WHERE status = 'active' DO NOTHING
            RETURNING {GAME_COLUMNS}
            """,
            (
                guild_id,
                channel_id,
                black_id,
                white_id,
                rated and bot_level is None,
                *time_control_columns(time_control),
                clock,
                clock,
                now,
                deadline,
                now,
                now,
                bot_level,
                tournament_id,
            ),
        )
        if row is not None:
            return game_from_row(row)
        # The unique index refused it. On PostgreSQL the game in the way may have been started,
        # and even ended, by a transaction this insert waited for: if it ended, try again.
        await check_channel_free(db, channel_id)


def _check_square(move: str) -> None:
    if not _SQUARE.fullmatch(move):
        raise InvalidInputError(f"{move!r} is not a square; squares go from a1 to h8.")


async def _current(db: Transaction, game_id: int, expected_ply: int) -> GameRecord:
    """The game, if it is still active at `expected_ply`; locked until the transaction ends, so
    that a concurrent finish waits for this one and then finds the game over."""
    row = await db.one(
        f"SELECT {GAME_COLUMNS} FROM games WHERE id = ? {db.dialect.for_update}", (game_id,)
    )
    if row is None:
        raise GameNotFoundError(game_id)
    game = game_from_row(row)
    if not game.active:
        raise GameOverError(game_id)
    if game.ply != expected_ply:
        raise StaleMoveError(game_id, expected_ply, game.ply)
    return game


async def _finish(
    db: Transaction, game_id: int, ending: Ending, now: float, clocks: Clocks
) -> FinishedGame:
    """Finish an active game (checked by the caller) and count it in the players' records;
    a live game's clocks stop at `clocks`."""
    if ending.reason.has_result:
        result = "draw" if ending.winner is None else ending.winner.value
    else:
        result = None
    row = await db.one(
        f"""
        UPDATE games
        SET status = 'finished', result = ?, end_reason = ?, black_discs = ?, white_discs = ?,
            rated = rated AND ?, deadline = NULL, cancelled_by = ?, updated_at = ?,
            black_clock = coalesce(?, black_clock), white_clock = coalesce(?, white_clock)
        WHERE id = ?
        RETURNING {GAME_COLUMNS}
        """,
        (
            result,
            ending.reason,
            ending.black_discs,
            ending.white_discs,
            ending.reason.has_result,
            ending.cancelled_by,
            now,
            *(clocks or (None, None)),
            game_id,
        ),
    )
    assert row is not None
    finished = game_from_row(row)
    if not finished.rated:
        ended = FinishedGame(finished, None, None)
    else:
        ended = FinishedGame(finished, *await record_rated_result(db, finished, now))
    await record_game_result(db, ended)
    return ended


class GameStore(Store):
    async def create(
        self,
        guild_id: int,
        channel_id: int,
        black_id: int,
        white_id: int,
        *,
        rated: bool,
        time_control: TimeControl,
        deadline: float | None,
        now: float,
        bot_level: int | None = None,
    ) -> GameRecord:
        """Start a game directly (a game against the bot); raises `ChannelBusyError`.

        A game against the bot has its `bot_level` and is never rated.
        """
        async with self.transaction() as db:
            return await insert_game(
                db,
                guild_id=guild_id,
                channel_id=channel_id,
                black_id=black_id,
                white_id=white_id,
                rated=rated,
                time_control=time_control,
                deadline=deadline,
                now=now,
                bot_level=bot_level,
            )

    async def get(self, game_id: int) -> GameRecord:
        async with self.transaction(read_only=True) as db:
            row = await db.one(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFoundError(game_id)
        return game_from_row(row)

    async def active_in(self, channel_id: int) -> GameRecord | None:
        return await self._one_game("WHERE channel_id = ? AND status = 'active'", (channel_id,))

    async def active(self, shards: Shards = ALL_SHARDS) -> list[GameRecord]:
        """Every game in progress in the servers of `shards`, oldest first: what to resume
        after a restart."""
        return await self._games(f"WHERE status = 'active' AND {in_shards(shards)} ORDER BY id", ())

    async def in_progress(
        self, guild_id: int, *, page: int = 1, per_page: int = 10, by_rating: bool = False
    ) -> GamePage:
        """One page of the server's games in progress, the latest moved first, or (`by_rating`)
        the best rated pair of players first."""
        async with self.transaction(read_only=True) as db:
            return await game_page(
                db,
                "WHERE guild_id = :guild AND status = 'active'",
                {"guild": guild_id},
                page=page,
                per_page=per_page,
                order=BY_RATING if by_rating else LATEST,
            )

    async def in_progress_of(self, guild_id: int, user_id: int) -> list[GameRecord]:
        """Every game the player has in progress in the server (one a channel at most), oldest
        first."""
        return await self._games(
            "WHERE guild_id = ? AND status = 'active' AND (black_id = ? OR white_id = ?) "
            "ORDER BY id",
            (guild_id, user_id, user_id),
        )

    async def in_progress_by_server(
        self, user_id: int, shards: Shards = ALL_SHARDS
    ) -> dict[int, int]:
        """How many games the player has in progress in each server of `shards`, by server."""
        async with self.transaction(read_only=True) as db:
            rows = await db.all(
                "SELECT guild_id, count(*) AS games FROM games WHERE status = 'active' "
                f"AND (black_id = ? OR white_id = ?) AND {in_shards(shards)} GROUP BY guild_id",
                (user_id, user_id),
            )
        return {row["guild_id"]: row["games"] for row in rows}

    async def record_move(
        self,
        game_id: int,
        expected_ply: int,
        move: str,
        *,
        deadline: float | None,
        now: float,
        clocks: Clocks = None,
        shown: int | None = None,
    ) -> GameRecord:
        """Append `move` (a square such as `d3`) to the game if it is still at `expected_ply`;
        the next turn begins `now`, with a live game's clocks at `clocks`. `shown` is the
        version the game's message shows, if that is not stored yet: one write for both (a
        newer version stored as shown stays).

        Legality is the engine's business; this only guarantees that a move made on a position
        is applied once, and never to a later position (`StaleMoveError`).
        """
        _check_square(move)
        black, white = clocks or (None, None)
        greatest = self.database.dialect.greatest("coalesce(shown_version, -1)", "?")
        rows = await self.execute_alone(
            f"""
            UPDATE games
            SET transcript = transcript || ?, ply = ply + 1, deadline = ?, updated_at = ?,
                turn_started = ?, black_clock = coalesce(?, black_clock),
                white_clock = coalesce(?, white_clock), shown_version = nullif({greatest}, -1)
            WHERE id = ? AND ply = ? AND status = 'active'
            RETURNING {GAME_COLUMNS}
            """,
            (
                move,
                deadline,
                now,
                now,
                black,
                white,
                -1 if shown is None else shown,
                game_id,
                expected_ply,
            ),
        )
        if rows:
            return game_from_row(rows[0])
        # Refused. A ply only grows and a game only ends, so what refuses it now refused it then.
        async with self.transaction() as db:
            await _current(db, game_id, expected_ply)
        raise AssertionError("a refused move always has a reason")

    async def record_final_move(
        self,
        game_id: int,
        expected_ply: int,
        move: str,
        ending: Ending,
        *,
        now: float,
        clocks: Clocks = None,
    ) -> FinishedGame:
        """`record_move` for the move that ends the game: the move, the result and the rating
        changes in one transaction, so a crash can never leave a finished position active."""
        _check_square(move)
        async with self.transaction() as db:
            await _current(db, game_id, expected_ply)
            await db.all(
                "UPDATE games SET transcript = transcript || ?, ply = ply + 1 WHERE id = ?",
                (move, game_id),
            )
            return await _finish(db, game_id, ending, now, clocks)

    async def set_board(self, game_id: int, message_id: int, version: int) -> GameRecord:
        """Record that `message_id` now shows the game at `version` (a newer version shown
        earlier stays recorded)."""
        async with self.transaction() as db:
            shown = db.dialect.greatest("coalesce(shown_version, -1)", "?")
            row = await db.one(
                f"""
                UPDATE games SET message_id = ?, shown_version = {shown}
                WHERE id = ? RETURNING {GAME_COLUMNS}
                """,
                (message_id, version, game_id),
            )
        if row is None:
            raise GameNotFoundError(game_id)
        return game_from_row(row)

    async def set_shown(self, versions: dict[int, int]) -> None:
        """Record that each game's recorded message shows it at the version given (a newer
        version shown earlier stays recorded), in one transaction."""
        async with self.transaction() as db:
            shown = db.dialect.greatest("coalesce(shown_version, -1)", "?")
            for game_id, version in sorted(versions.items()):
                await db.all(
                    f"UPDATE games SET shown_version = {shown} WHERE id = ?", (version, game_id)
                )

    async def boards_behind(self, shards: Shards = ALL_SHARDS) -> list[GameRecord]:
        """Finished games in the servers of `shards` whose message shows an older state than
        the stored one: what a crash between a game's end and its board left behind."""
        return await self._games(
            f"""
            WHERE {self.database.dialect.board_behind}
              AND status = 'finished' AND message_id IS NOT NULL AND {in_shards(shards)} ORDER BY id
            """,
            (),
        )

    async def ends_unannounced(self, since: float, shards: Shards = ALL_SHARDS) -> list[GameRecord]:
        """Games in the servers of `shards` that ended at `since` or later and whose end is not
        yet claimed (`NoticeKind.END`, claimed when announced or found to need no announcement):
        what a stop between a game's end and its announcement left behind."""
        return await self._games(
            f"""
            WHERE status = 'finished' AND updated_at >= ? AND {in_shards(shards)}
              AND id NOT IN (SELECT game_id FROM turn_notices WHERE end_ply IS NOT NULL)
            ORDER BY id
            """,
            (since,),
        )

    async def finish(
        self,
        game_id: int,
        expected_ply: int,
        ending: Ending,
        *,
        now: float,
        clocks: Clocks = None,
    ) -> FinishedGame:
        """End the game at `expected_ply` and, if it is rated, update both players' records;
        a live game's clocks stop at `clocks`.

        A game ended without a result (cancelled, aborted) is unrated.
        """
        async with self.transaction() as db:
            await _current(db, game_id, expected_ply)
            return await _finish(db, game_id, ending, now, clocks)

    async def _one_game(self, where: str, params: tuple[int, ...]) -> GameRecord | None:
        games = await self._games(where, params)
        return games[0] if games else None

    async def _games(self, where: str, params: tuple[float, ...]) -> list[GameRecord]:
        async with self.transaction(read_only=True) as db:
            rows = await db.all(f"SELECT {GAME_COLUMNS} FROM games {where}", params)
        return [game_from_row(row) for row in rows]
