"""Players' clocks as a board shows them."""

from __future__ import annotations

import math

TENTHS_BELOW = 10.0  # seconds: under this, a clock shows tenths


def clock_text(seconds: float) -> str:
    """`4:59`, `1:00:00` at an hour or more, tenths under ten seconds (`0:07.3`), and `0:00`
    once the time is up. Times are cut, never rounded up: a clock shows `0:00.0` in its last
    tenth and `0:00` only when it has run out. Raises ValueError for NaN or infinity."""
    if not math.isfinite(seconds):
        raise ValueError(f"a clock must be a finite number of seconds, not {seconds!r}")
    if seconds <= 0:
        return "0:00"
    if seconds < TENTHS_BELOW:
        tenths = math.floor(seconds * 10)
        return f"0:{tenths // 10:02d}.{tenths % 10}"
    whole = math.floor(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def flag_fallen(seconds: float) -> bool:
    """Whether a clock has run out."""
    return seconds <= 0
