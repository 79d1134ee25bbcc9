"""What Prometheus scraping the bot's metrics costs it: the bot's CPU per move in the round trip's
open loop (`benchmarks/roundtrip.py`: `python -m bot` in its own process, clicks through the fake
Discord), without and with a scrape of `/metrics` every second, in alternate rounds, which the
machine's other work makes differ by some percent; and the CPU one scrape takes, measured alone
over many, which is what a scrape a second adds to each move.

    .venv/bin/python benchmarks/metrics_cost.py [--games 100] [--rate 50] [--seconds 10]
        [--rounds 2] [--quick]

The games must not end meanwhile: 100 games take 20 moves each at 50 moves/s over 2 rounds.
`--quick` runs 2 games at 10 moves/s, one round of 1.5 s each way.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.roundtrip import cpu_seconds, open_loop, set_up, start_bots, stop_bots
from tests.cli.processes import closed_port
from tests.fakediscord.driver import FakeDiscord

ALONE = 200
"""Scrapes made back to back to measure one's CPU."""


async def scraping(session: aiohttp.ClientSession, every: float) -> None:
    """Scrape `/metrics` every `every` seconds, as Prometheus does, until cancelled."""
    while True:
        async with session.get("/metrics", raise_for_status=True) as response:
            await response.read()
        await asyncio.sleep(every)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(games=2, rate=10.0, seconds=1.5, rounds=1)
    fake = FakeDiscord(validate_schemas=False)
    fake.gateway.recommended_shards = 2
    await fake.start()
    port = closed_port()
    with tempfile.TemporaryDirectory() as folder:
        bots: list[asyncio.subprocess.Process] = []
        try:
            bots = await start_bots(
                fake, f"sqlite:///{folder}/bench.db", 1, folder, WEB_PORT=str(port)
            )
            pid = bots[0].pid
            tables = await set_up(fake, args.games)
            print(f"{args.games} games on the board, one bot process on sqlite; measuring...")
            async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
                rounds: dict[bool, list[float]] = {False: [], True: []}
                for number in range(1, args.rounds + 1):
                    # Each round in the other order than the last: a move costs more as the
                    # games go on (more legal moves), which the rounds' pairs then cancel out.
                    for scraped in (False, True) if number % 2 else (True, False):
                        scraper = asyncio.create_task(scraping(session, 1.0)) if scraped else None
                        cpu = cpu_seconds(pid)
                        try:
                            moves = len(await open_loop(fake, tables, args.rate, args.seconds))
                        finally:
                            if scraper is not None:
                                scraper.cancel()
                        rounds[scraped].append(1000 * (cpu_seconds(pid) - cpu) / max(moves, 1))
                    print(
                        f"round {number}: CPU per move {rounds[False][-1]:.3f} ms without "
                        f"scrapes, {rounds[True][-1]:.3f} ms with a scrape a second"
                    )
                per_move = {scraped: statistics.mean(ms) for scraped, ms in rounds.items()}
                change = 100 * (per_move[True] / per_move[False] - 1)
                spread = 100 * (max(rounds[False]) / min(rounds[False]) - 1)
                print(
                    f"mean: {per_move[False]:.3f} ms without, {per_move[True]:.3f} ms with "
                    f"({change:+.1f}%; the rounds without scrapes differ by up to {spread:.1f}%)"
                )
                cpu, started = cpu_seconds(pid), time.perf_counter()
                for _ in range(ALONE):
                    async with session.get("/metrics", raise_for_status=True) as response:
                        size = len(await response.read())
                one = 1000 * (cpu_seconds(pid) - cpu) / ALONE
                wall = 1000 * (time.perf_counter() - started) / ALONE
                print(f"one scrape: {one:.2f} ms of the bot's CPU ({wall:.2f} ms), {size:,} bytes")
                share = 100 * one / (args.rate * per_move[False])
                print(
                    f"a scrape a second at {args.rate:g} moves/s: {one / args.rate:.3f} ms a "
                    f"move, {share:.2f}% of a move's CPU"
                )
        finally:
            await stop_bots(bots)
            await fake.stop()


if __name__ == "__main__":
    asyncio.run(main())
