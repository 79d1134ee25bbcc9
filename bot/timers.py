"""One pending timer per key (a game's move deadline, a challenge's expiry), re-armed at will."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from datetime import UTC, datetime

from bot.clock import Clock
from bot.storage import DatabaseError

log = logging.getLogger(__name__)

TIMER_RETRY_DELAY = 30.0
"""Seconds before a timer whose work failed (say, the database was busy) tries again."""


class Timers:
    """Runs `action` once the clock reaches `when`; arming a key again replaces its timer.

    Work that fails is tried again `TIMER_RETRY_DELAY` seconds later, unless its key was armed anew
    meanwhile (the newer timer knows better). A database that is busy or out of reach for a while
    is worth a warning; anything else is an error.
    """

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._tasks: dict[Hashable, asyncio.Task[None]] = {}  # waiting for their time, by key
        self._when: dict[Hashable, float] = {}  # the time each waits for
        self._running: set[asyncio.Task[None]] = set()  # their time came: the action runs

    def arm(self, key: Hashable, when: float, action: Callable[[], Awaitable[object]]) -> None:
        self.cancel(key)
        self._tasks[key] = asyncio.create_task(self._run(key, when, action), name=f"timer {key}")
        self._when[key] = when

    def cancel(self, key: Hashable) -> None:
        task = self._tasks.pop(key, None)
        self._when.pop(key, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def cancel_waiting(self) -> None:
        """Cancel the timers whose time has not come; the actions already running go on."""
        for key in list(self._tasks):
            self.cancel(key)

    async def settle(self) -> None:
        """Wait until the actions running now have finished (a timeout's write, say)."""
        current = asyncio.current_task()
        while others := [task for task in self._running if task is not current]:
            await asyncio.wait(others)

    async def stop(self) -> None:
        """Cancel every timer and wait until each has unwound, so that none still runs when what
        its action uses (Discord, the storage) closes. Called from a timer's action, it leaves
        that one to finish its own work."""
        current = asyncio.current_task()
        tasks = [t for t in (*self._tasks.values(), *self._running) if t is not current]
        self._tasks.clear()
        self._when.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._tasks

    @property
    def pending(self) -> int:
        """Timers waiting for their time."""
        return len(self._tasks)

    @property
    def overdue(self) -> int:
        """Timers waiting still though their time has come: a loop too busy to run them."""
        now = self.clock.now().timestamp()
        return sum(when <= now for when in self._when.values())

    async def _run(
        self, key: Hashable, when: float, action: Callable[[], Awaitable[object]]
    ) -> None:
        await self.clock.sleep_until(datetime.fromtimestamp(when, UTC))
        task = asyncio.current_task()
        assert task is not None
        if self._tasks.get(key) is task:
            del self._tasks[key], self._when[key]
        self._running.add(task)
        try:
            await action()
        except DatabaseError as error:
            log.warning("Timer %s failed, retrying in %g s: %s", key, TIMER_RETRY_DELAY, error)
        except Exception:
            log.exception("Timer %s failed; retrying in %g s", key, TIMER_RETRY_DELAY)
        else:
            return
        finally:
            self._running.discard(task)
        if key not in self._tasks:
            self.arm(key, self.clock.now().timestamp() + TIMER_RETRY_DELAY, action)
