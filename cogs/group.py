"""The one `/reversi` command group that every feature cog adds its slash commands to.

Discord allows a name at the top level once, and discord.py binds a cog's commands to the cog
only when they are declared in it. So each feature cog declares plain `@app_commands.command`
methods, and `add_feature_cog` moves them under `/reversi` once the cog is added; context menus
stay at the top level, where Discord shows them.
"""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

GROUP_NAME = "reversi"
GROUP_DESCRIPTION = app_commands.locale_str("Play Reversi (Othello) in this channel")


def reversi_group(bot: commands.AutoShardedBot) -> app_commands.Group:
    """The bot's `/reversi` group, created on first use."""
    group = bot.tree.get_command(GROUP_NAME)
    if isinstance(group, app_commands.Group):
        return group
    group = app_commands.Group(name=GROUP_NAME, description=GROUP_DESCRIPTION, guild_only=True)
    bot.tree.add_command(group)
    return group


async def add_feature_cog(bot: commands.AutoShardedBot, cog: commands.Cog) -> None:
    """Add `cog`, then move its slash commands (already bound to it) under `/reversi`."""
    await bot.add_cog(cog)
    group = reversi_group(bot)
    for command in cog.get_app_commands():
        if isinstance(command, app_commands.ContextMenu):
            continue
        bot.tree.remove_command(command.name)
        group.add_command(command)


def remove_feature_commands(bot: commands.AutoShardedBot, cog: commands.Cog) -> None:
    """Undo `add_feature_cog`'s move when the cog unloads; the group goes with its last command."""
    group = reversi_group(bot)
    for command in cog.walk_app_commands():
        if command.parent is group:
            group.remove_command(command.name)
    if not group.commands:
        bot.tree.remove_command(GROUP_NAME)
