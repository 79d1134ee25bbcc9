"""Who watches which page live, and the word that something they show changed.

A watcher is told only that its subject changed, never queued every change: a slow viewer
wakes once and reads the newest state, so a burst of moves costs it one read. The changes come
from this process's event bus and, where several processes share a PostgreSQL database, from
the others' notifications (`bot.storage`'s listener calls `changed` the same way).
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Hashable, Iterator
from contextlib import contextmanager

from bot.domain.events import GameEvent, ReviewDone, WebPagesUpdated
from bot.services.bus import Events


class Watcher:
    """One open live page: `wait` returns once its subject changed since the last `wait`."""

    def __init__(self) -> None:
        self._changed = asyncio.Event()

    def wake(self) -> None:
        self._changed.set()

    async def wait(self) -> None:
        await self._changed.wait()
        self._changed.clear()


class Live:
    """The live pages open in this process, by subject: `("game", id)`, `("guild", id)`..."""

    def __init__(self) -> None:
        self._watchers: defaultdict[Hashable, set[Watcher]] = defaultdict(set)
        self.changes = 0
        """How many changes were told: a read begun once this reached a watcher's wake-up
        count is fresh enough for it, so the viewers of one change share one read."""

    def __len__(self) -> int:
        return sum(map(len, self._watchers.values()))

    @contextmanager
    def watch(self, *subjects: Hashable) -> Iterator[Watcher]:
        """A watcher of `subjects` for as long as the page is open."""
        watcher = Watcher()
        for subject in subjects:
            self._watchers[subject].add(watcher)
        try:
            yield watcher
        finally:
            for subject in subjects:
                watchers = self._watchers[subject]
                watchers.discard(watcher)
                if not watchers:
                    del self._watchers[subject]

    def changed(self, subject: Hashable) -> None:
        self.changes += 1
        for watcher in self._watchers.get(subject, ()):
            watcher.wake()

    def everything_changed(self) -> None:
        """Wake every watcher: changes may have gone unheard (another process's, while the
        database was out of reach)."""
        self.changes += 1
        for watchers in self._watchers.values():
            for watcher in watchers:
                watcher.wake()

    def subscribe(self, events: Events) -> None:
        events.subscribe(GameEvent, lambda event: self.changed(game(event.state.record.id)))
        events.subscribe(ReviewDone, lambda event: self.changed(game(event.game_id)))
        events.subscribe(WebPagesUpdated, lambda event: self.changed(guild(event.guild_id)))


def game(game_id: int) -> tuple[str, int]:
    """The subject of a game's page."""
    return ("game", game_id)


def guild(guild_id: int) -> tuple[str, int]:
    """The subject every page of a server watches too: its pages turned off close them."""
    return ("guild", guild_id)
