"""Latest wins, per key: one task at a time per key, and the newest offer always done last."""

from __future__ import annotations

import asyncio

from bot.background import Background
from bot.latest import Latest
from tests.errorlog import ErrorLog


class Shows:
    """Work that records what it was given and waits for the test to let each one finish."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.running = 0
        self.most_at_once = 0
        self.go = asyncio.Event()

    async def __call__(self, value: str) -> None:
        self.started.append(value)
        self.running += 1
        self.most_at_once = max(self.most_at_once, self.running)
        try:
            await self.go.wait()
        finally:
            self.running -= 1


async def test_offers_during_the_work_are_done_once_after_it_with_the_newest() -> None:
    background, shows = Background(), Shows()
    latest: Latest[int, str] = Latest(background, shows, "show")

    latest.offer(1, "first")
    await asyncio.sleep(0)
    for value in ("second", "third", "fourth"):
        latest.offer(1, value)
    assert 1 in latest and latest.waiting(1) == "fourth"
    shows.go.set()
    await background.drain()

    assert shows.started == ["first", "fourth"]
    assert shows.most_at_once == 1
    assert 1 not in latest and latest.waiting(1) is None


async def test_keys_run_side_by_side_and_a_withdrawn_offer_is_skipped() -> None:
    background, shows = Background(), Shows()
    latest: Latest[str, str] = Latest(background, shows, "show")

    latest.offer("a", "a1")
    latest.offer("b", "b1")
    await asyncio.sleep(0)
    assert shows.started == ["a1", "b1"] and shows.most_at_once == 2
    latest.offer("a", "a2")
    latest.withdraw("a")  # someone else does it
    shows.go.set()
    await background.drain()

    assert shows.started == ["a1", "b1"]


async def test_work_that_fails_is_logged_and_the_next_offer_starts_afresh(
    logged_errors: ErrorLog,
) -> None:
    background = Background()
    done: list[str] = []

    async def work(value: str) -> None:
        if value == "broken":
            raise RuntimeError(value)
        done.append(value)

    latest: Latest[int, str] = Latest(background, work, "show")
    latest.offer(1, "broken")
    await background.drain()
    (failed,) = logged_errors.take("bot.background")
    assert failed.getMessage() == "show 1 failed"
    latest.offer(1, "fine")
    await background.drain()

    assert done == ["fine"] and 1 not in latest
