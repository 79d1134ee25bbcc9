"""What the pages share: reads that viewers asking at once share, and nothing kept after."""

from __future__ import annotations

import asyncio

from web.pages.parts import SharedReads


async def test_viewers_asking_at_once_share_one_read_and_later_ones_read_again() -> None:
    shared, release = SharedReads(), asyncio.Event()
    reads: list[int] = []

    async def read() -> int:
        number = len(reads)
        reads.append(number)
        await release.wait()
        return number

    waiting = [asyncio.create_task(shared.read("page", read)) for _ in range(5)]
    other = asyncio.create_task(shared.read("other page", read))
    release.set()
    assert await asyncio.gather(*waiting) == [0, 0, 0, 0, 0] and await other == 1
    assert reads == [0, 1]
    assert await shared.read("page", read) == 2  # that read is over: a new one
