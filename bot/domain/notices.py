"""Telling players it is their turn, as data: how each player wants to hear it, and the notices
sent (`bot.notifications` decides when)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class NotifyChoice(StrEnum):
    CHANNEL = "channel"
    """A mention in the game's channel (the default)."""
    DM = "dm"
    """A direct message, or the channel when the player's DMs are closed."""
    NONE = "none"


class NoticeKind(StrEnum):
    PING = "ping"
    """It became your turn a while ago."""
    REMINDER = "reminder"
    """Your time for this move is running out."""
    END = "end"
    """The game is over (sent for its last ply)."""


@dataclass(frozen=True, slots=True)
class Notice:
    """A turn notice on screen: the game's latest, deleted when the next is posted."""

    game_id: int
    channel_id: int
    message_id: int
