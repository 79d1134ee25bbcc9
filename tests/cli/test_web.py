"""`python -m bot web`: the pages alone, in a process of their own beside bots on PostgreSQL; it
follows the games they play live, and closes a server's pages as its admins turn them off.
Refused where it can't follow them (SQLite) or has no port."""

from __future__ import annotations

import signal

import aiohttp
import pytest

from bot.config import Config
from tests.cli.processes import Cli, closed_port
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.server import DEFAULT_TOKEN
from tests.gameplay.play import game_id, play, start_game
from tests.storage.postgres_server import PostgresServer
from tests.web.games import WEB_URL, game_of, next_event, page_path, pages_on


@pytest.fixture
async def bot_config(postgres: PostgresServer) -> Config:
    """The bot on PostgreSQL, linking to the pages it does not serve itself."""
    return Config(token=DEFAULT_TOKEN, database=await postgres.fresh_schema(), web_url=WEB_URL)


async def test_the_pages_process_follows_the_bots_game_live_and_stops_on_sigterm(
    cli: Cli, fake: FakeDiscord, bot_harness: BotHarness, bot_config: Config
) -> None:
    await pages_on(fake)
    board = await start_game(fake)
    path = await page_path(bot_harness, game_id(board), fake.guild.id)
    sessions = len(fake.gateway.sessions)
    port = closed_port()
    web = await cli.start(
        "web", DATABASE_URL=bot_config.database, WEB_PORT=str(port), WEB_URL=WEB_URL
    )
    await web.line(f"Serving HTTP on 127.0.0.1:{port}")
    async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
        async with session.get(path) as page:
            assert page.status == 200
            assert "Alice" in await page.text()  # asked of Discord's REST API
        async with session.get(f"{path}/live") as stream:
            assert game_of(await next_event(stream))["moves"] == []
            await play(fake, board, fake.alice, "f5")  # by the bot's process
            assert game_of(await next_event(stream))["moves"] == ["f5"]
            await pages_on(fake, False)  # on the bot's process too: the page closes
            assert await next_event(stream) == {}
    web.signal(signal.SIGTERM)
    finished = await web.finished()
    assert finished.status == 0, finished.stderr
    assert finished.last_line.endswith("Stopped")
    assert len(fake.gateway.sessions) == sessions  # it never opened a gateway session


async def test_the_pages_process_is_refused_on_sqlite_and_without_a_port(cli: Cli) -> None:
    on_sqlite = await cli.run("web", WEB_PORT=str(closed_port()))
    assert on_sqlite.status == 2
    assert on_sqlite.stderr == (
        "python -m bot web needs PostgreSQL: serve the pages from the bot's own process on SQLite."
    )
    no_port = await cli.run("web")
    assert no_port.status == 2
    assert no_port.stderr == "Set WEB_PORT, the port to serve the pages on (see the README)."
