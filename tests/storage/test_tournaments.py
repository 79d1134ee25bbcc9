"""The tournament store on each backend: a board's result written with its game's end, a round
paired once however often it is asked, a board's game started once, the entry limit held."""

from __future__ import annotations

import asyncio

import pytest

from bot.domain import Ending, EndReason, TimeControl
from bot.domain.tournament import Format, Pairing, TournamentState
from bot.engine import Color
from bot.storage import Storage
from bot.storage.tournaments import (
    AlreadyEnteredError,
    TournamentChangedError,
    TournamentFullError,
)
from tests.ids import ALICE, BOB, CAROL, CHANNEL, GUILD

DAVE = 1_170_000_000_000_000_004
ROUND_ONE = (Pairing(1, ALICE, BOB), Pairing(1, CAROL, DAVE))


async def running(storage: Storage, *, limit: int = 8) -> int:
    created = await storage.tournaments.create(
        guild_id=GUILD,
        organiser_id=ALICE,
        name="Cup",
        format=Format.SWISS,
        swiss_rounds=2,
        time_control=TimeControl(per_move=3600),
        rated=True,
        entry_limit=limit,
        starts_at=100.0,
        channel_id=CHANNEL,
        seed=7,
        now=1.0,
    )
    for player in (ALICE, BOB, CAROL, DAVE)[:limit]:
        await storage.tournaments.join(created.id, player, 1500.0, now=2.0)
    await storage.tournaments.set_state(
        created.id, (TournamentState.SIGNUP,), TournamentState.RUNNING, now=3.0, rounds=2
    )
    return created.id


async def test_a_game_s_end_writes_its_board_s_result(storage: Storage) -> None:
    tournament_id = await running(storage)
    view = await storage.tournaments.pair_round(tournament_id, 1, ROUND_ONE, now=4.0)
    board = view.round_boards(1)[0]
    game = await storage.tournaments.start_game(board, GUILD, CHANNEL + 1, deadline=None, now=5.0)
    assert game is not None and (game.black_id, game.white_id, game.rated) == (ALICE, BOB, True)

    await storage.games.finish(game.id, 0, Ending(EndReason.RESIGNATION, Color.WHITE, 2, 2), now=6)

    (played, _) = (await storage.tournaments.view(tournament_id)).round_boards(1)
    assert played.game_id == game.id
    assert played.pairing == Pairing(1, ALICE, BOB, 2, 2, winner=BOB, finished=True)


async def test_a_stopped_game_is_lost_by_who_stopped_it(storage: Storage) -> None:
    tournament_id = await running(storage)
    view = await storage.tournaments.pair_round(tournament_id, 1, ROUND_ONE, now=4.0)
    first, second = view.round_boards(1)
    aborted = await storage.tournaments.start_game(first, GUILD, CHANNEL + 1, deadline=None, now=5)
    timed_out = await storage.tournaments.start_game(
        second, GUILD, CHANNEL + 2, deadline=None, now=5
    )
    assert aborted is not None and timed_out is not None

    await storage.games.finish(
        aborted.id, 0, Ending(EndReason.ABORTED, None, 2, 2, cancelled_by=BOB), now=6
    )
    await storage.games.finish(timed_out.id, 0, Ending(EndReason.ABORTED, None, 2, 2), now=6)

    view = await storage.tournaments.view(tournament_id)
    lost_by_bob, lost_by_carol = view.round_boards(1)  # Carol: Black, to move
    assert (lost_by_bob.game_id, lost_by_carol.game_id) == (aborted.id, timed_out.id)
    assert lost_by_bob.pairing.winner == ALICE
    assert lost_by_carol.pairing.winner == DAVE
    assert lost_by_bob.pairing.forfeit and lost_by_carol.pairing.finished


async def test_a_round_is_paired_once(storage: Storage) -> None:
    tournament_id = await running(storage)

    results = await asyncio.gather(
        *(storage.tournaments.pair_round(tournament_id, 1, ROUND_ONE, now=4.0) for _ in range(3)),
        return_exceptions=True,
    )

    assert sum(isinstance(r, TournamentChangedError) for r in results) == 2
    view = await storage.tournaments.view(tournament_id)
    assert view.tournament.round == 1 and len(view.boards) == 2
    with pytest.raises(TournamentChangedError):
        await storage.tournaments.pair_round(tournament_id, 3, ROUND_ONE, now=5.0)


async def test_a_board_s_game_starts_once(storage: Storage) -> None:
    tournament_id = await running(storage)
    view = await storage.tournaments.pair_round(tournament_id, 1, ROUND_ONE, now=4.0)
    board = view.round_boards(1)[0]

    started = await asyncio.gather(
        *(
            storage.tournaments.start_game(board, GUILD, CHANNEL + n, deadline=None, now=5.0)
            for n in (1, 2)
        )
    )

    assert sum(game is not None for game in started) == 1
    assert len(await storage.games.in_progress_of(GUILD, ALICE)) == 1


async def test_entries_are_held_to_the_limit_and_taken_once(storage: Storage) -> None:
    created = await storage.tournaments.create(
        guild_id=GUILD,
        organiser_id=ALICE,
        name="Cup",
        format=Format.ROUND_ROBIN,
        swiss_rounds=1,
        time_control=TimeControl(per_move=3600),
        rated=False,
        entry_limit=2,
        starts_at=100.0,
        channel_id=CHANNEL,
        seed=7,
        now=1.0,
    )
    await storage.tournaments.join(created.id, ALICE, 1500.0, now=2.0)
    with pytest.raises(AlreadyEnteredError):
        await storage.tournaments.join(created.id, ALICE, 1500.0, now=2.0)
    await storage.tournaments.join(created.id, BOB, 1500.0, now=2.0)
    with pytest.raises(TournamentFullError):
        await storage.tournaments.join(created.id, CAROL, 1500.0, now=2.0)
    assert [e.player_id for e in (await storage.tournaments.view(created.id)).entrants] == [
        ALICE,
        BOB,
    ]
