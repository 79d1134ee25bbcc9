"""Challenges: one player's offer of a game, open or to one opponent, until it is answered."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.domain.time_control import TimeControl
from bot.engine import Color


class ChallengeStatus(StrEnum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


@dataclass(frozen=True, slots=True)
class Challenge:
    id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    opponent_id: int | None
    """None for an open challenge that anyone may accept."""
    color: Color | None
    """The challenger's colour; None to draw it at random when the challenge is accepted."""
    time_control: TimeControl
    in_thread: bool
    message_id: int | None
    status: ChallengeStatus
    game_id: int | None
    created_at: float
    expires_at: float
    updated_at: float
    rematch_of: int | None = None
    """The finished game this challenge offers to play again."""
