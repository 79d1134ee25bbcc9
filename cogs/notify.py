"""Turn notices on Discord: `/reversi notify`, and the mentions and direct messages that tell a
player it is their move (when, and how often, is `bot.notifications`' business)."""

from __future__ import annotations

import logging
from typing import cast

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.client import ReversiBot
from bot.domain import GameState
from bot.events import Events
from bot.i18n import N_, _, using
from bot.notifications import TurnNotices
from bot.services.notices import Notice, NoticeKind, NotifyChoice
from cogs.audience import for_everyone
from cogs.group import add_feature_cog, remove_feature_commands
from cogs.links import mention, message_link
from cogs.replies import answering

log = logging.getLogger(__name__)

DMS_CLOSED = 50007
ONLY_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
"""A notice mentions the one player it is for, and pings nobody else."""
CHOICES = {
    NotifyChoice.CHANNEL: N_("a mention in the game's channel"),
    NotifyChoice.DM: N_("a direct message (or a mention in the channel if your DMs are closed)"),
    NotifyChoice.NONE: N_("nothing: you'll keep an eye on your games yourself"),
}


def notice_text(state: GameState, user_id: int, kind: NoticeKind) -> str:
    record = state.record
    facts = {
        "player": mention(user_id),
        "id": record.id,
        "link": message_link(record.guild_id, record.channel_id, record.message_id),
    }
    if kind is NoticeKind.REMINDER and record.deadline is not None:
        text = _("⏰ {player}, your move in Reversi game #{id} · time runs out: {when} → {link}")
        return text.format(**facts, when=f"<t:{int(record.deadline)}:R>")
    return _("{player}, it's your move in Reversi game #{id} → {link}").format(**facts)


class Notify(commands.Cog):
    def __init__(self, bot: ReversiBot) -> None:
        self.bot = bot
        assert bot.timers is not None, "the timers start in setup_hook"
        self.notices = TurnNotices(bot.services.notices, bot.timers, self)

    def subscribe(self, events: Events) -> None:
        self.notices.subscribe(events)

    def unsubscribe(self, events: Events) -> None:
        self.notices.unsubscribe(events)

    async def cog_unload(self) -> None:
        remove_feature_commands(self.bot, self)

    @app_commands.command(name="notify", description=locale_str("How to tell you it's your move"))
    @app_commands.describe(
        choice=locale_str("Where your turn notices go (default: the game's channel)")
    )
    @app_commands.choices(
        choice=[
            app_commands.Choice(
                name=locale_str("In the game's channel"), value=NotifyChoice.CHANNEL.value
            ),
            app_commands.Choice(name=locale_str("By direct message"), value=NotifyChoice.DM.value),
            app_commands.Choice(name=locale_str("Not at all"), value=NotifyChoice.NONE.value),
        ]
    )
    async def notify(
        self, interaction: discord.Interaction, choice: app_commands.Choice[str] | None = None
    ) -> None:
        async with answering(interaction, "/reversi notify"):
            user_id = interaction.user.id
            if choice is None:
                current = await self.bot.services.notices.choice(user_id)
                text = _(
                    "When it's your move and you haven't played for a minute, I send {how}."
                ).format(how=_(CHOICES[current]))
            else:
                chosen = NotifyChoice(choice.value)
                await self.bot.services.notices.choose_notices(user_id, chosen)
                text = _("Saved: your turn notices are now {how}.").format(how=_(CHOICES[chosen]))
            await interaction.response.send_message(text, ephemeral=True)

    async def notify_player(
        self, state: GameState, user_id: int, kind: NoticeKind, choice: NotifyChoice
    ) -> Notice | None:
        record = state.record
        game_id = record.id
        if choice is NotifyChoice.DM:
            languages = self.bot.services.context.languages
            with using(await languages.for_reader(user_id, record.guild_id, None)):
                text = notice_text(state, user_id, kind)
            try:
                dm = await self.bot.create_dm(discord.Object(user_id))
                message = await dm.send(text)
                return Notice(game_id, dm.id, message.id)
            except discord.HTTPException as error:
                if error.code != DMS_CLOSED:
                    log.info("Game %s: no direct message to %s (%s)", game_id, user_id, error.code)
        async with for_everyone(self.bot, record.guild_id):
            text = notice_text(state, user_id, kind)
        channel = self.bot.get_partial_messageable(record.channel_id)
        try:
            message = await channel.send(text, allowed_mentions=ONLY_USERS)
        except discord.HTTPException as error:
            log.info("Game %s: the turn notice was not posted (%s)", game_id, error.code)
            return None
        return Notice(game_id, state.record.channel_id, message.id)

    async def withdraw(self, notice: Notice) -> None:
        channel = self.bot.get_partial_messageable(notice.channel_id)
        try:
            await channel.get_partial_message(notice.message_id).delete()
        except discord.HTTPException as error:
            log.info("Turn notice %s not deleted (%s)", notice.message_id, error.code)


async def setup(bot: commands.AutoShardedBot) -> None:
    await add_feature_cog(bot, Notify(cast(ReversiBot, bot)))
