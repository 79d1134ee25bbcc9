"""Latest wins, per key: at most one task per key (a game, a tournament) does its work, and what
is offered while it runs is done once more after it, with the newest offer only; the ones in
between are skipped. Showing a change, or acting on it, is then never done twice at once for one
thing, nor ever ends on an older change than the newest."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

from bot.background import Background

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")


class Latest(Generic[K, T]):
    def __init__(self, background: Background, work: Callable[[T], Awaitable[None]], name: str):
        self.background = background
        self.work = work
        self.name = name
        self._waiting: dict[K, T] = {}
        """The newest offer of each key, not taken yet."""
        self._running: set[K] = set()

    def offer(self, key: K, value: T) -> None:
        """Do the work on `value`: now, or after the work under way for `key`, unless a newer
        offer comes first."""
        self._waiting[key] = value
        if key not in self._running:
            self._running.add(key)
            self.background.spawn(self._run(key), name=f"{self.name} {key}")

    def waiting(self, key: K) -> T | None:
        """The offer for `key` not taken yet, if any."""
        return self._waiting.get(key)

    def withdraw(self, key: K) -> None:
        """Drop the offer for `key` not taken yet: someone else does that work."""
        self._waiting.pop(key, None)

    def __contains__(self, key: K) -> bool:
        """Whether work for `key` is under way or waiting."""
        return key in self._running

    async def _run(self, key: K) -> None:
        try:
            while key in self._waiting:
                await self.work(self._waiting.pop(key))
        finally:  # failed unexpectedly (and logged): the next offer starts afresh
            self._running.discard(key)
            self._waiting.pop(key, None)
