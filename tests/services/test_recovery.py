"""Start-up: what a restart finds in storage, and what `Recovery` makes of it."""

from __future__ import annotations

from bot import engine
from bot.domain import Challenge, EndReason, GameStatus, Rating
from bot.domain.events import ChallengeOpened, GameEnded, GameResumed
from bot.domain.notices import NoticeKind
from bot.services import Place, Services
from bot.services.recovery import LATE_END
from bot.storage import Storage
from tests.fakediscord.clock import FakeClock
from tests.ids import ALICE, BOB, CAROL, GUILD

from .support import HERE, Recorder, human_game, squares, write_moves, wthor_game

BOARD = 1_190_000_000_000_000_001
"""A board message's id."""


async def test_a_game_left_active_at_its_final_position_is_finished_with_its_true_result(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    # An older bot stored the final move with `record_move` and crashed before the result.
    moves = squares(wthor_game("WTH_1977#2")["moves"])  # Black wins 52-12
    state = await human_game(services)
    record = await write_moves(storage, state.record, moves, now=clock.timestamp())
    await storage.games.set_board(record.id, BOARD, record.version - 2)  # one move behind
    assert record.active and engine.Game(moves).is_over()
    clock.advance(3600)
    recorder.take()

    await services.recovery.recover()

    finished = await storage.games.get(record.id)
    assert finished.status is GameStatus.FINISHED and finished.end_reason is EndReason.NORMAL
    assert finished.winner is engine.Color.BLACK
    assert (finished.black_discs, finished.white_discs) == (52, 12)
    assert finished.transcript == record.transcript and finished.deadline is None
    assert finished.updated_at == clock.timestamp()
    (event,) = recorder.take()  # announced once, though its board is behind too
    assert isinstance(event, GameEnded) and event.state.record == finished
    assert event.finished is not None and event.finished.game == finished
    assert event.finished.black is not None and event.finished.white is not None
    assert event.finished.black.before == Rating()
    assert event.finished.black.after.rating > event.finished.black.before.rating
    for user_id, change in ((ALICE, event.finished.black), (BOB, event.finished.white)):
        player = await storage.players.get(GUILD, user_id)
        assert player is not None and player.games == 1 and player.rating == change.after

    # A second start finds the game finished: nothing is counted again.
    await services.recovery.recover()
    assert [type(event) for event in recorder.take()] == [GameResumed]  # board still behind
    alice = await storage.players.get(GUILD, ALICE)
    assert alice is not None and alice.games == 1


async def test_everything_in_progress_is_announced_in_order(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    long_ago = await human_game(services, ALICE, BOB, place=Place(GUILD, 8))
    await services.endings.resign(
        long_ago.record.id, ALICE, Place(GUILD, 8), offered=EndReason.ABORTED
    )
    clock.advance(LATE_END + 1)  # its end, never announced, is too old to announce now

    playing = await human_game(services, ALICE, BOB)
    await services.games.move(playing.record.id, ALICE, "d3", HERE)
    shown = await storage.games.set_board(playing.record.id, BOARD, 2)
    against_bot = await services.versus_bot.start_bot_game(Place(GUILD, 2), CAROL, level=1)

    behind = await human_game(services, BOB, CAROL, place=Place(GUILD, 3))
    await storage.games.set_board(behind.record.id, BOARD + 1, behind.record.version)
    behind_ended = (
        await services.endings.resign(
            behind.record.id, CAROL, Place(GUILD, 3), offered=EndReason.ABORTED
        )
    ).record

    up_to_date = await human_game(services, CAROL, BOB, place=Place(GUILD, 4))
    ended = (
        await services.endings.resign(
            up_to_date.record.id, CAROL, Place(GUILD, 4), offered=EndReason.ABORTED
        )
    ).record
    await storage.games.set_board(ended.id, BOARD + 2, ended.version)
    assert await services.notices.claim(ended.id, ended.ply, NoticeKind.END)  # announced

    never_shown = await human_game(services, ALICE, CAROL, place=Place(GUILD, 5))
    unannounced = (
        await services.endings.resign(
            never_shown.record.id, ALICE, Place(GUILD, 5), offered=EndReason.ABORTED
        )
    ).record

    open_challenge = await services.challenges.challenge(Place(GUILD, 6), ALICE, None)
    declined = await services.challenges.challenge(Place(GUILD, 7), ALICE, BOB)
    assert isinstance(open_challenge, Challenge) and isinstance(declined, Challenge)
    await services.challenges.decline(declined.id, BOB, Place(GUILD, 7))
    recorder.take()

    await services.recovery.recover()

    events = recorder.take()
    assert [type(event) for event in events] == [*[GameResumed] * 4, ChallengeOpened]
    resumed = [event.state.record for event in events[:4]]  # type: ignore[union-attr]
    assert resumed == [shown, against_bot.record, behind_ended, unannounced]
    assert not resumed[0].board_behind and resumed[1].board_behind and resumed[2].board_behind
    assert events[4] == ChallengeOpened(open_challenge)
    assert await storage.games.active() == [shown, against_bot.record]
