"""The plain, immutable records the storage hands out: ids are ints, times are epoch seconds."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from bot.engine import Color
from bot.storage.errors import InvalidInputError
from bot.storage.glicko2 import Rating

DELETED_USER_ID = 0
"""Stands in for a player who asked for their data to be deleted, in the games they played."""


_Choice = TypeVar("_Choice", bound=StrEnum)


def parse_choice(kind: type[_Choice], value: str, what: str) -> _Choice:
    """`kind(value)`, with an error that lists the choices instead of a bare ValueError."""
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(member.value for member in kind)
        raise InvalidInputError(f"Unknown {what} {value!r}; expected one of {choices}.") from None


class GameStatus(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"


class EndReason(StrEnum):
    NORMAL = "normal"
    RESIGNATION = "resignation"
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"
    ABORTED = "aborted"
    """Stopped by a player, or by their clock, before each side had made two moves."""

    @property
    def has_result(self) -> bool:
        """Whether a game ended this way has a winner or is a draw (else it just stops)."""
        return self not in (EndReason.CANCELLED, EndReason.ABORTED)


class ChallengeStatus(StrEnum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    time_per_move: float
    rated: bool
    allowed_channels: frozenset[int]
    """Channels where games may start; empty means every channel."""

    def allows(self, channel_id: int) -> bool:
        return not self.allowed_channels or channel_id in self.allowed_channels


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
    time_per_move: float
    in_thread: bool
    message_id: int | None
    status: ChallengeStatus
    game_id: int | None
    created_at: float
    expires_at: float
    updated_at: float


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game ends: why, who won (None: a draw, or no result when cancelled), the discs."""

    reason: EndReason
    winner: Color | None
    black_discs: int
    white_discs: int
    cancelled_by: int | None = None
    """The moderator who cancelled the game, for a cancelled game only."""

    def __post_init__(self) -> None:
        if not self.reason.has_result and self.winner is not None:
            raise InvalidInputError("A cancelled game has no winner.")
        if (self.reason is EndReason.CANCELLED) != (self.cancelled_by is not None):
            raise InvalidInputError("A cancelled game records who cancelled it, and only then.")
        discs = (self.black_discs, self.white_discs)
        if min(discs) < 0 or sum(discs) > 64:
            raise InvalidInputError("Disc counts must be between 0 and 64 in total.")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as the bot hosts it: where, between whom, its moves so far and how it ended."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    black_id: int
    white_id: int
    transcript: str
    """The moves so far, two characters each (`f5d6c3`); passes are not written."""
    ply: int
    status: GameStatus
    winner: Color | None
    """The winning colour; None while playing, for a draw, or when cancelled."""
    end_reason: EndReason | None
    black_discs: int | None
    white_discs: int | None
    rated: bool
    time_per_move: float
    deadline: float | None
    cancelled_by: int | None
    created_at: float
    updated_at: float
    bot_level: int | None = None
    """The bot's level (1-5) in a game against the bot, else None."""
    shown_version: int | None = None
    """The `version` of the game its message last showed; None before a board was shown."""

    @property
    def version(self) -> int:
        """Grows with every change: each move, and the end of the game."""
        return 2 * self.ply + (not self.active)

    @property
    def board_behind(self) -> bool:
        """Whether the game's message shows an older state than this one (or none yet)."""
        return self.shown_version is None or self.shown_version < self.version

    @property
    def moves(self) -> tuple[str, ...]:
        return tuple(self.transcript[i : i + 2] for i in range(0, len(self.transcript), 2))

    @property
    def active(self) -> bool:
        return self.status is GameStatus.ACTIVE

    @property
    def winner_id(self) -> int | None:
        return None if self.winner is None else self.player(self.winner)

    @property
    def loser_id(self) -> int | None:
        return None if self.winner is None else self.player(self.winner.opponent)

    @property
    def drawn(self) -> bool:
        return self.end_reason is not None and self.end_reason.has_result and self.winner is None

    def player(self, color: Color) -> int:
        return self.black_id if color is Color.BLACK else self.white_id

    def color_of(self, user_id: int) -> Color | None:
        """The colour `user_id` plays in this game, or None if they don't play in it."""
        if user_id == self.black_id:
            return Color.BLACK
        if user_id == self.white_id:
            return Color.WHITE
        return None


class Tally:
    """Games counted as wins, losses and draws (the subclasses' fields)."""

    __slots__ = ()
    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


@dataclass(frozen=True, slots=True)
class PlayerRecord(Tally):
    """A player's rated record in one guild."""

    guild_id: int
    user_id: int
    rating: Rating
    wins: int
    losses: int
    draws: int
    disc_diff: int
    """Sum over games of own discs minus the opponent's."""
    streak: int
    """Positive: wins in a row; negative: losses in a row; 0 after a draw."""
    best_streak: int
    """Longest run of wins."""
    updated_at: float

    @property
    def provisional(self) -> bool:
        return self.rating.provisional

    @property
    def win_rate(self) -> float:
        """Share of points won, draws counting half; 0 before any game."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def average_disc_diff(self) -> float:
        return self.disc_diff / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class RatingChange:
    user_id: int
    before: Rating
    after: Rating

    @property
    def delta(self) -> float:
        return self.after.rating - self.before.rating


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game and, when it was rated, both players' rating changes."""

    game: GameRecord
    black: RatingChange | None
    white: RatingChange | None


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    rank: int
    player: PlayerRecord


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    guild_id: int
    page: int
    """1-based, clamped to the pages that exist."""
    per_page: int
    total: int
    """Number of rated players in the guild."""
    entries: tuple[LeaderboardEntry, ...]
    viewer: LeaderboardEntry | None
    """The requesting player's own entry, on this page or not; None if they are unrated."""

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / self.per_page))


@dataclass(frozen=True, slots=True)
class GamePage:
    page: int
    per_page: int
    total: int
    games: tuple[GameRecord, ...]

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / self.per_page))


@dataclass(frozen=True, slots=True)
class HeadToHead(Tally):
    """Finished, uncancelled games between two players, from `user_id`'s side."""

    user_id: int
    opponent_id: int
    wins: int
    losses: int
    draws: int


@dataclass(frozen=True, slots=True)
class BotRecord(Tally):
    """A player's finished games against the bot, at any level; such games are never rated."""

    user_id: int
    wins: int
    losses: int
    draws: int


@dataclass(frozen=True, slots=True)
class Opening:
    moves: str
    games: int
