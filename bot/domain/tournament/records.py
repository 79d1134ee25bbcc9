"""A tournament's records: its format, its entrants, the boards of its rounds and the standings
they make. Points are kept in half-points (win 2, draw 1, loss 0) so that nothing is a float."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum


class Format(StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    DOUBLE_ROUND_ROBIN = "double_round_robin"


@dataclass(frozen=True, slots=True)
class Entrant:
    player_id: int
    rating: float
    """Seeding; an unrated player has the default rating."""
    withdrawn_after: int | None = None
    """The last round they took part in, if they withdrew (0: before the first)."""

    def active_in(self, round_number: int) -> bool:
        """Whether they are still in the tournament for round `round_number` (1-based)."""
        return self.withdrawn_after is None or round_number <= self.withdrawn_after


@dataclass(frozen=True, slots=True)
class Pairing:
    """One board of a round, scheduled or played: all the pairing and the standings need (the
    stored `Board` adds its number and its game)."""

    round: int
    """1-based."""
    black: int
    white: int | None
    """None: a bye for `black`."""
    black_discs: int | None = None
    """None while unplayed; as recorded when the game ended."""
    white_discs: int | None = None
    winner: int | None = None
    """A player id; None for a draw or while unplayed."""
    finished: bool = False
    """A result is in (played, or a forfeit, or the bye)."""
    forfeit: bool = False
    """Decided without play (a withdrawn player's unplayed game)."""

    def players(self) -> tuple[int, ...]:
        return (self.black,) if self.white is None else (self.black, self.white)

    def opponent(self, player_id: int) -> int | None:
        """The other player of this board (None for the bye)."""
        return self.white if player_id == self.black else self.black


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    """1-based; ties share a rank only if every tiebreak ties."""
    player_id: int
    half_points: int
    brightwell: float
    """The World Othello Federation's Brightwell quotient (see standings.py)."""
    discs: int
    results: tuple[Pairing | None, ...]
    """Per round, this player's pairing (None: not paired)."""


BYE_DISCS = 32
"""The discs a bye counts: half the board, as the Brightwell quotient counts it."""


def bye(round_number: int, player_id: int) -> Pairing:
    """A bye: a win without play, its result in from the start."""
    return Pairing(
        round_number, player_id, None, black_discs=BYE_DISCS, winner=player_id, finished=True
    )


def forfeit(pairing: Pairing, withdrawn: int) -> Pairing:
    """`pairing` lost without play by `withdrawn`, who left the tournament before it (a round
    robin's unplayed game; a Swiss does not pair them again)."""
    return replace(pairing, winner=pairing.opponent(withdrawn), finished=True, forfeit=True)


def swiss_round_limit(entrants: int) -> int:
    """The most rounds a Swiss of `entrants` players can always pair without two players
    meeting twice or anyone getting a second bye, however the earlier rounds were paired.

    Count the bye as a player for an odd field, making `m` even. Before round r each player
    has met at most r - 1 of the other m - 1, so the pairs still allowed form a graph in which
    everyone has at least m - r partners; while that is at least m / 2, Dirac's theorem gives
    it a Hamiltonian cycle, whose every other edge is a full round. So m / 2 rounds can always
    be paired. With m = 4 the two pairs left after two rounds are always a round of their own.
    Beyond that, earlier rounds can leave no way on (6 players can get stuck after 3 rounds);
    a round robin is the format for more."""
    field = entrants + entrants % 2
    return field - 1 if field <= 4 else field // 2


def starting_numbers(entrants: Sequence[Entrant]) -> dict[int, int]:
    """Each entrant's number in the crosstable, from 1, by player id: by seeding rating, highest
    first, as a federation numbers its players, and between equal ratings in the order given
    (entry order, as the tournament keeps its entrants), since the one who signed up first is
    the natural tiebreak and a player id says nothing. The ratings are those of the entry and
    no entrant is dropped once play starts (a withdrawal is kept), so a number never changes
    from one round to the next."""
    ordered = sorted(entrants, key=lambda entrant: -entrant.rating)  # stable: ties keep order
    return {entrant.player_id: number for number, entrant in enumerate(ordered, 1)}


def rounds_in(format: Format, entrants: int, swiss_rounds: int) -> int:
    """How many rounds a tournament of `entrants` players lasts: `swiss_rounds` for a Swiss,
    at most what the field allows (`swiss_round_limit`), one round per opponent in a round
    robin (plus the bye round for an odd count), twice that in a double."""
    if format is Format.SWISS:
        return min(swiss_rounds, swiss_round_limit(entrants))
    single = entrants - 1 if entrants % 2 == 0 else entrants
    return max(single, 0) * (2 if format is Format.DOUBLE_ROUND_ROBIN else 1)
