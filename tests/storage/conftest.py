"""A real storage on a SQLite file in a temporary directory, and helpers to set up games."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import GameRecord, Storage

# Snowflake-sized ids, so that 64-bit values are exercised throughout.
GUILD = 1_150_000_000_000_000_001
OTHER_GUILD = 1_150_000_000_000_000_002
CHANNEL = 1_160_000_000_000_000_001
ALICE = 1_170_000_000_000_000_001
BOB = 1_170_000_000_000_000_002
CAROL = 1_170_000_000_000_000_003
BOT = 1_170_000_000_000_000_099


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "reversi.sqlite3"


@pytest.fixture
async def storage(db_path: Path) -> AsyncIterator[Storage]:
    async with await Storage.open(db_path) as opened:
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
        time_per_move=60.0,
        deadline=now + 60,
        now=now,
        bot_level=bot_level,
    )
