import asyncio
from typing import Any

import pytest

from bot.domain import (
    Ending,
    EndReason,
    FinishedGame,
    GameRecord,
    GameStatus,
    InvalidInputError,
    Rating,
)
from bot.domain.glicko2 import rate
from bot.engine import Color
from bot.storage import GameNotFoundError, GameOverError, StaleMoveError, Storage
from bot.storage import games as games_module
from tests.ids import ALICE, BOB, BOT, CAROL, CHANNEL, GUILD, OTHER_GUILD
from tests.storage.conftest import start_game


async def play_and_finish(
    storage: Storage,
    black: int,
    white: int,
    winner: Color | None,
    discs: tuple[int, int] = (40, 24),
    *,
    rated: bool = True,
    guild: int = GUILD,
    now: float = 1000.0,
) -> None:
    game = await start_game(storage, black, white, rated=rated, guild=guild, now=now)
    await storage.games.finish(game.id, 0, Ending(EndReason.NORMAL, winner, *discs), now=now + 1)


async def test_rated_finish_updates_both_records_and_ratings(storage: Storage) -> None:
    game = await start_game(storage)
    game = await storage.games.record_move(game.id, 0, "f5", deadline=None, now=1001)

    finished = await storage.games.finish(
        game.id, 1, Ending(EndReason.NORMAL, Color.BLACK, 40, 24), now=2000
    )

    assert finished.game.status is GameStatus.FINISHED
    assert (finished.game.winner, finished.game.end_reason) == (Color.BLACK, EndReason.NORMAL)
    assert (finished.game.black_discs, finished.game.white_discs) == (40, 24)
    assert finished.game.deadline is None and finished.game.updated_at == 2000
    assert (finished.game.winner_id, finished.game.loser_id) == (ALICE, BOB)
    assert finished.black is not None and finished.white is not None
    assert (finished.black.user_id, finished.white.user_id) == (ALICE, BOB)
    assert finished.black.before == finished.white.before == Rating()
    assert round(finished.black.after.rating) == 1662
    assert round(finished.white.after.rating) == 1338

    alice = await storage.players.get(GUILD, ALICE)
    bob = await storage.players.get(GUILD, BOB)
    assert alice is not None and bob is not None
    assert (alice.wins, alice.losses, alice.draws, alice.games) == (1, 0, 0, 1)
    assert (bob.wins, bob.losses, bob.draws, bob.games) == (0, 1, 0, 1)
    assert (alice.disc_diff, bob.disc_diff) == (16, -16)
    assert (alice.streak, alice.best_streak, bob.streak, bob.best_streak) == (1, 1, -1, 0)
    assert alice.rating == finished.black.after and bob.rating == finished.white.after
    assert alice.provisional and alice.updated_at == 2000
    assert await storage.players.get(OTHER_GUILD, ALICE) is None
    assert await storage.games.get(game.id) == finished.game


async def test_finishing_twice_counts_once(storage: Storage) -> None:
    game = await start_game(storage)
    ending = Ending(EndReason.RESIGNATION, Color.WHITE, 30, 20)
    await storage.games.finish(game.id, 0, ending, now=1)

    outcomes = await asyncio.gather(
        *(storage.games.finish(game.id, 0, ending, now=2) for _ in range(5)),
        return_exceptions=True,
    )

    assert all(isinstance(o, GameOverError) for o in outcomes)
    bob = await storage.players.get(GUILD, BOB)
    assert bob is not None and (bob.wins, bob.games) == (1, 1)


async def test_concurrent_finishes_rate_once(storage: Storage) -> None:
    """A timeout and a resignation racing: one ends the game, the other is refused."""
    game = await start_game(storage)

    outcomes = await asyncio.gather(
        storage.games.finish(game.id, 0, Ending(EndReason.TIMEOUT, Color.WHITE, 2, 2), now=5),
        storage.games.finish(game.id, 0, Ending(EndReason.RESIGNATION, Color.BLACK, 2, 2), now=5),
        return_exceptions=True,
    )

    assert sum(isinstance(o, GameOverError) for o in outcomes) == 1
    alice, bob = await storage.players.get(GUILD, ALICE), await storage.players.get(GUILD, BOB)
    assert alice is not None and bob is not None
    assert alice.games == bob.games == 1 and alice.wins + bob.wins == 1


async def test_finish_at_an_old_ply_is_refused(storage: Storage) -> None:
    game = await start_game(storage)
    moved = await storage.games.record_move(game.id, 0, "f5", deadline=None, now=1)

    with pytest.raises(StaleMoveError):
        await storage.games.finish(game.id, 0, Ending(EndReason.TIMEOUT, Color.WHITE, 1, 4), now=2)

    assert await storage.games.get(game.id) == moved
    assert await storage.players.get(GUILD, ALICE) is None


async def test_finishing_an_unknown_game(storage: Storage) -> None:
    with pytest.raises(GameNotFoundError):
        await storage.games.finish(42, 0, Ending(EndReason.TIMEOUT, Color.WHITE, 2, 2), now=1)


async def test_draw_counts_half(storage: Storage) -> None:
    game = await start_game(storage)

    finished = await storage.games.finish(game.id, 0, Ending(EndReason.NORMAL, None, 32, 32), now=1)

    assert finished.game.end_reason is EndReason.NORMAL and finished.game.winner is None
    assert (finished.game.winner_id, finished.game.loser_id) == (None, None)
    assert finished.black is not None and finished.black.after.rating == pytest.approx(
        finished.black.before.rating
    )
    alice = await storage.players.get(GUILD, ALICE)
    assert alice is not None and (alice.draws, alice.streak, alice.win_rate) == (1, 0, 0.5)


async def test_admin_cancel_is_unrated(storage: Storage) -> None:
    game = await start_game(storage)

    finished = await storage.games.finish(
        game.id, 0, Ending(EndReason.CANCELLED, None, 2, 2, cancelled_by=CAROL), now=1
    )

    assert (finished.black, finished.white) == (None, None)
    assert finished.game.end_reason is EndReason.CANCELLED and finished.game.winner is None
    assert finished.game.winner_id is None
    assert finished.game.cancelled_by == CAROL and not finished.game.rated
    assert await storage.games.get(game.id) == finished.game
    assert await storage.players.get(GUILD, ALICE) is None
    assert await storage.games.active_in(CHANNEL) is None


async def test_game_against_the_bot_is_unrated_but_kept(storage: Storage) -> None:
    game = await start_game(storage, ALICE, BOT, rated=False)

    finished = await storage.games.finish(
        game.id, 0, Ending(EndReason.NORMAL, Color.BLACK, 50, 14), now=1
    )

    assert (finished.black, finished.white) == (None, None)
    assert await storage.players.get(GUILD, ALICE) is None
    assert await storage.games.get(game.id) == finished.game
    record = await storage.history.head_to_head(GUILD, ALICE, BOT)
    assert (record.wins, record.losses, record.draws) == (1, 0, 0)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"reason": EndReason.CANCELLED, "winner": Color.BLACK, "cancelled_by": CAROL},
            "no winner",
        ),
        ({"reason": EndReason.CANCELLED, "winner": None}, "who cancelled"),
        (
            {"reason": EndReason.TIMEOUT, "winner": Color.BLACK, "cancelled_by": CAROL},
            "who stopped it",
        ),
        ({"reason": EndReason.NORMAL, "winner": None, "cancelled_by": CAROL}, "who stopped it"),
        ({"reason": EndReason.ABORTED, "winner": Color.WHITE}, "no winner"),
        ({"reason": EndReason.NORMAL, "winner": Color.BLACK, "black_discs": 60}, "Disc counts"),
        ({"reason": EndReason.NORMAL, "winner": Color.BLACK, "white_discs": -1}, "Disc counts"),
        ({"reason": EndReason.NORMAL, "winner": Color.BLACK, "black_discs": -1}, "Disc counts"),
    ],
)
def test_bad_ending_is_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        Ending(**{"black_discs": 10, "white_discs": 10, **fields})


@pytest.mark.parametrize(
    "ending",
    [
        Ending(EndReason.NORMAL, Color.BLACK, 64, 0),
        Ending(EndReason.NORMAL, None, 32, 32),
        Ending(EndReason.RESIGNATION, Color.WHITE, 0, 0),
        Ending(EndReason.TIMEOUT, None, 2, 2),
        Ending(EndReason.CANCELLED, None, 2, 2, cancelled_by=CAROL),
    ],
)
async def test_every_valid_ending_is_stored_as_given(storage: Storage, ending: Ending) -> None:
    game = await start_game(storage)

    finished = (await storage.games.finish(game.id, 0, ending, now=1)).game

    assert (finished.end_reason, finished.winner, finished.cancelled_by) == (
        ending.reason,
        ending.winner,
        ending.cancelled_by,
    )
    assert (finished.black_discs, finished.white_discs) == (ending.black_discs, ending.white_discs)
    assert await storage.games.get(game.id) == finished


async def test_streaks_and_ratings_over_a_series(storage: Storage) -> None:
    expected = {ALICE: Rating(), BOB: Rating()}
    winners = [Color.BLACK, Color.BLACK, Color.BLACK, Color.WHITE, None, Color.BLACK, Color.BLACK]
    for i, winner in enumerate(winners):
        black, white = (ALICE, BOB) if i % 2 == 0 else (BOB, ALICE)
        await play_and_finish(storage, black, white, winner, (33, 31), now=1000.0 * i)
        score = {Color.BLACK: 1.0, Color.WHITE: 0.0, None: 0.5}[winner]
        expected[black], expected[white] = (
            rate(expected[black], [(expected[white], score)]),
            rate(expected[white], [(expected[black], 1 - score)]),
        )

    alice = await storage.players.get(GUILD, ALICE)
    bob = await storage.players.get(GUILD, BOB)
    assert alice is not None and bob is not None
    # Alice: W, L, W, W(as white), D, L, W  ->  streak 1, best 2.
    assert (alice.wins, alice.losses, alice.draws) == (4, 2, 1)
    assert (alice.streak, alice.best_streak) == (1, 2)
    assert (bob.streak, bob.best_streak) == (-1, 1)
    assert alice.disc_diff == 4 * (33 - 31) + 3 * (31 - 33)  # four games as Black, three as White
    assert alice.rating == pytest.approx(expected[ALICE])
    assert bob.rating == pytest.approx(expected[BOB])


# The game-ending move: the move, the result and the rating changes in one transaction.


async def started_and_moved(storage: Storage) -> GameRecord:
    """A rated game between Alice (Black) and Bob (White) with one move played: at ply 1."""
    game = await start_game(storage)
    return await storage.games.record_move(game.id, 0, "f5", deadline=1100.0, now=1001)


async def assert_nothing_changed(storage: Storage, before: GameRecord) -> None:
    assert await storage.games.get(before.id) == before
    assert await storage.games.active_in(CHANNEL) == before
    assert await storage.players.get(GUILD, ALICE) is None
    assert await storage.players.get(GUILD, BOB) is None


async def test_final_move_is_recorded_with_the_result_and_ratings(storage: Storage) -> None:
    game = await started_and_moved(storage)

    finished = await storage.games.record_final_move(
        game.id, 1, "d6", Ending(EndReason.NORMAL, Color.WHITE, 20, 44), now=2000
    )

    assert isinstance(finished, FinishedGame)
    record = finished.game
    assert (record.transcript, record.ply, record.moves) == ("f5d6", 2, ("f5", "d6"))
    assert record.status is GameStatus.FINISHED and not record.active
    assert (record.winner, record.end_reason) == (Color.WHITE, EndReason.NORMAL)
    assert (record.winner_id, record.loser_id) == (BOB, ALICE)
    assert (record.black_discs, record.white_discs) == (20, 44)
    assert record.deadline is None and record.updated_at == 2000
    assert await storage.games.get(game.id) == record
    assert await storage.games.active_in(CHANNEL) is None

    assert finished.black is not None and finished.white is not None
    assert (finished.black.user_id, finished.white.user_id) == (ALICE, BOB)
    assert round(finished.white.after.rating) == 1662 and round(finished.black.after.rating) == 1338
    alice = await storage.players.get(GUILD, ALICE)
    bob = await storage.players.get(GUILD, BOB)
    assert alice is not None and bob is not None
    assert (alice.losses, alice.games, alice.disc_diff) == (1, 1, -24)
    assert (bob.wins, bob.games, bob.disc_diff) == (1, 1, 24)
    assert (alice.rating, bob.rating) == (finished.black.after, finished.white.after)


async def test_final_move_of_an_unrated_game_changes_no_rating(storage: Storage) -> None:
    game = await start_game(storage, ALICE, BOT, rated=False)

    finished = await storage.games.record_final_move(
        game.id, 0, "f5", Ending(EndReason.NORMAL, None, 32, 32), now=1
    )

    assert (finished.black, finished.white) == (None, None)
    assert finished.game.transcript == "f5" and finished.game.winner is None
    assert await storage.players.get(GUILD, ALICE) is None


async def test_final_move_at_a_stale_ply_changes_nothing(storage: Storage) -> None:
    game = await started_and_moved(storage)

    with pytest.raises(StaleMoveError) as stale:
        await storage.games.record_final_move(
            game.id, 0, "d6", Ending(EndReason.NORMAL, Color.BLACK, 40, 24), now=2000
        )

    assert (stale.value.expected_ply, stale.value.ply) == (0, 1)
    await assert_nothing_changed(storage, game)


async def test_final_move_after_the_end_changes_nothing(storage: Storage) -> None:
    game = await started_and_moved(storage)
    ended = await storage.games.finish(
        game.id, 1, Ending(EndReason.RESIGNATION, Color.BLACK, 4, 1), now=1500
    )

    with pytest.raises(GameOverError):
        await storage.games.record_final_move(
            game.id, 1, "d6", Ending(EndReason.NORMAL, Color.WHITE, 20, 44), now=2000
        )

    assert await storage.games.get(game.id) == ended.game
    alice = await storage.players.get(GUILD, ALICE)
    bob = await storage.players.get(GUILD, BOB)
    assert alice is not None and bob is not None
    assert (alice.wins, alice.games, bob.losses, bob.games) == (1, 1, 1, 1)
    assert ended.black is not None and ended.white is not None
    assert (alice.rating, bob.rating) == (ended.black.after, ended.white.after)


async def test_final_move_in_an_unknown_game(storage: Storage) -> None:
    with pytest.raises(GameNotFoundError):
        await storage.games.record_final_move(
            42, 0, "f5", Ending(EndReason.NORMAL, Color.BLACK, 40, 24), now=1
        )


@pytest.mark.parametrize("move", ["", "i1", "a9", "D3", "d3d4", "pass"])
async def test_final_move_that_is_not_a_square_changes_nothing(storage: Storage, move: str) -> None:
    game = await started_and_moved(storage)

    with pytest.raises(InvalidInputError, match="not a square"):
        await storage.games.record_final_move(
            game.id, 1, move, Ending(EndReason.NORMAL, Color.WHITE, 20, 44), now=2000
        )

    await assert_nothing_changed(storage, game)


async def test_failure_while_rating_undoes_the_final_move(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move is written before the ratings: a failure then must take the move back too."""
    game = await started_and_moved(storage)

    async def broken(*args: object) -> None:
        raise RuntimeError("disk on fire")

    with monkeypatch.context() as patched:
        patched.setattr(games_module, "record_rated_result", broken)
        with pytest.raises(RuntimeError, match="disk on fire"):
            await storage.games.record_final_move(
                game.id, 1, "d6", Ending(EndReason.NORMAL, Color.WHITE, 20, 44), now=2000
            )

    await assert_nothing_changed(storage, game)
    # The game goes on from where it was.
    retried = await storage.games.record_final_move(
        game.id, 1, "d6", Ending(EndReason.NORMAL, Color.WHITE, 20, 44), now=2001
    )
    assert retried.game.transcript == "f5d6" and retried.white is not None


async def test_final_move_racing_a_timeout_ends_the_game_once(storage: Storage) -> None:
    game = await started_and_moved(storage)

    outcomes = await asyncio.gather(
        storage.games.record_final_move(
            game.id, 1, "d6", Ending(EndReason.NORMAL, Color.WHITE, 20, 44), now=2000
        ),
        storage.games.finish(game.id, 1, Ending(EndReason.TIMEOUT, Color.BLACK, 3, 1), now=2000),
        return_exceptions=True,
    )

    assert sum(isinstance(o, FinishedGame) for o in outcomes) == 1
    assert sum(isinstance(o, GameOverError | StaleMoveError) for o in outcomes) == 1
    (winner,) = [o for o in outcomes if isinstance(o, FinishedGame)]
    assert await storage.games.get(game.id) == winner.game
    assert winner.game.transcript == (
        "f5d6" if winner.game.end_reason is EndReason.NORMAL else "f5"
    )
    alice = await storage.players.get(GUILD, ALICE)
    assert alice is not None and alice.games == 1
