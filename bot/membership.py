"""Who has left a server, asked of Discord: the bot asks for no members intent, so it is never
told when someone leaves, and a tournament would go on pairing them."""

from __future__ import annotations

import logging
from collections.abc import Collection

import discord

log = logging.getLogger(__name__)


class GuildMembers:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def gone(self, guild_id: int, user_ids: Collection[int]) -> set[int]:
        """Those Discord answers are no member (Unknown Member, or a deleted account); anyone it
        fails to answer for is taken to be still there."""
        guild = self.client.get_guild(guild_id)
        if guild is None:
            return set()
        gone = set()
        for user_id in user_ids:
            try:
                await guild.fetch_member(user_id)
            except discord.NotFound:
                gone.add(user_id)
            except discord.HTTPException as error:
                log.info("Membership of %s in %s not known (%s)", user_id, guild_id, error.code)
        return gone
