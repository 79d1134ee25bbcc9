"""Mentions and links to a game's message, so replies can point at players and boards."""

from __future__ import annotations


def message_link(guild_id: int, channel_id: int, message_id: int | None) -> str:
    if message_id is None:
        return f"<#{channel_id}>"
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def mention(user_id: int) -> str:
    """A user's mention, or "deleted user" for one who asked to be forgotten (id 0)."""
    return f"<@{user_id}>" if user_id else "deleted user"
