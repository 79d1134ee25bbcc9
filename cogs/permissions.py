"""What the bot needs in a channel to host a game there, checked before one starts: a game it
can't show would hold the channel until its deadline."""

from __future__ import annotations

import discord

from bot.i18n import ngettext
from cogs.invite import NEEDED, NEEDED_FOR_THREADS
from cogs.replies import Declined


def check_permissions(interaction: discord.Interaction, *, thread: bool) -> None:
    """Refuse, naming them, when the bot lacks what a game needs in this channel."""
    granted = interaction.app_permissions
    needed = NEEDED | (NEEDED_FOR_THREADS if thread else {})
    missing = [label for flag, label in needed.items() if not getattr(granted, flag)]
    if missing:
        text = ngettext(
            "I can't host a game here: I'm missing the {permissions} permission in this "
            "channel. Ask an admin to grant it.",
            "I can't host a game here: I'm missing the {permissions} permissions in this "
            "channel. Ask an admin to grant them.",
            len(missing),
        )
        raise Declined(text.format(permissions=", ".join(missing)))
