"""Questions about past games: history pages, head-to-head records, favourite openings."""

from __future__ import annotations

from bot.domain import BotRecord, GamePage, HeadToHead, InvalidInputError, Opening
from bot.domain.refusals import Refusal, Refused
from bot.storage.database import Store
from bot.storage.games import game_page


class HistoryStore(Store):
    async def games(
        self, guild_id: int, *, user_id: int | None = None, page: int = 1, per_page: int = 10
    ) -> GamePage:
        """Finished games in the guild (those of `user_id` if given), latest first.

        A page past the end gives the last page, and one below 1 the first.
        """
        where = "WHERE guild_id = :guild AND status = 'finished'"
        if user_id is not None:
            where += " AND (black_id = :user OR white_id = :user)"
        params = {"guild": guild_id, "user": user_id}
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

    async def favourite_opening(
        self, guild_id: int, user_id: int, *, moves: int = 3
    ) -> Opening | None:
        """The first `moves` moves the player has most often played as Black; None if none."""
        if moves < 1:
            raise InvalidInputError("An opening has at least one move.")
        async with self.transaction(read_only=True) as db:
            row = await db.one(
                """
                SELECT substr(transcript, 1, :length) AS opening, count(*) AS games
                FROM games
                WHERE guild_id = :guild AND black_id = :user AND ply >= :moves
                GROUP BY opening ORDER BY games DESC, opening LIMIT 1
                """,
                {"guild": guild_id, "user": user_id, "moves": moves, "length": 2 * moves},
            )
        return None if row is None else Opening(row["opening"], row["games"])
