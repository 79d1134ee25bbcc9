"""Who a message is for decides its language: what one member alone sees (ephemeral answers,
direct messages) is in theirs, what the channel sees (boards, invitations, shared answers) in the
server's. See `bot.services.languages` for how each is chosen.

The composition root hands each cog and Discord-side subscriber the one `Audience`. Handlers run
inside `cogs.replies.answering`, which puts the reader's language in force; code that builds a
public message wraps it in `for_everyone`, whatever task it runs in (a task started while
answering someone inherits their language).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

import discord

from bot.i18n import using
from bot.language_codes import DEFAULT
from bot.services.errors import StorageError

if TYPE_CHECKING:
    from bot.services.languages import Languages

log = logging.getLogger(__name__)


class Audience:
    """The languages of the readers (`languages`) and of the servers, whose own locale the
    `client` knows."""

    def __init__(self, client: discord.Client, languages: Languages) -> None:
        self.client = client
        self.languages = languages

    async def reader_language(self, interaction: discord.Interaction) -> str:
        """The language of what the member behind `interaction` alone sees (English if the
        database can't say: the answer had better come in some language)."""
        try:
            return await self.languages.for_reader(
                interaction.user.id, interaction.guild_id, interaction.locale.value
            )
        except StorageError as error:
            log.info("No language for user %s (%s)", interaction.user.id, error)
            return DEFAULT

    @asynccontextmanager
    async def for_reader(self, interaction: discord.Interaction) -> AsyncIterator[None]:
        with using(await self.reader_language(interaction)):
            yield

    @asynccontextmanager
    async def for_everyone(self, guild_id: int | None) -> AsyncIterator[None]:
        """The server's language in force, for a message the whole channel sees."""
        guild = self.client.get_guild(guild_id) if guild_id is not None else None
        locale = guild.preferred_locale.value if guild is not None else None
        try:
            code = await self.languages.for_everyone(guild_id, locale)
        except StorageError as error:
            log.info("No language for server %s (%s)", guild_id, error)
            code = DEFAULT
        with using(code):
            yield
