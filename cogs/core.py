"""What every feature shares: the board publisher and the challenge messages (subscribers of the
services), players' names, the look-ups shared, and the one error handler of the whole
command tree."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import ReversiBot
from bot.domain import Challenge, ChallengeStatus
from bot.domain.events import ChallengeClosed
from bot.i18n import N_, _
from bot.services.bus import Events
from cogs import challenge_message
from cogs.audience import for_everyone, for_reader
from cogs.buttons import PREFIX, on_its_message
from cogs.names import Names
from cogs.publish import BoardPublisher
from cogs.replies import Reply, answer_error, tell_reader
from cogs.shares import Shares

log = logging.getLogger(__name__)

COG_NAME = "Core"
NOT_ON_ITS_MESSAGE = N_("That button isn't on this message, so it does nothing here.")


class Core(commands.Cog, name=COG_NAME):
    def __init__(self, bot: ReversiBot) -> None:
        self.bot = bot
        self.names = Names(bot)
        self.publisher = BoardPublisher(bot, self.names, bot.background)
        self.shares = Shares()

    async def cog_load(self) -> None:
        self.bot.tree.on_error = self.on_tree_error  # type: ignore[method-assign]

    def subscribe(self, events: Events) -> None:
        self.publisher.subscribe(events)
        events.subscribe(ChallengeClosed, self.on_challenge_closed)

    def unsubscribe(self, events: Events) -> None:
        self.publisher.unsubscribe(events)
        events.unsubscribe(self.on_challenge_closed)

    def on_challenge_closed(self, event: ChallengeClosed) -> None:
        """Show on its message how a challenge ended that nobody clicked to close: it expired, or
        was withdrawn when a player's data was deleted (a click's handler answers with
        `answer_closed`)."""
        challenge = event.challenge
        if challenge.message_id is None:
            return
        if not event.forgotten and challenge.status is not ChallengeStatus.EXPIRED:
            return
        text: Callable[[], str]
        if event.forgotten:
            text = partial(_, challenge_message.FORGOTTEN)
        else:
            text = partial(challenge_message.closed, challenge)
        self.bot.background.spawn(
            self._edit_challenge(challenge, challenge.message_id, text, None),
            name=f"challenge {challenge.id} closed",
        )

    async def answer_closed(self, reply: Reply, challenge: Challenge) -> None:
        """Answer the click that closed `challenge` by showing how it ended on its message (an
        accepted one in the channel becomes the board: the publisher's business)."""
        message_id = challenge.message_id
        if message_id is None:
            return
        text: Callable[[], str]
        if challenge.status is ChallengeStatus.ACCEPTED:
            if not challenge.in_thread or challenge.game_id is None:
                return
            accepter = reply.interaction.user.id
            text = partial(challenge_message.accepted_in_thread, challenge, accepter, message_id)
        else:
            text = partial(challenge_message.closed, challenge)
        await self._edit_challenge(challenge, message_id, text, reply)

    async def _edit_challenge(
        self,
        challenge: Challenge,
        message_id: int,
        text_of: Callable[[], str],
        reply: Reply | None,
    ) -> None:
        """Show how the challenge ended, in the server's language: everyone sees it."""
        channel_id = challenge.channel_id
        async with for_everyone(self.bot, challenge.guild_id):
            text = text_of()
        try:
            if reply is not None and reply.claim():
                await reply.interaction.response.edit_message(content=text, view=None)
                return
            channel = self.bot.get_partial_messageable(channel_id)
            await channel.get_partial_message(message_id).edit(content=text, view=None)
        except discord.HTTPException as error:
            log.info("Challenge message %s not updated (%s)", message_id, error.code)
            if reply is not None:
                reply.release()  # still unanswered: the acknowledgement timer may answer it

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
            await tell_reader(interaction, NOT_ON_ITS_MESSAGE)

    async def on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Every failure a command lets out, or that discord.py meets before calling it (an option
        it can't convert, say), gets one ephemeral answer and at most one log entry."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        command = interaction.command.qualified_name if interaction.command else "a command"
        async with for_reader(interaction):
            await answer_error(interaction, cause, f"/{command}")


def core(bot: commands.AutoShardedBot) -> Core:
    """The loaded `Core` cog, for the features that show boards or names."""
    cog = bot.get_cog(COG_NAME)
    if cog is None:
        raise RuntimeError("cogs.core is not loaded")
    return cast(Core, cog)


async def setup(bot: commands.AutoShardedBot) -> None:
    await bot.add_cog(Core(cast(ReversiBot, bot)))
