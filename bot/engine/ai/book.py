"""An opening book from tournament games: the moves strong players chose in the first plies and
did not do badly with, so the top levels play the opening at once, and not the same game every
time.

`data/book.tsv` is written by `benchmarks/build_book.py` (its docstring says how). Each line is
one position, seen as the smallest of its images under the symmetries that keep the start
position (`bot.engine.openings.SYMMETRIES`), then its moves in that image:

    <side to move's discs, hex> <other side's discs, hex> <square>:<games>:<value> ...

where `value` is the disc difference the side to move went on to reach in those games (by the
perfect-play score at 24 empties where the record has it), averaged with some weight on the
position's own mean so that rare moves do not outrank the main lines on a few results.

>>> from bot.engine import Position
>>> start = Position.initial()
>>> sorted(move.square for move in book_moves(start.player, start.opponent))  # d3 c4 f5 e6
[19, 26, 37, 44]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bot.engine.bitboard import squares_of
from bot.engine.openings import SYMMETRIES

BOOK = Path(__file__).parents[1] / "data" / "book.tsv"
MARGIN = 2.0
"""A move is played from the book if its value is within this many discs of the best move's."""

Symmetry = Callable[[int], int]


@dataclass(frozen=True, slots=True)
class BookMove:
    square: int
    games: int
    value: float
    """The disc difference the side to move reached after it (see the module's docstring)."""


def turn(board: int, symmetry: Symmetry) -> int:
    """The discs of `board` moved by `symmetry`."""
    turned = 0
    for square in squares_of(board):
        turned |= 1 << symmetry(square)
    return turned


def canonical(player: int, opponent: int) -> tuple[tuple[int, int], list[Symmetry]]:
    """The position's smallest image, and every symmetry that gives it (each its own inverse):
    more than one when the position is symmetric itself, as the start is."""
    images = [((turn(player, s), turn(opponent, s)), s) for s in SYMMETRIES]
    key = min(image for image, _ in images)
    return key, [symmetry for image, symmetry in images if image == key]


@cache
def _entries() -> dict[tuple[int, int], tuple[BookMove, ...]]:
    entries = {}
    for line in BOOK.read_text(encoding="ascii").splitlines():
        player, opponent, *moves = line.split()
        entries[int(player, 16), int(opponent, 16)] = tuple(
            BookMove(int(square), int(games), float(value))
            for square, games, value in (move.split(":") for move in moves)
        )
    return entries


def book_moves(player: int, opponent: int) -> tuple[BookMove, ...]:
    """The book's moves in this position, on its own squares (with their images under its own
    symmetries: the four first moves at the start); none when it is out of book."""
    key, symmetries = canonical(player, opponent)
    found: dict[int, BookMove] = {}
    for move in _entries().get(key, ()):
        for symmetry in symmetries:
            square = symmetry(move.square)
            found.setdefault(square, BookMove(square, move.games, move.value))
    return tuple(found.values())


def book_move(player: int, opponent: int, rng: random.Random) -> BookMove | None:
    """One of the book's good moves here, drawn in proportion to how often it was played: the
    moves within `MARGIN` of the best value. None out of book."""
    moves = book_moves(player, opponent)
    if not moves:
        return None
    best = max(move.value for move in moves)
    good = [move for move in moves if move.value >= best - MARGIN]
    return rng.choices(good, weights=[move.games for move in good])[0]
