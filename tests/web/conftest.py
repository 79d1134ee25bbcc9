"""The pages' tests on the services and a real storage (a SQLite file), served by the bot's
own HTTP server: the same fixtures as the services' tests, the bot with a public address."""

from __future__ import annotations

import random

import pytest

from bot.services import Services
from bot.services.bus import Events
from bot.storage import Storage
from tests.fakediscord.clock import FakeClock
from tests.ids import BOT
from tests.services.conftest import clock, db_path, events, recorder, storage  # noqa: F401

from .support import BASE


@pytest.fixture
def services(storage: Storage, clock: FakeClock, events: Events) -> Services:  # noqa: F811
    services = Services.build(storage, clock, events, rng=random.Random(7), web_url=BASE)
    services.context.bot_id = BOT
    return services
