"""Stopping the timers cancels each one and waits until its action has unwound, so that none
still runs when what it uses closes; a shutdown first cancels only those still waiting and lets
the actions under way finish."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.timers import Timers
from tests.fakediscord.clock import FakeClock

Action = Callable[[], Awaitable[None]]


async def run_one_of_two(clock: FakeClock, timers: Timers, action: Action, never: Action) -> None:
    """Arm `action` for in 5 s and `never` for in 60 s, and let only the first one's time come:
    returns once the clock has reached it (the action's own start is for the caller to await)."""
    now = clock.timestamp()
    timers.arm("running", now + 5, action)
    timers.arm("pending", now + 60, never)
    await clock.sleepers(now + 5, now + 60)
    clock.advance(5)


async def test_stop_waits_for_an_action_in_progress(clock: FakeClock, timers: Timers) -> None:
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

    await run_one_of_two(clock, timers, action, never)
    await started.wait()

    await timers.stop()

    assert unwound == ["running"]
    assert "running" not in timers and "pending" not in timers


async def test_cancelling_the_waiting_ones_lets_an_action_under_way_finish(
    clock: FakeClock, timers: Timers
) -> None:
    started, release = asyncio.Event(), asyncio.Event()
    done: list[str] = []

    async def action() -> None:
        started.set()
        await release.wait()
        done.append("running")

    async def never() -> None:
        done.append("pending")

    await run_one_of_two(clock, timers, action, never)
    await started.wait()

    timers.cancel_waiting()
    settled = asyncio.create_task(timers.settle())
    await asyncio.sleep(0)
    assert not settled.done()  # the action is still under way
    release.set()
    await settled
    clock.advance(60)
    await timers.stop()

    assert done == ["running"]


async def test_the_timers_pending_and_those_overdue_are_counted(
    clock: FakeClock, timers: Timers
) -> None:
    started = asyncio.Event()

    async def action() -> None:
        started.set()

    async def never() -> None:
        raise AssertionError("its time never comes")

    now = clock.timestamp()
    timers.arm("soon", now + 5, action)
    timers.arm("later", now + 60, never)
    await clock.sleepers(now + 5, now + 60)
    assert (timers.pending, timers.overdue) == (2, 0)

    clock.advance(5)  # its time has come, and it has not run yet: overdue
    assert (timers.pending, timers.overdue) == (2, 1)
    await started.wait()
    assert (timers.pending, timers.overdue) == (1, 0)
    timers.cancel("later")
    assert (timers.pending, timers.overdue) == (0, 0)
