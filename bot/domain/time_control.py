"""How a game is timed, as players write it and within the limits the bot keeps; the Discord
layer words it (`cogs/time_option.py`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum, auto

from bot.domain.errors import InvalidInputError

MIN_CLOCK = 1.0
MAX_CLOCK = 3 * 60 * 60.0
"""A live clock's base time at most, in seconds: longer games are correspondence games."""
MAX_INCREMENT = 3 * 60.0
MIN_PER_MOVE = 60.0
MAX_PER_MOVE = 30 * 24 * 60 * 60.0


class TimeControlProblem(Enum):
    """What is wrong with a time control a player asked for."""

    NOT_A_TIME_CONTROL = auto()
    PER_MOVE_RANGE = auto()
    CLOCK_RANGE = auto()
    INCREMENT = auto()


class TimeControlError(InvalidInputError):
    """A time control a player may ask for that the bot doesn't keep: `problem`, with the
    `limits` (seconds) it breaks, or the `written` text (cut short) that isn't one."""

    def __init__(
        self,
        problem: TimeControlProblem,
        limits: tuple[float, float] | None = None,
        written: str | None = None,
    ) -> None:
        super().__init__(problem, limits, written)
        self.problem = problem
        self.limits = limits
        self.written = written


@dataclass(frozen=True, slots=True)
class TimeControl:
    """How a game is timed: `per_move` seconds for each move (correspondence), or a live clock
    per player of `base` seconds plus `increment` seconds after each of their moves. Exactly one
    of `per_move` and `base` is set. All are whole seconds, so that each reads exactly as shown
    (never `6e-299 seconds`)."""

    per_move: float | None = None
    base: float | None = None
    increment: float = 0.0

    def __post_init__(self) -> None:
        if (self.per_move is None) == (self.base is None):
            raise InvalidInputError("A game has either a time per move or a clock.")
        # Written so that NaN fails each test.
        if self.per_move is not None and not MIN_PER_MOVE <= self.per_move <= MAX_PER_MOVE:
            raise TimeControlError(TimeControlProblem.PER_MOVE_RANGE, (MIN_PER_MOVE, MAX_PER_MOVE))
        if self.base is not None and not MIN_CLOCK <= self.base <= MAX_CLOCK:
            raise TimeControlError(TimeControlProblem.CLOCK_RANGE, (MIN_CLOCK, MAX_CLOCK))
        if not (0 <= self.increment <= MAX_INCREMENT and self.increment % 1 == 0):
            raise TimeControlError(TimeControlProblem.INCREMENT, (0, MAX_INCREMENT))
        if any(seconds % 1 for seconds in (self.per_move, self.base) if seconds is not None):
            raise InvalidInputError("A time control counts whole seconds.")
        if self.per_move is not None and self.increment:
            raise InvalidInputError("Only a clock has an increment.")

    @property
    def live(self) -> bool:
        """A clock game, played in one sitting; else correspondence."""
        return self.base is not None

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """A time control as players write it: a clock `3+2` (3 minutes, plus 2 seconds after
        each move), or a time per move `30m`, `6h`, `1d`, `1w`. Numbers are plain decimals (no
        exponent, infinity or NaN); minutes, hours, days and weeks are rounded to the second."""
        written = text.strip().lower()
        if clock := _CLOCK.fullmatch(written):
            minutes, seconds = clock.groups()
            return cls(base=_to_seconds(minutes, 60), increment=float(seconds or 0))
        if per_move := _PER_MOVE.fullmatch(written):
            number, unit = per_move.groups()
            return cls(per_move=_to_seconds(number, _UNITS[unit]))
        raise TimeControlError(TimeControlProblem.NOT_A_TIME_CONTROL, written=text[:20])


_NUMBER = r"([0-9]*\.?[0-9]+)"
_CLOCK = re.compile(rf"{_NUMBER}\+{_NUMBER}?")
_PER_MOVE = re.compile(rf"{_NUMBER}([mhdw])")
_UNITS = {"m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def _to_seconds(number: str, unit: int) -> float:
    """`number` units in whole seconds, from the decimal as written (too many is infinite)."""
    return float((Decimal(number) * unit).to_integral_value())
