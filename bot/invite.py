"""What the bot needs in a channel, in one place: the invite link asks for it, and a game starts
only where it is granted (`cogs.permissions`). The link also asks for what makes a feature
fuller without being needed (Create Events: a tournament's scheduled event)."""

from __future__ import annotations

import discord

NEEDED = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "attach_files": "Attach Files",
}
NEEDED_FOR_THREADS = {
    "create_public_threads": "Create Public Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}
INVITED_WITH = discord.Permissions(
    read_message_history=True,  # to see that a replay it posted is still there
    create_events=True,  # a tournament shows among the server's events (optional)
    **dict.fromkeys(NEEDED | NEEDED_FOR_THREADS, True),
)


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server with the permissions it needs."""
    return discord.utils.oauth_url(application_id, permissions=INVITED_WITH)
