"""What every feature shares on Discord's side: the refusal of a click not on its message, and the
one error handler of the whole command tree."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_
from cogs.buttons import PREFIX, on_its_message
from cogs.replies import answer_error, tell_reader

if TYPE_CHECKING:
    from cogs.audience import Audience
    from cogs.host import Bot

log = logging.getLogger(__name__)

COG_NAME = "Core"
NOT_ON_ITS_MESSAGE = N_("That button isn't on this message, so it does nothing here.")


class CoreCog(commands.Cog, name=COG_NAME):
    def __init__(self, bot: Bot, *, audience: Audience) -> None:
        self.bot = bot
        self.audience = audience

    async def cog_load(self) -> None:
        self.bot.tree.on_error = self.on_tree_error  # type: ignore[method-assign]

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click whose custom id is not on the message it names (sent by a modified client)
        reaches no button: discord.py drops it, so it is refused here, and nothing changes."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, object] = dict(interaction.data or {})
        custom_id = data.get("custom_id")
        if not isinstance(custom_id, str) or not custom_id.startswith(PREFIX):
            return
        if not on_its_message(interaction) and self.bot.take(interaction):
            log.info("Click on %r not on its message, by user %s", custom_id, interaction.user.id)
            await tell_reader(self.audience, interaction, NOT_ON_ITS_MESSAGE)

    async def on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Every failure a command lets out, or that discord.py meets before calling it (an option
        it can't convert, say), gets one ephemeral answer and at most one log entry."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        command = interaction.command.qualified_name if interaction.command else "a command"
        async with self.audience.for_reader(interaction):
            await answer_error(interaction, cause, f"/{command}")
