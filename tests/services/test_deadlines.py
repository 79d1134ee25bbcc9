"""Deadline timers on a clock the tests move: moves re-arm them, early and failing timers try
again, a late move ending the game first is no fault, challenges lapse. Each step waits for the
timer it expects to be armed, never on time."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot import engine
from bot.deadlines import Deadlines
from bot.domain import Challenge, ChallengeStatus, EndReason, GameStatus, TimeControl
from bot.domain.events import ChallengeClosed, GameEnded, GameStarted
from bot.domain.refusals import Refused
from bot.services import Services
from bot.services.bus import Events
from bot.storage import DatabaseBusyError, Storage
from bot.timers import TIMER_RETRY_DELAY, Timers
from tests.fakediscord.clock import FakeClock
from tests.ids import ALICE, BOB, CAROL
from tests.refused import refused

from .support import ELSEWHERE, HERE, OUT_OF_ABORT_WINDOW, Recorder, human_game, play


@pytest.fixture
def deadlines(services: Services, timers: Timers, events: Events) -> Deadlines:
    deadlines = Deadlines(services.endings, services.challenges, timers)
    deadlines.subscribe(events)
    return deadlines


def ended(event: object) -> bool:
    return isinstance(event, GameEnded)


async def test_a_move_rearms_the_deadline(
    deadlines: Deadlines,
    services: Services,
    storage: Storage,
    clock: FakeClock,
    recorder: Recorder,
) -> None:
    start = clock.timestamp()
    game = await play(services, await human_game(services), OUT_OF_ABORT_WINDOW)
    await clock.sleepers(start + 300)
    clock.advance(200)

    await services.games.move(game.record.id, ALICE, "c4", HERE)

    await clock.sleepers(start + 500)  # the old timer is gone
    clock.advance_to(start + 499)
    assert (await storage.games.get(game.record.id)).active
    clock.advance(1)
    event = await recorder.wait_for(ended)
    record = event.state.record  # type: ignore[union-attr]
    assert record.end_reason is EndReason.TIMEOUT and record.winner is engine.Color.BLACK
    await clock.sleepers()  # nothing left to time


async def test_a_timer_armed_from_an_older_event_waits_again(
    deadlines: Deadlines,
    services: Services,
    storage: Storage,
    clock: FakeClock,
    recorder: Recorder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    start = clock.timestamp()
    game = await human_game(services)
    (started,) = [event for event in recorder.take() if isinstance(event, GameStarted)]
    clock.advance(200)
    await services.games.move(game.record.id, ALICE, "d3", HERE)
    deadlines.on_game(started)  # an old event arrives late: the timer is for the old deadline
    await clock.sleepers(start + 300)
    calls: list[float] = []
    time_out = services.endings.time_out

    async def counted(game_id: int) -> object:
        calls.append(clock.timestamp())
        return await time_out(game_id)

    monkeypatch.setattr(services.endings, "time_out", counted)

    clock.advance_to(start + 300)

    await clock.sleepers(start + 500)  # it fired, found the game not due and waits again
    assert calls == [start + 300]
    assert (await storage.games.get(game.record.id)).active
    assert not any(ended(event) for event in recorder.seen)
    clock.advance_to(start + 500)
    await recorder.wait_for(ended)
    assert calls == [start + 300, start + 500]


async def test_a_failing_timeout_is_retried(
    deadlines: Deadlines,
    services: Services,
    storage: Storage,
    clock: FakeClock,
    recorder: Recorder,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = await play(services, await human_game(services), OUT_OF_ABORT_WINDOW)
    deadline = game.record.deadline
    assert deadline is not None
    await clock.sleepers(deadline)
    time_out = services.endings.time_out
    failed: list[int] = []

    async def busy_once(game_id: int) -> object:
        if not failed:
            failed.append(game_id)
            raise DatabaseBusyError()
        return await time_out(game_id)

    monkeypatch.setattr(services.endings, "time_out", busy_once)

    clock.advance_to(deadline)
    await clock.sleepers(deadline + TIMER_RETRY_DELAY)

    assert failed == [game.record.id]
    (logged,) = [r for r in caplog.records if r.name == "bot.timers"]
    assert logged.levelno == logging.WARNING and logged.exc_info is None  # busy is no bug
    assert "retrying in 30 s: The database is busy" in logged.getMessage()
    assert (await storage.games.get(game.record.id)).active
    clock.advance(TIMER_RETRY_DELAY)
    event = await recorder.wait_for(ended)
    record = event.state.record  # type: ignore[union-attr]
    assert record.status is GameStatus.FINISHED and record.end_reason is EndReason.TIMEOUT
    assert record.winner is engine.Color.WHITE  # Black did not move in time
    assert record.updated_at == deadline + TIMER_RETRY_DELAY


async def test_a_late_move_ending_the_game_as_the_timer_fires_is_no_fault(
    deadlines: Deadlines,
    services: Services,
    storage: Storage,
    clock: FakeClock,
    recorder: Recorder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The timer and Alice's late click both find the game due and end it at once: one of them
    finds it over, which is neither an error (`logged_errors`) nor a reason to try again."""
    game = await play(services, await human_game(services), OUT_OF_ABORT_WINDOW)
    deadline = game.record.deadline
    assert deadline is not None
    await clock.sleepers(deadline)
    finish = storage.games.finish
    arrived: list[int] = []
    both = asyncio.Event()

    async def together(*args: object, **kwargs: object) -> object:
        arrived.append(1)
        if len(arrived) == 2:
            both.set()
        await both.wait()  # both have read the game in progress
        return await finish(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(storage.games, "finish", together)

    clock.advance_to(deadline)
    with refused(Refused.OUT_OF_TIME):
        await services.games.move(game.record.id, ALICE, "c4", HERE)

    event = await recorder.wait_for(ended)
    await clock.sleepers()  # no retry
    assert len(arrived) == 2
    assert [e for e in recorder.seen if ended(e)] == [event]
    record = await storage.games.get(game.record.id)
    assert record == event.state.record  # type: ignore[union-attr]
    assert record.end_reason is EndReason.TIMEOUT and record.winner is engine.Color.WHITE


async def test_no_timer_runs_while_the_bot_is_to_move_or_after_the_end(
    deadlines: Deadlines, services: Services, clock: FakeClock
) -> None:
    start = clock.timestamp()
    state = await services.versus_bot.start_bot_game(HERE, ALICE, level=1, color=engine.Color.WHITE)
    game = await human_game(services, BOB, CAROL, place=ELSEWHERE)
    await clock.sleepers(start + 300)
    moved = await services.games.bot_move(state.record.id, 0, "d3")
    assert moved.record.deadline == start + 24 * 60 * 60
    await clock.sleepers(start + 300, start + 24 * 60 * 60)
    await services.games.move(state.record.id, ALICE, "c3", HERE)  # the bot's turn again
    await clock.sleepers(start + 300)
    await services.endings.resign(game.record.id, CAROL, ELSEWHERE, offered=EndReason.ABORTED)
    await clock.sleepers()


async def test_a_deadline_passed_while_the_bot_was_down_ends_the_game_at_start_up(
    deadlines: Deadlines,
    services: Services,
    storage: Storage,
    clock: FakeClock,
    recorder: Recorder,
) -> None:
    game = await play(services, await human_game(services), [*OUT_OF_ABORT_WINDOW, "c4"])
    clock.advance(3600)

    await services.recovery.recover()

    event = await recorder.wait_for(ended)
    record = event.state.record  # type: ignore[union-attr]
    assert record.end_reason is EndReason.TIMEOUT and record.winner is engine.Color.BLACK
    assert record == await storage.games.get(game.record.id)


async def test_challenges_lapse_when_their_time_is_up(
    deadlines: Deadlines,
    services: Services,
    storage: Storage,
    clock: FakeClock,
    recorder: Recorder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lapsing = await services.challenges.challenge(
        HERE, ALICE, BOB, time_control=TimeControl(base=300)
    )
    accepted = await services.challenges.challenge(
        ELSEWHERE, CAROL, None, time_control=TimeControl(per_move=3600)
    )
    assert isinstance(lapsing, Challenge) and isinstance(accepted, Challenge)
    await clock.sleepers(lapsing.expires_at, accepted.expires_at)
    _, game = await services.challenges.accept(accepted.id, BOB, ELSEWHERE)
    assert game.record.deadline is not None
    await clock.sleepers(lapsing.expires_at, game.record.deadline)  # its expiry is off

    expire = services.challenges.expire_challenges
    failed: list[bool] = []

    async def busy_once() -> object:
        if not failed:
            failed.append(True)
            raise DatabaseBusyError()
        return await expire()

    monkeypatch.setattr(services.challenges, "expire_challenges", busy_once)
    clock.advance_to(lapsing.expires_at)
    retry = lapsing.expires_at + TIMER_RETRY_DELAY
    await clock.sleepers(retry, game.record.deadline)
    assert (await storage.challenges.get(lapsing.id)).status is ChallengeStatus.PENDING

    clock.advance_to(retry)

    event = await recorder.wait_for(
        lambda event: isinstance(event, ChallengeClosed) and event.challenge.id == lapsing.id
    )
    assert event.challenge.status is ChallengeStatus.EXPIRED  # type: ignore[union-attr]
    assert (await storage.challenges.get(lapsing.id)).status is ChallengeStatus.EXPIRED
    await clock.sleepers(game.record.deadline)
