"""A real storage on each backend, and helpers to set up games.

Tests that take `storage` or `database_url` run twice: on a SQLite file in a temporary directory,
and in a schema of its own on a PostgreSQL server that each test process starts once.
`-k sqlite` or `-k postgresql` picks one.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.domain import GameRecord, TimeControl
from bot.storage import Storage
from tests.ids import ALICE, BOB, CHANNEL, GUILD
from tests.storage.postgres_server import PostgresServer


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "reversi.sqlite3"


@pytest.fixture(params=["sqlite", "postgresql"])
async def database_url(request: pytest.FixtureRequest, db_path: Path) -> str:
    """An empty database on each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{db_path}"
    server: PostgresServer = request.getfixturevalue("postgres")
    return await server.fresh_schema()


@pytest.fixture
async def storage(database_url: str) -> AsyncIterator[Storage]:
    async with await Storage.open(database_url) as opened:
        yield opened


async def start_game(
    storage: Storage,
    black: int = ALICE,
    white: int = BOB,
    *,
    channel: int = CHANNEL,
    guild: int = GUILD,
    rated: bool = True,
    now: float = 1000.0,
    bot_level: int | None = None,
) -> GameRecord:
    return await storage.games.create(
        guild,
        channel,
        black,
        white,
        rated=rated,
        time_control=TimeControl(per_move=60.0),
        deadline=now + 60,
        now=now,
        bot_level=bot_level,
    )
