"""What the bot needs in a channel to host a game there, checked before one starts: a game it
can't show would hold the channel until its deadline."""

from __future__ import annotations

import discord

from bot.i18n import ngettext
from bot.invite import NEEDED, NEEDED_FOR_THREADS
from cogs.replies import Declined


def missing_permissions(granted: discord.Permissions, *, thread: bool) -> list[str]:
    """The names of what a game needs (in a thread of the channel, if `thread`) that `granted`
    lacks."""
    needed = NEEDED | (NEEDED_FOR_THREADS if thread else {})
    return [label for flag, label in needed.items() if not getattr(granted, flag)]


def check_permissions(interaction: discord.Interaction, *, thread: bool) -> None:
    """Refuse, naming them, when the bot lacks what a game needs in this channel."""
    missing = missing_permissions(interaction.app_permissions, thread=thread)
    if missing:
        text = ngettext(
            "I can't host a game here: I'm missing the {permissions} permission in this "
            "channel. Ask an admin to grant it.",
            "I can't host a game here: I'm missing the {permissions} permissions in this "
            "channel. Ask an admin to grant them.",
            len(missing),
        )
        raise Declined(text.format(permissions=", ".join(missing)))
