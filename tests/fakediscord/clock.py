"""The fake Discord's clock: one notion of "now" shared by the fake and the bot under test.

Discord stamps messages and snowflakes with its own time, and the bot schedules deadlines
(challenge expiry, time per move).  Tests cannot wait hours, so both sides read this clock and
tests move it forward.  The bot receives it as `bot.clock`; any clock with the same two methods
(`now()` and `sleep_until()`) works in production, where it wraps the real time. The services'
tests use it alone, and wait on it for their timers to park.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

FAIL_AFTER = 30.0
"""Seconds after which a wait for a sleeper fails the test: generous, since only a broken test
ever waits that long."""
DEFAULT_START = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)


class FakeClock:
    """A timezone-aware UTC clock that only moves when told to."""

    def __init__(self, start: datetime = DEFAULT_START) -> None:
        if start.tzinfo is None:
            raise ValueError("the clock needs a timezone-aware start time")
        self._now = start
        self._sleepers: list[
            tuple[datetime, int, asyncio.Future[None], asyncio.Task[Any] | None]
        ] = []
        self._order = itertools.count()
        self.parked: set[asyncio.Task[Any]] = set()
        self._changed = asyncio.Event()  # set whenever a sleeper parks or leaves

    def now(self) -> datetime:
        """The current fake time (UTC)."""
        return self._now

    def timestamp(self) -> float:
        return self._now.timestamp()

    def advance(self, delta: timedelta | float) -> None:
        """Move time forward (`delta`, or that many seconds) and wake every sleeper whose time
        has come."""
        if not isinstance(delta, timedelta):
            delta = timedelta(seconds=delta)
        if delta < timedelta(0):
            raise ValueError("the clock only moves forward")
        self._now += delta
        while self._sleepers and self._sleepers[0][0] <= self._now:
            _, _, future, task = heapq.heappop(self._sleepers)
            # Unpark at once: the task is runnable from here on, not only once it resumes.
            if task is not None:
                self.parked.discard(task)
            if not future.done():
                future.set_result(None)
        self._changed.set()

    def advance_to(self, timestamp: float) -> None:
        self.advance(max(0.0, timestamp - self.timestamp()))

    async def sleep_until(self, when: datetime) -> None:
        """Return once the fake time reaches `when` (at once if it already has)."""
        if when <= self._now:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        task = asyncio.current_task()
        entry = (when, next(self._order), future, task)
        heapq.heappush(self._sleepers, entry)
        if task is not None:
            self.parked.add(task)
        self._changed.set()
        try:
            await future
        finally:
            if task is not None:
                self.parked.discard(task)
            if entry in self._sleepers:  # cancelled before its time: it sleeps no more
                self._sleepers.remove(entry)
                heapq.heapify(self._sleepers)
            self._changed.set()

    def sleeping_until(self) -> list[float]:
        """The times sleepers wait for, as timestamps, soonest first."""
        return sorted(when.timestamp() for when, *_ in self._sleepers)

    async def sleepers(self, *timestamps: float) -> None:
        """Wait until exactly these times are slept until (timers armed, older ones gone)."""
        expected = sorted(timestamps)
        await self._until(lambda: self.sleeping_until() == expected)

    async def sleeper_at(self, timestamp: float) -> None:
        """Wait until something sleeps until `timestamp` (a timer armed for it)."""
        await self._until(lambda: timestamp in self.sleeping_until())

    async def _until(self, condition: Callable[[], bool]) -> None:
        async with asyncio.timeout(FAIL_AFTER):
            while not condition():
                self._changed.clear()
                await self._changed.wait()
