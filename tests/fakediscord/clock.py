"""The fake Discord's clock: one notion of "now" shared by the fake and the bot under test.

Discord stamps messages and snowflakes with its own time, and the bot schedules deadlines
(challenge expiry, time per move).  Tests cannot wait hours, so both sides read this clock and
tests move it forward.  The bot receives it as `bot.clock`; any clock with the same two methods
(`now()` and `sleep_until()`) works in production, where it wraps the real time.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from datetime import UTC, datetime, timedelta
from typing import Any

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

    def now(self) -> datetime:
        """The current fake time (UTC)."""
        return self._now

    def advance(self, delta: timedelta) -> None:
        """Move time forward and wake every sleeper whose time has come."""
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

    async def sleep_until(self, when: datetime) -> None:
        """Return once the fake time reaches `when` (at once if it already has)."""
        if when <= self._now:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        task = asyncio.current_task()
        heapq.heappush(self._sleepers, (when, next(self._order), future, task))
        if task is not None:
            self.parked.add(task)
        try:
            await future
        finally:
            if task is not None:
                self.parked.discard(task)
