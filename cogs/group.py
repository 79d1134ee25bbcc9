"""The one `/reversi` command group that every feature cog adds its slash commands to.

Discord allows a name at the top level once, and discord.py binds a cog's commands to the cog
only when they are declared in it. So each feature cog declares plain `@app_commands.command`
methods, and `add_feature_cog` moves them under `/reversi` once the cog is added; context menus
stay at the top level, where Discord shows them.

Discord lets a group, not its subcommands, be used in direct messages. So `/reversi` is offered
in a DM with the bot, and each command not marked `IN_DMS` (in its `extras`) answers there that it
belongs to a server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs import time_option

if TYPE_CHECKING:
    from cogs.audience import Audience
    from cogs.host import Bot

GROUP_NAME = "reversi"
GROUP_DESCRIPTION = app_commands.locale_str("Play Reversi (Othello) in this channel")
IN_DMS = "in_dms"
"""The key of a command's `extras` that lets it run in a DM with the bot too."""
CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True)


def in_a_server(interaction: discord.Interaction) -> bool:
    """The check of every command that needs a server."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return True


def reversi_group(bot: commands.AutoShardedBot) -> app_commands.Group:
    """The bot's `/reversi` group, created on first use."""
    group = bot.tree.get_command(GROUP_NAME)
    if isinstance(group, app_commands.Group):
        return group
    group = app_commands.Group(
        name=GROUP_NAME, description=GROUP_DESCRIPTION, allowed_contexts=CONTEXTS
    )
    bot.tree.add_command(group)
    return group


async def add_feature_cog(bot: commands.AutoShardedBot, cog: commands.Cog) -> None:
    """Add `cog`, then move its slash commands (already bound to it) under `/reversi`, each
    needing a server unless it is marked `IN_DMS`."""
    await bot.add_cog(cog)
    group = reversi_group(bot)
    for command in cog.get_app_commands():
        if isinstance(command, app_commands.ContextMenu):
            continue
        bot.tree.remove_command(command.name)
        group.add_command(command)
        leaves = command.walk_commands() if isinstance(command, app_commands.Group) else [command]
        for leaf in leaves:
            if isinstance(leaf, app_commands.Command) and not leaf.extras.get(IN_DMS):
                leaf.add_check(in_a_server)


def remove_feature_commands(bot: commands.AutoShardedBot, cog: commands.Cog) -> None:
    """Undo `add_feature_cog`'s move when the cog unloads; the group goes with its last command."""
    group = reversi_group(bot)
    for command in cog.walk_app_commands():
        if command.parent is group:
            group.remove_command(command.name)
    if not group.commands:
        bot.tree.remove_command(GROUP_NAME)


class FeatureCog(commands.Cog):
    """A feature's cog: its slash commands join `/reversi` as it is added (`add_feature_cog`)
    and leave with it, and its context menu (`menu`, if it has one) stays at the top level. It
    answers in the language its `audience` gives each reader."""

    menu: app_commands.ContextMenu | None = None

    def __init__(self, bot: Bot, *, audience: Audience) -> None:
        self.bot = bot
        self.audience = audience

    async def time_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The `time` option's presets, in the reader's language: a command names it as
        `FeatureCog.time_choices`, and discord.py calls it on the command's cog."""
        async with self.audience.for_reader(interaction):
            return time_option.choices(current)

    async def cog_load(self) -> None:
        if self.menu is not None:
            self.bot.tree.add_command(self.menu)

    async def cog_unload(self) -> None:
        if self.menu is not None:
            self.bot.tree.remove_command(self.menu.name, type=self.menu.type)
        remove_feature_commands(self.bot, self)
