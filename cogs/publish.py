"""Keeping one message per game up to date, and posting it anew when it can't be edited."""

from __future__ import annotations

import logging

import discord

from bot.client import ReversiBot
from bot.referee import GameState
from cogs import board_message
from cogs.replies import Refusal

log = logging.getLogger(__name__)

# Edits Discord refuses for good: message deleted, message too old to edit, access lost.
UNEDITABLE = {10008, 30046, 50001, 50013}
# Posts Discord refuses because the bot lost access to the channel.
NO_ACCESS = {50001, 50013}


class BoardNotShown(Refusal):
    """The change is stored, but the channel no longer lets the bot post the board."""

    def __init__(self) -> None:
        super().__init__(
            "That went through, but I can't post the board in this channel any more: I'm "
            "missing permissions here (View Channel, Send Messages, Attach Files). Once an "
            "admin grants them, `/reversi board` shows the game again."
        )


class Publisher:
    def __init__(self, bot: ReversiBot) -> None:
        self.bot = bot
        self._names: dict[int, str] = {}

    async def show(
        self, state: GameState, *, interaction: discord.Interaction | None = None
    ) -> None:
        """Show `state` on the game's message: through `interaction` when it was clicked on that
        message, else by editing it; post a new one if the old one can't be edited."""
        if interaction is not None:
            self.remember(interaction.user)
        built = await self.build(state)
        record = state.record
        message = interaction.message if interaction is not None else None
        if interaction is not None and message is not None and not interaction.response.is_done():
            if record.message_id in (None, message.id):
                await interaction.response.edit_message(
                    content=built.content, attachments=[built.file()], view=built.view
                )
                if record.message_id is None:
                    await self.bot.storage.set_message(record.id, message.id)
                return
            await interaction.response.defer()
        if record.message_id is not None:
            channel = self.bot.get_partial_messageable(record.channel_id)
            try:
                await channel.get_partial_message(record.message_id).edit(
                    content=built.content, attachments=[built.file()], view=built.view
                )
                return
            except discord.HTTPException as error:
                if error.code not in UNEDITABLE:
                    raise
                log.info("Game %s: reposting the board (%s)", record.id, error.code)
        await self.post(state, built)

    async def repost(self, state: GameState) -> None:
        """Post the board at the bottom of the channel; the old message keeps only its image."""
        old = state.record.message_id
        await self.post(state, await self.build(state))
        if old is not None:
            channel = self.bot.get_partial_messageable(state.record.channel_id)
            try:
                await channel.get_partial_message(old).edit(view=None)
            except discord.HTTPException as error:
                log.info("Game %s: old board not cleared (%s)", state.record.id, error.code)

    async def post(self, state: GameState, built: board_message.BoardMessage) -> None:
        channel = self.bot.get_partial_messageable(state.record.channel_id)
        try:
            message = await channel.send(content=built.content, file=built.file(), view=built.view)
        except discord.HTTPException as error:
            if error.code not in NO_ACCESS:
                raise
            log.info("Game %s: the board could not be posted (%s)", state.record.id, error.code)
            raise BoardNotShown() from error
        await self.bot.storage.set_message(state.record.id, message.id)

    async def build(self, state: GameState) -> board_message.BoardMessage:
        bot_id = self.bot.user.id if self.bot.user is not None else None
        return await board_message.build(state, await self.names(state), bot_id=bot_id)

    def remember(self, user: discord.abc.User) -> None:
        self._names[user.id] = user.display_name

    async def names(self, state: GameState) -> tuple[str, str]:
        black = await self.name(state.record.black_id, "Black")
        white = await self.name(state.record.white_id, "White")
        return black, white

    async def name(self, user_id: int, fallback: str) -> str:
        if user_id in self._names:
            return self._names[user_id]
        user = self.bot.get_user(user_id)
        if user is None and user_id:
            try:
                user = await self.bot.fetch_user(user_id)
            except discord.HTTPException:
                return fallback
        if user is None:
            return fallback
        self.remember(user)
        return self._names[user_id]
