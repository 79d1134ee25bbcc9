"""The bot's background work (boards to publish, the bot's own moves, timers), tracked in one place
so a shutdown can let it finish instead of cutting a move off between its write and its board."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger(__name__)


class Background:
    """Spawns tasks that are remembered until they end; `drain` waits for the ones running."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closing = False

    def spawn(self, work: Coroutine[Any, Any, object], *, name: str) -> asyncio.Task[Any]:
        """Run `work` in a task; an exception it lets out is logged, never lost."""
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("%s failed", task.get_name(), exc_info=task.exception())

    async def drain(self) -> None:
        """Stop taking new work and wait for the work in progress, including work it spawns;
        bound the wait with `asyncio.timeout`."""
        self.closing = True
        while self._tasks:
            await asyncio.wait(set(self._tasks))

    async def cancel(self) -> None:
        """Stop taking new work, cancel the work in progress (and what it spawns meanwhile) and
        wait until it has stopped: what it uses (the storage, say) may be closed after."""
        self.closing = True
        while self._tasks:
            running = set(self._tasks)
            for task in running:
                task.cancel()
            await asyncio.wait(running)

    def __len__(self) -> int:
        return len(self._tasks)
