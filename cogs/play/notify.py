"""Turn notices on Discord: `/reversi notify`, and the mentions and direct messages that tell a
player it is their move (when, and how often, is `bot.notifications`' business)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot import engine
from bot.domain import GameRecord, GameState
from bot.domain.notices import Notice, NoticeKind, NotifyChoice
from bot.i18n import N_, _, in_force, using
from cogs.game_summary import headline, played, what_happened
from cogs.group import FeatureCog
from cogs.links import mention, message_link
from cogs.replies import answering
from cogs.reviews.buttons import ReviewButton
from rendering.results import result_of
from rendering.words import color_name

if TYPE_CHECKING:
    from bot.services.languages import Languages
    from bot.services.notices import Notices
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.names import Names

log = logging.getLogger(__name__)

DMS_CLOSED = 50007
ONLY_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
"""A notice mentions only the players it is for, and pings nobody else."""
CHOICES = {
    NotifyChoice.CHANNEL: N_("a mention in the game's channel"),
    NotifyChoice.DM: N_("a direct message (or a mention in the channel if your DMs are closed)"),
    NotifyChoice.NONE: N_("nothing: you'll keep an eye on your games yourself"),
}


def notice_text(
    state: GameState, user_id: int, kind: NoticeKind, opponent: str, *, direct: bool = False
) -> str:
    """`@bob: Alice played d6 · ⚫ 3-3 ⚪ · your move (⏳ in a day) → link`; a reminder starts
    with ⏰. A direct message names nobody: its reader is who it is for. The relative time
    stands alone: Discord words it in the reader's language."""
    record, last = state.record, state.game.last
    if last is None:
        what = _("new game against {player}").format(player=opponent)
    elif last.passed is not None:
        what = _("{player} had no move").format(player=opponent)
    else:
        what = played(opponent, last.square)
    turn = _("your move")
    if record.deadline is not None:
        turn += f" (⏳ <t:{int(record.deadline)}:R>)"
    link = message_link(record.guild_id, record.channel_id, record.message_id)
    alarm = "⏰ " if kind is NoticeKind.REMINDER else ""
    opening = what[:1].upper() + what[1:] if direct else f"{mention(user_id)}: {what}"
    return f"{alarm}{opening} · {on_board(state)} · {turn} → {link}"


def on_board(state: GameState) -> str:
    """The discs as they stand, Black's first: `⚫ 33-31 ⚪`."""
    position = state.position
    black, white = position.count(engine.Color.BLACK), position.count(engine.Color.WHITE)
    return f"⚫ {black}-{white} ⚪"


def end_text(state: GameState, players: list[int], names: dict[int, str]) -> str:
    """`🏁 @alice @bob: game #12 is over · Bob played h8 · 🏆 Alice won · ⚫ 34-30 ⚪ → link`:
    only those it is for are mentioned; with nobody to mention (a direct message, whose reader
    it is for), `🏁 Game #12 is over · …`."""
    record = state.record
    what = what_happened(state, names.__getitem__)
    result = result_of(record)
    if result is not None:
        what += " · " + headline(record, result, past=True, who=names.__getitem__)
    link = message_link(record.guild_id, record.channel_id, record.message_id)
    if not players:
        return _("🏁 Game #{id} is over · {what} → {link}").format(
            id=record.id, what=what, link=link
        )
    return _("🏁 {players}: game #{id} is over · {what} → {link}").format(
        players=" ".join(mention(user_id) for user_id in players),
        id=record.id,
        what=what,
        link=link,
    )


def review_view(state: GameState) -> discord.ui.View | None:
    """The Review button, for a game with a result and moves to review."""
    if result_of(state.record) is None or not state.record.ply:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ReviewButton(state.record.id))
    return view


class NoticeMessages:
    """The notices on Discord (`bot.notifications.Sender`): a mention in the game's channel or
    a direct message, and the game's end announced to its players."""

    def __init__(self, bot: Bot, *, languages: Languages, audience: Audience, names: Names) -> None:
        self.bot = bot
        self.languages, self.audience, self.names = languages, audience, names

    async def notify_player(
        self, state: GameState, user_id: int, kind: NoticeKind, choice: NotifyChoice
    ) -> Notice | None:
        record = state.record
        game_id = record.id
        opponent_id = record.white_id if record.black_id == user_id else record.black_id
        opponent = await self.name(record, opponent_id)
        if choice is NotifyChoice.DM:
            sent = await self.direct(
                user_id, state, partial(notice_text, state, user_id, kind, opponent, direct=True)
            )
            if sent is not None:
                return Notice(game_id, sent.channel.id, sent.id)
        async with self.audience.for_everyone(record.guild_id):
            text = notice_text(state, user_id, kind, opponent)
        channel = self.bot.get_partial_messageable(record.channel_id)
        try:
            message = await channel.send(text, allowed_mentions=ONLY_USERS)
        except discord.HTTPException as error:
            log.info("Game %s: the turn notice was not posted (%s)", game_id, error.code)
            return None
        return Notice(game_id, state.record.channel_id, message.id)

    async def direct(
        self,
        user_id: int,
        state: GameState,
        text: Callable[[], str],
    ) -> discord.Message | None:
        """A direct message to `user_id` in their language; None if it could not be sent (their
        DMs are closed): the channel it is, then."""
        record = state.record
        languages = self.languages
        with using(await languages.for_reader(user_id, record.guild_id, None)):
            content = text()
        try:
            dm = await self.bot.create_dm(discord.Object(user_id))
            return await dm.send(content)
        except discord.HTTPException as error:
            if error.code != DMS_CLOSED:
                log.info("Game %s: no direct message to %s (%s)", record.id, user_id, error.code)
            return None

    async def name(self, record: GameRecord, user_id: int) -> str:
        """A display name as plain text (a player's colour, or "a moderator", if Discord can't
        say): naming someone pings nobody."""
        color = record.color_of(user_id)
        fallback = _("a moderator") if color is None else color_name(color, in_force())
        found = await self.names.name(user_id, fallback)
        return discord.utils.escape_mentions(discord.utils.escape_markdown(found))

    async def announce_end(self, state: GameState, choices: dict[int, NotifyChoice]) -> None:
        record = state.record
        named = [*choices, *([record.cancelled_by] if record.cancelled_by is not None else [])]
        names = {user_id: await self.name(record, user_id) for user_id in named}
        in_channel = []
        for user_id, choice in choices.items():
            if not user_id or choice is NotifyChoice.NONE:
                continue
            if choice is NotifyChoice.CHANNEL or not await self.direct(
                user_id, state, partial(end_text, state, [], names)
            ):
                in_channel.append(user_id)
        if not in_channel:
            return
        async with self.audience.for_everyone(record.guild_id):
            text = end_text(state, in_channel, names)
            view = review_view(state)
        channel = self.bot.get_partial_messageable(record.channel_id)
        try:
            if view is None:
                await channel.send(text, allowed_mentions=ONLY_USERS)
            else:
                await channel.send(text, allowed_mentions=ONLY_USERS, view=view)
        except discord.HTTPException as error:
            log.info("Game %s: the end was not announced (%s)", record.id, error.code)

    async def delete(self, notice: Notice) -> None:
        channel = self.bot.get_partial_messageable(notice.channel_id)
        try:
            await channel.get_partial_message(notice.message_id).delete()
        except discord.HTTPException as error:
            log.info("Turn notice %s not deleted (%s)", notice.message_id, error.code)


class NotifyCog(FeatureCog, name="Notify"):
    """`/reversi notify`: where a player's turn notices go."""

    def __init__(self, bot: Bot, *, audience: Audience, notices: Notices) -> None:
        super().__init__(bot, audience=audience)
        self.notices = notices

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
        async with answering(self.audience, interaction, "/reversi notify"):
            user_id = interaction.user.id
            if choice is None:
                current = await self.notices.choice(user_id)
                text = _(
                    "When it's your move and you haven't played for a minute, I send {how}."
                ).format(how=_(CHOICES[current]))
            else:
                chosen = NotifyChoice(choice.value)
                await self.notices.choose_notices(user_id, chosen)
                text = _("Saved: your turn notices are now {how}.").format(how=_(CHOICES[chosen]))
            await interaction.response.send_message(text, ephemeral=True)
