"""Puzzle ratings, members' puzzle ratings and attempts, on both backends: the pick near a
rating, the conditional steps, and the ratings changed once per attempt."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.domain.puzzles import NEW_SOLVER, AttemptStatus
from bot.storage import Storage
from bot.storage import puzzles as puzzles_module
from tests.ids import ALICE, BOB, GUILD, OTHER_GUILD

RATINGS = [("0a", 1000.0), ("0b", 1400.0), ("0c", 1500.0), ("0d", 1500.0), ("0e", 1900.0)]


@pytest.fixture
async def seeded(storage: Storage) -> Storage:
    assert await storage.puzzles.seed(RATINGS, deviation=200.0) == len(RATINGS)
    return storage


@pytest.fixture
async def other(database_url: str) -> AsyncIterator[Storage]:
    """A second process's storage on the same database."""
    async with await Storage.open(database_url) as opened:
        yield opened


async def test_seeding_adds_only_the_puzzles_without_a_rating(seeded: Storage) -> None:
    assert await seeded.puzzles.seed(RATINGS, deviation=200.0) == 0
    attempt = await seeded.puzzles.start(GUILD, ALICE, 1000.0, now=1.0)
    assert attempt is not None
    await seeded.puzzles.finish(attempt.id, 0, solved=True, now=2.0)
    learned = await seeded.puzzles.puzzle("0a")
    assert learned is not None and learned.rating.rating < 1000.0

    grown = [*RATINGS, ("0f", 1200.0)]
    assert await seeded.puzzles.seed(grown, deviation=200.0) == 1
    assert await seeded.puzzles.puzzle("0a") == learned
    added = await seeded.puzzles.puzzle("0f")
    assert added is not None and (added.rating.rating, added.rating.deviation) == (1200.0, 200.0)


async def test_a_new_attempt_takes_the_nearest_puzzle_never_met_ties_to_the_lower_id(
    seeded: Storage,
) -> None:
    picked = []
    for now in range(5):
        attempt = await seeded.puzzles.start(GUILD, ALICE, 1480.0, now=float(now))
        assert attempt is not None and attempt.step == 0 and not attempt.hinted
        picked.append(attempt.puzzle_id)
        await seeded.puzzles.finish(attempt.id, 0, solved=False, now=float(now))
    assert picked == ["0c", "0d", "0b", "0e", "0a"]
    assert await seeded.puzzles.start(GUILD, ALICE, 1480.0, now=9.0) is None
    assert await seeded.puzzles.start(OTHER_GUILD, ALICE, 1480.0, now=9.0) is not None


async def test_a_member_who_met_the_nearest_puzzles_gets_one_from_a_sample(
    seeded: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(puzzles_module, "NEAR", 1)
    monkeypatch.setattr(puzzles_module, "SAMPLE", 2)
    for puzzle_id in ("0b", "0c"):  # the nearest below 1480 and above it
        await seeded.database.execute_alone(
            "INSERT INTO puzzle_attempts (guild_id, user_id, puzzle_id, status, started_at, "
            "finished_at) VALUES (?, ?, ?, 'failed', 0, 1)",
            (GUILD, ALICE, puzzle_id),
        )
    picked = []
    for sample_from in ("0e", "0f"):  # a sample of 0e alone, then none: the nearest of all
        attempt = await seeded.puzzles.start(GUILD, ALICE, 1480.0, sample_from=sample_from, now=1.0)
        assert attempt is not None
        picked.append(attempt.puzzle_id)
        await seeded.database.execute_alone(
            "DELETE FROM puzzle_attempts WHERE id = ?", (attempt.id,)
        )
    assert picked == ["0e", "0d"]


async def test_an_open_attempt_is_resumed_rather_than_another_started(seeded: Storage) -> None:
    first = await seeded.puzzles.start(GUILD, ALICE, 1000.0, now=1.0)
    assert first is not None
    moved = await seeded.puzzles.advance(first.id, 0, 2)
    again = await seeded.puzzles.start(GUILD, ALICE, 1900.0, now=2.0)
    assert again == moved and again is not None and again.step == 2


async def test_concurrent_starts_open_one_attempt(seeded: Storage, other: Storage) -> None:
    started = await asyncio.gather(
        *(store.puzzles.start(GUILD, ALICE, 1500.0, now=1.0) for store in [seeded, other] * 5)
    )
    assert len({attempt.id for attempt in started if attempt is not None}) == 1


async def test_steps_move_on_only_from_the_step_named_while_open(seeded: Storage) -> None:
    attempt = await seeded.puzzles.start(GUILD, ALICE, 1500.0, now=1.0)
    assert attempt is not None
    assert await seeded.puzzles.advance(attempt.id, 1, 2) is None
    assert await seeded.puzzles.hint(attempt.id, 1) is None
    hinted = await seeded.puzzles.hint(attempt.id, 0)
    assert hinted is not None and hinted.hinted
    moved = await seeded.puzzles.advance(attempt.id, 0, 2)
    assert moved is not None and moved.step == 2
    assert await seeded.puzzles.advance(attempt.id, 0, 2) is None
    assert await seeded.puzzles.finish(attempt.id, 0, solved=True, now=2.0) is None
    done = await seeded.puzzles.finish(attempt.id, 2, solved=True, now=3.0)
    assert done is not None
    assert done[0].status is AttemptStatus.SOLVED and done[0].finished_at == 3.0
    assert await seeded.puzzles.finish(attempt.id, 2, solved=True, now=4.0) is None
    assert await seeded.puzzles.hint(attempt.id, 2) is None


async def test_a_finished_attempt_rates_the_member_and_the_puzzle_against_each_other(
    seeded: Storage,
) -> None:
    attempt = await seeded.puzzles.start(GUILD, ALICE, 1900.0, now=1.0)
    assert attempt is not None and attempt.puzzle_id == "0e"
    done = await seeded.puzzles.finish(attempt.id, 0, solved=True, now=2.0)
    assert done is not None
    finished, changes = done
    assert changes.solver[0] == NEW_SOLVER and changes.delta > 0
    assert changes.puzzle[1].rating < 1900.0
    assert (finished.rating_before, finished.rating_after) == (
        NEW_SOLVER.rating,
        changes.solver[1].rating,
    )
    solver = await seeded.puzzles.solver(GUILD, ALICE)
    assert solver is not None
    assert (solver.rating, solver.attempts, solver.solved) == (changes.solver[1], 1, 1)
    puzzle = await seeded.puzzles.puzzle("0e")
    assert puzzle is not None and (puzzle.rating, puzzle.attempts, puzzle.solved) == (
        changes.puzzle[1],
        1,
        1,
    )


async def test_a_solve_after_a_hint_gains_less_than_one_without(seeded: Storage) -> None:
    gains = []
    for user, puzzle_id in ((ALICE, "0c"), (BOB, "0d")):  # both rated 1500 to start with
        attempt = await seeded.puzzles.start(GUILD, user, 1500.0, now=1.0)
        assert attempt is not None and attempt.puzzle_id == puzzle_id
        if user == BOB:
            await seeded.puzzles.hint(attempt.id, 0)
        done = await seeded.puzzles.finish(attempt.id, 0, solved=True, now=2.0)
        assert done is not None
        gains.append(done[1].delta)
    assert gains[0] > 0 and gains[1] == pytest.approx(0)  # a draw against an equal


async def test_twenty_concurrent_answers_finish_an_attempt_and_rate_it_once(
    seeded: Storage, other: Storage
) -> None:
    attempt = await seeded.puzzles.start(GUILD, ALICE, 1500.0, now=1.0)
    assert attempt is not None
    results = await asyncio.gather(
        *(
            store.puzzles.finish(attempt.id, 0, solved=False, now=2.0)
            for store in [seeded, other] * 10
        )
    )
    assert sum(result is not None for result in results) == 1
    solver = await seeded.puzzles.solver(GUILD, ALICE)
    puzzle = await seeded.puzzles.puzzle(attempt.puzzle_id)
    assert solver is not None and solver.attempts == 1
    assert puzzle is not None and puzzle.attempts == 1


async def test_forgetting_a_member_forgets_their_puzzles_in_that_server(seeded: Storage) -> None:
    for guild in (GUILD, OTHER_GUILD):
        attempt = await seeded.puzzles.start(guild, ALICE, 1500.0, now=1.0)
        assert attempt is not None
        await seeded.puzzles.finish(attempt.id, 0, solved=True, now=2.0)
    await seeded.forget_player(GUILD, ALICE)
    assert await seeded.puzzles.solver(GUILD, ALICE) is None
    assert await seeded.puzzles.solver(OTHER_GUILD, ALICE) is not None
    met = await seeded.puzzles.puzzle("0c")  # met before being forgotten
    assert met is not None
    again = await seeded.puzzles.start(GUILD, ALICE, met.rating.rating, now=3.0)
    assert again is not None and again.puzzle_id == "0c"
