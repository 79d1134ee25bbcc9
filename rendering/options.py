"""Checks of the square options shared by images and alt text, with messages fit to show."""

from __future__ import annotations


def check_last_move(last_move: int | None) -> None:
    if last_move is not None and (
        isinstance(last_move, bool) or not isinstance(last_move, int) or not 0 <= last_move < 64
    ):
        raise ValueError(f"last_move must be a square index 0..63 or None, not {last_move!r}")


def check_mask(flipped: int) -> None:
    if isinstance(flipped, bool) or not isinstance(flipped, int) or not 0 <= flipped < 1 << 64:
        raise ValueError(f"flipped must be a 64-bit mask of squares, not {flipped!r}")
