"""The daily puzzle's rows, on both backends: one claim a day, its puzzle drawn near the
server's median puzzle rating and never one posted there before, the record once posted, and
the solvers counted since the claim."""

from __future__ import annotations

import pytest

from bot.domain.daily import DAY, HOUR
from bot.domain.puzzles import NEW_SOLVER
from bot.storage import Storage
from tests.ids import ALICE, BOB, GUILD

RATINGS = [(f"{n:02x}", 1000.0 + 100 * n) for n in range(30)]
"""Puzzles from 1000 to 3900."""
CHANNEL = 77
START = 20_000 * DAY


@pytest.fixture
async def scheduled(storage: Storage) -> Storage:
    await storage.puzzles.seed(RATINGS, deviation=200.0)
    await storage.settings.update(GUILD, now=START, daily=(CHANNEL, 9))
    return storage


async def test_one_claim_a_day_and_no_puzzle_twice(scheduled: Storage) -> None:
    assert (await scheduled.daily.claim(GUILD, START + 8 * HOUR)).puzzle is None
    first = await scheduled.daily.claim(GUILD, START + 9 * HOUR)
    again = await scheduled.daily.claim(GUILD, START + 10 * HOUR)
    assert first.fresh and first.puzzle is not None
    assert not again.fresh and again.puzzle == first.puzzle
    assert first.puzzle.channel_id == CHANNEL and first.puzzle.message_id is None
    rating = dict(RATINGS)[first.puzzle.puzzle_id]
    assert abs(rating - NEW_SOLVER.rating) <= 1000  # among the ten nearest 1500

    seen = {first.puzzle.puzzle_id}
    for day in range(1, 25):
        claim = await scheduled.daily.claim(GUILD, START + day * DAY + 9 * HOUR)
        assert claim.puzzle is not None and claim.puzzle.puzzle_id not in seen
        seen.add(claim.puzzle.puzzle_id)


async def test_the_puzzle_follows_the_servers_median_rating(scheduled: Storage) -> None:
    for user, rating in ((ALICE, 3500.0), (BOB, 3600.0), (3, 3700.0)):
        await scheduled.database.execute_alone(
            """
            INSERT INTO puzzle_solvers (guild_id, user_id, rating, deviation, volatility,
                                        updated_at)
            VALUES (?, ?, ?, 100, 0.06, 0)
            """,
            (GUILD, user, rating),
        )
    claim = await scheduled.daily.claim(GUILD, START + 9 * HOUR)
    assert claim.puzzle is not None
    assert abs(dict(RATINGS)[claim.puzzle.puzzle_id] - 3600.0) <= 1000


async def test_the_puzzle_is_the_banks_never_one_of_a_servers_games(scheduled: Storage) -> None:
    """Puzzles of this server's games and another's sit at the median, nearer than any of the
    bank's: the day's puzzle is still the bank's."""
    for index, guild in enumerate((GUILD, GUILD + 1) * 15):
        await scheduled.database.execute_alone(
            """
            INSERT INTO puzzle_ratings (puzzle_id, rating, deviation, volatility, guild_id)
            VALUES (?, ?, 200, 0.06, ?)
            """,
            (f"g{index:02}", NEW_SOLVER.rating, guild),
        )
    for day in range(10):
        claim = await scheduled.daily.claim(GUILD, START + day * DAY + 9 * HOUR)
        assert claim.puzzle is not None and claim.puzzle.puzzle_id in dict(RATINGS)


async def test_the_post_is_recorded_once_and_solvers_counted_since_the_claim(
    scheduled: Storage,
) -> None:
    claim = await scheduled.daily.claim(GUILD, START + 9 * HOUR)
    assert claim.puzzle is not None
    assert await scheduled.daily.posted(GUILD) is None
    await scheduled.daily.record(GUILD, claim.puzzle.day, 555, START + 9 * HOUR)
    await scheduled.daily.record(GUILD, claim.puzzle.day, 666, START + 9 * HOUR)
    posted = await scheduled.daily.posted(GUILD)
    assert posted is not None and posted.message_id == 555

    for hours, user in ((11, BOB), (12, ALICE)):
        attempt = await scheduled.daily.attempt(GUILD, user, posted.puzzle_id, START + 10 * HOUR)
        await scheduled.puzzles.finish(attempt.id, 0, solved=True, now=START + hours * HOUR)
    solves = await scheduled.daily.solves(posted)
    assert (solves.count, solves.first) == (2, BOB)
    again = await scheduled.daily.attempt(GUILD, ALICE, posted.puzzle_id, START + 12 * HOUR)
    assert again.solved


async def test_a_member_has_one_daily_and_one_personal_attempt_open_at_most(
    scheduled: Storage,
) -> None:
    mine = await scheduled.puzzles.start(GUILD, ALICE, 3900.0, now=START)  # far from the daily
    today = await scheduled.daily.claim(GUILD, START + 9 * HOUR)
    assert mine is not None and today.puzzle is not None
    assert today.puzzle.puzzle_id != mine.puzzle_id
    daily = await scheduled.daily.attempt(GUILD, ALICE, today.puzzle.puzzle_id, START + 9 * HOUR)
    assert not daily.finished and daily.id != mine.id
    assert await scheduled.puzzles.start(GUILD, ALICE, 1500.0, now=START + 10 * HOUR) == mine

    met = {mine.puzzle_id, daily.puzzle_id}
    unmet = iter(puzzle_id for puzzle_id, _ in RATINGS if puzzle_id not in met)
    for flag in ("FALSE", "TRUE"):  # a second open personal attempt, then a second daily one
        rows = await scheduled.database.execute_alone(
            f"""
            INSERT INTO puzzle_attempts (guild_id, user_id, puzzle_id, daily, started_at)
            VALUES (?, ?, ?, {flag}, ?)
            ON CONFLICT DO NOTHING RETURNING id
            """,
            (GUILD, ALICE, next(unmet), START + 10 * HOUR),
        )
        assert rows == []

    tomorrow = await scheduled.daily.claim(GUILD, START + DAY + 9 * HOUR)
    assert tomorrow.puzzle is not None
    later = START + DAY + 10 * HOUR
    nextday = await scheduled.daily.attempt(GUILD, ALICE, tomorrow.puzzle.puzzle_id, later)
    assert not nextday.finished
    stale = await scheduled.puzzles.attempt(daily.id)
    assert stale is not None and stale.finished and not stale.solved  # its solution is out
    assert stale.rating_after is not None
    assert await scheduled.puzzles.attempt(mine.id) == mine
    solver = await scheduled.puzzles.solver(GUILD, ALICE)
    assert solver is not None and (solver.attempts, solver.solved) == (1, 0)
