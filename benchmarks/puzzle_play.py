"""Rated puzzles at scale: the pick near a rating with 100,000 attempts stored, and the CPU an
answer costs against a game move.

Run: `.venv/bin/python benchmarks/puzzle_play.py [--attempts N] [--runs N] [--backend
sqlite|postgresql] [--database-url URL] [--quick]`, on both backends by default (as
`storage.py`). The bank is seeded into the empty database first (timed, and timed again once
seeded). The attempts are bulk-loaded, half of them by light solvers (100 puzzles each) and half
by heavy ones (10,000 each); each member met the puzzles nearest their rating, as the pick gives
them, so that their next pick walks past all of those. Each pick is the service's whole `start`
(their rating read, the pick, the attempt stored), timed from call to return; the attempt is
then removed, untimed. The answers are timed in CPU (this process's, the database's thread
included on SQLite): a right one, a wrong one (refuted by the exact solver) and, for
comparison, a move in a game. Target: a pick within 10 ms. `--quick` loads 2,000 attempts and
times a few of each.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import random
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.storage import FIRST_USER, GUILD, databases
from bot.clock import SystemClock
from bot.domain import TimeControl
from bot.domain.puzzles import PUZZLE_DEVIATION, Finished, Shown
from bot.engine import Position, square_name
from bot.engine.puzzle_bank import bank
from bot.services import Place, Services
from bot.services.bus import Events
from bot.storage import Storage
from bot.storage.database import SQLITE
from bot.storage.puzzles import pick_unmet

TARGET_MS = 10.0
FROM = "8"
"""Where the query's sample starts, if it takes one: the middle of the ids."""
LIGHT, HEAVY = 100, 10_000
"""Attempts per member of the two kinds of solvers."""
ATTEMPT_COLUMNS = [
    "guild_id",
    "user_id",
    "puzzle_id",
    "step",
    "hinted",
    "status",
    "rating_before",
    "rating_after",
    "started_at",
    "finished_at",
]


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, max(0, round(len(ordered) * share) - 1))]


def summary(times: list[float]) -> str:
    return (
        f"p50 {statistics.median(times):6.2f} ms  p99 {percentile(times, 0.99):6.2f} ms  "
        f"max {max(times):6.2f} ms"
    )


async def seed(storage: Storage) -> None:
    ratings = [(entry.id, float(entry.rating)) for entry in bank()]
    for label in ("into an empty database", "once seeded (a count)"):
        started = time.perf_counter()
        await storage.puzzles.seed(ratings, deviation=PUZZLE_DEVIATION)
        print(
            f"  seeding the bank ({len(ratings):,} puzzles) {label}: "
            f"{(time.perf_counter() - started) * 1000:,.1f} ms"
        )


async def load_attempts(storage: Storage, attempts: int) -> dict[str, list[int]]:
    """Half the attempts by light solvers and half by heavy ones; their user ids by kind."""
    rng = random.Random(1)
    by_rating = sorted(bank(), key=lambda entry: entry.rating)
    ratings = [entry.rating for entry in by_rating]
    kinds: dict[str, list[int]] = {"light": [], "heavy": []}
    rows = []
    user = FIRST_USER
    for kind, each in (("light", LIGHT), ("heavy", HEAVY)):
        each = min(each, attempts // 2)
        for _ in range(max(1, attempts // 2 // each)):
            user += 1
            kinds[kind].append(user)
            rating = min(max(rng.gauss(1500, 250), 900), 2100)
            middle = bisect.bisect(ratings, rating)
            low = max(0, min(middle - each // 2, len(ratings) - each))
            for entry in by_rating[low : low + each]:
                rows.append((GUILD, user, entry.id, 0, False, "failed", None, None, 0.0, 1.0))
            await storage.database.execute_alone(
                "INSERT INTO puzzle_solvers (guild_id, user_id, rating, deviation, volatility, "
                "attempts, updated_at) VALUES (?, ?, ?, 60, 0.06, ?, 0)",
                (GUILD, user, rating, each),
            )
    async with storage.database.transaction() as db:
        await db.insert_many("puzzle_attempts", ATTEMPT_COLUMNS, rows)
    if storage.database.dialect is SQLITE:
        await storage.database.execute_alone("ANALYZE")
    else:
        await storage.database.execute_alone("VACUUM (ANALYZE) puzzle_attempts")
        await storage.database.execute_alone("VACUUM (ANALYZE) puzzle_ratings")
    print(
        f"  {len(rows):,} attempts stored: {len(kinds['light'])} members with {LIGHT:,} "
        f"each, {len(kinds['heavy'])} with {min(HEAVY, attempts // 2):,}"
    )
    return kinds


async def queries(storage: Storage, users: list[int], runs: int) -> list[float]:
    """The pick's query alone, in a read-only transaction: what the index walk costs, without
    the commit of the attempt (an fsync on PostgreSQL as configured here)."""
    times = []
    for run in range(runs):
        user = users[run % len(users)]
        solver = await storage.puzzles.solver(GUILD, user)
        assert solver is not None
        started = time.perf_counter()
        async with storage.database.transaction(read_only=True) as db:
            await pick_unmet(db, GUILD, user, solver.rating.rating, FROM)
        times.append((time.perf_counter() - started) * 1000)
    return times


async def picks(services: Services, users: list[int], runs: int) -> list[float]:
    times = []
    for run in range(runs):
        user = users[run % len(users)]
        started = time.perf_counter()
        shown = await services.puzzles.start(GUILD, user)
        times.append((time.perf_counter() - started) * 1000)
        await services.context.storage.database.execute_alone(
            "DELETE FROM puzzle_attempts WHERE id = ?", (shown.attempt.id,)
        )
    return times


async def cpu_ms(call: Callable[[], Awaitable[object]]) -> tuple[float, object]:
    started = time.process_time()
    result = await call()
    return (time.process_time() - started) * 1000, result


async def answers(services: Services, runs: int) -> tuple[list[float], list[float]]:
    """CPU per right answer and per wrong one, over `runs` new members' puzzles each."""
    right, wrong = [], []
    for run in range(2 * runs):
        user = FIRST_USER + 1_000_000 + run
        shown: Shown | Finished = await services.puzzles.start(GUILD, user)
        assert isinstance(shown, Shown)
        attempt, line = shown.attempt, shown.line
        if run % 2:  # a wrong first move
            square = next(s for s in shown.position.legal_moves() if s != line.solution(0))
            spent, _ = await cpu_ms(
                partial(services.puzzles.answer, attempt.id, user, GUILD, 0, square)
            )
            wrong.append(spent)
            continue
        while isinstance(shown, Shown):
            step = shown.attempt.step
            answer = partial(services.puzzles.answer, attempt.id, user, GUILD, step)
            spent, shown = await cpu_ms(partial(answer, line.solution(step)))
            right.append(spent)
    return right, wrong


async def game_moves(services: Services, games: int) -> list[float]:
    """CPU per move of whole games between two members, random legal moves."""
    rng = random.Random(2)
    place = Place(GUILD, 1)
    times = []
    for game in range(games):
        black, white = FIRST_USER + 2_000_000 + 2 * game, FIRST_USER + 2_000_001 + 2 * game
        record = await services.context.storage.games.create(
            GUILD,
            1,
            black,
            white,
            rated=True,
            time_control=TimeControl(per_move=86400),
            deadline=None,
            now=time.time(),
        )
        state = await services.games.load(record.id)
        while state.record.active:
            position: Position = state.position
            square = square_name(rng.choice(position.legal_moves()))
            mover, ply = state.to_move_id or 0, state.record.ply
            move = partial(services.games.move, record.id, mover, square, place)
            spent, state = await cpu_ms(partial(move, expected_ply=ply))
            times.append(spent)
    return times


async def run(url: str, attempts: int, runs: int) -> None:
    async with await Storage.open(url) as storage:
        print(f"{storage.database.url}:")
        services = Services.build(storage, SystemClock(), Events(), rng=random.Random(3))
        await seed(storage)
        kinds = await load_attempts(storage, attempts)
        for kind, users in kinds.items():
            times = await picks(services, users, runs)
            verdict = "ok" if percentile(times, 0.99) <= TARGET_MS else "over the target"
            print(f"  pick for a {kind} solver        {summary(times)}  {verdict}")
            print(f"    its query alone             {summary(await queries(storage, users, runs))}")
        right, wrong = await answers(services, max(2, runs // 10))
        moves = await game_moves(services, max(1, runs // 100))
        print(f"  CPU a right answer            mean {statistics.fmean(right):6.2f} ms")
        print(
            f"  CPU a wrong answer (refuted)  mean {statistics.fmean(wrong):6.2f} ms  "
            f"max {max(wrong):6.2f} ms"
        )
        print(f"  CPU a game move               mean {statistics.fmean(moves):6.2f} ms")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--backend", choices=["sqlite", "postgresql"], help="default: both")
    parser.add_argument("--database-url", help="an existing, empty database to run on instead")
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(attempts=2_000, runs=10)
    async with databases(args.backend, args.database_url) as urls:
        for url in urls:
            await run(url, args.attempts, args.runs)


if __name__ == "__main__":
    asyncio.run(main())
