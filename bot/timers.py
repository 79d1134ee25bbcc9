"""One pending timer per key (a game's move deadline, a challenge's expiry), re-armed at will."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from datetime import UTC, datetime

from bot.clock import Clock
from bot.storage import DatabaseError

log = logging.getLogger(__name__)

RETRY_AFTER = 30.0
"""Seconds before a timer whose work failed (say, the database was busy) tries again."""


class Timers:
    """Runs `action` once the clock reaches `when`; arming a key again replaces its timer.

    Work that fails is tried again `RETRY_AFTER` seconds later, unless its key was armed anew
    meanwhile (the newer timer knows better). A database that is busy or out of reach for a while
    is worth a warning; anything else is an error.
    """

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._tasks: dict[Hashable, asyncio.Task[None]] = {}

    def arm(self, key: Hashable, when: float, action: Callable[[], Awaitable[object]]) -> None:
        self.cancel(key)
        self._tasks[key] = asyncio.create_task(self._run(key, when, action), name=f"timer {key}")

    def cancel(self, key: Hashable) -> None:
        task = self._tasks.pop(key, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def cancel_all(self) -> None:
        for key in list(self._tasks):
            self.cancel(key)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._tasks

    async def _run(
        self, key: Hashable, when: float, action: Callable[[], Awaitable[object]]
    ) -> None:
        await self.clock.sleep_until(datetime.fromtimestamp(when, UTC))
        if self._tasks.get(key) is asyncio.current_task():
            del self._tasks[key]
        try:
            await action()
        except DatabaseError as error:
            log.warning("Timer %s failed, retrying in %g s: %s", key, RETRY_AFTER, error)
        except Exception:
            log.exception("Timer %s failed; retrying in %g s", key, RETRY_AFTER)
        else:
            return
        if key not in self._tasks:
            self.arm(key, self.clock.now().timestamp() + RETRY_AFTER, action)
