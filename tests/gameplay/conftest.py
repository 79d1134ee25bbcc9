"""The gameplay tests run on each storage backend: the bot on a SQLite file, and on a schema of
its own on the test process's PostgreSQL server. `-k sqlite` or `-k postgresql` picks one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.config import Config
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.server import DEFAULT_TOKEN
from tests.storage.postgres_server import PostgresServer

from .play import HeldSearches


@pytest.fixture(params=["sqlite", "postgresql"])
async def bot_config(request: pytest.FixtureRequest, tmp_path: Path) -> Config:
    if request.param == "sqlite":
        return Config(token=DEFAULT_TOKEN, database=str(tmp_path / "reversi.sqlite3"))
    server: PostgresServer = request.getfixturevalue("postgres")
    return Config(token=DEFAULT_TOKEN, database=await server.fresh_schema())


@pytest.fixture
def held_searches(
    monkeypatch: pytest.MonkeyPatch, bot_harness: BotHarness
) -> Iterator[HeldSearches]:
    """The computer's searches, held on demand; released before the bot stops."""
    held = HeldSearches(monkeypatch)
    yield held
    held.release()
