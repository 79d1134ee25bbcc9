"""The bot's own player with the real computer (level 1, one worker process): it moves again
when the player must pass, drops a move the game no longer wants, and misses no change that
arrives while it is busy. Every wait is on the services' events, bounded only by a failure
timeout."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from bot import engine
from bot.background import Background
from bot.bot_player import TURN_RETRY_DELAYS, BotPlayer
from bot.computer import Computer
from bot.domain import EndReason, GameState
from bot.domain.events import GameEnded, GameEvent, GameStarted, MovePlayed
from bot.services import Services
from bot.services.bus import Events
from bot.storage import Storage
from bot.timers import Timers
from tests.fakediscord.clock import FakeClock
from tests.ids import ALICE, BOT

from .support import FAIL_AFTER, HERE, Recorder, squares, write_moves, wthor_game

PASS_AFTER_ANY_REPLY = ("WTH_1997#1850", 43)
"""A tournament game and a ply at which White has six moves and each leaves Black without one."""


@pytest.fixture(scope="module")
def computer() -> Iterator[Computer]:
    computer = Computer(workers=1)
    yield computer
    computer.close()


@pytest.fixture
async def background() -> AsyncIterator[Background]:
    background = Background()
    yield background
    async with asyncio.timeout(FAIL_AFTER):
        await background.drain()


@pytest.fixture
def player(
    services: Services,
    computer: Computer,
    background: Background,
    timers: Timers,
    events: Events,
) -> BotPlayer:
    player = BotPlayer(services.games, computer, background, timers)
    player.subscribe(events)
    return player


def settled(event: object) -> bool:
    """The bot is done: the player is to move, or the game is over."""
    return isinstance(event, GameEvent) and event.state.to_move_id in (ALICE, None)


async def idle(background: Background) -> None:
    """Wait for the bot's work to end (and take no more)."""
    async with asyncio.timeout(FAIL_AFTER):
        await background.drain()


class Gate:
    """Holds a call until the test lets it go, telling the test once it is held."""

    def __init__(self) -> None:
        self.held = asyncio.Event()
        self.open = asyncio.Event()

    async def pass_through(self) -> None:
        self.held.set()
        await self.open.wait()

    async def reached(self) -> None:
        async with asyncio.timeout(FAIL_AFTER):
            await self.held.wait()


def hold_searches(monkeypatch: pytest.MonkeyPatch, computer: Computer, gate: Gate) -> list[Any]:
    """Searches run as usual, but their results wait at `gate`; returns the positions searched."""
    searched: list[Any] = []
    choose = computer.choose

    async def held(position: engine.Position, level: int, **options: Any) -> Any:
        searched.append(position)
        result = await choose(position, level, **options)
        await gate.pass_through()
        return result

    monkeypatch.setattr(computer, "choose", held)
    return searched


async def test_the_bot_moves_again_when_the_player_must_pass(
    player: BotPlayer,
    services: Services,
    storage: Storage,
    background: Background,
    recorder: Recorder,
) -> None:
    wthor_id, ply = PASS_AFTER_ANY_REPLY
    moves = squares(wthor_game(wthor_id)["moves"])[:ply]
    position = engine.Game(moves).position
    assert position.turn is engine.Color.WHITE
    for square in position.legal_moves():  # whatever the bot plays, Black must pass
        after = position.play(square)
        assert after.must_pass() and not after.is_game_over()
    state = await services.versus_bot.start_bot_game(HERE, ALICE, level=1, color=engine.Color.BLACK)
    await write_moves(storage, state.record, moves, now=services.games.now())
    recorder.take()

    await services.recovery.recover()  # as after a restart: the game resumes on the bot's turn

    await recorder.wait_for(settled)
    await idle(background)
    played = [event for event in recorder.seen if isinstance(event, MovePlayed | GameEnded)]
    assert len(played) >= 2
    first, second = played[:2]
    assert isinstance(first, MovePlayed) and first.ply is not None
    assert first.ply.color is engine.Color.WHITE and first.ply.passed is engine.Color.BLACK
    assert first.state.to_move_id == BOT and first.state.record.deadline is None
    assert first.state.record.ply == ply + 1
    assert second.state.record.ply == ply + 2
    assert second.state.game.plies[-1].color is engine.Color.WHITE  # the bot again
    record = await storage.games.get(state.record.id)
    assert record == played[-1].state.record
    assert record.transcript.startswith("".join(moves))
    game = engine.Game.from_transcript(record.transcript)
    assert game.is_over() or game.turn is engine.Color.BLACK


async def test_a_resignation_while_the_bot_thinks_drops_its_move(
    player: BotPlayer,
    services: Services,
    storage: Storage,
    computer: Computer,
    background: Background,
    recorder: Recorder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gate = Gate()
    searched = hold_searches(monkeypatch, computer, gate)
    state = await services.versus_bot.start_bot_game(HERE, ALICE, level=1, color=engine.Color.WHITE)
    await gate.reached()  # the bot has found its move

    await services.endings.resign(state.record.id, ALICE, HERE, offered=EndReason.ABORTED)
    gate.open.set()
    await idle(background)

    assert searched == [engine.Position.initial()]
    assert [type(event) for event in recorder.seen] == [GameStarted, GameEnded]
    record = await storage.games.get(state.record.id)
    assert record.transcript == "" and not record.active
    assert record.end_reason is EndReason.ABORTED and record.winner is None  # before move 4


async def test_a_change_while_the_bot_thinks_is_not_lost(
    player: BotPlayer,
    services: Services,
    storage: Storage,
    computer: Computer,
    background: Background,
    recorder: Recorder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gate = Gate()
    searched = hold_searches(monkeypatch, computer, gate)
    state = await services.versus_bot.start_bot_game(HERE, ALICE, level=1, color=engine.Color.WHITE)
    game_id = state.record.id
    await gate.reached()
    # Meanwhile the game moves on: the bot's move is played from elsewhere (another copy of
    # the bot, say, during a rolling restart) and the player answers; the bot is to move again.
    await services.games.bot_move(game_id, 0, "d3")
    await services.games.move(game_id, ALICE, "c3", HERE)

    gate.open.set()  # its move, for a position long gone, is refused; it must look again

    moved = await recorder.wait_for(
        lambda event: isinstance(event, MovePlayed) and event.state.record.ply == 3
    )
    await idle(background)
    assert searched == [engine.Position.initial(), engine.Game(["d3", "c3"]).position]
    record = await storage.games.get(game_id)
    assert record == moved.state.record and record.transcript.startswith("d3c3")
    assert moved.state.to_move_id == ALICE


async def test_a_move_while_the_bot_settles_its_turn_is_not_lost(
    player: BotPlayer,
    services: Services,
    storage: Storage,
    background: Background,
    recorder: Recorder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After each move the bot reads the game once more to see whether it is to move again; a
    move landing while it reads must wake it, though its read comes back without that move."""
    gate = Gate()
    load = services.games.load
    holding = True

    async def held_load(game_id: int) -> GameState:
        nonlocal holding
        state = await load(game_id)
        if holding and state.to_move_id == ALICE:  # the bot's look after its own move
            holding = False
            await gate.pass_through()
        return state

    monkeypatch.setattr(services.games, "load", held_load)
    state = await services.versus_bot.start_bot_game(HERE, ALICE, level=1, color=engine.Color.WHITE)
    game_id = state.record.id
    await gate.reached()  # the bot moved and read that the player is to move

    current = await storage.games.get(game_id)
    reply = engine.square_name(
        engine.Game.from_transcript(current.transcript).position.legal_moves()[0]
    )
    await services.games.move(game_id, ALICE, reply, HERE)
    gate.open.set()

    moved = await recorder.wait_for(
        lambda event: isinstance(event, MovePlayed) and event.state.record.ply == 3
    )
    await idle(background)
    assert moved.state.to_move_id == ALICE
    assert (await storage.games.get(game_id)) == moved.state.record


async def test_a_failed_search_is_tried_again_until_the_bot_moves(
    player: BotPlayer,
    services: Services,
    storage: Storage,
    computer: Computer,
    clock: FakeClock,
    recorder: Recorder,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    choose = computer.choose
    failures = 2

    async def failing(position: engine.Position, level: int, **options: Any) -> Any:
        nonlocal failures
        if failures:
            failures -= 1
            raise RuntimeError("the worker died")
        return await choose(position, level, **options)

    monkeypatch.setattr(computer, "choose", failing)
    state = await services.versus_bot.start_bot_game(HERE, ALICE, level=1, color=engine.Color.WHITE)
    first_retry = clock.timestamp() + TURN_RETRY_DELAYS[0]
    await clock.sleeper_at(first_retry)
    clock.advance_to(first_retry)
    second_retry = clock.timestamp() + TURN_RETRY_DELAYS[1]  # each failure waits longer
    await clock.sleeper_at(second_retry)
    assert (await storage.games.get(state.record.id)).ply == 0
    clock.advance_to(second_retry)

    moved = await recorder.wait_for(lambda event: isinstance(event, MovePlayed))
    assert moved.state.record.ply == 1 and moved.state.to_move_id == ALICE
    warned = [r for r in caplog.records if r.name == "bot.bot_player"]
    assert [r.levelname for r in warned] == ["WARNING", "WARNING"]
    assert all(r.exc_info is not None for r in warned)


async def test_a_game_that_ends_while_a_turn_waits_to_be_retried_is_left_alone(
    player: BotPlayer,
    services: Services,
    computer: Computer,
    timers: Timers,
    clock: FakeClock,
    recorder: Recorder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def failing(position: engine.Position, level: int, **options: Any) -> Any:
        raise RuntimeError("the worker died")

    monkeypatch.setattr(computer, "choose", failing)
    state = await services.versus_bot.start_bot_game(HERE, ALICE, level=1, color=engine.Color.WHITE)
    await clock.sleeper_at(clock.timestamp() + TURN_RETRY_DELAYS[0])

    await services.endings.resign(state.record.id, ALICE, HERE, offered=EndReason.ABORTED)

    assert ("bot turn", state.record.id) not in timers
    assert recorder.kinds() == [GameStarted, GameEnded]


async def test_a_worker_that_died_is_replaced() -> None:
    computer = Computer(workers=1)
    try:
        await computer.choose(engine.Position.initial(), 1)
        pool = computer._pool
        assert pool is not None
        for worker in list(pool._processes.values()):
            worker.kill()
        with pytest.raises(BrokenProcessPool):
            await computer.choose(engine.Position.initial(), 1)
        result = await computer.choose(engine.Position.initial(), 1)
        assert result.move in engine.Position.initial().legal_moves()
    finally:
        computer.close()


async def test_the_computer_tells_each_search_and_counts_those_queued(computer: Computer) -> None:
    """Two searches at once on one worker: the first to end sees the other still queued."""
    told: list[tuple[str, float, int]] = []
    computer.searched = lambda kind, seconds: told.append((kind, seconds, computer.queued))
    try:
        await asyncio.gather(*(computer.choose(engine.Position.initial(), 1) for _ in range(2)))
    finally:
        computer.searched = lambda _kind, _seconds: None
    assert [(kind, queued) for kind, _, queued in told] == [("move", 1), ("move", 0)]
    assert all(seconds > 0 for _, seconds, _ in told)
    assert computer.queued == 0
