"""The `cli` fixture: `python -m bot` commands run as processes against the fake Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.cli.processes import Cli
from tests.fakediscord.driver import FakeDiscord


@pytest.fixture
async def cli(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[Cli]:
    runner = Cli(fake_discord, tmp_path)
    try:
        yield runner
    finally:
        await runner.close()
