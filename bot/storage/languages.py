"""Each player's own language, for what only they see."""

from __future__ import annotations

from bot.storage.database import Store


class LanguageStore(Store):
    async def personal(self, user_id: int) -> str | None:
        """The language the player chose, or None if they follow the server's."""
        async with self.transaction(read_only=True) as db:
            found = await db.value(
                "SELECT language FROM player_languages WHERE user_id = ?", (user_id,)
            )
        return None if found is None else str(found)

    async def choose(self, user_id: int, language: str | None, *, now: float) -> None:
        """Keep `language` for the player; None forgets their choice."""
        async with self.transaction() as db:
            if language is None:
                await db.all("DELETE FROM player_languages WHERE user_id = ?", (user_id,))
                return
            await db.all(
                """
                INSERT INTO player_languages (user_id, language, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE
                SET language = excluded.language, updated_at = excluded.updated_at
                """,
                (user_id, language, now),
            )
