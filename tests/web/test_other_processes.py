"""The pages served by another process than the bot's, on PostgreSQL (`serve_pages`, which
`python -m bot web` runs): it follows the bot's moves live, told by the database."""

from __future__ import annotations

import asyncio

import pytest

from bot import app
from bot.config import Config
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.server import DEFAULT_TOKEN
from tests.gameplay.play import game_id, play, start_game
from tests.storage.postgres_server import PostgresServer
from web.live import Live, game, guild


@pytest.fixture
async def bot_config(postgres: PostgresServer) -> Config:
    return Config(
        token=DEFAULT_TOKEN,
        database=await postgres.fresh_schema(),
        web_port=0,
        web_url="http://127.0.0.1",
    )


async def test_a_page_served_by_another_process_follows_the_bots_moves_live(
    fake: FakeDiscord, bot_config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[Live] = []

    class Observed(Live):
        def __init__(self) -> None:
            super().__init__()
            opened.append(self)

    monkeypatch.setattr(app, "Live", Observed)  # the bot's own is built already
    owner = fake.world.owner
    await fake.slash(owner, "reversi settings", web_pages=True)
    board = await start_game(fake)
    async with app.serve_pages(bot_config, 0) as server:  # hears what commits from now on
        assert server.port != 0
        (live,) = opened
        with live.watch(game(game_id(board))) as watcher:
            await play(fake, board, fake.alice, "f5")
            async with asyncio.timeout(10):
                await watcher.wait()
        with live.watch(guild(fake.guild.id)) as watcher:
            await fake.slash(owner, "reversi settings", web_pages=False)
            async with asyncio.timeout(10):
                await watcher.wait()
