"""The text and buttons of a challenge, from invitation to its end."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.domain import Challenge, ChallengeStatus
from bot.domain.events import ChallengeClosed
from bot.engine import Color
from bot.i18n import N_, _
from bot.services.bus import Events
from cogs import time_option
from cogs.links import mention
from cogs.play.buttons import ChallengeButton
from cogs.replies import Reply

if TYPE_CHECKING:
    from bot.background import Background
    from cogs.audience import Audience
    from cogs.host import Bot

log = logging.getLogger(__name__)

COLOR_CHOICES = [
    app_commands.Choice(name=app_commands.locale_str("Black"), value=Color.BLACK.value),
    app_commands.Choice(name=app_commands.locale_str("White"), value=Color.WHITE.value),
    app_commands.Choice(name=app_commands.locale_str("Random"), value="random"),
]


def chosen_color(choice: app_commands.Choice[str] | None) -> Color | None:
    """The colour picked in a command's `colour` option; None for random."""
    return None if choice is None or choice.value == "random" else Color(choice.value)


def _headline(challenge: Challenge) -> str:
    challenger = mention(challenge.challenger_id)
    if challenge.opponent_id is None:
        return _("**Reversi challenge** · {challenger} challenges anyone!").format(
            challenger=challenger
        )
    return _("**Reversi challenge** · {challenger} challenges {opponent}!").format(
        challenger=challenger, opponent=mention(challenge.opponent_id)
    )


def invitation(challenge: Challenge) -> str:
    challenger = mention(challenge.challenger_id)
    if challenge.color is Color.BLACK:
        color = _("{challenger} plays ⚫ Black").format(challenger=challenger)
    elif challenge.color is Color.WHITE:
        color = _("{challenger} plays ⚪ White").format(challenger=challenger)
    else:
        color = _("colours drawn at random")
    where = " · " + _("played in a new thread") if challenge.in_thread else ""
    if challenge.opponent_id is None:
        who = _("Anyone can accept.")
    else:
        who = _("{opponent}, do you accept?").format(opponent=mention(challenge.opponent_id))
    # The timestamp stands alone: Discord words it in the reader's own language.
    expires = _("Expires: {when}").format(when=f"<t:{int(challenge.expires_at)}:R>")
    timing = time_option.describe(challenge.time_control)
    return f"{_headline(challenge)}\n{color} · {timing}{where}\n{who} {expires}"


def accepted_in_thread(challenge: Challenge, accepter_id: int, thread_id: int) -> str:
    accepted = _("Accepted by {player}: the game is on in {thread}.").format(
        player=mention(accepter_id), thread=f"<#{thread_id}>"
    )
    return f"{_headline(challenge)}\n{accepted}"


FORGOTTEN = N_("This Reversi challenge is closed: a player in it deleted their Reversi data.")


def closed(challenge: Challenge) -> str:
    names = {
        "challenger": mention(challenge.challenger_id),
        "opponent": mention(challenge.opponent_id) if challenge.opponent_id else "",
    }
    anyone = challenge.opponent_id is None
    match challenge.status:
        case ChallengeStatus.DECLINED:
            text = _("{opponent} declined the Reversi challenge from {challenger}.")
        case ChallengeStatus.CANCELLED:
            text = _("{challenger} cancelled their Reversi challenge.")
        case ChallengeStatus.EXPIRED if anyone:
            text = _("The Reversi challenge from {challenger} to anyone expired.")
        case ChallengeStatus.EXPIRED:
            text = _("The Reversi challenge from {challenger} to {opponent} expired.")
        case _:
            text = _("The Reversi challenge from {challenger} is closed.")
    return text.format(**names)


def invitation_view(challenge: Challenge) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton(challenge.id, "accept"))
    if challenge.opponent_id is not None:
        view.add_item(ChallengeButton(challenge.id, "decline"))
    view.add_item(ChallengeButton(challenge.id, "cancel"))
    return view


class ChallengeMessages:
    """The challenge messages as challenges close: a subscriber of the services for those nobody
    clicked to close, and the answer to the click that closed one."""

    def __init__(self, bot: Bot, *, audience: Audience, background: Background) -> None:
        self.bot = bot
        self.audience, self.background = audience, background

    def subscribe(self, events: Events) -> None:
        events.subscribe(ChallengeClosed, self.on_challenge_closed)

    def on_challenge_closed(self, event: ChallengeClosed) -> None:
        """Show on its message how a challenge ended that nobody clicked to close: it expired, or
        was cancelled when a player's data was deleted (a click's handler answers with
        `answer_closed`)."""
        challenge = event.challenge
        if challenge.message_id is None:
            return
        if not event.forgotten and challenge.status is not ChallengeStatus.EXPIRED:
            return
        text: Callable[[], str]
        text = partial(_, FORGOTTEN) if event.forgotten else partial(closed, challenge)
        self.background.spawn(
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
            text = partial(accepted_in_thread, challenge, accepter, message_id)
        else:
            text = partial(closed, challenge)
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
        async with self.audience.for_everyone(challenge.guild_id):
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
