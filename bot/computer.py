"""The bot's own moves, the analyses of post-game reviews, the puzzles found in reviewed games
and the refutations of wrong puzzle moves, searched in worker processes so the event loop never
waits on them.

At most one search runs per spare CPU core; the pool's queue keeps the rest in order of arrival.
A review asks for one position at a time, so a move of the bot's waits behind one position of a
review at most, never behind a whole game's.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import TypeVar

from bot.engine import Position
from bot.engine.ai import SearchResult, choose_move
from bot.engine.ai.analysis import PositionAnalysis, ReviewBudget, analyse_position
from bot.engine.puzzles import Puzzle, find, refutation

T = TypeVar("T")

DEFAULT_LEVEL = 3
WORKER_NICENESS = 10
"""Searches run at a lower priority than the bot itself: when every core is busy (a review under
way, say), answering clicks comes first, and a search only waits for a free moment."""


def default_workers() -> int:
    """One core stays with the event loop; the others search."""
    return max(1, (os.cpu_count() or 1) - 1)


def _leave_stopping_to_the_bot() -> None:
    """Workers ignore Ctrl-C and SIGTERM, which a terminal or systemd sends to every process of
    the bot at once: the bot stops gracefully, letting a search in flight finish, and then shuts
    the pool down itself. They also step back in priority (`WORKER_NICENESS`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)


def _refutation(position_string: str, move: int) -> tuple[int | None, int, bool]:
    """`puzzles.refutation` from what crosses to a worker: a position is sent as its string."""
    return refutation(Position.from_string(position_string), move)


def _find_puzzle(position_string: str) -> Puzzle | None:
    return find(Position.from_string(position_string))


class Computer:
    """Chooses moves for the bot's games; the worker processes start on first use."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self._pool: ProcessPoolExecutor | None = None
        self.queued = 0
        """Searches waiting for a worker or running."""
        self.searched: Callable[[str, float], None] = lambda _kind, _seconds: None
        """Told of each search's kind and seconds, queueing included (the bot's metrics)."""

    async def choose(
        self, position: Position, level: int, *, budget_ms: int | None = None
    ) -> SearchResult:
        return await self._run(
            "move", partial(choose_move, position.to_string(), level=level, budget_ms=budget_ms)
        )

    async def analyse(
        self, position_string: str, played: int | None, budget: ReviewBudget
    ) -> PositionAnalysis:
        """One position of a review (`analyse_position`), in a worker."""
        return await self._run("review", partial(analyse_position, position_string, played, budget))

    async def refute(self, position: Position, move: int) -> tuple[int | None, int, bool]:
        """A wrong puzzle move's refutation (`puzzles.refutation`), in a worker."""
        return await self._run("refutation", partial(_refutation, position.to_string(), move))

    async def find_puzzle(self, position_string: str) -> Puzzle | None:
        """The puzzle a position makes (`bot.engine.puzzles.find`), proven in a worker."""
        return await self._run("puzzle", partial(_find_puzzle, position_string))

    async def _run(self, kind: str, search: Callable[[], T]) -> T:
        """Run `search` in a worker. A worker that died breaks the whole pool: the search fails,
        and the next one starts a fresh pool."""
        pool = self._executor()
        started = time.perf_counter()
        self.queued += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, search)
        except BrokenProcessPool:
            if self._pool is pool:
                self.close()
            raise
        finally:
            self.queued -= 1
            self.searched(kind, time.perf_counter() - started)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # "spawn": a fresh interpreter per worker, nothing inherited from the bot's threads.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_leave_stopping_to_the_bot
            )
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
