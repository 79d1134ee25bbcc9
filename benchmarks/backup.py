"""Online backups: how long `python -m bot backup` takes on a big SQLite database while the bot
plays, and what the players notice.

The database is filled to the size asked for (1 GB by default) with what years of play leave:
finished games with their transcripts (WTHOR tournament games), a review for one game in four,
and each server's rated players, bulk-loaded through SQL, as playing them would take days. It is
built once and kept (`--cache`), then copied for each run. The bot runs on the copy as in
production (`python -m bot` in its own process against the fake Discord from the tests, as
`roundtrip.py` runs it), moves are offered at a steady rate (50 a second) over games in play,
and the round trip of each (click sent to answer received) is timed: first without a backup,
then while `python -m bot backup` runs, then after it (when the bot's next checkpoint moves into
the database file the log that grew while the backup held its snapshot). Last, SQLite's two
checks are timed on the copy: the full `integrity_check` the command runs and the lighter
`quick_check`.

    .venv/bin/python benchmarks/backup.py [--megabytes 1000] [--tables 100] [--rate 50]
        [--seconds 10] [--cache DIR] [--quick]

`--quick` goes through it all in a few seconds on an 8 MB database (built afresh, not kept),
2 games in play and 10 moves a second.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.review import load, percentiles, timed_load
from benchmarks.roundtrip import set_up, start_bots, stop_bots
from bot.engine.ai.analysis import PositionAnalysis
from bot.storage import Storage
from bot.storage.backup import size_text
from bot.storage.migrations import MIGRATIONS
from tests.fakediscord.driver import FakeDiscord
from tests.gameplay.play import wthor_games

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 500
"""Rated players in each server."""
FIRST_GUILD = 1_150_000_000_000_000_000
FIRST_USER = 1_170_000_000_000_000_000
BATCH = 2_000
"""Games written a transaction."""
YEAR = 365 * 86_400.0


GAME = """
    INSERT INTO games (id, guild_id, channel_id, message_id, black_id, white_id, transcript, ply,
        status, result, end_reason, black_discs, white_discs, rated, time_per_move, turn_started,
        created_at, updated_at, shown_version)
    VALUES (:id, :guild, :channel, :message, :black, :white, :transcript, :ply, 'finished',
        :result, 'normal', :black_discs, :white_discs, 1, 86400, :ended - 600, :ended - 3600,
        :ended, 2 * :ply + 1)
"""
REVIEW = """
    INSERT INTO reviews (game_id, engine, guild_id, status, positions, analyses, channel_id,
        message_id, created_at, updated_at, puzzles_searched)
    VALUES (:id, 'native', :guild, 'done', :ply, :analyses, :channel, :message + 1, :ended + 60,
        :ended + 120, 1)
"""
PLAYER = """
    INSERT INTO players (guild_id, user_id, rating, deviation, volatility, wins, losses, draws,
        updated_at)
    VALUES (?, ?, ?, ?, 0.06, ?, ?, ?, ?)
"""


def built(folder: Path, megabytes: int, *, keep: bool) -> Path:
    """A bot database of `megabytes` in `folder`: the one kept from an earlier run if `keep`,
    else built (and kept if `keep`)."""
    database = folder / f"reversi-{megabytes}MB-schema{len(MIGRATIONS)}.sqlite3"
    if keep and database.exists():
        print(f"Using the database built before: {database}")
        return database
    folder.mkdir(parents=True, exist_ok=True)
    partial = database.with_suffix(".partial")
    partial.unlink(missing_ok=True)
    asyncio.run(schema(partial))
    started = time.perf_counter()
    games, players = fill(partial, megabytes)
    partial.rename(database)
    print(
        f"Built the database in {time.perf_counter() - started:.0f} s: {games:,} finished games, "
        f"a review for one in four, {players:,} players ({database})"
    )
    return database


async def schema(database: Path) -> None:
    async with await Storage.open(database):
        pass


def fill(database: Path, megabytes: int) -> tuple[int, int]:
    """Fill a new bot database until it holds `megabytes`: the players of a server for every 5
    MB, then games. Returns how many games and players it wrote."""
    rng = random.Random(1)
    games = wthor_games()
    guilds = max(1, megabytes // 5)
    now = time.time()
    with closing(sqlite3.connect(database, isolation_level=None)) as db:
        db.execute("PRAGMA synchronous = OFF")
        db.execute("BEGIN")
        db.executemany(
            PLAYER,
            (_player(rng, guild, user, now) for guild in range(guilds) for user in range(PLAYERS)),
        )
        db.execute("COMMIT")
        written = 0
        while _size(db) < megabytes * 10**6:
            rows = [_game(rng, games, guilds, now, written + n + 1) for n in range(BATCH)]
            for row in rows[::4]:
                row["analyses"] = _analyses(rng, int(row["ply"]))
            db.execute("BEGIN")
            db.executemany(GAME, rows)
            db.executemany(REVIEW, rows[::4])
            db.execute("COMMIT")
            written += BATCH
        db.execute("ANALYZE")
    return written, guilds * PLAYERS


def _size(db: sqlite3.Connection) -> int:
    ((pages,),) = db.execute("PRAGMA page_count").fetchall()
    ((page_size,),) = db.execute("PRAGMA page_size").fetchall()
    return int(pages) * int(page_size)


def _player(rng: random.Random, guild: int, user: int, now: float) -> tuple[object, ...]:
    return (
        FIRST_GUILD + guild,
        FIRST_USER + user,
        rng.gauss(1500, 350),
        rng.uniform(45, 350),
        rng.randrange(200),
        rng.randrange(200),
        rng.randrange(10),
        now - rng.uniform(0, YEAR),
    )


def _game(
    rng: random.Random, games: list[dict[str, str]], guilds: int, now: float, game_id: int
) -> dict[str, object]:
    """A finished game between two of a server's players, ended more than a day ago (so that
    no start announces its end again)."""
    game = rng.choice(games)
    black, white = int(game["final_black"]), int(game["final_white"])
    black_id, white_id = rng.sample(range(PLAYERS), 2)
    return {
        "id": game_id,
        "guild": FIRST_GUILD + rng.randrange(guilds),
        "channel": FIRST_GUILD + guilds + rng.randrange(20 * guilds),
        "message": FIRST_USER + 10 * game_id,
        "black": FIRST_USER + black_id,
        "white": FIRST_USER + white_id,
        "transcript": game["moves"],
        "ply": len(game["moves"]) // 2,
        "result": "black" if black > white else "white" if white > black else "draw",
        "black_discs": black,
        "white_discs": white,
        "ended": now - rng.uniform(2 * 86_400, YEAR),
    }


def _analyses(rng: random.Random, positions: int) -> str:
    """A review's analyses, one a move, as the reviews store them."""
    entries = []
    for _ in range(positions):
        best = round(rng.uniform(-64, 64), 2)
        exact = rng.random() < 0.3
        entries.append(
            PositionAnalysis(
                best_move=rng.randrange(64),
                best_score=best,
                played=rng.randrange(64),
                played_score=best - round(rng.expovariate(0.3), 2),
                exact=exact,
                depth=0 if exact else rng.randrange(12, 18),
                nodes=rng.randrange(10_000, 250_000),
            ).to_dict()
        )
    return json.dumps(entries, separators=(",", ":"))


async def backed_up(folder: Path, database: Path, target: Path) -> tuple[str, float]:
    """`python -m bot backup` run to its end: what it printed, and its wall time."""
    started = time.perf_counter()
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "backup",
        str(target),
        cwd=folder,
        env={**os.environ, "DATABASE_URL": f"sqlite:///{database}"},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    stdout, stderr = await process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"python -m bot backup failed: {stderr.decode()}")
    return stdout.decode(), time.perf_counter() - started


def check_seconds(database: Path, pragma: str) -> float:
    started = time.perf_counter()
    with closing(sqlite3.connect(database)) as db:
        assert db.execute(f"PRAGMA {pragma}").fetchall() == [("ok",)]
    return time.perf_counter() - started


async def run(args: argparse.Namespace, folder: Path, database: Path) -> None:
    """Run the bot on `database` in `folder`, and back it up to a file there while it plays."""
    target = folder / "backup.sqlite3"
    fake = FakeDiscord(validate_schemas=False)
    fake.gateway.recommended_shards = 1
    await fake.start()
    bots = []
    try:
        bots = await start_bots(fake, f"sqlite:///{database}", 1, str(folder))
        tables = await set_up(fake, args.tables)
        idle = await timed_load(fake, tables, args.rate, args.seconds)
        ended = asyncio.Event()
        backup = asyncio.create_task(backed_up(folder, database, target))
        backup.add_done_callback(lambda _: ended.set())
        during = await load(fake, tables, args.rate, ended)
        output, seconds = await backup
        after = await timed_load(fake, tables, args.rate, args.seconds)
    finally:
        await stop_bots(bots)
        await fake.stop()
    print(output, end="")
    print(f"The command's wall time (Python's start included): {seconds:.1f} s")
    print(f"Round trips, {args.tables} games in play, {args.rate:g} moves/s offered:")
    print(f"  idle:              {percentiles(idle)}")
    print(f"  during the backup: {percentiles(during)}")
    print(f"  after it:          {percentiles(after)}")
    full, quick = check_seconds(target, "integrity_check"), check_seconds(target, "quick_check")
    print(f"Checks of the copy: integrity_check {full:.1f} s, quick_check {quick:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=1000, help="the database's size")
    parser.add_argument("--tables", type=int, default=100, help="games in play")
    parser.add_argument("--rate", type=float, default=50.0, help="moves offered per second")
    parser.add_argument("--seconds", type=float, default=10.0, help="the run without a backup")
    parser.add_argument(
        "--cache",
        default=str(Path(tempfile.gettempdir()) / "reversi-backup-benchmark"),
        help="where the filled database is kept between runs",
    )
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(megabytes=8, tables=2, rate=10.0, seconds=0.5)
    # The bot's processes run this checkout's code, whatever else is installed.
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.getenv("PYTHONPATH")]))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        database = folder / "reversi.sqlite3"
        kept = built(
            folder if args.quick else Path(args.cache), args.megabytes, keep=not args.quick
        )
        shutil.copyfile(kept, database)
        print(f"The bot's database: {size_text(database.stat().st_size)}")
        asyncio.run(run(args, folder, database))


if __name__ == "__main__":
    main()
