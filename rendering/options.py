"""Checks of the square options shared by images and alt text, with messages fit to show."""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.engine import Color


def check_last_move(last_move: int | None) -> None:
    if last_move is not None and not _is_square(last_move):
        raise ValueError(f"last_move must be a square index 0..63 or None, not {last_move!r}")


def check_earlier_moves(earlier_moves: Sequence[int], last_move: int | None) -> None:
    if not all(_is_square(square) for square in earlier_moves):
        raise ValueError(f"earlier_moves must be square indexes 0..63, not {earlier_moves!r}")
    if earlier_moves and last_move is None:
        raise ValueError("earlier_moves come before a last_move: pass last_move too")


def _is_square(square: object) -> bool:
    return isinstance(square, int) and not isinstance(square, bool) and 0 <= square < 64


def check_mask(flipped: int) -> None:
    if isinstance(flipped, bool) or not isinstance(flipped, int) or not 0 <= flipped < 1 << 64:
        raise ValueError(f"flipped must be a 64-bit mask of squares, not {flipped!r}")


def check_clocks(clocks: tuple[float, float] | None, running: Color | None) -> None:
    if clocks is not None and not (
        isinstance(clocks, tuple)
        and len(clocks) == 2
        and all(
            isinstance(c, int | float) and not isinstance(c, bool) and math.isfinite(c)
            for c in clocks
        )
    ):
        raise ValueError(
            f"clocks must be Black's and White's seconds left, two finite numbers, not {clocks!r}"
        )
    if running is not None and (clocks is None or not isinstance(running, Color)):
        raise ValueError(f"clock_running must be a Color of a board with clocks, not {running!r}")
