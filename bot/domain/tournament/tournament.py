"""A tournament as the bot keeps it: its settings and state, its entrants and the numbered boards
of its rounds with their games. The pairing and the standings beside it work on `Pairing`s alone."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.domain.time_control import TimeControl
from bot.domain.tournament.records import Entrant, Format, Pairing


class TournamentState(StrEnum):
    SIGNUP = "signup"
    RUNNING = "running"
    PAUSED = "paused"
    """Running, but the next round waits for the organiser to resume."""
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def over(self) -> bool:
        return self in (TournamentState.FINISHED, TournamentState.CANCELLED)


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    id: int
    guild_id: int
    organiser_id: int
    name: str
    format: Format
    swiss_rounds: int
    time_control: TimeControl
    rated: bool
    entry_limit: int
    starts_at: float
    channel_id: int
    """Where its games are played, each in a thread of its own, and where it is announced."""
    message_id: int | None
    """The sign-up message, once posted."""
    event_id: int | None
    """The Discord scheduled event announcing it, if the bot could make one."""
    state: TournamentState
    round: int
    """The round being played (0 before the first)."""
    rounds: int
    """How many rounds it lasts, fixed at the start (0 before)."""
    seed: int
    created_at: float
    updated_at: float


@dataclass(frozen=True, slots=True)
class Board:
    """One stored board of a round: its pairing (with its result once in), its number in the round
    and its game. The pairing and standings logic needs only the `Pairing`; the bot also needs the
    board's number (how its thread and its line in the pairings are named) and the game played on
    it (how a game's end finds its board), which the pure logic never sees."""

    tournament_id: int
    number: int
    pairing: Pairing
    game_id: int | None = None

    @property
    def waiting(self) -> bool:
        """A board still to be played that has no game yet."""
        return not self.pairing.finished and self.game_id is None


@dataclass(frozen=True, slots=True)
class TournamentView:
    """A tournament with its entrants and every board so far: what standings are made of."""

    tournament: TournamentRecord
    entrants: tuple[Entrant, ...]
    boards: tuple[Board, ...]

    @property
    def pairings(self) -> tuple[Pairing, ...]:
        return tuple(board.pairing for board in self.boards)

    def round_boards(self, number: int) -> tuple[Board, ...]:
        return tuple(board for board in self.boards if board.pairing.round == number)

    def entrant(self, player_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.player_id == player_id), None)
