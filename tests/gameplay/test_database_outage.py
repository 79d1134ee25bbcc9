"""The PostgreSQL server goes away mid-game and comes back: players are told the database is
unavailable, the admin reads one warning line a click, and the game goes on where it was; down
at a daily puzzle's hour, the post goes out late, once, when it is back.

The server here is one of the module's own, so that stopping it disturbs no other test."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from bot.config import Config
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.server import DEFAULT_TOKEN
from tests.storage.postgres_server import PostgresServer

from .play import play, start_game, stored
from .test_daily_puzzle import HOUR_SET, posts, schedule, to_hour

UNAVAILABLE = "The database is unavailable right now; please try again shortly."


@pytest.fixture(scope="module")
def own_postgres() -> Iterator[PostgresServer]:
    server = PostgresServer()
    yield server
    server.stop()


@pytest.fixture
async def bot_config(own_postgres: PostgresServer) -> Config:
    return Config(token=DEFAULT_TOKEN, database=await own_postgres.fresh_schema())


async def test_while_the_database_is_down_players_are_told_and_nothing_is_lost(
    fake: FakeDiscord,
    bot_harness: BotHarness,
    own_postgres: PostgresServer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    board = await start_game(fake)
    await play(fake, board, fake.alice, "d3")
    before = (board.content, board.edits)

    async with own_postgres.stopped():
        with caplog.at_level(logging.WARNING, logger="cogs"):
            replies = [
                await play(fake, board, fake.bob, "c5"),
                await fake.slash(fake.carol, "reversi leaderboard"),
            ]
        for reply in replies:
            assert reply.ephemeral and reply.content == UNAVAILABLE
        assert (board.content, board.edits) == before
        warnings = [r for r in caplog.records if r.name == "cogs"]
        assert [r.levelno for r in warnings] == [logging.WARNING] * len(replies)
        assert all(r.exc_info is None and "unavailable" in r.getMessage() for r in warnings)

    await play(fake, board, fake.bob, "c5")
    await play(fake, board, fake.alice, "e6")
    record = await stored(bot_harness, board)
    assert record.transcript == "d3c5e6" and record.active
    assert board.content.startswith(f"**Reversi** · game #{record.id}")
    assert f"Move 4 · ⚪ {fake.bob.mention} to move" in board.content


async def test_a_database_outage_at_the_hour_posts_late_once_it_is_back(
    fake: FakeDiscord,
    bot_harness: BotHarness,
    own_postgres: PostgresServer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    await schedule(fake)
    await to_hour(fake, HOUR_SET - 1)
    await fake.advance(minutes=59, seconds=50)

    with caplog.at_level(logging.WARNING, logger="bot.timers"):
        async with own_postgres.stopped():
            await fake.advance(seconds=20)  # the hour passes: the claim fails, to be retried
            assert posts(fake) == []
    assert any("daily" in record.getMessage() for record in caplog.records)

    await fake.advance(seconds=30)
    assert len(posts(fake)) == 1
    await fake.advance(minutes=5)
    assert len(posts(fake)) == 1
    daily = await bot_harness.bot.storage.daily.posted(fake.guild.id)
    assert daily is not None and daily.message_id == posts(fake)[0].id
