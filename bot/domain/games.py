"""Games as the bot hosts them: the record of one, how it ends, and pages of them."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from bot.domain.errors import InvalidInputError
from bot.domain.players import RatingChange
from bot.domain.time_control import TimeControl
from bot.engine import Color, Result

DELETED_USER_ID = 0
"""Stands in for a player who asked for their data to be deleted, in the games they played."""


def is_forgotten(user_id: int) -> bool:
    """Whether `user_id` stands for a member who asked to be forgotten: `DELETED_USER_ID` in
    games, a negative id in a tournament (one per forgotten entrant, so that its standings keep
    them apart). Discord's ids are all positive."""
    return user_id <= DELETED_USER_ID


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
    tournament_id: int | None = None
    """The tournament this game is a board of, if any."""

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
    def forfeited_by(self) -> int | None:
        """In a tournament game stopped without a result by one of its players, that player,
        who loses the board by forfeit: whoever aborted it in its first moves, or let their
        clock run out then (the side to move: no pass is possible that early). None for any
        other game, and for one an organiser or a moderator stopped."""
        if self.tournament_id is None or self.end_reason is None or self.end_reason.has_result:
            return None
        stopper = self.cancelled_by
        if stopper is None:
            stopper = self.player(Color.BLACK if self.ply % 2 == 0 else Color.WHITE)
        return stopper if stopper in (self.black_id, self.white_id) else None

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


def result_of(game: GameRecord) -> Result | None:
    """The result of a finished game, for its score; None while it goes on, and for a game
    that ended without a result (cancelled or aborted). A game won by resignation or on time
    is the loser's forfeit, whatever the discs."""
    reason = game.end_reason
    if reason is None or not reason.has_result:
        return None
    black, white = game.black_discs or 0, game.white_discs or 0
    if reason in (EndReason.RESIGNATION, EndReason.TIMEOUT) and game.winner is not None:
        return Result(black, white, forfeited_by=game.winner.opponent)
    return Result(black, white)


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game and, when it was rated, both players' rating changes."""

    game: GameRecord
    black: RatingChange | None
    white: RatingChange | None


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
class FavouriteOpening:
    """The named opening a player has played most often as Black: its name, its moves as they
    last played them (a transcript), and in how many games."""

    name: str
    moves: str
    games: int
