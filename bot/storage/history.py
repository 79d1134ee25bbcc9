"""Questions about past games: history pages, head-to-head records, favourite openings."""

from __future__ import annotations

from bot.domain import (
    DELETED_USER_ID,
    BotRecord,
    GamePage,
    HeadToHead,
    InvalidInputError,
    RatedResult,
)
from bot.domain.refusals import Refusal, Refused
from bot.storage.database import Store
from bot.storage.games import game_page

MAX_OPENING_GAMES = 1000


class HistoryStore(Store):
    async def games(
        self,
        guild_id: int,
        *,
        user_id: int | None = None,
        opponent_id: int | None = None,
        page: int = 1,
        per_page: int = 10,
    ) -> GamePage:
        """Finished games in the guild (those of `user_id` if given, and of those only the ones
        against `opponent_id` if given), latest first.

        A page past the end gives the last page, and one below 1 the first.
        """
        if opponent_id is not None and user_id is None:
            raise InvalidInputError("An opponent's games are looked up with the player's.")
        where = "WHERE guild_id = :guild AND status = 'finished'"
        if opponent_id is not None:
            where += (
                " AND ((black_id = :user AND white_id = :other)"
                " OR (black_id = :other AND white_id = :user))"
            )
        elif user_id is not None:
            where += " AND (black_id = :user OR white_id = :user)"
        params = {"guild": guild_id, "user": user_id, "other": opponent_id}
        async with self.transaction(read_only=True) as db:
            return await game_page(db, where, params, page=page, per_page=per_page)

    async def head_to_head(self, guild_id: int, user_id: int, opponent_id: int) -> HeadToHead:
        """The record between two players in the guild, rated or not; cancelled games aside.

        Against the bot's own user id this is a player's record against the bot.
        """
        if user_id == opponent_id:
            raise Refusal(Refused.SAME_PLAYER_TWICE)
        wins, losses, draws = await self._results(
            "(black_id = :user AND white_id = :other) OR (black_id = :other AND white_id = :user)",
            {"guild": guild_id, "user": user_id, "other": opponent_id},
        )
        return HeadToHead(user_id, opponent_id, wins, losses, draws)

    async def frequent_opponents(
        self, guild_id: int, user_id: int, *, limit: int
    ) -> list[HeadToHead]:
        """The player's records against the `limit` members they finished most games with in
        the guild (of equals, the one met last first): games against the bot and forgotten
        members aside, cancelled games too."""
        async with self.transaction(read_only=True) as db:
            rows = await db.all(
                """
                SELECT opponent,
                    count(*) FILTER (WHERE result = mine),
                    count(*) FILTER (WHERE result NOT IN (mine, 'draw')),
                    count(*) FILTER (WHERE result = 'draw')
                FROM (
                    SELECT CASE WHEN black_id = :user THEN white_id ELSE black_id END AS opponent,
                        CASE WHEN black_id = :user THEN 'black' ELSE 'white' END AS mine,
                        result, updated_at
                    FROM games
                    WHERE guild_id = :guild AND status = 'finished' AND result IS NOT NULL
                      AND bot_level IS NULL AND (black_id = :user OR white_id = :user)
                ) AS played
                WHERE opponent NOT IN (:user, :deleted)
                GROUP BY opponent
                ORDER BY count(*) DESC, max(updated_at) DESC, opponent
                LIMIT :limit
                """,
                {"guild": guild_id, "user": user_id, "deleted": DELETED_USER_ID, "limit": limit},
            )
        return [HeadToHead(user_id, row[0], row[1], row[2], row[3]) for row in rows]

    async def rated_results(self, guild_id: int) -> list[RatedResult]:
        """Every rated result of the guild, in the order the games ended: the order their
        ratings were counted in."""
        async with self.transaction(read_only=True) as db:
            rows = await db.all(
                """
                SELECT id, black_id, white_id, result, updated_at FROM games
                WHERE guild_id = ? AND status = 'finished' AND rated AND result IS NOT NULL
                ORDER BY updated_at, id
                """,
                (guild_id,),
            )
        scores = {"black": 1.0, "white": 0.0, "draw": 0.5}
        return [RatedResult(row[0], row[1], row[2], scores[row[3]], float(row[4])) for row in rows]

    async def record_against_bot(self, guild_id: int, user_id: int) -> BotRecord:
        """The player's finished games against the bot in the guild, at every level.

        Told apart by `bot_level` rather than the bot's user id, which storage doesn't know.
        """
        wins, losses, draws = await self._results(
            "bot_level IS NOT NULL AND (black_id = :user OR white_id = :user)",
            {"guild": guild_id, "user": user_id},
        )
        return BotRecord(user_id, wins, losses, draws)

    async def _results(self, games: str, params: dict[str, int]) -> tuple[int, int, int]:
        """Wins, losses and draws of `:user` in the guild's decided games that match `games`."""
        async with self.transaction(read_only=True) as db:
            row = await db.one(
                f"""
                SELECT
                    count(*) FILTER (
                        WHERE result = CASE WHEN black_id = :user THEN 'black' ELSE 'white' END),
                    count(*) FILTER (
                        WHERE result = CASE WHEN black_id = :user THEN 'white' ELSE 'black' END),
                    count(*) FILTER (WHERE result = 'draw')
                FROM games
                WHERE guild_id = :guild AND status = 'finished' AND result IS NOT NULL
                  AND ({games})
                """,
                params,
            )
        assert row is not None
        return row[0], row[1], row[2]

    async def first_moves_as_black(
        self, guild_id: int, user_id: int, *, moves: int, limit: int
    ) -> list[str]:
        """The first `moves` moves (a transcript) of the player's latest `limit` games as Black
        in the guild that have a move, latest first."""
        if moves < 1 or not 1 <= limit <= MAX_OPENING_GAMES:
            raise InvalidInputError(
                f"An opening has at least one move, in 1 to {MAX_OPENING_GAMES} games."
            )
        async with self.transaction(read_only=True) as db:
            rows = await db.all(
                """
                SELECT substr(transcript, 1, :length) AS opening FROM games
                WHERE guild_id = :guild AND black_id = :user AND ply > 0
                ORDER BY updated_at DESC, id DESC LIMIT :limit
                """,
                {"guild": guild_id, "user": user_id, "length": 2 * moves, "limit": limit},
            )
        return [row["opening"] for row in rows]
