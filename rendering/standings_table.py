"""The standings table as the standings image takes it: every figure already worked out and the
names already resolved.

The image computes nothing about the tournament: the ranks, points, tiebreaks, starting numbers
and who met whom are the tournament's (`bot.domain.tournament`), and the caller turns them into
these rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from bot.domain.tournament import Pairing
from bot.domain.tournament.standings import discs
from bot.engine import Color


class Outcome(Enum):
    """How one game went for the row's player."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One player's game of one round, as a federation crosstable shows it: the opponent's
    starting number on a disc of the colour played, the player's disc score, the points."""

    opponent: int | None
    """The opponent's starting number; None for a bye (drawn as the words' `bye`)."""
    color: Color | None = None
    """The colour the row's player had; None for a game never played (a forfeit)."""
    outcome: Outcome | None = None
    """None while the game is being played."""
    discs: int | None = None
    """The player's disc score as the standings count it; None while the game is played."""
    forfeit: bool = False
    """Decided without play (a withdrawn player's game): `+` or `-` instead of the points."""


BYE = RoundResult(None, outcome=Outcome.WIN)


def round_result(
    pairing: Pairing | None, player: int, numbers: Mapping[int, int]
) -> RoundResult | None:
    """`player`'s game of one round as a crosstable cell: the opponent by starting number, the
    colour (none for a game never played), and once it is over the points and the disc score
    the standings count."""
    if pairing is None:
        return None
    opponent = pairing.opponent(player)
    if opponent is None:
        return BYE
    color = None if pairing.forfeit else Color.BLACK if pairing.black == player else Color.WHITE
    if not pairing.finished:
        return RoundResult(numbers[opponent], color)
    won = pairing.winner == player
    outcome = Outcome.DRAW if pairing.winner is None else Outcome.WIN if won else Outcome.LOSS
    return RoundResult(
        numbers[opponent], color, outcome, discs(pairing, player), forfeit=pairing.forfeit
    )


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One player's line, in the order the table shows them."""

    rank: int
    """1-based; players tied on every tiebreak share one."""
    number: int
    """The player's starting number, the one the other rows' rounds name them by."""
    name: str
    half_points: int
    """Points counted in halves, as the tournament counts them: 5 is drawn `2½`."""
    brightwell: float
    """The Brightwell quotient, drawn as `quotient_text` writes it."""
    discs: int
    rounds: tuple[RoundResult | None, ...] = ()
    """From round 1 on; None, or no entry, for a round without a game for this player (not
    paired yet, or withdrawn)."""
    withdrawn: bool = False
    """Withdrew from the tournament: the row is greyed and its name marked."""
