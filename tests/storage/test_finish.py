import asyncio
from typing import Any

import pytest

from bot.storage import (
    EndReason,
    GameOverError,
    GameStatus,
    InvalidInputError,
    Rating,
    Result,
    StaleMoveError,
    Storage,
)
from bot.storage.glicko2 import rate
from tests.storage.conftest import ALICE, BOB, BOT, CAROL, CHANNEL, GUILD, OTHER_GUILD, start_game


async def play_and_finish(
    storage: Storage,
    black: int,
    white: int,
    result: str,
    discs: tuple[int, int] = (40, 24),
    *,
    rated: bool = True,
    guild: int = GUILD,
    now: float = 1000.0,
) -> None:
    game = await start_game(storage, black, white, rated=rated, guild=guild, now=now)
    await storage.finish_game(
        game.id, 0, result=result, reason="normal", black_discs=discs[0],
        white_discs=discs[1], now=now + 1,
    )  # fmt: skip


async def test_rated_finish_updates_both_records_and_ratings(storage: Storage) -> None:
    game = await start_game(storage)
    game = await storage.record_move(game.id, 0, "f5", deadline=None, now=1001)

    finished = await storage.finish_game(
        game.id, 1, result="black", reason="normal", black_discs=40, white_discs=24, now=2000
    )

    assert finished.game.status is GameStatus.FINISHED
    assert (finished.game.result, finished.game.end_reason) == (Result.BLACK, EndReason.NORMAL)
    assert (finished.game.black_discs, finished.game.white_discs) == (40, 24)
    assert finished.game.deadline is None and finished.game.updated_at == 2000
    assert finished.game.winner_id == ALICE
    assert finished.black is not None and finished.white is not None
    assert (finished.black.user_id, finished.white.user_id) == (ALICE, BOB)
    assert finished.black.before == finished.white.before == Rating()
    assert round(finished.black.after.rating) == 1662 and round(finished.black.delta) == 162
    assert round(finished.white.after.rating) == 1338 and round(finished.white.delta) == -162

    alice = await storage.player(GUILD, ALICE)
    bob = await storage.player(GUILD, BOB)
    assert alice is not None and bob is not None
    assert (alice.wins, alice.losses, alice.draws, alice.games) == (1, 0, 0, 1)
    assert (bob.wins, bob.losses, bob.draws, bob.games) == (0, 1, 0, 1)
    assert (alice.disc_diff, bob.disc_diff) == (16, -16)
    assert (alice.streak, alice.best_streak, bob.streak, bob.best_streak) == (1, 1, -1, 0)
    assert alice.rating == finished.black.after and bob.rating == finished.white.after
    assert alice.provisional and alice.updated_at == 2000
    assert await storage.player(OTHER_GUILD, ALICE) is None


async def test_finishing_twice_counts_once(storage: Storage) -> None:
    game = await start_game(storage)
    args = {"result": "white", "reason": "resignation", "black_discs": 30, "white_discs": 20}
    await storage.finish_game(game.id, 0, now=1, **args)  # type: ignore[arg-type]

    outcomes = await asyncio.gather(
        *(storage.finish_game(game.id, 0, now=2, **args) for _ in range(5)),  # type: ignore[arg-type]
        return_exceptions=True,
    )

    assert all(isinstance(o, GameOverError) for o in outcomes)
    bob = await storage.player(GUILD, BOB)
    assert bob is not None and (bob.wins, bob.games) == (1, 1)


async def test_concurrent_finishes_rate_once(storage: Storage) -> None:
    """A timeout and a resignation racing: one ends the game, the other is refused."""
    game = await start_game(storage)

    outcomes = await asyncio.gather(
        storage.finish_game(
            game.id, 0, result="white", reason="timeout", black_discs=2, white_discs=2, now=5
        ),
        storage.finish_game(
            game.id, 0, result="black", reason="resignation", black_discs=2, white_discs=2, now=5
        ),
        return_exceptions=True,
    )

    assert sum(isinstance(o, GameOverError) for o in outcomes) == 1
    alice, bob = await storage.player(GUILD, ALICE), await storage.player(GUILD, BOB)
    assert alice is not None and bob is not None
    assert alice.games == bob.games == 1 and alice.wins + bob.wins == 1


async def test_finish_at_an_old_ply_is_refused(storage: Storage) -> None:
    game = await start_game(storage)
    await storage.record_move(game.id, 0, "f5", deadline=None, now=1)

    with pytest.raises(StaleMoveError):
        await storage.finish_game(
            game.id, 0, result="white", reason="timeout", black_discs=1, white_discs=4, now=2
        )

    assert (await storage.get_game(game.id)).active
    assert await storage.player(GUILD, ALICE) is None


async def test_draw_counts_half(storage: Storage) -> None:
    game = await start_game(storage)

    finished = await storage.finish_game(
        game.id, 0, result="draw", reason="normal", black_discs=32, white_discs=32, now=1
    )

    assert finished.black is not None and finished.black.delta == pytest.approx(0)
    alice = await storage.player(GUILD, ALICE)
    assert alice is not None and (alice.draws, alice.streak, alice.win_rate) == (1, 0, 0.5)


async def test_admin_cancel_is_unrated(storage: Storage) -> None:
    game = await start_game(storage)

    finished = await storage.finish_game(
        game.id, 0, result=None, reason="cancelled", black_discs=2, white_discs=2, now=1,
        cancelled_by=CAROL,
    )  # fmt: skip

    assert (finished.black, finished.white) == (None, None)
    assert finished.game.end_reason is EndReason.CANCELLED and finished.game.result is None
    assert finished.game.cancelled_by == CAROL and not finished.game.rated
    assert await storage.player(GUILD, ALICE) is None
    assert await storage.active_game(CHANNEL) is None


async def test_game_against_the_bot_is_unrated_but_kept(storage: Storage) -> None:
    game = await start_game(storage, ALICE, BOT, rated=False)

    finished = await storage.finish_game(
        game.id, 0, result="black", reason="normal", black_discs=50, white_discs=14, now=1
    )

    assert (finished.black, finished.white) == (None, None)
    assert await storage.player(GUILD, ALICE) is None
    assert await storage.get_game(game.id) == finished.game
    record = await storage.head_to_head(GUILD, ALICE, BOT)
    assert (record.wins, record.losses, record.draws) == (1, 0, 0)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"result": "black", "reason": "finished"}, "end reason"),
        ({"result": "blue", "reason": "normal"}, "result"),
        ({"result": None, "reason": "normal"}, "result unless"),
        ({"result": "black", "reason": "cancelled", "cancelled_by": CAROL}, "result unless"),
        ({"result": None, "reason": "cancelled"}, "who cancelled"),
        ({"result": "black", "reason": "timeout", "cancelled_by": CAROL}, "who cancelled"),
        ({"result": "black", "reason": "normal", "black_discs": 60}, "Disc counts"),
        ({"result": "black", "reason": "normal", "white_discs": -1}, "Disc counts"),
    ],
)
async def test_bad_finish_is_refused(
    storage: Storage, fields: dict[str, Any], message: str
) -> None:
    game = await start_game(storage)

    with pytest.raises(InvalidInputError, match=message):
        await storage.finish_game(
            game.id, 0, **{"black_discs": 10, "white_discs": 10, "now": 1, **fields}
        )

    assert (await storage.get_game(game.id)).active


async def test_streaks_and_ratings_over_a_series(storage: Storage) -> None:
    expected = {ALICE: Rating(), BOB: Rating()}
    results = ["black", "black", "black", "white", "draw", "black", "black"]
    for i, result in enumerate(results):
        black, white = (ALICE, BOB) if i % 2 == 0 else (BOB, ALICE)
        await play_and_finish(storage, black, white, result, (33, 31), now=1000.0 * i)
        score = {"black": 1.0, "white": 0.0, "draw": 0.5}[result]
        expected[black], expected[white] = (
            rate(expected[black], [(expected[white], score)]),
            rate(expected[white], [(expected[black], 1 - score)]),
        )

    alice = await storage.player(GUILD, ALICE)
    bob = await storage.player(GUILD, BOB)
    assert alice is not None and bob is not None
    # Alice: W, L, W, W(as white), D, L, W  ->  streak 1, best 2.
    assert (alice.wins, alice.losses, alice.draws) == (4, 2, 1)
    assert (alice.streak, alice.best_streak) == (1, 2)
    assert (bob.streak, bob.best_streak) == (-1, 1)
    assert alice.disc_diff == 4 * (33 - 31) + 3 * (31 - 33)  # four games as Black, three as White
    assert alice.rating == pytest.approx(expected[ALICE])
    assert bob.rating == pytest.approx(expected[BOB])
