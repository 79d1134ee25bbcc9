"""Names of well-known openings, looked up by the moves a game began with.

The table (`data/openings.tsv`) lists each opening's moves with Black's first move on f5. The
start position looks the same under four symmetries of the board (none, the half turn, and the
reflections in the two long diagonals), and each takes a different first move (f5, c4, e6 or
d3) to f5: a game is turned by the one that takes its first move there, then matched.

>>> from bot.engine import parse_transcript
>>> opening_of(parse_transcript("f5d6c3d3c4f4")).name
'Tiger'
>>> opening_of(parse_transcript("d3c5f6f5e6")).name  # the same, seen in the diagonal's mirror
'Tiger'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bot.engine.notation import SQUARE_NAMES, parse_transcript

TABLE = Path(__file__).parent / "data" / "openings.tsv"
F5 = SQUARE_NAMES.index("f5")


def _half_turn(square: int) -> int:
    return 63 - square


def _diagonal(square: int) -> int:
    """The reflection in the a1-h8 diagonal: row and column swap."""
    row, column = divmod(square, 8)
    return column * 8 + row


def _anti_diagonal(square: int) -> int:
    """The reflection in the h1-a8 diagonal."""
    row, column = divmod(square, 8)
    return (7 - column) * 8 + (7 - row)


SYMMETRIES: tuple[Callable[[int], int], ...] = (
    lambda square: square,
    _half_turn,
    _diagonal,
    _anti_diagonal,
)
"""The symmetries of the board that leave the start position as it is."""


@dataclass(frozen=True, slots=True)
class Opening:
    """A named opening: its `moves` as the game played them (not turned), and their number."""

    name: str
    moves: tuple[int, ...]

    @property
    def length(self) -> int:
        return len(self.moves)

    @property
    def transcript(self) -> str:
        return " ".join(SQUARE_NAMES[square] for square in self.moves)


@cache
def openings() -> dict[tuple[int, ...], str]:
    """The table: moves (f5 first) to name."""
    table: dict[tuple[int, ...], str] = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        moves, name = line.split("\t")
        table[tuple(parse_transcript(moves))] = name.strip()
    return table


def normalise(moves: Sequence[int]) -> tuple[int, ...]:
    """The moves turned so that the first is f5 (as they are if it already is)."""
    if not moves:
        return ()
    for symmetry in SYMMETRIES:
        if symmetry(moves[0]) == F5:
            return tuple(symmetry(square) for square in moves)
    raise ValueError(f"{SQUARE_NAMES[moves[0]]} is not a first move")


def opening_of(moves: Sequence[int]) -> Opening | None:
    """The longest named opening the game began with, or None if it matches none."""
    if not moves:
        return None
    turned = normalise(moves)
    table = openings()
    for length in range(min(len(turned), max(map(len, table))), 0, -1):
        name = table.get(turned[:length])
        if name is not None:
            return Opening(name, tuple(moves[:length]))
    return None
