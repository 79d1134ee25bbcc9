"""Child process of the crash-safety test: records moves forever, reporting each one committed.

Usage: python -m tests.storage.crash_writer DATABASE. Each line on stdout is `game ply move`,
written only after `record_move` has returned.
"""

from __future__ import annotations

import asyncio
import sys

from bot.storage import Storage

SQUARES = [column + row for column in "abcdefgh" for row in "12345678"]


async def write_moves(path: str) -> None:
    async with await Storage.open(path) as storage:
        channel = 0
        while True:
            channel += 1
            game = await storage.games.create(
                1, channel, 2, 3, rated=True, time_per_move=60, deadline=None, now=0
            )
            for ply in range(60):
                move = SQUARES[(game.id * 7 + ply) % 64]
                await storage.games.record_move(game.id, ply, move, deadline=float(ply), now=ply)
                print(game.id, ply + 1, move, flush=True)


if __name__ == "__main__":
    asyncio.run(write_moves(sys.argv[1]))
