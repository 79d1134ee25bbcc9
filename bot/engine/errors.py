"""The two ways a move can be wrong, each a `ValueError` with an English message, and the
reason and its subject kept apart so that a front end can say it in the player's language."""

from __future__ import annotations

from enum import StrEnum


class MoveProblem(StrEnum):
    NOT_A_SQUARE = "not a square"
    EMPTY = "empty"
    NOT_A_TRANSCRIPT = "not a transcript"
    GAME_OVER = "game over"
    TAKEN = "taken"
    FLIPS_NOTHING = "flips nothing"
    HAS_MOVES = "has moves"
    NO_PASS_GAME_OVER = "no pass, game over"


class _MoveError(ValueError):
    def __init__(self, message: str, problem: MoveProblem, subject: str = "") -> None:
        super().__init__(message)
        self.problem = problem
        self.subject = subject
        """The text, square or moves the message is about (already shortened)."""


class InvalidMoveError(_MoveError):
    """The text does not name a square (e.g. `d9`, `hello`)."""


class IllegalMoveError(_MoveError):
    """The square exists but is not a legal move in this position (or a pass is not allowed)."""
