"""The services on a real storage (a SQLite file in a temporary directory), the real event
bus with a recorder subscribed, a clock that moves when told, timers on it and a seeded random
generator."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.services import Services
from bot.services.bus import Events
from bot.storage import Storage
from bot.timers import Timers
from tests.fakediscord.clock import FakeClock
from tests.ids import BOT

from .support import Recorder

SEED = 20300101


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "reversi.sqlite3"


@pytest.fixture
async def storage(db_path: Path) -> AsyncIterator[Storage]:
    async with await Storage.open(db_path) as opened:
        yield opened


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def timers(clock: FakeClock) -> AsyncIterator[Timers]:
    """Timers on `clock`; those still armed at the end are cancelled and waited for."""
    timers = Timers(clock)
    yield timers
    await timers.stop()


@pytest.fixture
def events() -> Events:
    return Events()


@pytest.fixture
def recorder(events: Events) -> Recorder:
    return Recorder(events)


@pytest.fixture
def services(storage: Storage, clock: FakeClock, events: Events, recorder: Recorder) -> Services:
    """The services with the bot logged in as `BOT`; `recorder` sees every event it emits."""
    services = Services.build(storage, clock, events, rng=random.Random(SEED))
    services.context.bot_id = BOT
    return services
