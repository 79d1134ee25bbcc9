"""The text and buttons of a challenge, from invitation to its end."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.domain import Challenge, ChallengeStatus
from bot.engine import Color
from bot.i18n import N_, _
from cogs import time_option
from cogs.buttons import ChallengeButton
from cogs.links import mention

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
