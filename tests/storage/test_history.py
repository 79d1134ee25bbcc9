import pytest

from bot.domain import DELETED_USER_ID, Ending, EndReason, InvalidInputError
from bot.domain.refusals import Refused
from bot.engine import Color
from bot.storage import ActiveGameError, Storage
from tests.ids import ALICE, BOB, BOT, CAROL, CHANNEL, GUILD, OTHER_GUILD
from tests.refused import refused
from tests.storage.conftest import start_game


async def finished_game(
    storage: Storage,
    black: int,
    white: int,
    winner: Color | None,
    *,
    cancelled: bool = False,
    moves: str = "",
    guild: int = GUILD,
    now: float,
    rated: bool = True,
    bot_level: int | None = None,
) -> int:
    game = await start_game(
        storage, black, white, guild=guild, now=now, rated=rated, bot_level=bot_level
    )
    for ply in range(len(moves) // 2):
        await storage.games.record_move(
            game.id, ply, moves[2 * ply : 2 * ply + 2], deadline=None, now=now
        )
    if cancelled:
        ending = Ending(EndReason.CANCELLED, None, 20, 30, cancelled_by=CAROL)
    else:
        ending = Ending(EndReason.NORMAL, winner, 20, 30)
    await storage.games.finish(game.id, len(moves) // 2, ending, now=now + 1)
    return game.id


async def test_history_is_latest_first_and_paged(storage: Storage) -> None:
    ids = [await finished_game(storage, ALICE, BOB, Color.WHITE, now=100.0 * i) for i in range(7)]
    await start_game(storage, ALICE, BOB)  # active games are not history

    first = await storage.history.games(GUILD, per_page=3)
    last = await storage.history.games(GUILD, page=3, per_page=3)
    beyond = await storage.history.games(GUILD, page=10, per_page=3)

    assert (first.total, first.pages) == (7, 3)
    assert [g.id for g in first.games] == ids[::-1][:3]
    assert [g.id for g in last.games] == [ids[0]]
    assert beyond == last
    with pytest.raises(InvalidInputError):
        await storage.history.games(GUILD, per_page=101)


async def test_history_of_one_player(storage: Storage) -> None:
    mine = [
        await finished_game(storage, ALICE, BOB, Color.BLACK, now=1),
        await finished_game(storage, CAROL, ALICE, None, now=2),
    ]
    await finished_game(storage, BOB, CAROL, Color.BLACK, now=3)
    await finished_game(storage, ALICE, BOB, Color.BLACK, guild=OTHER_GUILD, now=4)

    page = await storage.history.games(GUILD, user_id=ALICE)

    assert [g.id for g in page.games] == mine[::-1] and page.total == 2
    assert (await storage.history.games(GUILD, user_id=BOT)).games == ()
    between = await storage.history.games(GUILD, user_id=CAROL, opponent_id=ALICE)
    assert [g.id for g in between.games] == [mine[1]] and between.total == 1
    with pytest.raises(InvalidInputError):
        await storage.history.games(GUILD, opponent_id=ALICE)


async def test_head_to_head_counts_both_colors_and_skips_cancelled(storage: Storage) -> None:
    await finished_game(storage, ALICE, BOB, Color.BLACK, now=1)  # Alice wins
    await finished_game(storage, BOB, ALICE, Color.BLACK, now=2)  # Bob wins
    await finished_game(storage, BOB, ALICE, Color.WHITE, now=3)  # Alice wins
    await finished_game(storage, ALICE, BOB, None, now=4)  # draw
    await finished_game(storage, ALICE, BOB, None, cancelled=True, now=5)  # cancelled
    await finished_game(storage, ALICE, CAROL, Color.BLACK, now=6)
    await finished_game(storage, ALICE, BOB, Color.BLACK, guild=OTHER_GUILD, now=7)

    alice = await storage.history.head_to_head(GUILD, ALICE, BOB)
    bob = await storage.history.head_to_head(GUILD, BOB, ALICE)

    assert (alice.wins, alice.losses, alice.draws, alice.games) == (2, 1, 1, 4)
    assert (bob.wins, bob.losses, bob.draws) == (1, 2, 1)
    with refused(Refused.SAME_PLAYER_TWICE):
        await storage.history.head_to_head(GUILD, ALICE, ALICE)


async def test_record_against_the_bot(storage: Storage) -> None:
    await finished_game(storage, ALICE, BOT, Color.BLACK, now=1, bot_level=1)
    await finished_game(storage, BOT, ALICE, Color.BLACK, now=2, bot_level=5)
    await finished_game(storage, BOT, ALICE, None, now=3, bot_level=3)  # draw
    await finished_game(storage, ALICE, BOT, None, cancelled=True, now=4, bot_level=3)  # cancelled
    await finished_game(storage, ALICE, BOB, Color.BLACK, now=5)  # rated, not against the bot
    await finished_game(storage, ALICE, BOT, Color.WHITE, now=6, bot_level=3, guild=OTHER_GUILD)
    await start_game(storage, ALICE, BOT, now=7, bot_level=2)  # still being played

    by_level = await storage.history.record_against_bot(GUILD, ALICE)
    by_id = await storage.history.head_to_head(GUILD, ALICE, BOT)

    assert (by_level.wins, by_level.losses, by_level.draws, by_level.games) == (1, 1, 1, 3)
    assert (by_id.wins, by_id.losses, by_id.draws) == (1, 1, 1)
    alice = await storage.players.get(GUILD, ALICE)
    assert alice is not None and (alice.wins, alice.games) == (1, 1)  # only the game with Bob
    assert (await storage.history.record_against_bot(GUILD, BOB)).games == 0


async def test_first_moves_as_black_latest_first(storage: Storage) -> None:
    await finished_game(storage, ALICE, BOB, Color.BLACK, moves="f5d6c3d3", now=1)
    await finished_game(storage, ALICE, BOB, Color.BLACK, moves="c4e3f6", now=2)
    await finished_game(storage, BOB, ALICE, Color.BLACK, moves="c4c3d3", now=3)  # Alice is White
    await finished_game(storage, ALICE, BOB, Color.BLACK, now=4)  # no move
    await finished_game(storage, ALICE, BOB, Color.BLACK, moves="f5", guild=OTHER_GUILD, now=5)

    first = await storage.history.first_moves_as_black(GUILD, ALICE, moves=2, limit=10)

    assert first == ["c4e3", "f5d6"]
    assert await storage.history.first_moves_as_black(GUILD, ALICE, moves=9, limit=1) == ["c4e3f6"]
    assert await storage.history.first_moves_as_black(GUILD, CAROL, moves=2, limit=10) == []
    with pytest.raises(InvalidInputError):
        await storage.history.first_moves_as_black(GUILD, ALICE, moves=0, limit=10)


async def test_forget_user(storage: Storage) -> None:
    kept = await finished_game(storage, ALICE, BOB, Color.BLACK, now=1)
    won = await finished_game(storage, CAROL, ALICE, Color.BLACK, now=2)
    # Cancelled, by Carol: she is also the moderator who cancels every cancelled game here.
    cancelled = await finished_game(storage, BOB, CAROL, None, cancelled=True, now=3)
    other_guild = await finished_game(storage, CAROL, BOB, Color.WHITE, guild=OTHER_GUILD, now=4)
    hers = await storage.challenges.create(GUILD, CHANNEL, CAROL, ALICE, now=5)
    for_her = await storage.challenges.create(GUILD, CHANNEL, BOB, CAROL, now=5)
    unrelated = await storage.challenges.create(GUILD, CHANNEL, ALICE, now=5)
    assert (await storage.players.leaderboard(GUILD)).total == 3

    deleted = await storage.forget_player(GUILD, CAROL)

    assert [c.id for c in deleted] == [hers.id, for_her.id]

    assert await storage.players.get(GUILD, CAROL) is None
    assert await storage.challenges.pending() == [unrelated]
    assert (await storage.games.get(won)).black_id == DELETED_USER_ID
    game = await storage.games.get(cancelled)
    assert (game.white_id, game.cancelled_by) == (DELETED_USER_ID, DELETED_USER_ID)
    assert (await storage.games.get(other_guild)).black_id == CAROL
    assert await storage.players.get(OTHER_GUILD, CAROL) is not None
    assert (await storage.games.get(kept)).black_id == ALICE
    alice = await storage.players.get(GUILD, ALICE)
    assert alice is not None and alice.games == 2
    assert (await storage.players.leaderboard(GUILD)).total == 2


async def test_forget_user_with_rating_leaves_the_leaderboard(storage: Storage) -> None:
    await finished_game(storage, ALICE, BOB, Color.BLACK, now=1)

    await storage.forget_player(GUILD, ALICE)

    page = await storage.players.leaderboard(GUILD)
    assert [e.player.user_id for e in page.entries] == [BOB] and page.total == 1
    assert await storage.players.rank(GUILD, BOB) == 1
    assert (await storage.history.games(GUILD, user_id=ALICE)).total == 0
    assert (await storage.history.games(GUILD, user_id=DELETED_USER_ID)).total == 1


async def test_forget_user_refused_while_playing(storage: Storage) -> None:
    await finished_game(storage, ALICE, BOB, Color.BLACK, now=1)
    game = await start_game(storage, BOB, ALICE)

    with pytest.raises(ActiveGameError) as refused:
        await storage.forget_player(GUILD, ALICE)

    assert refused.value.game_id == game.id
    assert await storage.players.get(GUILD, ALICE) is not None
