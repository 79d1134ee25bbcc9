"""`Live`: the word that what a page shows changed, for the watchers of that page alone, or for
every one when changes may have gone unheard (another process's, over a lost connection)."""

from __future__ import annotations

import asyncio

from web.live import Live, game, guild


async def woken(watcher_wait: asyncio.Task[None]) -> bool:
    await asyncio.sleep(0)  # let a woken watcher return
    return watcher_wait.done()


async def test_a_change_wakes_its_subjects_watchers_and_a_gap_wakes_every_one() -> None:
    live = Live()
    with live.watch(game(1)) as one, live.watch(guild(2)) as other:
        first, second = asyncio.create_task(one.wait()), asyncio.create_task(other.wait())
        live.changed(game(1))
        assert await woken(first) and not await woken(second)
        first = asyncio.create_task(one.wait())
        changes = live.changes
        live.everything_changed()
        assert await woken(first) and await woken(second)
        assert live.changes > changes  # a read begun before it is stale now
