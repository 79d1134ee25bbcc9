"""Rated puzzles as the bot keeps them: a member's puzzle rating in a server, a puzzle's learned
rating, an attempt at a puzzle, and the walk along a puzzle's line.

Each finished attempt is one rating period for the member and for the puzzle, as on the big
chess sites: solving wins against the puzzle, failing loses, and a solve after a hint counts as
a draw (the hint did half the work).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from enum import StrEnum

from bot.domain.games import is_forgotten
from bot.domain.glicko2 import Rating
from bot.engine.position import Color, Position
from bot.engine.puzzle_bank import Entry
from bot.engine.puzzles import MAX_EMPTIES, PuzzleTheme
from bot.engine.review import Review, ReviewedMove

NEW_SOLVER = Rating()
"""A member's puzzle rating before their first attempt in a server."""
PUZZLE_DEVIATION = 200.0
"""A puzzle's deviation before its first attempt: its starting rating is an estimate from its
difficulty, surer than a newcomer's 350 but still to be learned."""


class AttemptStatus(StrEnum):
    OPEN = "open"
    SOLVED = "solved"
    FAILED = "failed"


DAY = 86_400.0
"""A streak counts UTC days: day `n` is `[n * DAY, (n + 1) * DAY)` in Unix time."""


def day_of(now: float) -> int:
    """The UTC day a time falls on."""
    return math.floor(now / DAY)


@dataclass(frozen=True, slots=True)
class Streak:
    """A member's run of consecutive UTC days with a puzzle solved in a server, the longest one,
    and the last day they solved one (None before their first solve)."""

    length: int = 0
    best: int = 0
    last_day: int | None = None

    def after_solve(self, day: int) -> Streak:
        """The streak once a puzzle is solved on `day`: a second solve that day adds nothing, a
        solve the day after the last one adds a day, and any later one starts again at 1."""
        if self.last_day == day:
            return self
        length = self.length + 1 if self.last_day == day - 1 else 1
        return Streak(length, max(self.best, length), day)

    def current(self, today: int) -> int:
        """The run still going on `today`: alive until a whole UTC day passes without a solve,
        so that a member who solved yesterday has the day to keep it."""
        alive = self.last_day is not None and self.last_day >= today - 1
        return self.length if alive else 0


@dataclass(frozen=True, slots=True)
class SolverRecord:
    """A member's puzzle record in a server."""

    guild_id: int
    user_id: int
    rating: Rating
    attempts: int
    solved: int
    updated_at: float
    streak: Streak = Streak()

    @property
    def provisional(self) -> bool:
        return self.rating.provisional

    @property
    def success_rate(self) -> float:
        return self.solved / self.attempts if self.attempts else 0.0


@dataclass(frozen=True, slots=True)
class PuzzleStats:
    """What a member's stats show of their puzzles: their record and the streak still going."""

    record: SolverRecord
    current_streak: int


@dataclass(frozen=True, slots=True)
class PuzzleBoardEntry:
    rank: int
    solver: SolverRecord


@dataclass(frozen=True, slots=True)
class PuzzleBoard:
    """A page of a server's puzzle leaderboard: members whose puzzle rating is no longer
    provisional, by rating."""

    guild_id: int
    page: int
    """1-based, clamped to the pages that exist."""
    per_page: int
    total: int
    """Members on the board (non-provisional) in the server."""
    entries: tuple[PuzzleBoardEntry, ...]
    viewer: PuzzleBoardEntry | None
    """The requesting member's own entry, on this page or not; None if they are not on it."""
    viewer_record: SolverRecord | None
    """The requesting member's puzzle record, on the board or still provisional."""

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / self.per_page))


@dataclass(frozen=True, slots=True)
class PuzzleRecord:
    """A puzzle's learned rating, over every server's attempts."""

    puzzle_id: str
    rating: Rating
    attempts: int
    solved: int


@dataclass(frozen=True, slots=True)
class Attempt:
    """A member's attempt at a puzzle: `step` is the index in the puzzle's line of the move
    they are to find (the last one they found, once solved)."""

    id: int
    guild_id: int
    user_id: int
    puzzle_id: str
    step: int
    hinted: bool
    status: AttemptStatus
    rating_before: float | None
    rating_after: float | None
    """The member's puzzle rating before and after, once finished."""
    started_at: float
    finished_at: float | None

    @property
    def finished(self) -> bool:
        return self.status is not AttemptStatus.OPEN

    @property
    def solved(self) -> bool:
        return self.status is AttemptStatus.SOLVED


@dataclass(frozen=True, slots=True)
class RatingChanges:
    """What one finished attempt did to the member's and the puzzle's ratings."""

    solver: tuple[Rating, Rating]
    puzzle: tuple[Rating, Rating]

    @property
    def delta(self) -> float:
        """The member's rating change."""
        return self.solver[1].rating - self.solver[0].rating


def attempt_score(*, solved: bool, hinted: bool) -> float:
    """The member's score against the puzzle: a win, a draw if a hint helped, or a loss."""
    if not solved:
        return 0.0
    return 0.5 if hinted else 1.0


class Quadrant(StrEnum):
    """A quarter of the board, as a hint names where the move is."""

    TOP_LEFT = "top-left"
    TOP_RIGHT = "top-right"
    BOTTOM_LEFT = "bottom-left"
    BOTTOM_RIGHT = "bottom-right"

    @classmethod
    def of(cls, square: int) -> Quadrant:
        row, col = divmod(square, 8)
        top, left = row < 4, col < 4
        if top:
            return cls.TOP_LEFT if left else cls.TOP_RIGHT
        return cls.BOTTOM_LEFT if left else cls.BOTTOM_RIGHT


@dataclass(frozen=True, slots=True)
class Line:
    """A puzzle's line walked on the board: the position before each of its squares (forced
    passes made), and which squares are the solver's moves (the others are the replies)."""

    entry: Entry
    positions: tuple[Position, ...]
    """`positions[i]` is the position before `entry.line[i]`; the last one ends the line."""
    ours: tuple[bool, ...]

    @classmethod
    def of(cls, entry: Entry) -> Line:
        position = Position.from_string(entry.position)
        solver = position.turn
        positions, ours = [position], []
        for square in entry.line:
            ours.append(position.turn is solver)
            position = position.play(square)
            if position.must_pass():
                position = position.pass_turn()
            positions.append(position)
        return cls(entry, tuple(positions), tuple(ours))

    def next_move(self, after: int) -> int | None:
        """The index of the solver's first move after index `after`; None if the line ends
        before one."""
        return next((i for i in range(after + 1, len(self.ours)) if self.ours[i]), None)

    def solution(self, step: int) -> int:
        return self.entry.line[step]

    def replies(self, step: int) -> tuple[int, ...]:
        """The replies that follow the solver's move at `step`, up to their next move."""
        end = self.next_move(step)
        return self.entry.line[step + 1 : len(self.ours) if end is None else end]


@dataclass(frozen=True, slots=True)
class Refutation:
    """Why a move was wrong: the opponent's best reply (None if it leaves them no move) and the
    final disc difference it leads to for the solver, against the best one: exact, or in a
    verified puzzle the search's estimate."""

    move: int
    reply: int | None
    score: int
    best: int
    exact: bool

    @property
    def short(self) -> int:
        """The discs the wrong move gives away."""
        return self.best - self.score


class PuzzleSource(StrEnum):
    """Where a member's next puzzle may come from: the bank or their server's own games, or
    those games alone."""

    ANY = "any"
    SERVER_GAMES = "server-games"


BANK_POOL = 0
"""The pool of the bank's puzzles, which every server meets; a server's own games' puzzles are
in the pool of its id."""


def server_puzzle_id(guild_id: int, position: str) -> str:
    """The id of the puzzle a server's game makes of `position`: `g` and a digest of both, so
    that it never meets a bank id (hex digits alone) and each server has its own."""
    return "g" + hashlib.sha1(f"{guild_id}:{position}".encode()).hexdigest()[:9]


def missed_moves(review: Review, skip: Color | None = None) -> list[ReviewedMove]:
    """The moves of a reviewed game whose position may make a puzzle the player missed: one
    that lost discs by exact solving where the player had a choice, shallow enough to prove
    (`MAX_EMPTIES`); none of `skip`'s (the bot's side). Whether one move alone kept the best
    result there is the solver's to say (`bot.engine.puzzles.find`)."""
    return [
        move
        for move in review.moves
        if move.exact
        and move.loss > 0
        and not move.forced
        and move.before.empties <= MAX_EMPTIES
        and move.color is not skip
    ]


@dataclass(frozen=True, slots=True)
class Origin:
    """The game of this server a puzzle was found in, the move missed there, and its players
    as the game holds them now."""

    game_id: int
    move: int
    black_id: int
    white_id: int

    @property
    def named(self) -> bool:
        """Whether both players may be named: neither asked to be forgotten."""
        return not (is_forgotten(self.black_id) or is_forgotten(self.white_id))


@dataclass(frozen=True, slots=True)
class ServerPuzzle:
    """A puzzle of a server's own games: the entry as the bank would hold it (its rating the
    starting one when found, the learned one when read back), and where it was missed."""

    guild_id: int
    entry: Entry
    origin: Origin


@dataclass(frozen=True, slots=True)
class Shown:
    """An open attempt at the move the member is to find; `played` are the moves made since
    the previous position shown (their right move and the replies), to mark on the board;
    `origin` the game it comes from, for a puzzle of the server's games."""

    attempt: Attempt
    line: Line
    played: tuple[int, ...] = ()
    origin: Origin | None = None

    @property
    def position(self) -> Position:
        return self.line.positions[self.attempt.step]


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished attempt, what it did to the ratings and, when it failed, why."""

    attempt: Attempt
    line: Line
    changes: RatingChanges
    refutation: Refutation | None


@dataclass(frozen=True, slots=True)
class Hint:
    """Where the move to find is, and what the puzzle is about; never the square."""

    shown: Shown
    quadrant: Quadrant

    @property
    def themes(self) -> frozenset[PuzzleTheme]:
        return self.shown.line.entry.themes
