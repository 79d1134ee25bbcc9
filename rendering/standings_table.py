"""The standings table as the standings image takes it: every figure already worked out, the
names already resolved, and the table's words already in the reader's language.

The image computes nothing about the tournament: the ranks, points, tiebreaks and who met whom
are the tournament's (`bot.domain.tournament`), and the caller turns them into these rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.engine import Color


class Outcome(Enum):
    """How one game went for the row's player."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One player's game of one round, as a crosstable shows it: `5 ● W` for a win with Black
    against the player ranked 5th."""

    opponent_rank: int | None
    """The opponent's rank in this table; None for a bye (drawn as the words' `bye`)."""
    colour: Color | None = None
    """The colour the row's player had; None draws no disc (a bye, a game never played)."""
    outcome: Outcome | None = None
    """None while the game is being played."""
    forfeit: bool = False
    """Decided without play (a withdrawn player's game): the words' `forfeit` mark follows."""


BYE = RoundResult(None)


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One player's line, in the order the table shows them."""

    rank: int
    """1-based; players tied on every tiebreak share one."""
    name: str
    half_points: int
    """Points counted in halves, as the tournament counts them: 5 is drawn `2½`."""
    brightwell: float
    """The Brightwell quotient, drawn with one decimal."""
    discs: int
    rounds: tuple[RoundResult | None, ...] = ()
    """From round 1 on; None, or no entry, for a round without a game for this player (not
    paired yet, or withdrawn)."""


@dataclass(frozen=True, slots=True)
class StandingsWords:
    """The words of the table, in the reader's language: the cog translates each one. They are
    drawn whole (a column is as wide as its header and its widest cell), so keep them short:
    the results are single letters where the language allows."""

    rank: str = "#"
    player: str = "Player"
    points: str = "Pts"
    brightwell: str = "BQ"
    discs: str = "Discs"
    win: str = "W"
    draw: str = "D"
    loss: str = "L"
    bye: str = "bye"
    forfeit: str = "ff"
