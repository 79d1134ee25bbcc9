"""A move's round trip through the real bot and a fake Discord: click sent to answer received.

The bot runs as in production (cogs, SQLite file, rendering in threads) against the fake Discord
from the tests, on 127.0.0.1. Two runs over 100 active games:

- open loop: moves offered on a fixed schedule (default 50/s), whatever the answers do;
- closed loop: every game moves again as soon as its last move was answered, to find the most
  moves per second the bot sustains.

    .venv/bin/python benchmarks/roundtrip.py [--games 100] [--rate 50] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.config import Settings
from bot.engine import Color, Game, square_name
from bot.referee import replay
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness, running_bot
from tests.fakediscord.server import DEFAULT_TOKEN
from tests.fakediscord.world import Channel, User


@dataclass
class Table:
    game_id: int
    channel: Channel
    black: User
    white: User
    message_id: int
    game: Game = field(default_factory=Game)
    busy: bool = False


async def set_up(fake: FakeDiscord, harness: BotHarness, count: int) -> list[Table]:
    bot = harness.bot
    cog = bot.get_cog("Reversi")
    tables = []
    for index in range(count):
        channel = fake.add_text_channel(f"table-{index}")
        black, white = fake.add_user(f"b{index}"), fake.add_user(f"w{index}")
        record = await bot.storage.create_game(
            fake.guild.id,
            channel.id,
            black.id,
            white.id,
            rated=True,
            time_per_move=86400,
            deadline=bot.now() + 86400,
            now=bot.now(),
        )
        await cog.publisher.show(replay(record))  # type: ignore[union-attr]
        record = await bot.storage.get_game(record.id)
        assert record.message_id is not None
        tables.append(Table(record.id, channel, black, white, record.message_id))
    await fake.settle()
    return tables


async def move(fake: FakeDiscord, table: Table, rng_index: int) -> float:
    """Click one legal move on the table's board; returns the seconds until the bot answered."""
    table.busy = True
    if table.game.is_over():
        table.game = Game()  # only reached in very long runs: keep the load going
    moves = table.game.position.legal_moves()
    square = square_name(moves[rng_index % len(moves)])
    message = fake.world.messages[table.message_id]
    user = table.black if table.game.turn is Color.BLACK else table.white
    started = time.perf_counter()
    pending = fake.click(user, message, label=square)  # sent now; not waiting for it to settle
    await pending.answered()
    elapsed = time.perf_counter() - started
    if pending.record.late:
        raise RuntimeError("an interaction was answered after 3 seconds")
    table.game.play(square)
    table.busy = False
    return elapsed


def report(name: str, latencies: list[float], seconds: float) -> None:
    ms = sorted(x * 1000 for x in latencies)
    p50 = statistics.median(ms)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    rate = len(ms) / seconds
    print(
        f"{name:<12} {len(ms):>5} moves  {rate:7.1f} moves/s  p50 {p50:6.1f} ms  p99 {p99:6.1f} ms"
    )


async def open_loop(fake: FakeDiscord, tables: list[Table], rate: float, seconds: float) -> None:
    latencies: list[float] = []
    pending: set[asyncio.Task[None]] = set()
    interval = 1 / rate
    started = time.perf_counter()
    sent = 0
    while (now := time.perf_counter()) - started < seconds:
        due = started + sent * interval
        if now < due:
            await asyncio.sleep(due - now)
        free = [t for t in tables if not t.busy]
        table = free[sent % len(free)] if free else None
        sent += 1
        if table is None:
            continue

        async def one(table: Table = table, index: int = sent) -> None:
            latencies.append(await move(fake, table, index))

        task = asyncio.create_task(one())
        pending.add(task)
        task.add_done_callback(pending.discard)
    await asyncio.gather(*pending)
    report(f"open {rate:g}/s", latencies, time.perf_counter() - started)


async def closed_loop(fake: FakeDiscord, tables: list[Table], seconds: float) -> None:
    latencies: list[float] = []
    started = time.perf_counter()

    async def keep_moving(table: Table) -> None:
        index = 0
        while time.perf_counter() - started < seconds:
            index += 1
            latencies.append(await move(fake, table, index))

    await asyncio.gather(*(keep_moving(t) for t in tables))
    report("closed loop", latencies, time.perf_counter() - started)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(token=DEFAULT_TOKEN, database_path=Path(folder) / "bench.db")
        # The fake's schema checks cost milliseconds per request; they test the bot, not time it.
        async with running_bot(settings, validate_schemas=False) as (fake, harness):
            tables = await set_up(fake, harness, args.games)
            print(f"{args.games} games on the board; measuring...")
            await open_loop(fake, tables, args.rate, args.seconds)
            await closed_loop(fake, tables, args.seconds)


if __name__ == "__main__":
    asyncio.run(main())
