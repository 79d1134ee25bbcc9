"""The PostgreSQL server goes away mid-game and comes back: players are told the database is
unavailable, the admin reads one warning line a click, and the game goes on where it was.

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
