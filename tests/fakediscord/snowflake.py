"""Snowflake ids stamped with the fake clock, so `discord.utils.snowflake_time` agrees with it."""

from __future__ import annotations

from .clock import FakeClock

DISCORD_EPOCH_MS = 1_420_070_400_000


class Snowflakes:
    """Hands out increasing ids whose timestamp part is the fake clock's current time."""

    def __init__(self, clock: FakeClock) -> None:
        self._clock = clock
        self._last = 0

    def next(self) -> int:
        ms = int(self._clock.now().timestamp() * 1000) - DISCORD_EPOCH_MS
        candidate = ms << 22
        self._last = max(candidate, self._last + 1)
        return self._last
