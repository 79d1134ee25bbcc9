"""Personal rated puzzles: the pick, right and wrong answers, hints and every refusal."""

from __future__ import annotations

import asyncio

from bot.domain.puzzles import AttemptStatus, Finished, Quadrant, Shown
from bot.domain.refusals import Refusal, Refused
from bot.engine.puzzles import move_values
from bot.services import Services
from bot.storage import Storage
from tests.aimed_puzzles import ONE_MOVE, THREE_MOVES, aim
from tests.ids import ALICE, BOB, GUILD, OTHER_GUILD
from tests.refused import refused


async def test_a_new_puzzle_is_near_the_members_rating_and_resumed_until_finished(
    services: Services,
) -> None:
    shown = await services.puzzles.start(GUILD, ALICE)
    assert abs(shown.line.entry.rating - 1500) <= 100  # a newcomer's rating, give or take
    assert shown.attempt.step == 0 and shown.position == shown.line.positions[0]
    again = await services.puzzles.start(GUILD, ALICE)
    assert again.attempt == shown.attempt


async def test_a_puzzle_of_several_moves_is_solved_move_by_move(
    services: Services, storage: Storage
) -> None:
    await aim(storage, GUILD, ALICE, THREE_MOVES)
    shown = await services.puzzles.start(GUILD, ALICE)
    assert shown.line.entry == THREE_MOVES
    a4, a7, b2, b3, f1 = THREE_MOVES.line
    after = await services.puzzles.answer(shown.attempt.id, ALICE, GUILD, 0, a4)
    assert isinstance(after, Shown) and after.attempt.step == 2 and after.played == (a4, a7)
    assert after.position == shown.position.play(a4).play(a7)
    after = await services.puzzles.answer(shown.attempt.id, ALICE, GUILD, 2, b2)
    assert isinstance(after, Shown) and after.attempt.step == 4 and after.played == (b2, b3)
    done = await services.puzzles.answer(shown.attempt.id, ALICE, GUILD, 4, f1)
    assert isinstance(done, Finished) and done.refutation is None
    assert done.attempt.status is AttemptStatus.SOLVED and done.changes.delta > 0
    solver = await storage.puzzles.solver(GUILD, ALICE)
    assert solver is not None and (solver.attempts, solver.solved) == (1, 1)
    assert solver.rating == done.changes.solver[1]


async def test_a_wrong_move_fails_the_puzzle_with_the_reply_that_refutes_it(
    services: Services, storage: Storage
) -> None:
    await aim(storage, GUILD, ALICE, THREE_MOVES)
    shown = await services.puzzles.start(GUILD, ALICE)
    a4 = THREE_MOVES.line[0]
    moved = await services.puzzles.answer(shown.attempt.id, ALICE, GUILD, 0, a4)
    assert isinstance(moved, Shown)
    position = moved.position
    wrong = next(square for square in position.legal_moves() if square != THREE_MOVES.line[2])
    done = await services.puzzles.answer(shown.attempt.id, ALICE, GUILD, 2, wrong)
    assert isinstance(done, Finished) and done.attempt.status is AttemptStatus.FAILED
    assert done.changes.delta < 0
    refutation = done.refutation
    assert refutation is not None and refutation.move == wrong
    assert refutation.score == move_values(position)[wrong]
    assert refutation.best == THREE_MOVES.score == move_values(position)[THREE_MOVES.line[2]]
    assert refutation.short >= THREE_MOVES.margin or refutation.score <= 0 < refutation.best
    after = position.play(wrong)
    assert refutation.reply is not None
    assert move_values(after)[refutation.reply] == -refutation.score


async def test_a_hint_names_the_quadrant_and_is_kept_on_the_attempt(
    services: Services, storage: Storage
) -> None:
    await aim(storage, GUILD, ALICE, ONE_MOVE)
    shown = await services.puzzles.start(GUILD, ALICE)
    hint = await services.puzzles.hint(shown.attempt.id, ALICE, GUILD, 0)
    assert hint.quadrant is Quadrant.BOTTOM_LEFT  # b7
    assert hint.themes == ONE_MOVE.themes and hint.shown.attempt.hinted
    done = await services.puzzles.answer(shown.attempt.id, ALICE, GUILD, 0, ONE_MOVE.line[0])
    assert isinstance(done, Finished) and done.attempt.solved and done.attempt.hinted


async def test_forged_and_stale_answers_are_refused_and_change_nothing(
    services: Services, storage: Storage
) -> None:
    await aim(storage, GUILD, ALICE, THREE_MOVES)
    shown = await services.puzzles.start(GUILD, ALICE)
    attempt = shown.attempt.id
    a4, _, b2, *_ = THREE_MOVES.line
    illegal = next(s for s in range(64) if not shown.position.is_legal(s))
    forgeries = [
        ((attempt + 1000, ALICE, GUILD, 0), Refused.NO_SUCH_PUZZLE),
        ((attempt, ALICE, OTHER_GUILD, 0), Refused.PUZZLE_ELSEWHERE),
        ((attempt, BOB, GUILD, 0), Refused.NOT_YOUR_PUZZLE),
        ((attempt, ALICE, GUILD, 2), Refused.STALE_PUZZLE),
    ]
    for (attempt_id, user, guild, step), code in forgeries:
        with refused(code):
            await services.puzzles.answer(attempt_id, user, guild, step, a4)
        with refused(code):
            await services.puzzles.hint(attempt_id, user, guild, step)
    with refused(Refused.STALE_PUZZLE):
        await services.puzzles.answer(attempt, ALICE, GUILD, 0, illegal)
    assert await storage.puzzles.attempt(attempt) == shown.attempt
    await services.puzzles.answer(attempt, ALICE, GUILD, 0, a4)
    with refused(Refused.STALE_PUZZLE):
        await services.puzzles.answer(attempt, ALICE, GUILD, 0, a4)
    wrong = next(s for s in shown.line.positions[2].legal_moves() if s != b2)
    await services.puzzles.answer(attempt, ALICE, GUILD, 2, wrong)
    for call in (
        services.puzzles.answer(attempt, ALICE, GUILD, 2, b2),
        services.puzzles.hint(attempt, ALICE, GUILD, 2),
    ):
        with refused(Refused.PUZZLE_FINISHED):
            await call
    solver = await storage.puzzles.solver(GUILD, ALICE)
    assert solver is not None and solver.attempts == 1


async def test_twenty_concurrent_answers_count_once(services: Services, storage: Storage) -> None:
    await aim(storage, GUILD, ALICE, ONE_MOVE)
    shown = await services.puzzles.start(GUILD, ALICE)
    square = ONE_MOVE.line[0]
    results = await asyncio.gather(
        *(services.puzzles.answer(shown.attempt.id, ALICE, GUILD, 0, square) for _ in range(20)),
        return_exceptions=True,
    )
    finished = [result for result in results if isinstance(result, Finished)]
    assert len(finished) == 1
    assert all(
        isinstance(result, Refusal)
        and result.code in (Refused.PUZZLE_FINISHED, Refused.STALE_PUZZLE)
        for result in results
        if result not in finished
    )
    solver = await storage.puzzles.solver(GUILD, ALICE)
    puzzle = await storage.puzzles.puzzle(ONE_MOVE.id)
    assert solver is not None and solver.rating == finished[0].changes.solver[1]
    assert puzzle is not None and puzzle.attempts == 1
