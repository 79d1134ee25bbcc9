"""`/reversi leaderboard` in a 100,000-player guild: command or click sent to answer received.

The real bot answers the fake Discord from the tests, as in `roundtrip.py`. The players are
bulk-loaded with `storage.py`'s `load_players` (rating ~ N(1500, 350)); the player asking is rated
1500, in the most crowded part of the board, so working out their place costs the most. Three
cases, each timed over `--runs` answers: the first page, a middle page, and Next from the middle.
It runs on SQLite and on PostgreSQL, as `storage.py` does (`--backend`, `--database-url`).
Target: every answer within 50 ms. `--quick` runs each case twice among 30 players.

    .venv/bin/python benchmarks/leaderboard.py [--players 100000] [--runs 50] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.storage import databases, load_players
from bot.config import Config
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness, running_bot
from tests.fakediscord.replies import Pending
from tests.fakediscord.server import DEFAULT_TOKEN
from tests.fakediscord.world import Message

TARGET_MS = 50.0


async def seed(fake: FakeDiscord, harness: BotHarness, players: int) -> None:
    """The guild's players, plus Alice at 1500; then a restart, so the bot starts on them."""
    await load_players(harness.bot.storage, players, guild_id=fake.guild.id)
    async with harness.bot.storage.database.transaction() as db:
        await db.all(
            "INSERT INTO players (guild_id, user_id, rating, deviation, volatility, updated_at) "
            "VALUES (?, ?, 1500, 80, 0.06, 0)",
            (fake.guild.id, fake.alice.id),
        )
    await harness.restart()


async def timed(send: Callable[[], Pending], runs: int) -> tuple[list[float], Message]:
    """Milliseconds until the bot answered, per run, and the board it showed last. Each run
    waits for the bot to settle before the next is sent."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        pending = send()
        await pending.answered()
        times.append((time.perf_counter() - started) * 1000)
        reply = await pending
        if reply.late or reply.message is None or not reply.message.embeds:
            raise RuntimeError(f"the leaderboard was not shown: {reply.content!r}")
    assert reply.message is not None
    return times, reply.message


def report(label: str, times: list[float]) -> None:
    ordered = sorted(times)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, round(len(ordered) * 0.95) - 1)]
    verdict = "ok" if p95 <= TARGET_MS else f"over the {TARGET_MS:.0f} ms target"
    print(
        f"  {label:<26} p50 {p50:5.1f} ms  p95 {p95:5.1f} ms  max {ordered[-1]:5.1f} ms  {verdict}"
    )


async def run(url: str, players: int, runs: int) -> None:
    middle = -(-(players + 1) // 10) // 2
    config = Config(token=DEFAULT_TOKEN, database=url)
    # The fake's schema checks cost milliseconds per request; they test the bot, not time it.
    async with running_bot(config, validate_schemas=False) as (fake, harness):
        await seed(fake, harness, players)
        alice = fake.alice
        first, _ = await timed(lambda: fake.slash(alice, "reversi leaderboard"), runs)
        middles, board = await timed(
            lambda: fake.slash(alice, "reversi leaderboard", page=middle), runs
        )
        nexts, _ = await timed(lambda: fake.click(alice, board, "Next"), runs)

        print(f"/reversi leaderboard, {players + 1:,} rated players in one guild, on")
        print(f"{harness.bot.storage.database.url}:")
        report("first page", first)
        report(f"page {middle:,} (middle)", middles)
        report(f"Next from page {middle:,} on", nexts)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--backend", choices=["sqlite", "postgresql"], help="default: both")
    parser.add_argument("--database-url", help="an existing, empty database to run on instead")
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(players=30, runs=2)
    async with databases(args.backend, args.database_url) as urls:
        for url in urls:
            await run(url, args.players, args.runs)


if __name__ == "__main__":
    asyncio.run(main())
