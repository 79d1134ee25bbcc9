import random

import pytest

from bot.domain import Ending, EndReason, InvalidInputError
from bot.engine import Color
from bot.storage import Storage
from bot.storage import players as players_module
from tests.ids import ALICE, BOB, CAROL, GUILD, OTHER_GUILD
from tests.storage.conftest import start_game


async def put_players(storage: Storage, guild: int, ratings: dict[int, float]) -> None:
    async with storage.database.transaction() as db:
        for user_id, rating in ratings.items():
            await db.all(
                """
                INSERT INTO players (guild_id, user_id, rating, deviation, volatility, updated_at)
                VALUES (?, ?, ?, 80, 0.06, 0)
                ON CONFLICT (guild_id, user_id) DO UPDATE SET rating = excluded.rating
                """,
                (guild, user_id, rating),
            )


def expected_order(ratings: dict[int, float]) -> list[int]:
    return sorted(ratings, key=lambda user: (-ratings[user], user))


async def assert_ranks_match(storage: Storage, guild: int, ratings: dict[int, float]) -> None:
    order = expected_order(ratings)
    for place, user in enumerate(order, start=1):
        assert await storage.players.rank(guild, user) == place, (user, ratings[user])
    first = await storage.players.leaderboard(guild, per_page=7)
    pages = [first] + [
        await storage.players.leaderboard(guild, page=n, per_page=7)
        for n in range(2, first.pages + 1)
    ]
    assert first.total == len(ratings)
    assert [e.player.user_id for p in pages for e in p.entries] == order
    assert [e.rank for p in pages for e in p.entries] == list(range(1, len(order) + 1))


async def test_empty_leaderboard(storage: Storage) -> None:
    page = await storage.players.leaderboard(GUILD, page=3, viewer_id=ALICE)

    assert (page.page, page.pages, page.total, page.entries, page.viewer) == (1, 1, 0, (), None)
    assert await storage.players.rank(GUILD, ALICE) is None


# Ties, bucket edges, ratings below 1 (which share a bucket) and negative ones.
EDGE_RATINGS = {
    11: 1500.0, 12: 1500.0, 10: 1500.0, 13: 1499.99, 14: 1500.5, 15: 2000.0, 16: 0.5,
    17: -3.0, 18: 1.0, 19: 0.999, 20: 1499.0, 21: 1501.0, 22: 1500.999999, 23: 0.0,
}  # fmt: skip


async def test_pages_follow_rating_then_id(storage: Storage) -> None:
    await put_players(storage, GUILD, EDGE_RATINGS)

    pages = [await storage.players.leaderboard(GUILD, page=n, per_page=4) for n in (1, 2, 3, 4)]

    assert [p.pages for p in pages] == [4, 4, 4, 4]
    entries = [entry for p in pages for entry in p.entries]
    assert [e.player.user_id for e in entries] == expected_order(EDGE_RATINGS)
    assert [e.rank for e in entries] == list(range(1, len(EDGE_RATINGS) + 1))
    assert [len(p.entries) for p in pages] == [4, 4, 4, 2]


@pytest.mark.parametrize("direct_skip", [0, players_module.DIRECT_SKIP])
async def test_rank_at_ties_and_bucket_edges(
    storage: Storage, monkeypatch: pytest.MonkeyPatch, direct_skip: int
) -> None:
    monkeypatch.setattr(players_module, "DIRECT_SKIP", direct_skip)
    await put_players(storage, GUILD, EDGE_RATINGS)

    await assert_ranks_match(storage, GUILD, EDGE_RATINGS)


@pytest.mark.parametrize("direct_skip", [0, players_module.DIRECT_SKIP])
async def test_ranks_stay_right_through_updates_and_deletions(
    storage: Storage, monkeypatch: pytest.MonkeyPatch, direct_skip: int
) -> None:
    """With `DIRECT_SKIP` at 0, every page but the first starts from the histogram."""
    monkeypatch.setattr(players_module, "DIRECT_SKIP", direct_skip)
    rng = random.Random(4)
    ratings = {
        user: rng.choice([round(rng.gauss(1500, 300)), rng.gauss(1500, 300), rng.uniform(-2, 2)])
        for user in range(1, 301)
    }
    await put_players(storage, GUILD, ratings)
    await put_players(storage, OTHER_GUILD, {user: 1500.0 for user in range(1, 50)})

    changed = {user: ratings[user] + rng.uniform(-40, 40) for user in rng.sample(list(ratings), 80)}
    await put_players(storage, GUILD, changed)
    ratings.update(changed)
    gone = rng.sample(list(ratings), 30)
    async with storage.database.transaction() as db:
        for user in gone:
            await db.all("DELETE FROM players WHERE guild_id = ? AND user_id = ?", (GUILD, user))
            del ratings[user]

    await assert_ranks_match(storage, GUILD, ratings)
    assert (await storage.players.leaderboard(OTHER_GUILD)).total == 49


async def test_page_out_of_range_is_clamped(storage: Storage) -> None:
    await put_players(storage, GUILD, {user: 1000.0 + user for user in range(25)})

    last = await storage.players.leaderboard(GUILD, page=99)
    first = await storage.players.leaderboard(GUILD, page=-1)

    assert (last.page, last.pages, [e.rank for e in last.entries]) == (3, 3, [21, 22, 23, 24, 25])
    assert (first.page, first.entries[0].player.user_id) == (1, 24)
    with pytest.raises(InvalidInputError, match="between 1 and 100"):
        await storage.players.leaderboard(GUILD, per_page=0)


async def test_viewer_entry_on_and_off_the_page(storage: Storage) -> None:
    await put_players(storage, GUILD, {user: 1000.0 + user for user in range(1, 31)})

    off_page = await storage.players.leaderboard(GUILD, page=1, viewer_id=3)
    on_page = await storage.players.leaderboard(GUILD, page=3, viewer_id=3)
    unrated = await storage.players.leaderboard(GUILD, viewer_id=ALICE)

    assert off_page.viewer is not None and off_page.viewer.rank == 28
    assert off_page.viewer.player.user_id == 3
    assert on_page.viewer == on_page.entries[7]
    assert unrated.viewer is None


async def test_leaderboard_after_real_games(storage: Storage) -> None:
    for black, white, winner in [
        (ALICE, BOB, Color.BLACK),
        (CAROL, BOB, Color.BLACK),
        (ALICE, CAROL, None),
    ]:
        game = await start_game(storage, black, white)
        await storage.games.finish(game.id, 0, Ending(EndReason.NORMAL, winner, 40, 24), now=1)

    page = await storage.players.leaderboard(GUILD)

    records = [entry.player for entry in page.entries]
    assert [r.rating.rating for r in records] == sorted(
        (r.rating.rating for r in records), reverse=True
    )
    assert records[-1].user_id == BOB and records[-1].losses == 2
    assert all(r.provisional for r in records)
    assert page.total == 3
