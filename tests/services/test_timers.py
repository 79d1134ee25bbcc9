"""Stopping the timers cancels each one and waits until its action has unwound, so that none
still runs when what it uses closes."""

from __future__ import annotations

import asyncio

from bot.timers import Timers

from .support import ManualClock


async def test_stop_waits_for_an_action_in_progress(clock: ManualClock, timers: Timers) -> None:
    started = asyncio.Event()
    unwound: list[str] = []

    async def action() -> None:
        started.set()
        try:
            await asyncio.Event().wait()  # a transaction or a Discord call, say
        finally:
            unwound.append("running")

    async def never() -> None:
        unwound.append("pending")  # its time never comes

    now = clock.timestamp()
    timers.arm("running", now + 5, action)
    timers.arm("pending", now + 60, never)
    await clock.sleepers(now + 5, now + 60)
    clock.advance(5)
    await started.wait()

    await timers.stop()

    assert unwound == ["running"]
    assert "running" not in timers and "pending" not in timers
