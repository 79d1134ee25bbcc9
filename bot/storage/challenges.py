"""Challenges: an invitation to play that becomes a game when accepted, or lapses."""

from __future__ import annotations

from bot.domain import Challenge, ChallengeStatus, GameRecord, InvalidInputError, TimeControl
from bot.domain.challenges import challenge_lifetime
from bot.domain.refusals import Refusal, Refused
from bot.domain.shards import ALL_SHARDS, Shards
from bot.engine import Color
from bot.storage.database import Row, Store, Transaction
from bot.storage.errors import (
    ChallengeClosedError,
    ChallengeNotFoundError,
    RematchOpenError,
)
from bot.storage.games import check_channel_free, insert_game
from bot.storage.rows import time_control_columns, time_control_from_row
from bot.storage.settings import load_settings
from bot.storage.shards import in_shards

CHALLENGE_COLUMNS = (
    "id, guild_id, channel_id, challenger_id, opponent_id, colour, time_per_move, clock_base, "
    "clock_increment, in_thread, message_id, status, game_id, created_at, expires_at, updated_at, "
    "rematch_of"
)


def challenge_from_row(row: Row) -> Challenge:
    return Challenge(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        color=None if row["colour"] == "random" else Color(row["colour"]),
        time_control=time_control_from_row(row),
        in_thread=bool(row["in_thread"]),
        message_id=row["message_id"],
        status=ChallengeStatus(row["status"]),
        game_id=row["game_id"],
        created_at=float(row["created_at"]),
        expires_at=float(row["expires_at"]),
        updated_at=float(row["updated_at"]),
        rematch_of=row["rematch_of"],
    )


async def _load(db: Transaction, challenge_id: int, *, lock: bool = False) -> Challenge:
    """The challenge; with `lock`, locked until the transaction ends, so that a concurrent answer
    waits for this one and then finds the challenge closed."""
    row = await db.one(
        f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ? "
        + (db.dialect.for_update if lock else ""),
        (challenge_id,),
    )
    if row is None:
        raise ChallengeNotFoundError(challenge_id)
    return challenge_from_row(row)


async def _pending(db: Transaction, challenge_id: int, now: float) -> Challenge:
    """The challenge, if it can still be answered at `now`."""
    challenge = await _load(db, challenge_id, lock=True)
    if challenge.status is not ChallengeStatus.PENDING:
        raise ChallengeClosedError(challenge_id, challenge.status)
    if challenge.expires_at <= now:
        raise ChallengeClosedError(challenge_id, ChallengeStatus.EXPIRED)
    return challenge


async def _close(
    db: Transaction, challenge_id: int, status: ChallengeStatus, now: float, game_id: int | None
) -> Challenge:
    row = await db.one(
        f"""
        UPDATE challenges SET status = ?, game_id = ?, updated_at = ? WHERE id = ?
        RETURNING {CHALLENGE_COLUMNS}
        """,
        (status, game_id, now, challenge_id),
    )
    assert row is not None
    return challenge_from_row(row)


class ChallengeStore(Store):
    async def create(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        opponent_id: int | None = None,
        *,
        now: float,
        color: Color | None = None,
        time_control: TimeControl | None = None,
        in_thread: bool = False,
        expires_in: float | None = None,
        rematch_of: int | None = None,
    ) -> Challenge:
        """Invite `opponent_id` (anyone, if None) to a game; `color` is the challenger's (None:
        drawn at random on acceptance).

        Without `time_control` the guild's default applies. The challenge stays open
        `expires_in` seconds, by default as long as its time control suggests
        (`challenge_lifetime`). Unless the game is to be played in
        a new thread, a channel with a game in progress is refused (`ChannelBusyError`). A
        rematch (`rematch_of` the game it follows) is refused with `RematchOpenError` while
        another of that game is open.
        """
        if opponent_id == challenger_id:
            raise Refusal(Refused.CHALLENGED_YOURSELF)
        if expires_in is not None and not expires_in > 0:
            raise InvalidInputError("A challenge must stay open for some time.")
        async with self.transaction() as db:
            if time_control is None:
                time_control = (await load_settings(db, guild_id)).time_control
            if expires_in is None:
                expires_in = challenge_lifetime(time_control)
            if not in_thread:
                await check_channel_free(db, channel_id)
            row = await db.one(
                f"""
                INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, colour,
                    time_per_move, clock_base, clock_increment, in_thread, created_at,
                    expires_at, updated_at, rematch_of)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (rematch_of) WHERE status = 'pending' AND rematch_of IS NOT NULL
                DO NOTHING
                RETURNING {CHALLENGE_COLUMNS}
                """,
                (
                    guild_id,
                    channel_id,
                    challenger_id,
                    opponent_id,
                    "random" if color is None else color.value,
                    *time_control_columns(time_control),
                    in_thread,
                    now,
                    now + expires_in,
                    now,
                    rematch_of,
                ),
            )
            if row is None:
                open_offer = await db.value(
                    "SELECT id FROM challenges WHERE rematch_of = ? AND status = 'pending'",
                    (rematch_of,),
                )
                raise RematchOpenError(open_offer)
        return challenge_from_row(row)

    async def get(self, challenge_id: int) -> Challenge:
        async with self.transaction(read_only=True) as db:
            return await _load(db, challenge_id)

    async def set_message(self, challenge_id: int, message_id: int) -> Challenge:
        async with self.transaction() as db:
            row = await db.one(
                f"UPDATE challenges SET message_id = ? WHERE id = ? RETURNING {CHALLENGE_COLUMNS}",
                (message_id, challenge_id),
            )
        if row is None:
            raise ChallengeNotFoundError(challenge_id)
        return challenge_from_row(row)

    async def pending(self, shards: Shards = ALL_SHARDS) -> list[Challenge]:
        """Challenges still open in the servers of `shards`, soonest to expire first: what to
        re-arm after a restart."""
        async with self.transaction(read_only=True) as db:
            rows = await db.all(
                f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE status = 'pending' "
                f"AND {in_shards(shards)} ORDER BY expires_at, id"
            )
        return [challenge_from_row(row) for row in rows]

    async def open_of(self, guild_id: int, user_id: int, *, now: float) -> list[Challenge]:
        """The player's challenges still open at `now` in the server, sent or addressed to them,
        soonest to expire first."""
        async with self.transaction(read_only=True) as db:
            rows = await db.all(
                f"""
                SELECT {CHALLENGE_COLUMNS} FROM challenges
                WHERE guild_id = :guild AND status = 'pending' AND expires_at > :now
                  AND (challenger_id = :user OR opponent_id = :user)
                ORDER BY expires_at, id
                """,
                {"guild": guild_id, "user": user_id, "now": now},
            )
        return [challenge_from_row(row) for row in rows]

    async def open_by_server(
        self, user_id: int, *, now: float, shards: Shards = ALL_SHARDS
    ) -> dict[int, int]:
        """How many challenges the player has open at `now`, sent or addressed to them, in each
        server of `shards`, by server."""
        async with self.transaction(read_only=True) as db:
            rows = await db.all(
                f"""
                SELECT guild_id, count(*) AS challenges FROM challenges
                WHERE status = 'pending' AND expires_at > :now
                  AND (challenger_id = :user OR opponent_id = :user) AND {in_shards(shards)}
                GROUP BY guild_id
                """,
                {"user": user_id, "now": now},
            )
        return {row["guild_id"]: row["challenges"] for row in rows}

    async def accept(
        self,
        challenge_id: int,
        user_id: int,
        *,
        challenger_color: Color,
        now: float,
        deadline: float | None,
        channel_id: int | None = None,
    ) -> tuple[Challenge, GameRecord]:
        """Start the challenge's game, in `channel_id` (a new thread) or the challenge's channel,
        with the challenger playing `challenger_color`.

        Exactly one of several concurrent accepts wins; the others get `ChallengeClosedError`
        (same challenge) or `ChannelBusyError` (another game took the channel first).
        """
        async with self.transaction() as db:
            challenge = await _pending(db, challenge_id, now)
            if user_id == challenge.challenger_id or challenge.opponent_id not in (None, user_id):
                raise Refusal(Refused.CHALLENGE_FOR_SOMEONE_ELSE)
            if challenge.color not in (None, challenger_color):
                raise Refusal(Refused.COLOR_TAKEN)
            players = (challenge.challenger_id, user_id)
            black_id, white_id = players if challenger_color is Color.BLACK else players[::-1]
            settings = await load_settings(db, challenge.guild_id)
            game = await insert_game(
                db,
                guild_id=challenge.guild_id,
                channel_id=challenge.channel_id if channel_id is None else channel_id,
                black_id=black_id,
                white_id=white_id,
                rated=settings.rated,
                time_control=challenge.time_control,
                deadline=deadline,
                now=now,
            )
            accepted = await _close(db, challenge_id, ChallengeStatus.ACCEPTED, now, game.id)
        return accepted, game

    async def reopen(self, challenge_id: int, game_id: int, *, now: float) -> Challenge:
        """Undo an acceptance whose game could not begin (its thread could not be created):
        the challenge is pending again and the game, still unplayed, is deleted."""
        async with self.transaction() as db:
            reopened = await _close(db, challenge_id, ChallengeStatus.PENDING, now, None)
            removed = await db.value(
                "DELETE FROM games WHERE id = ? AND ply = 0 AND status = 'active' RETURNING id",
                (game_id,),
            )
            if removed is None:
                raise InvalidInputError("Only a game not yet played can be undone.")
            return reopened

    async def decline(self, challenge_id: int, user_id: int, *, now: float) -> Challenge:
        async with self.transaction() as db:
            challenge = await _pending(db, challenge_id, now)
            if user_id != challenge.opponent_id:
                raise Refusal(Refused.ONLY_CHALLENGED_DECLINES)
            return await _close(db, challenge_id, ChallengeStatus.DECLINED, now, None)

    async def cancel(self, challenge_id: int, user_id: int, *, now: float) -> Challenge:
        async with self.transaction() as db:
            challenge = await _pending(db, challenge_id, now)
            if user_id != challenge.challenger_id:
                raise Refusal(Refused.ONLY_CHALLENGER_CANCELS)
            return await _close(db, challenge_id, ChallengeStatus.CANCELLED, now, None)

    async def expire(self, *, now: float, shards: Shards = ALL_SHARDS) -> list[Challenge]:
        """Close every pending challenge in the servers of `shards` whose time is up; returns
        them, to edit their messages."""
        async with self.transaction() as db:
            rows = await db.all(
                f"""
                UPDATE challenges SET status = 'expired', updated_at = :now
                WHERE status = 'pending' AND expires_at <= :now AND {in_shards(shards)}
                RETURNING {CHALLENGE_COLUMNS}
                """,
                {"now": now},
            )
        return sorted((challenge_from_row(row) for row in rows), key=lambda c: c.id)
