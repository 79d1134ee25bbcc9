"""How a game is timed, as players write it and within the limits the bot keeps."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from bot.domain.errors import InvalidInputError
from bot.i18n import _, ngettext

MIN_CLOCK = 1.0
MAX_CLOCK = 3 * 60 * 60.0
"""A live clock's base time at most, in seconds: longer games are correspondence games."""
MAX_INCREMENT = 3 * 60.0
MIN_PER_MOVE = 60.0
MAX_PER_MOVE = 30 * 24 * 60 * 60.0


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
            raise InvalidInputError(_("The time per move must be between a minute and 30 days."))
        if self.base is not None and not MIN_CLOCK <= self.base <= MAX_CLOCK:
            raise InvalidInputError(_("A clock starts with between 1 second and 180 minutes."))
        if not (0 <= self.increment <= MAX_INCREMENT and self.increment % 1 == 0):
            raise InvalidInputError(
                _("The increment must be a whole number of seconds, from 0 to 180.")
            )
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
        raise InvalidInputError(
            _(
                "{text} isn't a time control: write a clock as minutes+seconds (3+2), or a "
                "time per move such as 30m, 6h, 1d."
            ).format(text=repr(text[:20]))
        )

    def __str__(self) -> str:
        """`3+2`, or `1 day per move`."""
        if self.base is not None:
            return f"{self.base / 60:g}+{self.increment:g}"
        assert self.per_move is not None
        return _("{duration} per move").format(duration=duration(self.per_move))


_NUMBER = r"([0-9]*\.?[0-9]+)"
_CLOCK = re.compile(rf"{_NUMBER}\+{_NUMBER}?")
_PER_MOVE = re.compile(rf"{_NUMBER}([mhdw])")
_UNITS = {"m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def _to_seconds(number: str, unit: int) -> float:
    """`number` units in whole seconds, from the decimal as written (too many is infinite)."""
    return float((Decimal(number) * unit).to_integral_value())


def duration(seconds: float) -> str:
    """`1 week`, `3 days`, `6 hours`, `90 minutes`, `61 seconds`: in the largest unit that counts
    a time control's whole seconds exactly."""
    whole = int(seconds)
    unit = next(unit for unit in (7 * 86400, 86400, 3600, 60, 1) if whole % unit == 0)
    return _count_of(unit, whole // unit)


def _count_of(unit: int, count: int) -> str:
    if unit == 7 * 86400:
        text = ngettext("{count} week", "{count} weeks", count)
    elif unit == 86400:
        text = ngettext("{count} day", "{count} days", count)
    elif unit == 3600:
        text = ngettext("{count} hour", "{count} hours", count)
    elif unit == 60:
        text = ngettext("{count} minute", "{count} minutes", count)
    else:
        text = ngettext("{count} second", "{count} seconds", count)
    return text.format(count=count)
