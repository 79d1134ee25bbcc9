"""Square names (`a1`..`h8`, column letter then row, `a1` top-left) and transcripts (`f5d6c3`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.engine.errors import InvalidMoveError, MoveProblem

SQUARE_NAMES: tuple[str, ...] = tuple(f"{'abcdefgh'[s % 8]}{s // 8 + 1}" for s in range(64))
_SQUARE_INDEX = {name: index for index, name in enumerate(SQUARE_NAMES)}
_SEPARATORS = re.compile(r"[\s,;.\-]+")
_SHOWN = 16
"""At most this much of a bad input is repeated in the error, whatever its length."""


def _shown(text: str) -> str:
    text = text.strip()
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def square_name(square: int) -> str:
    """The name of a square index, e.g. `square_name(0) == "a1"`."""
    return SQUARE_NAMES[square]


def parse_square(text: str) -> int:
    """The index of a square name; case and surrounding spaces are ignored."""
    name = text.strip().lower()
    square = _SQUARE_INDEX.get(name)
    if square is None:
        shown = _shown(text)
        if not shown:
            raise InvalidMoveError(
                "an empty move is not a square: use a letter a-h and a number 1-8",
                MoveProblem.EMPTY,
            )
        raise InvalidMoveError(
            f"{shown} is not a square: use a letter a-h and a number 1-8",
            MoveProblem.NOT_A_SQUARE,
            shown,
        )
    return square


def parse_transcript(text: str) -> list[int]:
    """The squares of a transcript like `f5d6c3` (spaces, commas and upper case are tolerated)."""
    compact = _SEPARATORS.sub("", text).lower()
    if len(compact) % 2:
        raise InvalidMoveError(
            f"{_shown(text)} is not a transcript: write each move as a letter a-h and a number 1-8",
            MoveProblem.NOT_A_TRANSCRIPT,
            _shown(text),
        )
    return [parse_square(compact[i : i + 2]) for i in range(0, len(compact), 2)]


def format_transcript(squares: Iterable[int]) -> str:
    """The transcript of a sequence of moves: square names run together, passes omitted."""
    return "".join(SQUARE_NAMES[s] for s in squares)
