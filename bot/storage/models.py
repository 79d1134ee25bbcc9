"""The plain, immutable records the storage hands out: ids are ints, times are epoch seconds."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import TypeVar

from bot.engine import Color
from bot.i18n import _, ngettext
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


MIN_CLOCK = 1.0
MAX_CLOCK = 3 * 60 * 60.0
"""A live clock's base time at most, in seconds: longer games are correspondence games."""
MAX_INCREMENT = 3 * 60.0
MIN_PER_MOVE = 60.0
MAX_PER_MOVE = 30 * 24 * 60 * 60.0


@dataclass(frozen=True, slots=True)
class TimeControl:
    """How a game is timed: `per_move` seconds for each move (correspondence), or a live clock
    per player of `base` seconds plus `increment` seconds after each of their moves. Exactly one
    of `per_move` and `base` is set. All are whole seconds, so that each reads exactly as shown
    (never `6e-299 seconds`)."""

    per_move: float | None = None
    base: float | None = None
    increment: float = 0.0

    def __post_init__(self) -> None:
        if (self.per_move is None) == (self.base is None):
            raise InvalidInputError("A game has either a time per move or a clock.")
        # Written so that NaN fails each test.
        if self.per_move is not None and not MIN_PER_MOVE <= self.per_move <= MAX_PER_MOVE:
            raise InvalidInputError(_("The time per move must be between a minute and 30 days."))
        if self.base is not None and not MIN_CLOCK <= self.base <= MAX_CLOCK:
            raise InvalidInputError(_("A clock starts with between 1 second and 180 minutes."))
        if not (0 <= self.increment <= MAX_INCREMENT and self.increment % 1 == 0):
            raise InvalidInputError(
                _("The increment must be a whole number of seconds, from 0 to 180.")
            )
        if any(seconds % 1 for seconds in (self.per_move, self.base) if seconds is not None):
            raise InvalidInputError("A time control counts whole seconds.")
        if self.per_move is not None and self.increment:
            raise InvalidInputError("Only a clock has an increment.")

    @property
    def live(self) -> bool:
        """A clock game, played in one sitting; else correspondence."""
        return self.base is not None

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """A time control as players write it: a clock `3+2` (3 minutes, plus 2 seconds after
        each move), or a time per move `30m`, `6h`, `1d`, `1w`. Numbers are plain decimals (no
        exponent, infinity or NaN); minutes, hours, days and weeks are rounded to the second."""
        written = text.strip().lower()
        if clock := _CLOCK.fullmatch(written):
            minutes, seconds = clock.groups()
            return cls(base=_to_seconds(minutes, 60), increment=float(seconds or 0))
        if per_move := _PER_MOVE.fullmatch(written):
            number, unit = per_move.groups()
            return cls(per_move=_to_seconds(number, _UNITS[unit]))
        raise InvalidInputError(
            _(
                "{text} isn't a time control: write a clock as minutes+seconds (3+2), or a "
                "time per move such as 30m, 6h, 1d."
            ).format(text=repr(text[:20]))
        )

    def __str__(self) -> str:
        """`3+2`, or `1 day per move`."""
        if self.base is not None:
            return f"{self.base / 60:g}+{self.increment:g}"
        assert self.per_move is not None
        return _("{duration} per move").format(duration=duration(self.per_move))


_NUMBER = r"([0-9]*\.?[0-9]+)"
_CLOCK = re.compile(rf"{_NUMBER}\+{_NUMBER}?")
_PER_MOVE = re.compile(rf"{_NUMBER}([mhdw])")
_UNITS = {"m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def _to_seconds(number: str, unit: int) -> float:
    """`number` units in whole seconds, from the decimal as written (too many is infinite)."""
    return float((Decimal(number) * unit).to_integral_value())


def duration(seconds: float) -> str:
    """`1 week`, `3 days`, `6 hours`, `90 minutes`, `61 seconds`: in the largest unit that counts
    a time control's whole seconds exactly."""
    whole = int(seconds)
    unit = next(unit for unit in (7 * 86400, 86400, 3600, 60, 1) if whole % unit == 0)
    return _count_of(unit, whole // unit)


def _count_of(unit: int, count: int) -> str:
    if unit == 7 * 86400:
        text = ngettext("{count} week", "{count} weeks", count)
    elif unit == 86400:
        text = ngettext("{count} day", "{count} days", count)
    elif unit == 3600:
        text = ngettext("{count} hour", "{count} hours", count)
    elif unit == 60:
        text = ngettext("{count} minute", "{count} minutes", count)
    else:
        text = ngettext("{count} second", "{count} seconds", count)
    return text.format(count=count)


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    time_control: TimeControl
    """For new challenges that don't choose their own."""
    rated: bool
    allowed_channels: frozenset[int]
    """Channels where games may start; empty means every channel."""
    language: str | None = None
    """For what everyone sees (boards, invitations); None: the server's Discord locale."""

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


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game ends: why, who won (None: a draw, or no result when cancelled), the discs."""

    reason: EndReason
    winner: Color | None
    black_discs: int
    white_discs: int
    cancelled_by: int | None = None
    """Who stopped the game without a result: the moderator who cancelled it, or the player
    who aborted it (None when a clock ran out in the abort window)."""

    def __post_init__(self) -> None:
        if not self.reason.has_result and self.winner is not None:
            raise InvalidInputError("A cancelled or aborted game has no winner.")
        if self.reason is EndReason.CANCELLED and self.cancelled_by is None:
            raise InvalidInputError("A cancelled game records who cancelled it.")
        if self.reason.has_result and self.cancelled_by is not None:
            raise InvalidInputError("Only a cancelled or aborted game records who stopped it.")
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
    time_control: TimeControl
    deadline: float | None
    """When the side to move runs out of time (its clock's flag, in a live game); None on the
    bot's turns in a correspondence game, and once the game is over."""
    cancelled_by: int | None
    """See `Ending.cancelled_by`."""
    created_at: float
    updated_at: float
    turn_started: float
    """When the side to move's turn began: its clock runs from there."""
    clocks: tuple[float, float] | None = None
    """A live game's clocks, Black's and White's, as they stood when the turn began (the side
    to move's is running since `turn_started`); None in a correspondence game."""
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

    def clocks_at(self, now: float, running: Color | None) -> tuple[float, float] | None:
        """Both clocks at `now`, `running`'s clock less the time since its turn began (never
        below zero); None in a correspondence game."""
        if self.clocks is None:
            return None
        black, white = self.clocks
        spent = max(0.0, now - self.turn_started)
        if running is Color.BLACK:
            black = max(0.0, black - spent)
        elif running is Color.WHITE:
            white = max(0.0, white - spent)
        return black, white

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
