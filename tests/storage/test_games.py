import asyncio

import pytest

from bot.domain import Ending, EndReason, GameStatus, InvalidInputError, TimeControl
from bot.engine import Color
from bot.storage import ChannelBusyError, GameNotFoundError, GameOverError, StaleMoveError, Storage
from tests.ids import ALICE, BOB, BOT, CAROL, CHANNEL, GUILD, OTHER_GUILD
from tests.storage.conftest import start_game


async def test_created_game_reads_back(storage: Storage) -> None:
    game = await start_game(storage, now=1000.0)

    assert game.status is GameStatus.ACTIVE and game.active
    assert (game.guild_id, game.channel_id, game.black_id, game.white_id) == (
        GUILD,
        CHANNEL,
        ALICE,
        BOB,
    )
    assert (game.transcript, game.ply, game.moves) == ("", 0, ())
    assert (game.winner, game.end_reason, game.message_id, game.cancelled_by) == (None,) * 4
    assert (game.winner_id, game.loser_id) == (None, None)
    assert (game.color_of(ALICE), game.color_of(BOB), game.color_of(CAROL)) == (
        Color.BLACK,
        Color.WHITE,
        None,
    )
    assert (game.player(Color.BLACK), game.player(Color.WHITE)) == (ALICE, BOB)
    assert (game.deadline, game.created_at, game.updated_at) == (1060.0, 1000.0, 1000.0)
    assert game.rated and game.time_control.per_move == 60.0
    assert await storage.games.get(game.id) == game
    assert await storage.games.active_in(CHANNEL) == game
    assert await storage.games.active_in(CHANNEL + 1) is None


async def test_unknown_game(storage: Storage) -> None:
    with pytest.raises(GameNotFoundError) as unknown:
        await storage.games.get(42)
    assert unknown.value.game_id == 42
    with pytest.raises(GameNotFoundError):
        await storage.games.record_move(42, 0, "d3", deadline=None, now=0)
    with pytest.raises(GameNotFoundError):
        await storage.games.set_board(42, 1, 0)


async def test_one_active_game_per_channel(storage: Storage) -> None:
    first = await start_game(storage)

    with pytest.raises(ChannelBusyError) as busy:
        await start_game(storage, CAROL, BOT)

    assert busy.value.game_id == first.id
    other_channel = await start_game(storage, CAROL, BOT, channel=CHANNEL + 1, rated=False)
    assert not other_channel.rated


async def test_channel_is_free_again_once_the_game_ends(storage: Storage) -> None:
    first = await start_game(storage)
    await storage.games.finish(first.id, 0, Ending(EndReason.RESIGNATION, Color.BLACK, 2, 2), now=1)

    second = await start_game(storage, BOB, ALICE)

    assert await storage.games.active_in(CHANNEL) == second


async def test_playing_against_oneself_is_refused(storage: Storage) -> None:
    with pytest.raises(InvalidInputError, match="against yourself"):
        await start_game(storage, ALICE, ALICE)


@pytest.mark.parametrize("seconds", [0, -5, float("nan"), float("inf")])
async def test_bad_time_per_move_is_refused(storage: Storage, seconds: float) -> None:
    with pytest.raises(InvalidInputError, match="PER_MOVE_RANGE"):
        await storage.games.create(
            GUILD,
            CHANNEL,
            ALICE,
            BOB,
            rated=True,
            time_control=TimeControl(per_move=seconds),
            deadline=None,
            now=0,
        )


async def test_moves_append_to_the_transcript(storage: Storage) -> None:
    game = await start_game(storage)

    after_one = await storage.games.record_move(game.id, 0, "f5", deadline=2000.0, now=1500.0)
    after_two = await storage.games.record_move(game.id, 1, "d6", deadline=None, now=1600.0)

    assert (after_one.transcript, after_one.ply, after_one.deadline) == ("f5", 1, 2000.0)
    assert (after_two.transcript, after_two.ply, after_two.moves) == ("f5d6", 2, ("f5", "d6"))
    assert after_two.deadline is None and after_two.updated_at == 1600.0
    assert await storage.games.get(game.id) == after_two


async def test_stale_move_is_refused_and_changes_nothing(storage: Storage) -> None:
    game = await start_game(storage)
    moved = await storage.games.record_move(game.id, 0, "f5", deadline=None, now=1)

    with pytest.raises(StaleMoveError) as stale:
        await storage.games.record_move(game.id, 0, "f5", deadline=None, now=2)

    assert (stale.value.expected_ply, stale.value.ply) == (0, 1)
    assert await storage.games.get(game.id) == moved


@pytest.mark.parametrize("move", ["", "i1", "a9", "a0", "D3", "d3d4", "pass", "3d"])
async def test_malformed_move_is_refused(storage: Storage, move: str) -> None:
    game = await start_game(storage)

    with pytest.raises(InvalidInputError, match="not a square"):
        await storage.games.record_move(game.id, 0, move, deadline=None, now=1)

    assert (await storage.games.get(game.id)).ply == 0


async def test_no_moves_after_the_end(storage: Storage) -> None:
    game = await start_game(storage)
    await storage.games.finish(game.id, 0, Ending(EndReason.TIMEOUT, Color.WHITE, 2, 2), now=1)

    with pytest.raises(GameOverError):
        await storage.games.record_move(game.id, 0, "f5", deadline=None, now=2)


async def test_fifty_concurrent_moves_at_one_ply_apply_once(storage: Storage) -> None:
    game = await start_game(storage)
    await storage.games.record_move(game.id, 0, "f5", deadline=None, now=1)

    outcomes = await asyncio.gather(
        *(storage.games.record_move(game.id, 1, "d6", deadline=None, now=2) for _ in range(50)),
        return_exceptions=True,
    )

    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(applied) == 1
    assert all(isinstance(o, StaleMoveError) for o in outcomes if o not in applied)
    assert (await storage.games.get(game.id)).transcript == "f5d6"


async def test_concurrent_moves_across_connections_apply_once(database_url: str) -> None:
    """Five processes' worth of connections racing on one file: the database lock decides."""
    stores = [await Storage.open(database_url) for _ in range(5)]
    try:
        game = await start_game(stores[0])

        outcomes = await asyncio.gather(
            *(
                stores[i % 5].games.record_move(game.id, 0, "c4", deadline=None, now=2)
                for i in range(50)
            ),
            return_exceptions=True,
        )

        assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
        assert sum(isinstance(o, StaleMoveError) for o in outcomes) == 49
        assert (await stores[4].games.get(game.id)).transcript == "c4"
    finally:
        for store in stores:
            await store.close()


async def test_cancelled_call_leaves_no_transaction_open(storage: Storage) -> None:
    game = await start_game(storage)
    task = asyncio.create_task(storage.games.record_move(game.id, 0, "f5", deadline=None, now=1))
    await asyncio.sleep(0)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)

    current = await storage.games.get(game.id)
    moved = await storage.games.record_move(game.id, current.ply, "e6", deadline=None, now=2)

    assert moved.transcript in ("e6", "f5e6")


async def test_a_reposted_board_moves_the_game_to_its_new_message(storage: Storage) -> None:
    game = await start_game(storage)
    assert game.message_id is None

    posted = await storage.games.set_board(game.id, 555, game.version)
    reposted = await storage.games.set_board(game.id, 777, game.version)

    assert posted.message_id == 555
    assert await storage.games.get(game.id) == reposted
    assert reposted.message_id == 777
    assert reposted.updated_at == game.updated_at


async def test_boards_left_behind_are_found(storage: Storage) -> None:
    game = await start_game(storage)
    assert (game.version, game.shown_version, game.board_behind) == (0, None, True)
    shown = await storage.games.set_board(game.id, 555, game.version)
    assert (shown.shown_version, shown.board_behind) == (0, False)
    assert await storage.games.boards_behind() == []

    moved = await storage.games.record_move(game.id, 0, "f5", deadline=None, now=1)

    assert (moved.version, moved.board_behind) == (2, True)
    assert await storage.games.boards_behind() == []  # games in play are all resumed anyway
    await storage.games.set_board(game.id, 555, moved.version)
    stale = await storage.games.set_board(game.id, 555, game.version)  # an older board, late
    assert (stale.shown_version, stale.board_behind) == (moved.version, False)
    finished = await storage.games.finish(
        game.id, 1, Ending(EndReason.RESIGNATION, Color.WHITE, 3, 1), now=2
    )
    assert (finished.game.version, finished.game.board_behind) == (3, True)
    assert [g.id for g in await storage.games.boards_behind()] == [game.id]
    never_shown = await start_game(storage, CAROL, BOB, channel=CHANNEL + 1)
    await storage.games.finish(
        never_shown.id, 0, Ending(EndReason.TIMEOUT, Color.WHITE, 2, 2), now=2
    )
    assert [g.id for g in await storage.games.boards_behind()] == [game.id]


async def test_a_move_carries_the_shown_mark_it_is_given(storage: Storage) -> None:
    game = await start_game(storage)
    await storage.games.set_board(game.id, 555, game.version)

    moved = await storage.games.record_move(game.id, 0, "f5", deadline=None, now=1, shown=None)
    assert (moved.shown_version, moved.board_behind) == (0, True)  # no mark: as it was
    again = await storage.games.record_move(
        game.id, 1, "d6", deadline=None, now=2, shown=moved.version
    )
    assert (again.version, again.shown_version) == (4, 2)  # f5's board, written with d6
    older = await storage.games.record_move(game.id, 2, "c3", deadline=None, now=3, shown=0)
    assert older.shown_version == 2  # a mark older than the one stored changes nothing
    assert await storage.games.get(game.id) == older


async def test_shown_marks_are_written_together(storage: Storage) -> None:
    first = await start_game(storage)
    second = await start_game(storage, CAROL, BOB, channel=CHANNEL + 1)
    moved = await storage.games.record_move(second.id, 0, "f5", deadline=None, now=1)
    await storage.games.set_board(second.id, 777, moved.version)

    await storage.games.set_shown({first.id: first.version, second.id: second.version})

    assert (await storage.games.get(first.id)).shown_version == first.version
    assert (await storage.games.get(second.id)).shown_version == moved.version  # newer stays


async def test_active_games(storage: Storage) -> None:
    early = await start_game(storage, now=0)  # deadline 60
    late = await start_game(storage, CAROL, BOT, channel=CHANNEL + 1, now=100)  # deadline 160
    bots_turn = await storage.games.create(
        GUILD,
        CHANNEL + 2,
        BOT,
        ALICE,
        rated=False,
        time_control=TimeControl(per_move=60),
        deadline=None,
        now=0,
    )
    done = await start_game(storage, BOB, CAROL, channel=CHANNEL + 3, now=0)
    await storage.games.finish(done.id, 0, Ending(EndReason.NORMAL, None, 32, 32), now=1)

    assert [g.id for g in await storage.games.active()] == [early.id, late.id, bots_turn.id]


async def test_games_in_progress_of_a_server_and_of_a_player(storage: Storage) -> None:
    """Only games in progress, only the server's; the server's latest moved first, in pages."""
    older = await start_game(storage, ALICE, BOB, now=0)
    theirs = await start_game(storage, BOB, CAROL, channel=CHANNEL + 1, now=10)
    as_white = await start_game(storage, CAROL, ALICE, channel=CHANNEL + 2, now=20)
    elsewhere = await start_game(storage, ALICE, BOB, channel=CHANNEL + 3, guild=OTHER_GUILD)
    done = await start_game(storage, ALICE, CAROL, channel=CHANNEL + 4, now=30)
    await storage.games.finish(done.id, 0, Ending(EndReason.NORMAL, None, 32, 32), now=31)
    await storage.games.record_move(older.id, 0, "f5", deadline=None, now=40)

    assert [g.id for g in await storage.games.in_progress_of(GUILD, ALICE)] == [
        older.id,
        as_white.id,
    ]
    assert await storage.games.in_progress_of(GUILD, BOT) == []
    assert [g.id for g in await storage.games.in_progress_of(OTHER_GUILD, ALICE)] == [elsewhere.id]

    first = await storage.games.in_progress(GUILD, per_page=2)
    beyond = await storage.games.in_progress(GUILD, page=9, per_page=2)
    assert (first.total, first.pages) == (3, 2)
    assert [g.id for g in first.games] == [older.id, as_white.id]
    assert (beyond.page, [g.id for g in beyond.games]) == (2, [theirs.id])
    assert (await storage.games.in_progress(OTHER_GUILD + 1)).games == ()
    with pytest.raises(InvalidInputError):
        await storage.games.in_progress(GUILD, per_page=0)


async def test_a_game_against_the_bot_keeps_its_level_and_is_never_rated(storage: Storage) -> None:
    game = await storage.games.create(
        1,
        2,
        10,
        99,
        rated=True,
        time_control=TimeControl(per_move=60.0),
        deadline=None,
        now=0.0,
        bot_level=4,
    )
    assert game.bot_level == 4 and not game.rated
    assert (await storage.games.get(game.id)).bot_level == 4
    people = await storage.games.create(
        1, 3, 10, 11, rated=True, time_control=TimeControl(per_move=60.0), deadline=None, now=0.0
    )
    assert people.bot_level is None and people.rated
