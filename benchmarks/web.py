"""The pages under load: a game page read by many at once, and one game followed live by many.

The bot runs as in production: `python -m bot` in its own process, on PostgreSQL, serving its
pages itself (WEB_PORT), played through the fake Discord of this process, which also turns the
servers' pages on and starts the games (`roundtrip.py`'s). The readers are processes of their
own (this script with `--as-readers` and `--as-viewers`), each holding its share of the
connections. Each viewer, and each read of a page, comes from an address of its own, as people do
(the pages limit what one address may ask): told by `X-Forwarded-For`, as a reverse proxy
would. Two measures:

- a game page: GET by `--concurrent` readers at once (200), each asking again as soon as it is
  answered, for `--seconds`: p50 and p99;
- `--viewers` (1,000) following one game live (its Server-Sent Events stream): the lag from each
  move's commit (PostgreSQL's notification of it, which this script hears too) to the last
  viewer's update, p50 and p99 over `--moves` (30) moves; and the bot's own round trip of those
  moves (click to answer), against as many moves in another game with nobody watching.

    .venv/bin/python benchmarks/web.py [--viewers 1000] [--concurrent 200] [--moves 30]
        [--seconds 5] [--pages-process] [--quick]

`--pages-process` serves the readers and the viewers from `python -m bot web` beside the bot,
told of the moves by PostgreSQL's notifications, instead of from the bot's own process.

`--quick` runs 4 viewers, 4 readers and 3 moves, for the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import socket
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp
import asyncpg

from benchmarks.roundtrip import (
    GameTable,
    board_shown,
    cpu_seconds,
    move,
    set_up,
    start_bots,
    stop_bots,
)
from bot.clock import SystemClock
from bot.domain.pages import PageKind
from bot.services import Services
from bot.services.bus import Events
from bot.storage import Storage
from bot.storage.postgres import CHANNEL
from tests.fakediscord.driver import FakeDiscord
from tests.storage.postgres_server import PostgresServer

PROCESSES = 4
"""Reader processes: enough that the readers' own work is not what is measured."""
PACE = 0.5
"""Seconds between two moves of the game watched: every viewer's update arrives in between."""


def forwarded_for(index: int, block: int) -> dict[str, str]:
    """The headers of a reverse proxy that passes on the request of reader `index`; `block`
    keeps kinds of readers apart."""
    return {"X-Forwarded-For": f"10.{block}.{index // 250 % 250}.{index % 250 + 1}"}


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


# The readers' processes.


async def follow(
    session: aiohttp.ClientSession,
    url: str,
    index: int,
    events: list[tuple[float, int]],
    ready: asyncio.Event,
) -> None:
    """One viewer: the live stream, each event's arrival noted with its id, which grows with
    every state of the game (a slow viewer may skip one)."""
    headers = {"Accept": "text/event-stream", **forwarded_for(index, 1)}
    async with session.get(url, headers=headers) as response:
        if response.status != 200:
            raise RuntimeError(f"the live stream answered {response.status}")
        ready.set()
        async for line in response.content:
            if line.startswith(b"id:"):
                events.append((time.monotonic(), int(line[3:])))


async def viewers(url: str, first: int, count: int) -> None:
    """`count` viewers of `url`; says "ready" once all are connected, and on "stop" (stdin)
    prints each one's events."""
    events: list[list[tuple[float, int]]] = [[] for _ in range(count)]
    ready = [asyncio.Event() for _ in range(count)]
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0), timeout=timeout)
    following = [
        asyncio.create_task(follow(session, url, first + n, events[n], ready[n]))
        for n in range(count)
    ]
    waiting = asyncio.gather(*(r.wait() for r in ready))
    await asyncio.wait([waiting, *following], return_when=asyncio.FIRST_COMPLETED)
    for task in following:
        if task.done():
            task.result()  # raises why a viewer ended
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    for task in following:
        task.cancel()
    await asyncio.wait(following)
    await session.close()
    print(json.dumps(events), flush=True)


async def readers(url: str, first: int, count: int, seconds: float) -> None:
    """`count` readers of `url`, each asking again as soon as it is answered; prints the
    latencies and the answers' statuses."""
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    end = time.monotonic() + seconds
    reads = iter(range(first * 1_000_000, (first + 1) * 1_000_000))

    async def read(session: aiohttp.ClientSession) -> None:
        while time.monotonic() < end:
            started = time.monotonic()
            async with session.get(url, headers=forwarded_for(next(reads), 2)) as response:
                await response.read()
            latencies.append(time.monotonic() - started)
            statuses[response.status] = statuses.get(response.status, 0) + 1

    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        await asyncio.gather(*(read(session) for _ in range(count)))
    print(json.dumps({"latencies": latencies, "statuses": statuses}), flush=True)


# The measuring process.


async def spawn(*args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        *args,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )


def shares(total: int) -> list[tuple[int, int]]:
    """(first index, count) of each reader process's share of `total` connections."""
    processes = min(PROCESSES, total)
    sizes = [total // processes + (n < total % processes) for n in range(processes)]
    return [(sum(sizes[:n]), size) for n, size in enumerate(sizes)]


async def page_reads(url: str, concurrent: int, seconds: float) -> None:
    started = [
        await spawn("--as-readers", url, str(first), str(count), str(seconds))
        for first, count in shares(concurrent)
    ]
    latencies: list[float] = []
    statuses: dict[str, int] = {}
    for process in started:
        out, _ = await process.communicate()
        found = json.loads(out)
        latencies += found["latencies"]
        for status, count in found["statuses"].items():
            statuses[status] = statuses.get(status, 0) + count
    ms = [1000 * x for x in latencies]
    print(
        f"a game page, {concurrent} readers at once: {len(ms)} reads, "
        f"{len(ms) / seconds:.0f}/s, p50 {statistics.median(ms):.1f} ms, "
        f"p99 {percentile(ms, 0.99):.1f} ms; answers {statuses}"
    )


class Commits:
    """PostgreSQL's notifications of one game's changes, heard as they commit."""

    def __init__(self, game_id: int) -> None:
        self.times: list[float] = []
        self._subject = f" game {game_id} "

    def heard(self, _conn: object, _pid: int, _channel: str, payload: object) -> None:
        if self._subject in str(payload):
            self.times.append(time.monotonic())


async def play(fake: FakeDiscord, table: GameTable, moves: int) -> list[tuple[float, float]]:
    """Play `moves` moves of the game, one every `PACE` seconds: each one's click time and
    round trip."""
    played = []
    for index in range(moves):
        clicked = time.monotonic()
        played.append((clicked, await move(fake, table, index)))
        await board_shown(fake, table)
        await asyncio.sleep(max(0.0, clicked + PACE - time.monotonic()))
    return played


def round_trips(name: str, played: list[tuple[float, float]], cpu: float) -> None:
    ms = [1000 * seconds for _, seconds in played]
    print(
        f"the bot's move round trip, {name}: p50 {statistics.median(ms):.1f} ms, "
        f"p99 {percentile(ms, 0.99):.1f} ms; CPU of the pages' process "
        f"{1000 * cpu / len(ms):.1f} ms a move"
    )


async def live_viewers(
    fake: FakeDiscord,
    database: str,
    url: str,
    tables: list[GameTable],
    server: int,
    args: argparse.Namespace,
) -> None:
    """The viewers of one game; `server` is the process serving them, whose CPU is counted."""
    watched, quiet = tables
    cpu = cpu_seconds(server)
    played = await play(fake, quiet, args.moves)
    round_trips("nobody watching", played, cpu_seconds(server) - cpu)
    commits = Commits(game_of(fake, watched))
    listener = await asyncpg.connect(database)
    await listener.add_listener(CHANNEL, commits.heard)
    started = [
        await spawn("--as-viewers", url, str(first), str(count))
        for first, count in shares(args.viewers)
    ]
    try:
        for process in started:
            assert process.stdout is not None
            if (await process.stdout.readline()).strip() != b"ready":
                raise RuntimeError("a viewers' process failed")
        cpu = cpu_seconds(server)
        viewing = sum(cpu_seconds(process.pid) for process in started)
        played = await play(fake, watched, args.moves)
        await asyncio.sleep(PACE)
        cpu = cpu_seconds(server) - cpu
        viewing = sum(cpu_seconds(process.pid) for process in started) - viewing
        events: list[list[tuple[float, int]]] = []
        for process in started:
            out, _ = await process.communicate(b"stop\n")
            events += json.loads(out)
    finally:
        for process in started:
            if process.returncode is None:
                process.kill()
        await listener.close()
    round_trips(f"{args.viewers} watching", played, cpu)
    # The states of the game, in order: the one before the first move, then one a move.
    states = sorted({state for seen in events for _, state in seen})[-len(played) :]
    lags, missed = [], 0
    for (clicked, _), state in zip(played, states, strict=True):
        committed = next(t for t in commits.times if t >= clicked)
        updates = [next((t for t, s in seen if s >= state), None) for seen in events]
        missed += updates.count(None)
        lags.append(1000 * (max(t for t in updates if t is not None) - committed))
    print(
        f"{args.viewers} viewers of one game live, {len(lags)} moves: from the commit to the "
        f"last viewer's update p50 {statistics.median(lags):.1f} ms, "
        f"p99 {percentile(lags, 0.99):.1f} ms; updates missed {missed}; CPU of the viewers' "
        f"processes {1000 * viewing / len(lags):.1f} ms a move"
    )


def game_of(fake: FakeDiscord, table: GameTable) -> int:
    found = re.match(
        r"\*\*Reversi\*\* · game #(\d+)", fake.world.messages[table.message_id].content
    )
    assert found is not None
    return int(found[1])


async def page_url(database: str, web_url: str, fake: FakeDiscord, table: GameTable) -> str:
    """The game's page, as the bot links it."""
    assert table.channel.guild is not None
    async with await Storage.open(database) as storage:
        services = Services.build(storage, SystemClock(), Events(), web_url=web_url)
        link = await services.pages.link(
            table.channel.guild.id, PageKind.GAME, game_of(fake, table)
        )
    assert link is not None
    return link


async def start_pages(database: str, port: int, folder: str) -> asyncio.subprocess.Process:
    """`python -m bot web` on `port`, once it serves."""
    env = {**os.environ, "DATABASE_URL": database, "WEB_PORT": str(port), "LOG_LEVEL": "WARNING"}
    pages = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "web", env=env, cwd=folder
    )
    async with asyncio.timeout(60), aiohttp.ClientSession() as session:
        while True:
            with contextlib.suppress(aiohttp.ClientConnectionError):
                async with session.get(f"http://127.0.0.1:{port}/static/site.css") as answer:
                    if answer.status == 200:
                        return pages
            await asyncio.sleep(0.1)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=1000)
    parser.add_argument("--concurrent", type=int, default=200)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument(
        "--pages-process",
        action="store_true",
        help="the readers and viewers on `python -m bot web` beside the bot, not on the bot",
    )
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(viewers=4, concurrent=4, moves=3, seconds=0.5)
    fake = FakeDiscord(validate_schemas=False)
    await fake.start()
    server = PostgresServer(durable=True)
    with tempfile.TemporaryDirectory() as folder:
        bots: list[asyncio.subprocess.Process] = []
        try:
            database = await server.fresh_schema()
            port = free_port()
            os.environ.update(WEB_PORT=str(port), WEB_URL=f"http://127.0.0.1:{port}")
            bots = await start_bots(fake, database, 1, folder)
            if args.pages_process:
                port = free_port()
                bots.append(await start_pages(database, port, folder))
            owner = fake.world.owner
            for channel in (fake.general, fake.lobby):  # both servers: set_up uses both
                on = fake.slash(owner, "reversi settings", channel=channel, web_pages=True)
                await on.answered()
            tables = await set_up(fake, 2)
            page = await page_url(database, f"http://127.0.0.1:{port}", fake, tables[0])
            served = "python -m bot web beside it" if args.pages_process else "the bot itself"
            print(f"the bot on PostgreSQL, its pages served by {served}; measuring...")
            await page_reads(page, args.concurrent, args.seconds)
            serving = bots[-1].pid  # the pages process, if any, else the bot
            await live_viewers(fake, database, f"{page}/live", tables, serving, args)
        finally:
            await stop_bots(bots)
            await fake.stop()
            server.stop()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--as-viewers"]:
        asyncio.run(viewers(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
    elif sys.argv[1:2] == ["--as-readers"]:
        asyncio.run(readers(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])))
    else:
        asyncio.run(main())
