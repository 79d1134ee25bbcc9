"""Snowflake ids stamped with the fake clock, so `discord.utils.snowflake_time` agrees with it."""

from __future__ import annotations

from .clock import FakeClock

DISCORD_EPOCH_MS = 1_420_070_400_000


class Snowflakes:
    """Hands out increasing ids whose timestamp part is the fake clock's current time."""

    def __init__(self, clock: FakeClock) -> None:
        self._clock = clock
        self._last = 0

    def next(self, *, shard: tuple[int, int] | None = None) -> int:
        """The next id; with `shard` (id, count), one on that shard: Discord sends a guild's
        events to shard `(guild_id >> 22) % count`, so its time part moves on (a millisecond or
        a few) to one that falls there."""
        ms = int(self._clock.now().timestamp() * 1000) - DISCORD_EPOCH_MS
        candidate = max(ms << 22, self._last + 1)
        if shard is not None:
            shard_id, count = shard
            stamp = candidate >> 22
            if stamp % count != shard_id:
                candidate = (stamp + (shard_id - stamp) % count) << 22
        self._last = candidate
        return candidate
