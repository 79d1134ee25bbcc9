"""Pytest fixtures: the fake Discord, and the project's real bot connected to it.

    fake_discord   the server alone (no bot), discord.py pointed at it
    bot_config   Config with the fake's token and a fresh SQLite file in tmp_path
    bot_features   features to add: `bot.app.FEATURES`, or @pytest.mark.bot_features(...)
    bot_harness    the bot started, ready and its commands synced; .bot, .restart(), .stop()
    fake           the fake Discord with the bot running: what most tests need

At teardown a test fails if the bot sent a request Discord would refuse (`fake.violations`), unless
the test took them; an ERROR the bot logged fails it too (`logged_errors`, in `tests/conftest.py`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import FEATURES, Feature
from bot.config import Config

from .driver import FakeDiscord
from .harness import BotHarness, discord_py_pointed_at
from .server import DEFAULT_TOKEN


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "bot_features(*features): the features the bot under test is built with"
    )


@pytest.fixture
def bot_features(request: pytest.FixtureRequest) -> tuple[Feature, ...]:
    marker = request.node.get_closest_marker("bot_features")
    return tuple(marker.args) if marker is not None else FEATURES


@pytest.fixture
def bot_config(tmp_path: Path) -> Config:
    return Config(token=DEFAULT_TOKEN, database=str(tmp_path / "reversi.sqlite3"))


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    try:
        with discord_py_pointed_at(fake.api_base, fake.gateway_url):
            yield fake
    finally:
        await fake.stop()
    if fake.violations:
        lines = "\n  ".join(str(v) for v in fake.violations)
        pytest.fail(f"the bot sent requests Discord would refuse:\n  {lines}", pytrace=False)


@pytest.fixture
async def bot_harness(
    fake_discord: FakeDiscord, bot_config: Config, bot_features: tuple[Feature, ...]
) -> AsyncIterator[BotHarness]:
    harness = BotHarness(fake_discord, bot_config, bot_features)
    await harness.start()
    try:
        yield harness
    finally:
        await harness.stop()


@pytest.fixture
def fake(fake_discord: FakeDiscord, bot_harness: BotHarness) -> FakeDiscord:
    return fake_discord
