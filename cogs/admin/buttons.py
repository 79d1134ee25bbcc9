"""The confirmations of the server's settings and of deleting one's data, handed to the `Admin`
cog."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.domain import ChannelAction, ChannelChange, ChannelEffect
from bot.i18n import _
from cogs.buttons import Taken
from cogs.features import features


class ForgetConfirmButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:forget-yes:(?P<user>[0-9]+)",
):
    def __init__(self, user_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Yes, delete my stats"),
                style=discord.ButtonStyle.danger,
                custom_id=f"reversi:forget-yes:{user_id}",
            )
        )
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ForgetConfirmButton:
        return cls(int(match["user"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).admin.on_forget_confirm(interaction, self.user_id)


class ChannelsConfirmButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:channels-yes:(?P<action>allow|disallow|everywhere):(?P<channel>[0-9]+)"
    r":(?P<offered>only|add|unblock|block|remove|except|everywhere)",
):
    """Confirms a change to where games may start (channel 0: none, for everywhere) as doing
    what it did when it was offered (`offered`), so that a click after the settings changed to
    make it mean something else is refused and asked again."""

    def __init__(self, change: ChannelChange, offered: ChannelEffect) -> None:
        channel = change.channel_id or 0
        super().__init__(
            discord.ui.Button(
                label=_("Yes, change it"),
                style=discord.ButtonStyle.danger,
                custom_id=f"reversi:channels-yes:{change.action}:{channel}:{offered}",
            )
        )
        self.change, self.offered = change, offered

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChannelsConfirmButton:
        action, channel = ChannelAction(match["action"]), int(match["channel"])
        change = ChannelChange(action, None if action is ChannelAction.EVERYWHERE else channel)
        return cls(change, ChannelEffect(match["offered"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).admin.on_channels_confirm(
            interaction, self.change, self.offered
        )
