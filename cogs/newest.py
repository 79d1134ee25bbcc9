"""Showing the newest of a stream of changes, one Discord call at a time per thing: a change
that arrives while an older one is being shown is shown next, and those in between are skipped."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

from bot.background import Background

T = TypeVar("T")


class Newest(Generic[T]):
    def __init__(self, background: Background, show: Callable[[T], Awaitable[None]], name: str):
        self.background = background
        self.show = show
        self.name = name
        self._latest: dict[int, T] = {}
        """The newest change of each thing waiting to be shown."""

    def offer(self, key: int, change: T) -> None:
        busy = key in self._latest
        self._latest[key] = change
        if not busy:
            self.background.spawn(self._show(key), name=f"{self.name} {key}")

    async def _show(self, key: int) -> None:
        try:
            while (change := self._latest.get(key)) is not None:
                await self.show(change)
                if self._latest.get(key) is change:
                    del self._latest[key]
        finally:  # failed unexpectedly (and logged): the next change starts afresh
            self._latest.pop(key, None)
