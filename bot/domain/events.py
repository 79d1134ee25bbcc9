"""What the services announce after each change they store: plain data about one game, one
challenge or one review, carried to the subscribers by the bus (`bot.services.bus`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot import engine
from bot.domain import Challenge, FinishedGame, GameState, ReviewRecord
from bot.domain.daily import DailySchedule
from bot.domain.puzzles import Attempt
from bot.domain.tournament import Board, TournamentView
from bot.engine.review import Review


@dataclass(frozen=True, slots=True)
class GameEvent:
    """A change to one game; `state` is the game right after it."""

    state: GameState


@dataclass(frozen=True, slots=True)
class GameStarted(GameEvent):
    pass


@dataclass(frozen=True, slots=True)
class MovePlayed(GameEvent):
    """A move that did not end the game; `ply` says who played where and who then passed."""

    ply: engine.Ply | None = None


@dataclass(frozen=True, slots=True)
class GameEnded(GameEvent):
    """The game is over: on the board, by resignation, on time or cancelled."""

    finished: FinishedGame | None = None


@dataclass(frozen=True, slots=True)
class GameResumed(GameEvent):
    """At start-up: a game in progress, or one whose message shows an older state."""


@dataclass(frozen=True, slots=True)
class ChallengeOpened:
    challenge: Challenge


@dataclass(frozen=True, slots=True)
class ChallengeClosed:
    """Accepted, declined, cancelled or expired; `forgotten` when it was withdrawn because a
    player in it had their data deleted."""

    challenge: Challenge
    forgotten: bool = False


@dataclass(frozen=True, slots=True)
class ReviewProgress:
    """`analysed` of the game's `total` moves are done; `waiting` while another review runs."""

    game_id: int
    analysed: int
    total: int
    record: ReviewRecord
    waiting: bool = False


@dataclass(frozen=True, slots=True)
class ReviewDone:
    game_id: int
    record: ReviewRecord
    state: GameState
    review: Review


@dataclass(frozen=True, slots=True)
class ReviewFailed:
    game_id: int
    record: ReviewRecord


@dataclass(frozen=True, slots=True)
class TournamentUpdated:
    """Created, entered, left, started, paused, resumed, a player withdrawn or removed, or
    cancelled; also at start-up for each tournament not over. `view` is it right after."""

    view: TournamentView


@dataclass(frozen=True, slots=True)
class TournamentRoundPaired:
    """Boards of the current round waiting for their games: the Discord side opens a thread for
    each and starts its game there (`TournamentRounds.start_board`). At start-up, the boards a crash
    left without a game."""

    view: TournamentView
    boards: tuple[Board, ...]
    withdrawn: tuple[int, ...] = ()
    """Players withdrawn as the round was paired, having left the server."""


@dataclass(frozen=True, slots=True)
class TournamentFinished:
    """The last round is over: `view` holds the final standings' boards."""

    view: TournamentView


@dataclass(frozen=True, slots=True)
class DailyScheduleUpdated:
    """A server's daily puzzle was set, changed or turned off (`schedule` None); also at
    start-up for each server of the process that has one."""

    guild_id: int
    schedule: DailySchedule | None


@dataclass(frozen=True, slots=True)
class WebPagesUpdated:
    """A server's admins turned its pages on the web on or off: a page open on it closes."""

    guild_id: int
    on: bool


@dataclass(frozen=True, slots=True)
class PuzzleSolved:
    """A member solved a puzzle: the daily puzzle's post counts them."""

    attempt: Attempt


ReviewEvent = ReviewProgress | ReviewDone | ReviewFailed
TournamentEvent = TournamentUpdated | TournamentRoundPaired | TournamentFinished
PuzzleEvent = DailyScheduleUpdated | PuzzleSolved
Event = (
    GameEvent
    | ChallengeOpened
    | ChallengeClosed
    | ReviewEvent
    | TournamentEvent
    | PuzzleEvent
    | WebPagesUpdated
)
