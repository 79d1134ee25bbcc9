"""A game's page, served by the real bot on the fake Discord (both backends): what it shows, to
whom (a plain 404 for any address the bot did not give, or a server with its pages off), its
live stream of the game's states, and the limits per address."""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp
import pytest

import bot.services.reviews
import web.pages.game
from bot.config import Config
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.server import DEFAULT_TOKEN
from tests.gameplay.play import game_id, play, start_game
from tests.gameplay.test_review import FAST, finished_game
from tests.storage.postgres_server import PostgresServer
from web.server import CONTENT_SECURITY_POLICY

from .games import base, game_of, next_event, page_path, pages_on, serving

HOSTILE = '<img src=x onerror="alert(1)">&'


@pytest.fixture(params=["sqlite", "postgresql"])
async def bot_config(request: pytest.FixtureRequest, tmp_path: Path) -> Config:
    if request.param == "sqlite":
        return serving(Config(token=DEFAULT_TOKEN, database=str(tmp_path / "reversi.sqlite3")))
    server: PostgresServer = request.getfixturevalue("postgres")
    return serving(Config(token=DEFAULT_TOKEN, database=await server.fresh_schema()))


async def test_a_game_page_shows_the_board_players_and_moves_with_every_name_escaped(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await pages_on(fake)
    mallory = fake.add_user("mallory", display_name=HOSTILE)
    board = await start_game(fake, mallory, fake.bob)
    await play(fake, board, mallory, "f5")
    game = game_id(board)
    path = await page_path(bot_harness, game, fake.guild.id)
    async with (
        aiohttp.ClientSession(base(bot_harness)) as session,
        session.get(path) as response,
    ):
        assert response.status == 200
        assert response.content_type == "text/html"
        assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
        html = await response.text()
    assert HOSTILE not in html and "<img" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;" in html
    assert "Bob" in html
    assert 'data-sq="f5" class="b last"' in html and 'data-sq="e5" class="b"' in html
    assert 'class="legal"' in html  # White's replies are marked
    assert '<li data-ply="1" class="black">f5</li>' in html
    assert f"https://discord.com/channels/{fake.guild.id}/{fake.general.id}/{board.id}" in html
    assert f'{path}/transcript.txt"' in html and f'{path}/game.ggf"' in html
    assert "White to move" in html  # the status, and the board's alt text
    assert "Reversi board." in html
    async with (
        aiohttp.ClientSession(base(bot_harness)) as session,
        session.get(path, headers={"Accept-Language": "is-IS, en;q=0.5"}) as response,
    ):
        icelandic = await response.text()
    assert '<html lang="is">' in icelandic and "<h2>Leikir</h2>" in icelandic


async def test_an_address_the_bot_did_not_give_is_not_found_and_logs_nothing(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await pages_on(fake)
    first = game_id(await start_game(fake))
    second = game_id(await start_game(fake, channel=fake.games))
    path = await page_path(bot_harness, first, fake.guild.id)
    other = await page_path(bot_harness, second, fake.guild.id)
    token = path.rsplit("/", 1)[1]
    async with aiohttp.ClientSession(base(bot_harness)) as session:
        for wrong in (
            f"/games/{first}/{'A' * len(token)}",  # forged
            f"/games/{first}/{other.rsplit('/', 1)[1]}",  # another game's
            f"/games/{first + 100}/{token}",  # no such game
            f"/games/{first}/{token}x",
            f"/games/{first}/{'A' * len(token)}/live",
        ):
            async with session.get(wrong) as response:
                assert response.status == 404, wrong
        async with session.get(path) as response:
            assert response.status == 200
        await pages_on(fake, False)
        for gone in (path, f"{path}/live"):
            async with session.get(gone) as response:
                assert response.status == 404


async def test_the_live_stream_sends_each_move_and_ends_when_pages_are_turned_off(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    await pages_on(fake)
    heartbeat = web.pages.game.HEARTBEAT
    monkeypatch.setattr(web.pages.game, "HEARTBEAT", 0.05)  # until the first comment
    board = await start_game(fake)
    path = await page_path(bot_harness, game_id(board), fake.guild.id)
    async with (
        aiohttp.ClientSession(base(bot_harness)) as session,
        session.get(f"{path}/live") as stream,
    ):
        assert stream.status == 200
        assert stream.content_type == "text/event-stream"
        first = await next_event(stream)
        assert game_of(first)["moves"] == []
        monkeypatch.setattr(web.pages.game, "HEARTBEAT", heartbeat)
        assert await stream.content.readuntil(b"\n\n") == b": still here\n\n"  # for proxies
        await play(fake, board, fake.alice, "f5")
        moved = await next_event(stream)
        state = game_of(moved)
        assert state["moves"] == ["f5"] and state["last"] == "f5"
        assert int(moved["id"]) > int(first["id"])
        assert "White to move" in state["html"]["status"]

        # A browser that reconnects with the last state it saw gets only newer ones.
        headers = {"Last-Event-ID": moved["id"]}
        async with session.get(f"{path}/live", headers=headers) as again:
            await play(fake, board, fake.bob, "d6")
            assert game_of(await next_event(again))["moves"] == ["f5", "d6"]
        assert game_of(await next_event(stream))["moves"] == ["f5", "d6"]

        await pages_on(fake, False)
        assert await next_event(stream) == {}


async def test_too_many_requests_or_live_pages_from_one_address_are_refused(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await pages_on(fake)
    path = await page_path(bot_harness, game_id(await start_game(fake)), fake.guild.id)
    async with aiohttp.ClientSession(base(bot_harness)) as session:
        streams = [await session.get(f"{path}/live") for _ in range(8)]
        assert [s.status for s in streams] == [200] * 8
        async with session.get(f"{path}/live") as refused:
            assert refused.status == 429
            assert int(refused.headers["Retry-After"]) >= 1
        for stream in streams:
            stream.close()
        statuses = []
        for _ in range(12):
            async with session.get(path) as response:
                statuses.append(response.status)
        assert statuses[:11] == [200] * 11 and statuses[-1] == 429  # 20 in all, then none
        await fake.advance(seconds=10)  # the bucket fills up again
        async with session.get(path) as response:
            assert response.status == 200


async def test_the_viewers_of_a_move_share_one_read_of_the_game(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    await pages_on(fake)
    board = await start_game(fake)
    path = await page_path(bot_harness, game_id(board), fake.guild.id)
    lookups = bot_harness.bot.services.lookups
    reads = []
    read = lookups.game

    async def counted(game: int) -> object:
        reads.append(game)
        return await read(game)

    async with aiohttp.ClientSession(base(bot_harness)) as session:
        streams = [await session.get(f"{path}/live") for _ in range(6)]
        for stream in streams:
            await next_event(stream)
        monkeypatch.setattr(lookups, "game", counted)
        await play(fake, board, fake.alice, "f5")
        for stream in streams:
            assert game_of(await next_event(stream))["moves"] == ["f5"]
            stream.close()
    assert reads == [game_id(board)]


@pytest.fixture
def fast_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.services.reviews, "default_budget", lambda: FAST)


async def test_a_finished_game_gets_its_review_live_and_a_forgotten_player_is_not_named(
    fast_reviews: None, fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await pages_on(fake)
    record = await finished_game(fake, bot_harness)
    path = await page_path(bot_harness, record.id, fake.guild.id)
    async with aiohttp.ClientSession(base(bot_harness)) as session:
        async with session.get(path) as response:
            html = await response.text()
        assert "Alice" in html and "Black wins 34-30" in html and 'id="review"></section>' in html
        async with session.get(f"{path}/live") as stream:
            first = game_of(await next_event(stream))
            assert first["over"] and first["html"]["review"] == ""
            await fake.slash(fake.carol, "reversi review", id=record.id)
            reviewed = game_of(await next_event(stream, seconds=60))
            assert reviewed["stamp"] == first["stamp"] + 1
            review = reviewed["html"]["review"]
            assert '<svg class="graph"' in review and "Graph of Black" in review
            assert 'class="mark best"' in review
            assert review.count('class="to-move"') == sum(
                1
                for word in ("inaccuracy", "mistake", "blunder")
                for _ in re.finditer(f'<circle class="mark {word}"', review)
            )

        reply = await fake.slash(fake.alice, "reversi forget-me")
        assert reply.message is not None
        await fake.click(fake.alice, reply.message, label="Yes, delete my stats")
        async with session.get(path) as response:
            html = await response.text()
        assert "Alice" not in html and "Bob" in html
        assert '<span class="name">a deleted user</span>' in html
