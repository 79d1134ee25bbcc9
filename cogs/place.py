"""Where an interaction happens, as the services understand it."""

from __future__ import annotations

import discord

from bot.i18n import _
from bot.services import Place
from cogs.replies import Declined


def place_of(interaction: discord.Interaction) -> Place:
    """The server and channel (and the thread's parent) the interaction comes from."""
    guild_id, channel_id = interaction.guild_id, interaction.channel_id
    if guild_id is None or channel_id is None:
        raise Declined(_("Reversi is played in server channels."))
    channel = interaction.channel
    parent_id = channel.parent_id if isinstance(channel, discord.Thread) else None
    return Place(guild_id, channel_id, parent_id)
