"""The storage the bot talks to: every operation of the stores, on one database."""

from __future__ import annotations

from bot.storage.challenges import ChallengeStore
from bot.storage.errors import ActiveGameError
from bot.storage.games import GameStore
from bot.storage.history import HistoryStore
from bot.storage.models import DELETED_USER_ID
from bot.storage.players import PlayerStore
from bot.storage.settings import SettingsStore


class Storage(ChallengeStore, GameStore, HistoryStore, PlayerStore, SettingsStore):
    """Open with `await Storage.open(path)`; close with `await storage.close()` or `async with`."""

    async def forget_user(self, guild_id: int, user_id: int) -> None:
        """Delete the user's record and challenges in the guild; their finished games stay,
        with the user replaced by `DELETED_USER_ID`. Refused while they play a game there."""
        async with self.transaction() as db:
            playing = await db.value(
                """
                SELECT id FROM games
                WHERE status = 'active' AND guild_id = :guild
                  AND (black_id = :user OR white_id = :user)
                """,
                {"guild": guild_id, "user": user_id},
            )
            if playing is not None:
                raise ActiveGameError(playing)
            params = {"guild": guild_id, "user": user_id, "deleted": DELETED_USER_ID}
            for statement in (
                "DELETE FROM players WHERE guild_id = :guild AND user_id = :user",
                """
                DELETE FROM challenges
                WHERE guild_id = :guild AND (challenger_id = :user OR opponent_id = :user)
                """,
                "UPDATE games SET black_id = :deleted WHERE guild_id = :guild AND black_id = :user",
                "UPDATE games SET white_id = :deleted WHERE guild_id = :guild AND white_id = :user",
                """
                UPDATE games SET cancelled_by = :deleted
                WHERE guild_id = :guild AND cancelled_by = :user
                """,
            ):
                await db.all(statement, params)
