"""The daily puzzle when the database or the processes get in the way: PostgreSQL down at the
hour (the post goes out late, once, when it is back), and two processes on one database, of
which only the one running the server's shard posts.

The PostgreSQL server here is one of the module's own, so that stopping it disturbs no other
test."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace

import pytest

from bot.config import Config
from bot.domain.shards import Shards
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.server import DEFAULT_TOKEN
from tests.storage.postgres_server import PostgresServer

from .test_daily_puzzle import HOUR_SET, posts, schedule, to_hour


@pytest.fixture(scope="module")
def own_postgres() -> Iterator[PostgresServer]:
    server = PostgresServer()
    yield server
    server.stop()


@pytest.fixture
async def bot_config(own_postgres: PostgresServer) -> Config:
    return Config(token=DEFAULT_TOKEN, database=await own_postgres.fresh_schema())


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


@pytest.fixture
async def processes(
    fake_discord: FakeDiscord, bot_config: Config
) -> AsyncIterator[tuple[BotHarness, BotHarness]]:
    """Shard 0 (the server "Reversi Club") and shard 1 ("Second Server") on one database."""
    zero, one = (
        BotHarness(fake_discord, replace(bot_config, shards=Shards(2, (n,))), sync_commands=n == 0)
        for n in (0, 1)
    )
    await zero.start()
    await one.start()
    try:
        yield zero, one
    finally:
        await zero.stop()
        await one.stop()


async def test_of_two_processes_only_the_one_running_the_servers_shard_posts(
    fake_discord: FakeDiscord, processes: tuple[BotHarness, BotHarness]
) -> None:
    fake = fake_discord
    zero, one = processes
    await schedule(fake)
    await one.restart()  # its start-up reads every schedule of its own shards: none
    await zero.restart()
    key = ("daily", fake.guild.id)
    assert key in zero.bot.timers and key not in one.bot.timers

    await to_hour(fake)
    await to_hour(fake, days=1)

    assert len(posts(fake)) == 2
