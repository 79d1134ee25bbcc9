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
