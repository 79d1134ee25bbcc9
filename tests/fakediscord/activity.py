"""Knowing when the bot has finished reacting, without fixed sleeps.

The bot runs in the test's event loop.  Its main task is started in a context marked "bot side";
every task it spawns inherits the mark, and a task factory on the loop keeps track of them.  The
bot is settled when none of its tasks is runnable or waiting on something that will finish on its
own: no request in flight at the fake, no gateway event it has not read, no job in the default
executor, no database operation (SQLite on aiosqlite's threads, or a PostgreSQL query or
connection being waited for), and every live bot task either parked on the fake clock or a known
background sleeper.
Tasks that wait for something else (a user's next click, a real-time timer) are given a short
grace period of calm before the bot is declared settled anyway.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable, Coroutine, Generator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import aiosqlite
import asyncpg.connection
import asyncpg.pool

_BOT_SIDE: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "fakediscord_bot_side", default=False
)

# Background coroutines of discord.py that never end by themselves: sleepers in real time, and
# each shard's reader of the gateway (whose unread events `outstanding` counts instead).
_BACKGROUND_SLEEPERS = ("__timeout_task_impl", "Loop._loop", "Shard.worker")

POLL_SECONDS = 0.001
GRACE_SECONDS = 0.2


class SettleTimeout(AssertionError):
    """The bot kept working (or kept requests open) for longer than the driver waits."""


def bot_context() -> contextvars.Context:
    """A context whose tasks count as the bot's: start the bot's main task in it."""
    context = contextvars.copy_context()
    context.run(_BOT_SIDE.set, True)
    return context


class _CountingExecutor(ThreadPoolExecutor):
    """The loop's default executor, counting jobs not finished yet (rendering, to_thread)."""

    def __init__(self) -> None:
        super().__init__(thread_name_prefix="fakediscord-bot")
        self._lock = threading.Lock()
        self.pending = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self._lock:
            self.pending += 1
        future = super().submit(fn, *args, **kwargs)
        future.add_done_callback(self._finished)
        return future

    def _finished(self, _: Future[Any]) -> None:
        with self._lock:
            self.pending -= 1


class _DatabaseWork:
    """Database operations under way: SQLite ones queued on aiosqlite's connection threads
    (outside the default executor) and PostgreSQL queries and connections awaited from the
    server. Either is the bot at work, however long a busy machine makes it take: a commit
    that waits 0.2 s for the disk is not the bot at rest."""

    pending = 0
    _installed = False
    _WATCHED = (
        (aiosqlite.core.Connection, ("_execute",)),
        (asyncpg.connection.Connection, ("execute", "_execute", "_executemany", "_copy_in")),
        (asyncpg.pool.Pool, ("_acquire",)),
    )

    @classmethod
    def install(cls) -> None:
        if cls._installed:
            return
        for owner, names in cls._WATCHED:
            for name in names:
                setattr(owner, name, cls._counted(getattr(owner, name)))
        cls._installed = True

    @classmethod
    def _counted(cls, original: Callable[..., Any]) -> Callable[..., Any]:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            cls.pending += 1
            try:
                return await original(*args, **kwargs)
            finally:
                cls.pending -= 1

        return counted


class ActivityMonitor:
    """Tracks the bot's tasks on one event loop and waits for the bot to settle."""

    def __init__(self, parked: set[asyncio.Task[Any]]) -> None:
        self._parked = parked
        self._tasks: set[asyncio.Task[Any]] = set()
        self.ignored: set[asyncio.Task[Any]] = set()
        self.version = 0
        self.touched = asyncio.Event()  # set at every touch; whoever waits on it clears it first
        self.executor = _CountingExecutor()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._previous_factory: Any = None

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._previous_factory = loop.get_task_factory()
        loop.set_task_factory(self._factory)
        loop.set_default_executor(self.executor)
        _DatabaseWork.install()

    def uninstall(self) -> None:
        if self._loop is not None:
            self._loop.set_task_factory(self._previous_factory)
            self._loop = None

    def touch(self) -> None:
        """Record that something happened (a request, an event, a task starting or ending)."""
        self.version += 1
        self.touched.set()

    def _factory(
        self,
        loop: asyncio.AbstractEventLoop,
        coro: Coroutine[Any, Any, Any] | Generator[Any, None, Any],
        context: contextvars.Context | None = None,
    ) -> asyncio.Task[Any]:
        if self._previous_factory is not None:
            task: asyncio.Task[Any] = self._previous_factory(loop, coro, context=context)
        else:
            task = asyncio.Task(coro, loop=loop, context=context)
        bot_side = context.get(_BOT_SIDE, False) if context is not None else _BOT_SIDE.get()
        name = getattr(coro, "__qualname__", "")
        if bot_side and not name.endswith(_BACKGROUND_SLEEPERS):
            self._tasks.add(task)
            task.add_done_callback(self._task_done)
            self.touch()
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        self.touch()

    def busy(self) -> list[asyncio.Task[Any]]:
        """Live bot tasks that are neither parked on the fake clock nor ignored."""
        return [
            t
            for t in self._tasks
            if not t.done() and t not in self._parked and t not in self.ignored
        ]

    async def settle(self, outstanding: Callable[[], str | None], *, limit: float) -> None:
        """Return once the bot is settled; `outstanding()` names fake-side work still open."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        seen, calm_since, calm_polls = self.version, loop.time(), 0
        while True:
            await asyncio.sleep(POLL_SECONDS)
            now = loop.time()
            working = self.executor.pending or _DatabaseWork.pending
            if self.version != seen or working:
                # An executor job (a render) or a database query is the bot at work: the calm
                # starts when it ends.
                seen, calm_since = self.version, now
            waiting = outstanding()
            busy = self.busy()
            if waiting is None and not working:
                if not busy:
                    calm_polls += 1
                    if calm_polls >= 2:
                        return
                    continue
                if now - calm_since >= GRACE_SECONDS:
                    return
            calm_polls = 0
            if now >= deadline:
                raise SettleTimeout(_describe(busy, waiting, working, limit))


def _describe(busy: list[asyncio.Task[Any]], waiting: str | None, jobs: int, limit: float) -> str:
    parts = [f"the bot did not settle within {limit:.1f}s"]
    if waiting:
        parts.append(waiting)
    if jobs:
        parts.append(f"{jobs} executor job(s) or database operation(s) running")
    for task in busy:
        coro = task.get_coro()
        parts.append(f"busy task {task.get_name()}: {getattr(coro, '__qualname__', coro)}")
    return "; ".join(parts)
