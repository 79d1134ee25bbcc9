"""Which language each reader gets.

What everyone sees (boards, invitations, notices in the channel) is in the server's language;
what one member alone sees (ephemeral replies, direct messages) is in their own language if they
chose one, else the server's. Where neither is chosen, the reader's Discord locale decides if we
speak it (for everyone: the server's community locale), then English.
"""

from __future__ import annotations

import time

from bot.language_codes import DEFAULT, language_of_locale
from bot.storage import Storage

AUTO_LANGUAGE = "auto"
"""The choice of no language: each reader's Discord language, as if none was ever chosen."""

PERSONAL_FOR = 60.0
"""Seconds a player's own language is trusted without reading it again: a choice made in this
process is seen at once, one made in another process (another shard's server) within this."""


class Languages:
    """Servers' choices are cached (a server is served by one process); personal ones for
    `PERSONAL_FOR` seconds, as a player may change theirs in any server and process."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._servers: dict[int, str | None] = {}
        self._personal: dict[int, tuple[str | None, float]] = {}
        """Each player's own language, and when it was read (`time.monotonic`)."""

    async def server(self, guild_id: int | None) -> str | None:
        """The server's chosen language, if any."""
        if guild_id is None:
            return None
        if guild_id not in self._servers:
            self._servers[guild_id] = (await self.storage.settings.get(guild_id)).language
        return self._servers[guild_id]

    def server_updated(self, guild_id: int, language: str | None) -> None:
        self._servers[guild_id] = language

    async def personal(self, user_id: int) -> str | None:
        """The player's own language, if they chose one."""
        now = time.monotonic()
        cached = self._personal.get(user_id)
        if cached is not None and now - cached[1] < PERSONAL_FOR:
            return cached[0]
        language = await self.storage.languages.personal(user_id)
        self._personal[user_id] = (language, now)
        return language

    def personal_updated(self, user_id: int, language: str | None) -> None:
        self._personal[user_id] = (language, time.monotonic())

    async def for_everyone(self, guild_id: int | None, guild_locale: str | None = None) -> str:
        """The language of a message the whole channel sees."""
        return await self.server(guild_id) or language_of_locale(guild_locale) or DEFAULT

    async def for_reader(self, user_id: int, guild_id: int | None, locale: str | None) -> str:
        """The language of what `user_id` alone sees."""
        return (
            await self.personal(user_id)
            or await self.server(guild_id)
            or language_of_locale(locale)
            or DEFAULT
        )
