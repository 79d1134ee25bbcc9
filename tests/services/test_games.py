"""Moves through `Games`: every refusal, passes, the final move, the bot's moves, reading games."""

from __future__ import annotations

import asyncio

import pytest

from bot import engine
from bot.domain import EndReason, GameStatus, Rating
from bot.domain.events import GameEnded, MovePlayed
from bot.domain.refusals import GameRefusal, Refused
from bot.services import Place, Services
from bot.storage import Storage
from tests.fakediscord.clock import FakeClock
from tests.ids import ALICE, BOB, BOT, CAROL, CHANNEL, GUILD, OTHER_GUILD
from tests.refused import refused

from .support import (
    ELSEWHERE,
    HERE,
    OUT_OF_ABORT_WINDOW,
    Recorder,
    human_game,
    play,
    squares,
    write_moves,
    wthor_game,
)


async def test_a_move_is_stored_and_announced(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    game = await human_game(services)
    clock.advance(100)
    recorder.take()

    moved = await services.games.move(game.record.id, ALICE, "d3", HERE, expected_ply=0)

    record = moved.record
    assert (record.transcript, record.ply, record.status) == ("d3", 1, GameStatus.ACTIVE)
    assert record.deadline == clock.timestamp() + 300 and record.updated_at == clock.timestamp()
    assert moved.to_move_id == BOB and moved.position == engine.Game(["d3"]).position
    assert await storage.games.get(record.id) == record
    (event,) = recorder.take()
    assert isinstance(event, MovePlayed)
    assert event.state == moved
    assert event.ply is not None and event.ply.color is engine.Color.BLACK
    assert engine.square_name(event.ply.square) == "d3" and event.ply.passed is None

    # `/reversi move` plays on the channel's game as it is now, with no ply to check.
    again = await services.games.move_here(HERE, BOB, "c3")
    assert again.record.transcript == "d3c3"


@pytest.mark.parametrize("place", [ELSEWHERE, Place(OTHER_GUILD, CHANNEL)])
async def test_a_move_from_elsewhere_is_not_here(
    services: Services,
    storage: Storage,
    recorder: Recorder,
    place: Place,
) -> None:
    game = await human_game(services)
    recorder.take()
    with refused(Refused.NOT_HERE):
        await services.games.move(game.record.id, ALICE, "d3", place, expected_ply=0)
    with refused(Refused.NOT_HERE):
        await services.games.move(game.record.id + 1, ALICE, "d3", HERE)
    with refused(Refused.NO_GAME_HERE):
        await services.games.move_here(place, ALICE, "d3")
    assert recorder.take() == []
    assert (await storage.games.get(game.record.id)).ply == 0


async def test_refused_moves_change_nothing(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    game = await human_game(services)
    game_id = game.record.id
    await services.games.move(game_id, ALICE, "d3", HERE, expected_ply=0)
    recorder.take()
    before = await storage.games.get(game_id)

    with refused(Refused.NOT_PLAYING):
        await services.games.move(game_id, CAROL, "c3", HERE, expected_ply=1)
    with refused(Refused.NOT_YOUR_TURN):
        await services.games.move(game_id, ALICE, "c3", HERE, expected_ply=1)
    with refused(Refused.STALE_BOARD) as stale:
        await services.games.move(game_id, BOB, "c3", HERE, expected_ply=0)  # clicked the old board
    assert stale.value.game == before
    with pytest.raises(engine.InvalidMoveError):
        await services.games.move(game_id, BOB, "z9", HERE, expected_ply=1)
    with pytest.raises(engine.IllegalMoveError):
        await services.games.move(game_id, BOB, "a1", HERE, expected_ply=1)
    with pytest.raises(engine.IllegalMoveError):
        await services.games.move(game_id, BOB, "d3", HERE, expected_ply=1)  # taken

    assert recorder.take() == []
    assert await storage.games.get(game_id) == before


async def test_of_two_clicks_on_one_board_one_counts(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    game = await human_game(services)
    recorder.take()
    outcomes = await asyncio.gather(
        services.games.move(game.record.id, ALICE, "d3", HERE, expected_ply=0),
        services.games.move(game.record.id, ALICE, "c4", HERE, expected_ply=0),
        return_exceptions=True,
    )
    played = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(played) == 1 and len(refused) == 1
    assert isinstance(refused[0], GameRefusal) and refused[0].code is Refused.STALE_BOARD
    assert refused[0].game == played[0].record
    assert [type(e) for e in recorder.take()] == [MovePlayed]
    assert (await storage.games.get(game.record.id)).ply == 1


async def test_a_move_on_a_finished_game_is_refused(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    game = await human_game(services)
    ended = await services.endings.resign(game.record.id, BOB, HERE, offered=EndReason.ABORTED)
    recorder.take()
    with refused(Refused.GAME_OVER):
        await services.games.move(game.record.id, ALICE, "d3", HERE, expected_ply=0)
    with refused(Refused.NO_GAME_HERE):
        await services.games.move_here(HERE, ALICE, "d3")
    assert recorder.take() == []
    assert await storage.games.get(game.record.id) == ended.record


async def test_a_move_after_the_deadline_ends_the_game_on_time(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    game = await play(services, await human_game(services), OUT_OF_ABORT_WINDOW)
    await services.games.move(game.record.id, ALICE, "c4", HERE, expected_ply=4)
    clock.advance(299)
    recorder.take()
    with refused(Refused.NOT_YOUR_TURN):  # still in time: refused for what it is
        await services.games.move(game.record.id, ALICE, "c5", HERE, expected_ply=5)
    clock.advance(1)

    with refused(Refused.OUT_OF_TIME):
        await services.games.move(game.record.id, BOB, "b3", HERE, expected_ply=5)

    record = await storage.games.get(game.record.id)
    assert record.status is GameStatus.FINISHED and record.end_reason is EndReason.TIMEOUT
    assert record.winner is engine.Color.BLACK and record.transcript == "f5d6c3d3c4"
    assert (record.black_discs, record.white_discs) == (6, 3)
    (event,) = recorder.take()
    assert isinstance(event, GameEnded) and event.state.record == record
    assert event.finished is not None and event.finished.black is not None
    black, white = event.finished.black, event.finished.white
    assert white is not None and black.after.rating > black.before.rating
    assert white.after.rating < white.before.rating


async def test_a_forced_pass_is_made_at_once_and_told_on_the_ply(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    moves = squares(wthor_game("WTH_1977#1")["moves"])  # passes before moves 54 and 57
    game = engine.Game()
    index = 0
    while game.play(moves[index]).passed is None:  # the first move after which a side passes
        index += 1
    passer = game.plies[-1].passed
    mover = passer.opponent  # type: ignore[union-attr]
    state = await human_game(services)
    await write_moves(storage, state.record, moves[:index], now=clock.timestamp())
    players = {engine.Color.BLACK: ALICE, engine.Color.WHITE: BOB}
    recorder.take()

    moved = await services.games.move(
        state.record.id, players[mover], moves[index], HERE, expected_ply=index
    )

    (event,) = recorder.take()
    assert isinstance(event, MovePlayed) and event.ply is not None
    assert event.ply.color is mover and event.ply.passed is passer
    assert moved.to_move_id == players[mover]  # the same player moves again
    assert moved.record.ply == index + 1  # a pass is not written down
    assert moved.record.deadline == clock.timestamp() + 300
    await services.games.move(state.record.id, players[mover], moves[index + 1], HERE)


@pytest.mark.parametrize(
    ("wthor_id", "winner", "discs"),
    [
        ("WTH_1977#2", engine.Color.BLACK, (52, 12)),
        ("WTH_1980#21", engine.Color.WHITE, (28, 35)),
        ("WTH_1980#15", None, (32, 32)),
    ],
)
async def test_the_final_move_ends_the_game_with_its_result_and_ratings(
    services: Services,
    storage: Storage,
    clock: FakeClock,
    recorder: Recorder,
    wthor_id: str,
    winner: engine.Color | None,
    discs: tuple[int, int],
) -> None:
    moves = squares(wthor_game(wthor_id)["moves"])
    state = await human_game(services)
    before = await write_moves(storage, state.record, moves[:-1], now=clock.timestamp())
    last = engine.Game(moves[:-1]).turn
    player = state.record.player(last)
    clock.advance(10)
    recorder.take()

    ended = await services.games.move(before.id, player, moves[-1], HERE, expected_ply=before.ply)

    record = ended.record
    assert record.status is GameStatus.FINISHED and record.end_reason is EndReason.NORMAL
    assert record.transcript == "".join(moves) and record.ply == len(moves)
    assert (record.winner, (record.black_discs, record.white_discs)) == (winner, discs)
    assert record.deadline is None and record.updated_at == clock.timestamp()
    assert record.rated and ended.to_move_id is None and ended.game.is_over()
    assert await storage.games.get(record.id) == record
    (event,) = recorder.take()
    assert isinstance(event, GameEnded) and event.state == ended
    finished = event.finished
    assert finished is not None and finished == ended.finished and finished.game == record
    assert finished.black is not None and finished.white is not None
    assert finished.black.before == finished.white.before == Rating()
    black_score = {engine.Color.BLACK: 1.0, engine.Color.WHITE: 0.0, None: 0.5}[winner]
    for change, won in ((finished.black, black_score == 1.0), (finished.white, black_score == 0.0)):
        assert (change.after.rating > change.before.rating) == won
    for change in (finished.black, finished.white):
        player_record = await storage.players.get(GUILD, change.user_id)
        assert player_record is not None and player_record.games == 1
        assert player_record.rating == change.after

    with refused(Refused.GAME_OVER):
        await services.games.move(before.id, player, moves[-1], HERE)


# --- the bot's moves ----------------------------------------------------------------------------


async def test_the_bots_moves(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    state = await services.versus_bot.start_bot_game(HERE, ALICE, level=1, color=engine.Color.WHITE)
    game_id = state.record.id
    recorder.take()
    with refused(Refused.NOT_YOUR_TURN):
        await services.games.move(game_id, ALICE, "d3", HERE, expected_ply=0)
    with refused(Refused.STALE_BOARD):
        await services.games.bot_move(game_id, 1, "d3")  # thought about a position never reached
    assert recorder.take() == []

    moved = await services.games.bot_move(game_id, 0, "d3")
    assert moved.record.deadline == clock.timestamp() + moved.record.time_control.per_move
    assert moved.to_move_id == ALICE
    (event,) = recorder.take()
    assert isinstance(event, MovePlayed)
    with refused(Refused.STALE_BOARD):
        await services.games.bot_move(game_id, 1, "c3")  # not the bot's turn

    replied = await services.games.move(game_id, ALICE, "c3", HERE, expected_ply=1)
    assert replied.record.deadline is None  # the bot is to move: no clock for it
    assert replied.to_move_id == BOT

    await services.endings.resign(game_id, ALICE, HERE, offered=EndReason.ABORTED)
    recorder.take()
    with refused(Refused.GAME_OVER):
        await services.games.bot_move(game_id, 2, "c4")
    assert recorder.take() == []
    assert (await storage.games.get(game_id)).transcript == "d3c3"


async def test_reading_games(services: Services, storage: Storage) -> None:
    game = await human_game(services)
    game_id = game.record.id
    assert (await services.games.channel_game(HERE)).record == game.record
    assert await services.games.legal_moves(HERE, ALICE) == ["d3", "c4", "f5", "e6"]
    assert await services.games.legal_moves(HERE, BOB) == []
    assert await services.games.legal_moves(ELSEWHERE, ALICE) == []
    assert await services.games.legal_moves(Place(OTHER_GUILD, CHANNEL), ALICE) == []
    assert (await services.games.game_in_server(game_id, GUILD)).record == game.record
    with refused(Refused.NO_SUCH_GAME) as elsewhere:
        await services.games.game_in_server(game_id, OTHER_GUILD)
    assert elsewhere.value.params == {"id": game_id}
    with refused(Refused.NO_SUCH_GAME):
        await services.games.game_in_server(game_id + 1, GUILD)
