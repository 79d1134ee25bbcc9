"""The pages served by the real bot on the fake Discord, on both backends: a game played and
resigned, then the server's leaderboard and the players' pages name them as Discord shows them
(escaped), each linking to the other's page and to the game's."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import aiohttp
import pytest

from bot.config import Config
from bot.domain.pages import PageKind, page_path
from bot.services import SettingsChange
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.server import DEFAULT_TOKEN
from tests.gameplay.play import game_id, past_abort_window, start_game
from tests.storage.postgres_server import PostgresServer

HOSTILE = '<img src=x onerror="alert(1)"> & Al'
ESCAPED = "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Al"


@pytest.fixture(params=["sqlite", "postgresql"])
async def bot_config(request: pytest.FixtureRequest, tmp_path: Path) -> Config:
    if request.param == "sqlite":
        database = str(tmp_path / "reversi.sqlite3")
    else:
        server: PostgresServer = request.getfixturevalue("postgres")
        database = await server.fresh_schema()
    config = Config(token=DEFAULT_TOKEN, database=database)
    return dataclasses.replace(config, web_port=0, web_url="http://127.0.0.1")


async def test_the_bot_serves_the_leaderboard_and_the_players_pages(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    fake.alice.display_name = HOSTILE
    bot = bot_harness.bot
    services = bot.services
    guild = fake.guild.id
    await services.settings.change_settings(guild, SettingsChange(web_pages=True), manager=True)
    board = await start_game(fake)
    await past_abort_window(fake, board)
    asked = await fake.slash(fake.bob, "reversi resign", channel=fake.general)
    assert asked.message is not None, asked.content
    await fake.click(fake.bob, asked.message, label="Yes, resign")
    game = game_id(board)

    secret = await services.pages.secret()
    assert bot.web is not None
    base = f"http://127.0.0.1:{bot.web.port}"
    alice = page_path(secret, PageKind.PLAYER, (guild, fake.alice.id))
    bob = page_path(secret, PageKind.PLAYER, (guild, fake.bob.id))
    leaderboard = page_path(secret, PageKind.SERVER, (guild,))
    async with aiohttp.ClientSession(base) as session:
        async with session.get(leaderboard) as response:
            assert response.status == 200
            text = await response.text()
        # Alice won: first, then Bob, each linking to their page, named as Discord shows them.
        first, second = (
            f'<td class="figure"><span aria-hidden="true">{medal}</span> {rank}</td>'
            f'<td class="name"><a href="{page}">{re.escape(name)}</a>'
            for medal, rank, page, name in (("🥇", 1, alice, ESCAPED), ("🥈", 2, bob, "Bob"))
        )
        assert re.search(f"{first}.*{second}", text), text
        assert HOSTILE not in text
        async with session.get(alice) as response:
            assert response.status == 200
            text = await response.text()
        assert f"<h1>{ESCAPED}</h1>" in text and "<img" not in text
        assert f'href="{page_path(secret, PageKind.GAME, (game,))}">#{game}</a>' in text
        assert f'<a href="{bob}">Bob</a> · <strong>Won</strong>' in text
        assert f'<a href="{bob}">Bob</a> · 1W 0L 0D · 1 game' in text
        async with session.get(bob) as response:
            assert response.status == 200
            assert "<strong>Lost</strong>" in await response.text()
        for wrong in (alice[:-3] + "abc", leaderboard + "x", "/players/1/2/3"):
            async with session.get(wrong) as response:
                assert response.status == 404
