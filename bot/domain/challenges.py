"""Challenges: one player's offer of a game, open or to one opponent, until it is answered."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.domain.time_control import TimeControl
from bot.engine import Color

LIVE_CHALLENGE_LIFETIME = 15 * 60.0
"""How long a challenge to a live game stays open: its players are at their screens now."""
LONGEST_CHALLENGE_LIFETIME = 7 * 24 * 60 * 60.0
"""How long a correspondence challenge stays open at most: a week, to reach a player who looks
in as rarely as its time per move allows."""


def challenge_lifetime(time_control: TimeControl) -> float:
    """How long a challenge to a game with `time_control` stays open: a live one minutes, a
    correspondence one as long as its time per move (no less than a live one, up to a week)."""
    if time_control.per_move is None:
        return LIVE_CHALLENGE_LIFETIME
    return max(LIVE_CHALLENGE_LIFETIME, min(time_control.per_move, LONGEST_CHALLENGE_LIFETIME))


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
