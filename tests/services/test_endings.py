"""Endings off the board through `Endings`: resigning, cancelling, timing out."""

from __future__ import annotations

import pytest

from bot import engine
from bot.domain import EndReason
from bot.domain.events import GameEnded
from bot.domain.refusals import Refused
from bot.services import Services
from bot.services.context import ATTEMPTS
from bot.storage import StaleMoveError, Storage
from tests.fakediscord.clock import FakeClock
from tests.ids import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.refused import refused

from .support import ELSEWHERE, HERE, OUT_OF_ABORT_WINDOW, Recorder, human_game, play


async def test_resigning(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    game = await play(services, await human_game(services), [*OUT_OF_ABORT_WINDOW, "c4"])
    recorder.take()
    with refused(Refused.NOT_PLAYING):
        await services.endings.resign(game.record.id, CAROL, HERE, offered=EndReason.RESIGNATION)
    with refused(Refused.NOT_HERE):
        await services.endings.resign(
            game.record.id, ALICE, ELSEWHERE, offered=EndReason.RESIGNATION
        )
    assert recorder.take() == []

    ended = await services.endings.resign(
        game.record.id, ALICE, HERE, offered=EndReason.RESIGNATION
    )  # not her turn

    record = ended.record
    assert record.end_reason is EndReason.RESIGNATION and record.winner is engine.Color.WHITE
    assert (record.black_discs, record.white_discs) == (6, 3)
    assert record.transcript == "f5d6c3d3c4" and record.deadline is None
    (event,) = recorder.take()
    assert isinstance(event, GameEnded) and event.state == ended
    assert event.finished is not None and event.finished.white is not None
    assert event.finished.white.after.rating > event.finished.white.before.rating
    with refused(Refused.GAME_OVER):
        await services.endings.resign(game.record.id, BOB, HERE, offered=EndReason.RESIGNATION)
    assert recorder.take() == []


async def test_cancelling_is_for_moderators_and_rates_nothing(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    game = await human_game(services)
    await services.games.move(game.record.id, ALICE, "d3", HERE)
    recorder.take()
    with refused(Refused.NEEDS_MANAGE_MESSAGES):
        await services.endings.cancel(HERE, ALICE, moderator=False)
    with refused(Refused.NO_GAME_HERE):
        await services.endings.cancel(ELSEWHERE, CAROL, moderator=True)
    assert recorder.take() == []

    ended = await services.endings.cancel(HERE, CAROL, moderator=True)

    record = ended.record
    assert record.end_reason is EndReason.CANCELLED and record.cancelled_by == CAROL
    assert record.winner is None and not record.rated
    (event,) = recorder.take()
    assert isinstance(event, GameEnded)
    assert event.finished is not None and event.finished.black is None
    assert await storage.players.get(GUILD, ALICE) is None
    assert await storage.games.active_in(CHANNEL) is None


async def test_timing_out(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    game = await play(services, await human_game(services), [*OUT_OF_ABORT_WINDOW, "c4"])
    game_id = game.record.id
    deadline = clock.timestamp() + 300
    recorder.take()

    clock.advance(299)
    early = await services.endings.time_out(game_id)
    assert early.record == await storage.games.get(game_id) and early.record.active
    assert recorder.take() == []

    clock.advance(1)
    ended = await services.endings.time_out(game_id)

    record = ended.record
    assert clock.timestamp() == deadline
    assert record.end_reason is EndReason.TIMEOUT
    assert record.winner is engine.Color.BLACK  # White was to move
    assert (record.black_discs, record.white_discs) == (6, 3)
    (event,) = recorder.take()
    assert isinstance(event, GameEnded) and event.state == ended

    clock.advance(1000)
    over = await services.endings.time_out(game_id)
    assert over.record == record  # over already: nothing happens
    assert recorder.take() == []


async def test_no_clock_runs_while_the_bot_thinks(
    services: Services, clock: FakeClock, recorder: Recorder
) -> None:
    state = await services.versus_bot.start_bot_game(HERE, ALICE, level=1, color=engine.Color.WHITE)
    recorder.take()
    clock.advance(10 * 24 * 60 * 60)
    assert (await services.endings.time_out(state.record.id)).record.active
    assert recorder.take() == []


async def test_a_resignation_that_keeps_losing_the_race_is_refused_as_stale(
    services: Services, storage: Storage, recorder: Recorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move lands between every read and the write ending the game: after `ATTEMPTS` reads
    the resignation is refused as made on an old board, and the game goes on."""
    game = await play(services, await human_game(services), [*OUT_OF_ABORT_WINDOW, "c4"])
    recorder.take()
    tries = []

    async def outrun(game_id: int, ply: int, *args: object, **kwargs: object) -> None:
        tries.append(ply)
        raise StaleMoveError(game_id, ply, ply + 1)

    monkeypatch.setattr(storage.games, "finish", outrun)

    with refused(Refused.STALE_BOARD):
        await services.endings.resign(game.record.id, ALICE, HERE, offered=EndReason.RESIGNATION)

    assert len(tries) == ATTEMPTS
    assert recorder.take() == []
    assert (await storage.games.get(game.record.id)).active
