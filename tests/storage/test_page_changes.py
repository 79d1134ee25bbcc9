"""Processes on one PostgreSQL database hear each other's changes to what the pages show
(`Database.follow`): two storages on one schema stand for two processes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.storage import Storage
from bot.storage.database import GAME
from bot.storage.database import GUILD as SERVER
from tests.ids import GUILD, OTHER_GUILD
from tests.storage.conftest import start_game
from tests.storage.postgres_server import PostgresServer


class Heard:
    """What a storage's follower was told, in order."""

    def __init__(self) -> None:
        self.changes: asyncio.Queue[tuple[str, int]] = asyncio.Queue()
        self.missed = asyncio.Event()

    async def next(self) -> tuple[str, int]:
        async with asyncio.timeout(10):
            return await self.changes.get()


@pytest.fixture
async def url(postgres: PostgresServer) -> str:
    return await postgres.fresh_schema()


@pytest.fixture
async def pair(url: str) -> AsyncIterator[tuple[Storage, Storage, Heard, Heard]]:
    async with await Storage.open(url) as writer, await Storage.open(url) as reader:
        heard_by_writer, heard_by_reader = Heard(), Heard()
        for storage, heard in ((writer, heard_by_writer), (reader, heard_by_reader)):
            await storage.database.follow(
                lambda kind, id_, heard=heard: heard.changes.put_nowait((kind, id_)),
                heard.missed.set,
            )
        yield writer, reader, heard_by_writer, heard_by_reader


async def test_another_process_hears_the_games_of_servers_with_pages_and_their_reviews(
    pair: tuple[Storage, Storage, Heard, Heard],
) -> None:
    writer, reader, heard_by_writer, heard = pair
    await writer.settings.update(GUILD, now=0, web_pages=True)  # no page was open before
    hidden = await start_game(writer, guild=OTHER_GUILD)  # no pages there: nothing to hear
    shown = await start_game(writer, guild=GUILD, channel=hidden.channel_id + 1)
    assert await heard.next() == (GAME, shown.id)  # started
    await writer.games.record_move(hidden.id, 0, "f5", deadline=None, now=1)
    await writer.games.record_move(shown.id, 0, "f5", deadline=None, now=1)
    assert await heard.next() == (GAME, shown.id)  # moved

    await writer.reviews.open(shown.id, "e", guild_id=GUILD, positions=1, now=2)
    await writer.reviews.save(shown.id, "e", [], now=2)  # under way: nothing to show yet
    await writer.reviews.save(shown.id, "e", [{}], now=3)
    assert await heard.next() == (GAME, shown.id)  # the review done

    await writer.settings.update(GUILD, now=4, web_pages=False)
    assert await heard.next() == (SERVER, GUILD)
    await writer.settings.update(GUILD, now=5, web_pages=True)
    assert await heard.next() == (SERVER, GUILD)
    assert heard.changes.empty()
    # The writer hears the reader's change, and none of its own before it: its bus told it.
    await reader.settings.update(GUILD, now=6, web_pages=False)
    assert await heard_by_writer.next() == (SERVER, GUILD)
    assert heard_by_writer.changes.empty()


async def test_a_change_rolled_back_is_not_heard(
    pair: tuple[Storage, Storage, Heard, Heard],
) -> None:
    writer, _, _, heard = pair
    await writer.settings.update(GUILD, now=0, web_pages=True)
    game = await start_game(writer)
    assert await heard.next() == (GAME, game.id)
    with pytest.raises(RuntimeError):
        async with writer.database.transaction() as db:
            await db.all("UPDATE games SET updated_at = 5 WHERE id = ?", (game.id,))
            raise RuntimeError("rolled back")
    await writer.games.record_move(game.id, 0, "f5", deadline=None, now=1)
    assert await heard.next() == (GAME, game.id)
    assert heard.changes.empty()


async def test_after_an_outage_the_changes_are_heard_again_and_the_gap_is_told(
    postgres: PostgresServer, pair: tuple[Storage, Storage, Heard, Heard]
) -> None:
    writer, _, _, heard = pair
    await writer.settings.update(GUILD, now=0, web_pages=True)
    await postgres.restart()
    async with asyncio.timeout(30):
        await heard.missed.wait()
    game = await start_game(writer)
    assert await heard.next() == (GAME, game.id)
