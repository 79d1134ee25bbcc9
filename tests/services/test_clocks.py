"""Live games: a clock per player, the abort window, and the bot thinking on its own clock."""

from __future__ import annotations

import pytest

from bot import engine
from bot.bot_player import thinking_time
from bot.domain import Challenge, EndReason, GameState, TimeControl
from bot.domain.events import GameEnded
from bot.domain.refusals import Refused, ResignationChangedRefusal
from bot.engine.ai import LEVELS
from bot.services import Services
from bot.services.endings import abort_window, resignation
from bot.storage import Storage
from tests.fakediscord.clock import FakeClock
from tests.ids import ALICE, BOB, BOT
from tests.refused import refused

from .support import (
    HERE,
    OUT_OF_ABORT_WINDOW,
    Recorder,
    human_game,
    play,
    squares,
    write_moves,
    wthor_game,
)

THREE_PLUS_TWO = TimeControl(base=180, increment=2)


async def live_game(services: Services) -> GameState:
    return await human_game(services, time_control=THREE_PLUS_TWO)


async def test_a_live_game_starts_with_full_clocks_and_blacks_running(
    services: Services, clock: FakeClock
) -> None:
    state = await live_game(services)

    record = state.record
    assert record.clocks == (180, 180) and record.turn_started == clock.timestamp()
    assert record.deadline == clock.timestamp() + 180
    clock.advance(30)
    assert record.clocks_at(clock.timestamp(), engine.Color.BLACK) == (150, 180)


async def test_a_move_takes_the_time_spent_and_adds_the_increment(
    services: Services, storage: Storage, clock: FakeClock
) -> None:
    state = await live_game(services)
    clock.advance(10.25)

    moved = await services.games.move(state.record.id, ALICE, "f5", HERE)

    record = moved.record
    assert record.clocks == (180 - 10.25 + 2, 180)
    assert record.turn_started == clock.timestamp() and record.deadline == clock.timestamp() + 180
    clock.advance(100)
    moved = await services.games.move(state.record.id, BOB, "d6", HERE)
    assert moved.record.clocks == (171.75, 82)
    assert moved.record.deadline == clock.timestamp() + 171.75
    assert await storage.games.get(state.record.id) == moved.record


async def test_a_forced_pass_costs_the_passing_side_no_time(
    services: Services, storage: Storage, clock: FakeClock
) -> None:
    moves = squares(wthor_game("WTH_1989#1885")["moves"])  # White must pass after move 19, a1
    state = await live_game(services)
    await write_moves(storage, state.record, moves[:18], now=clock.timestamp())
    clock.advance(40)

    moved = await services.games.move(state.record.id, ALICE, moves[18], HERE)

    assert moved.game.last is not None and moved.game.last.passed is engine.Color.WHITE
    assert moved.to_move_id == ALICE  # Black again, at once
    assert moved.record.clocks == (142, 180)
    assert moved.record.deadline == clock.timestamp() + 142


async def test_the_flag_falls_on_time(
    services: Services, clock: FakeClock, recorder: Recorder
) -> None:
    state = await play(services, await live_game(services), OUT_OF_ABORT_WINDOW)
    deadline = state.record.deadline
    assert deadline is not None
    clock.advance_to(deadline - 0.5)
    assert (await services.endings.time_out(state.record.id)).record.active
    recorder.take()
    clock.advance(0.5)

    with refused(Refused.OUT_OF_TIME):
        await services.games.move(state.record.id, ALICE, "c4", HERE)

    (event,) = recorder.take()
    assert isinstance(event, GameEnded)
    record = event.state.record
    assert record.end_reason is EndReason.TIMEOUT and record.winner is engine.Color.WHITE
    assert record.clocks == (0, 184)  # Black's flag fell; White earned two increments
    assert event.finished is not None and event.finished.black is not None


async def test_running_out_of_time_in_the_abort_window_aborts(
    services: Services, storage: Storage, clock: FakeClock
) -> None:
    state = await play(services, await live_game(services), ["f5", "d6", "c3"])
    assert abort_window(state.game) and state.record.deadline is not None
    clock.advance_to(state.record.deadline)

    ended = await services.endings.time_out(state.record.id)

    record = ended.record
    assert record.end_reason is EndReason.ABORTED and record.winner is None
    assert record.cancelled_by is None and not record.rated
    assert ended.finished is not None and ended.finished.black is None
    assert await storage.players.get(HERE.guild_id, ALICE) is None


async def test_resigning_in_the_abort_window_aborts_and_after_it_loses(
    services: Services, storage: Storage
) -> None:
    early = await play(services, await human_game(services), ["f5", "d6", "c3"])
    aborted = await services.endings.resign(early.record.id, BOB, HERE, offered=EndReason.ABORTED)
    assert aborted.record.end_reason is EndReason.ABORTED
    assert (aborted.record.cancelled_by, aborted.record.winner) == (BOB, None)
    assert await storage.players.get(HERE.guild_id, BOB) is None
    page = await storage.history.games(HERE.guild_id, user_id=BOB)
    assert [game.end_reason for game in page.games] == [EndReason.ABORTED]  # kept in history

    later = await play(services, await human_game(services), OUT_OF_ABORT_WINDOW)
    assert not abort_window(later.game)
    resigned = await services.endings.resign(
        later.record.id, BOB, HERE, offered=EndReason.RESIGNATION
    )
    assert resigned.record.end_reason is EndReason.RESIGNATION
    assert resigned.record.winner is engine.Color.BLACK
    assert (await storage.players.get(HERE.guild_id, BOB)) is not None


async def test_a_confirmation_that_means_something_else_now_changes_nothing(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    """Alice is offered an abort at ply 3; Bob's second move closes the window before she
    confirms: her abort would now be a rated loss, so it is refused with the game as it is."""
    early = await play(services, await human_game(services), OUT_OF_ABORT_WINDOW[:3])
    assert resignation(early.game) is EndReason.ABORTED
    later = await play(services, early, OUT_OF_ABORT_WINDOW[3:])
    recorder.take()

    with pytest.raises(ResignationChangedRefusal) as refused:
        await services.endings.resign(later.record.id, ALICE, HERE, offered=EndReason.ABORTED)

    assert refused.value.state.record == (await storage.games.get(later.record.id))
    assert resignation(refused.value.state.game) is EndReason.RESIGNATION
    assert refused.value.state.record.active and recorder.take() == []
    assert await storage.players.get(HERE.guild_id, ALICE) is None
    resigned = await services.endings.resign(
        later.record.id, ALICE, HERE, offered=EndReason.RESIGNATION
    )
    assert resigned.record.winner is engine.Color.WHITE


async def test_a_resignation_offered_in_the_abort_window_is_refused_too(
    services: Services, recorder: Recorder
) -> None:
    """Only a forged button can offer it (the window never reopens); it aborts nothing."""
    game = await play(services, await human_game(services), ["f5"])
    recorder.take()
    with pytest.raises(ResignationChangedRefusal):
        await services.endings.resign(game.record.id, BOB, HERE, offered=EndReason.RESIGNATION)
    assert recorder.take() == []


async def test_a_challenge_and_its_rematch_keep_their_clock(services: Services) -> None:
    state = await live_game(services)
    assert state.record.time_control == THREE_PLUS_TWO
    ended = await services.endings.resign(state.record.id, ALICE, HERE, offered=EndReason.ABORTED)

    offer = await services.challenges.rematch(ended.record.id, BOB, HERE)

    assert isinstance(offer, Challenge) and offer.time_control == THREE_PLUS_TWO


async def test_the_bot_thinks_on_its_own_clock(
    services: Services, storage: Storage, clock: FakeClock
) -> None:
    state = await services.versus_bot.start_bot_game(
        HERE, ALICE, level=5, color=engine.Color.WHITE, time_control=TimeControl(base=60)
    )
    assert state.to_move_id == BOT and state.record.deadline == clock.timestamp() + 60
    full = thinking_time(state, clock.timestamp())
    assert full is not None and full <= LEVELS[5].budget_ms
    clock.advance(55)
    short = thinking_time(state, clock.timestamp())
    assert short is not None and short < 5000 / 29  # 5 s over about 30 moves to come

    moved = await services.games.bot_move(state.record.id, 0, "f5")

    assert moved.record.clocks == (5, 60)
    assert moved.record.deadline == clock.timestamp() + 60  # Alice's turn now
