"""Which look-up answers were shared from their ephemeral message, so that one answer is posted
once however often its Share button is clicked (twice at once, say, before "Shared" shows)."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import N_

CAPACITY = 4096
"""Shares remembered; the oldest go first, so memory stays flat (their messages have shown
"Shared" for long by then)."""

ALREADY_SHARED = N_("You've already shared this answer in the channel.")

Key = tuple[int, str]


class Shares:
    """Keyed by the ephemeral message and the Share button's custom id (a pager turns the message
    to another page, with a Share of its own). Kept in the process: an ephemeral message is one
    member's, and every click on it reaches the process that runs its server's shard."""

    def __init__(self) -> None:
        self._taken: dict[Key, None] = {}

    @staticmethod
    def key(interaction: discord.Interaction) -> Key:
        """The clicked Share button, on its message (a click always names one)."""
        data: Any = interaction.data or {}
        message = interaction.message
        return (0 if message is None else message.id, str(data.get("custom_id")))

    def claim(self, key: Key) -> bool:
        """Whether this click is the one to share: False if another did, or is doing it."""
        if key in self._taken:
            return False
        self._taken[key] = None
        while len(self._taken) > CAPACITY:
            del self._taken[next(iter(self._taken))]
        return True

    def release(self, key: Key) -> None:
        """The share failed: the next click may try again."""
        self._taken.pop(key, None)
