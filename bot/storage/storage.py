"""The storage the bot talks to: one database, and a store for each kind of thing kept in it."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import Self

from bot.storage.challenges import CHALLENGE_COLUMNS, ChallengeStore, challenge_from_row
from bot.storage.database import Database
from bot.storage.errors import ActiveGameError
from bot.storage.games import GameStore
from bot.storage.history import HistoryStore
from bot.storage.models import DELETED_USER_ID, Challenge
from bot.storage.players import PlayerStore
from bot.storage.settings import SettingsStore


class Storage:
    """Open with `await Storage.open(path)`; close with `await storage.close()` or `async with`."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.games = GameStore(database)
        self.challenges = ChallengeStore(database)
        self.players = PlayerStore(database)
        self.history = HistoryStore(database)
        self.settings = SettingsStore(database)

    @classmethod
    async def open(cls, path: str | Path) -> Self:
        """Open (creating if needed) the database at `path` and bring its schema up to date."""
        return cls(await Database.open(path))

    async def forget_player(self, guild_id: int, user_id: int) -> list[Challenge]:
        """Delete the user's record and challenges in the guild, returning the challenges; their
        finished games stay, with the user replaced by `DELETED_USER_ID`. Refused while they play
        a game there."""
        async with self.database.transaction() as db:
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
            deleted = await db.all(
                f"""
                DELETE FROM challenges
                WHERE guild_id = :guild AND (challenger_id = :user OR opponent_id = :user)
                RETURNING {CHALLENGE_COLUMNS}
                """,
                params,
            )
            for statement in (
                "DELETE FROM players WHERE guild_id = :guild AND user_id = :user",
                "UPDATE games SET black_id = :deleted WHERE guild_id = :guild AND black_id = :user",
                "UPDATE games SET white_id = :deleted WHERE guild_id = :guild AND white_id = :user",
                """
                UPDATE games SET cancelled_by = :deleted
                WHERE guild_id = :guild AND cancelled_by = :user
                """,
            ):
                await db.all(statement, params)
        return sorted((challenge_from_row(row) for row in deleted), key=lambda c: c.id)

    async def close(self) -> None:
        await self.database.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()
