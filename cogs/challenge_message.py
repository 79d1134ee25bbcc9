"""The text and buttons of a challenge, from invitation to its end."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.engine import Color
from bot.storage import Challenge, ChallengeStatus
from cogs.items import ChallengeButton
from cogs.links import mention

COLOUR_CHOICES = [
    *(app_commands.Choice(name=c.title, value=c.value) for c in Color),
    app_commands.Choice(name="Random", value="random"),
]


def chosen_color(choice: app_commands.Choice[str] | None) -> Color | None:
    """The colour picked in a command's `colour` option; None for random."""
    return None if choice is None or choice.value == "random" else Color(choice.value)


def invitation(challenge: Challenge) -> str:
    challenger = mention(challenge.challenger_id)
    target = "anyone" if challenge.opponent_id is None else mention(challenge.opponent_id)
    colour = {
        Color.BLACK: f"{challenger} plays ⚫ Black",
        Color.WHITE: f"{challenger} plays ⚪ White",
        None: "colours drawn at random",
    }[challenge.color]
    where = " · played in a new thread" if challenge.in_thread else ""
    who = "Anyone can accept." if challenge.opponent_id is None else f"{target}, do you accept?"
    return (
        f"**Reversi challenge** · {challenger} challenges {target}!\n"
        f"{colour} · {challenge.time_control}{where}\n"
        f"{who} Expires <t:{int(challenge.expires_at)}:R>."
    )


def accepted_in_thread(challenge: Challenge, accepter_id: int, thread_id: int) -> str:
    return (
        f"{invitation(challenge).splitlines()[0]}\n"
        f"Accepted by {mention(accepter_id)}: the game is on in <#{thread_id}>."
    )


FORGOTTEN = "This Reversi challenge is closed: a player in it deleted their Reversi data."


def closed(challenge: Challenge) -> str:
    challenger = mention(challenge.challenger_id)
    target = "anyone" if challenge.opponent_id is None else mention(challenge.opponent_id)
    return {
        ChallengeStatus.DECLINED: f"{target} declined the Reversi challenge from {challenger}.",
        ChallengeStatus.CANCELLED: f"{challenger} cancelled their Reversi challenge.",
        ChallengeStatus.EXPIRED: f"The Reversi challenge from {challenger} to {target} expired.",
    }.get(challenge.status, f"The Reversi challenge from {challenger} is closed.")


def invitation_view(challenge: Challenge) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton(challenge.id, "accept"))
    if challenge.opponent_id is not None:
        view.add_item(ChallengeButton(challenge.id, "decline"))
    view.add_item(ChallengeButton(challenge.id, "cancel"))
    return view
