"""The plain, immutable records the storage hands out: ids are ints, times are epoch seconds."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

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


class Result(StrEnum):
    BLACK = "black"
    WHITE = "white"
    DRAW = "draw"


class EndReason(StrEnum):
    NORMAL = "normal"
    RESIGNATION = "resignation"
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"


class Colour(StrEnum):
    """The colour a challenger asks to play."""

    BLACK = "black"
    WHITE = "white"
    RANDOM = "random"


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
    colour: Colour
    """The challenger's colour."""
    time_per_move: float
    in_thread: bool
    message_id: int | None
    status: ChallengeStatus
    game_id: int | None
    created_at: float
    expires_at: float
    updated_at: float


@dataclass(frozen=True, slots=True)
class Game:
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
    result: Result | None
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

    @property
    def moves(self) -> tuple[str, ...]:
        return tuple(self.transcript[i : i + 2] for i in range(0, len(self.transcript), 2))

    @property
    def active(self) -> bool:
        return self.status is GameStatus.ACTIVE

    @property
    def winner_id(self) -> int | None:
        if self.result is Result.BLACK:
            return self.black_id
        if self.result is Result.WHITE:
            return self.white_id
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

    game: Game
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
    games: tuple[Game, ...]

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
