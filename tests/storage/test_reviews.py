"""Stored reviews: one per game and engine, saved move by move, found by shard, copied."""

import asyncio
from pathlib import Path

import pytest

from bot.domain import InvalidInputError
from bot.domain.shards import Shards, shard_of
from bot.storage import Storage, copy_database
from tests.ids import CHANNEL, GUILD
from tests.storage.conftest import start_game

ENGINE = "analysis-1/nodes-100/exact-8/attempt-8"


def analysis(number: int) -> dict[str, object]:
    return {"best": number, "best_score": 1.5, "played": number, "played_score": -2.25}


async def test_a_review_is_created_once_and_kept_move_by_move(storage: Storage) -> None:
    game = await start_game(storage)
    opened = [
        storage.reviews.open(game.id, ENGINE, guild_id=GUILD, positions=3, now=5.0)
        for _ in range(2)
    ]
    (first, created), (second, again) = await asyncio.gather(*opened)
    assert sorted([created, again]) == [False, True] and first == second
    assert (first.analysed, first.done, first.message_id) == (0, False, None)

    shown = await storage.reviews.set_message(game.id, ENGINE, CHANNEL, 77, now=6.0)
    assert shown is not None and (shown.channel_id, shown.message_id) == (CHANNEL, 77)
    saved = await storage.reviews.save(game.id, ENGINE, [analysis(1), analysis(2)], now=7.0)
    assert saved is not None and saved.analysed == 2 and not saved.done
    assert saved.analyses[1] == analysis(2)

    done = await storage.reviews.save(game.id, ENGINE, [analysis(n) for n in (1, 2, 3)], now=8.0)
    assert done is not None and done.done and done.updated_at == 8.0
    assert await storage.reviews.get(game.id, ENGINE) == done
    assert await storage.reviews.save(game.id, ENGINE, [], now=9.0) is None  # done: kept
    assert await storage.reviews.get(game.id, "another engine") is None
    reopened, created = await storage.reviews.open(
        game.id, ENGINE, guild_id=GUILD, positions=3, now=10.0
    )
    assert reopened == done and not created
    unshown = await storage.reviews.set_message(game.id, ENGINE, None, None, now=11.0)
    assert unshown is not None and (unshown.channel_id, unshown.message_id) == (None, None)


async def test_a_review_takes_no_more_analyses_than_moves(storage: Storage) -> None:
    game = await start_game(storage)
    await storage.reviews.open(game.id, ENGINE, guild_id=GUILD, positions=1, now=0)
    with pytest.raises(InvalidInputError):
        await storage.reviews.save(game.id, ENGINE, [analysis(1), analysis(2)], now=1)
    with pytest.raises(InvalidInputError):
        await storage.reviews.open(game.id, "other", guild_id=GUILD, positions=61, now=0)


async def test_unfinished_reviews_are_found_by_shard_and_discarded(storage: Storage) -> None:
    guilds = [GUILD, GUILD + (1 << 22)]  # shards 0 and 1 of 2, in some order
    reviews = []
    for index, guild in enumerate(guilds):
        game = await start_game(storage, guild=guild, channel=CHANNEL + index)
        record, _ = await storage.reviews.open(
            game.id, ENGINE, guild_id=guild, positions=2, now=index
        )
        reviews.append(record)
    finished = await start_game(storage, channel=CHANNEL + 5)
    await storage.reviews.open(finished.id, ENGINE, guild_id=GUILD, positions=1, now=3)
    await storage.reviews.save(finished.id, ENGINE, [analysis(1)], now=4)

    assert await storage.reviews.unfinished() == reviews
    for shard in (0, 1):
        mine = await storage.reviews.unfinished(Shards(2, (shard,)))
        assert [r.guild_id for r in mine] == [g for g in guilds if shard_of(g, 2) == shard]

    await storage.reviews.discard(reviews[0].game_id, ENGINE)
    assert await storage.reviews.unfinished() == reviews[1:]


async def test_reviews_are_copied_with_the_database(tmp_path: Path, database_url: str) -> None:
    source = f"sqlite:///{tmp_path}/source.sqlite3"
    async with await Storage.open(source) as storage:
        game = await start_game(storage)
        await storage.reviews.open(game.id, ENGINE, guild_id=GUILD, positions=2, now=1.25)
        await storage.reviews.set_message(game.id, ENGINE, CHANNEL, 99, now=1.5)
        kept = await storage.reviews.save(game.id, ENGINE, [analysis(1)], now=2.5)

    report = await copy_database(source, database_url)

    assert report.rows["reviews"] == 1
    async with await Storage.open(database_url) as copied:
        assert await copied.reviews.get(game.id, ENGINE) == kept
        other = await start_game(copied, channel=CHANNEL + 1)
        new, created = await copied.reviews.open(
            other.id, ENGINE, guild_id=GUILD, positions=1, now=3
        )
        assert created and kept is not None and new.id > kept.id
