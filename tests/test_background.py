"""The bot's background work stops whole before what it uses is closed."""

from __future__ import annotations

import asyncio

from bot.background import Background


async def test_cancel_waits_for_the_work_and_for_what_it_spawns_meanwhile() -> None:
    background = Background()
    stopped: list[str] = []
    started = asyncio.Event()

    async def late() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            stopped.append("late")

    async def work() -> None:
        started.set()
        try:
            await asyncio.Event().wait()
        finally:
            background.spawn(late(), name="late")  # e.g. a board to publish, on the way out
            await asyncio.sleep(0)
            stopped.append("work")

    background.spawn(work(), name="work")
    await started.wait()

    await background.cancel()

    assert sorted(stopped) == ["late", "work"]
    assert len(background) == 0 and background.closing
