"""The `time` option in each command that takes it: what is refused, and what is offered while
typing, are the same everywhere (`TimeControl.parse`)."""

from __future__ import annotations

import pytest

from bot.domain import TimeControl
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness

REFUSED = [
    ("0.001+0", "between 1 second and 180 minutes"),  # 0.06 seconds
    ("1e-300+0", "isn't a time control"),
    ("3+1e-9", "isn't a time control"),
    ("inf+0", "isn't a time control"),
    ("nan+0", "isn't a time control"),
    ("3+0.5", "whole number of seconds"),
    ("0.5m", "between a minute and 30 days"),
]


@pytest.mark.parametrize("command", ["reversi challenge", "reversi play-bot"])
async def test_sub_second_and_exponent_times_start_nothing(fake: FakeDiscord, command: str) -> None:
    for text, message in REFUSED:
        refused = await fake.slash(fake.alice, command, time=text)
        assert refused.ephemeral and message in refused.content, text
    assert fake.messages(fake.general) == []


async def test_a_sub_second_server_default_is_not_saved(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    owner = fake.world.owner
    for text, message in REFUSED:
        refused = await fake.slash(owner, "reversi settings", time=text)
        assert refused.ephemeral and message in refused.content, text
        assert "Saved." not in refused.content
    settings = await bot_harness.bot.storage.settings.get(fake.guild.id)
    assert settings.time_control == TimeControl(per_move=86_400)

    saved = await fake.slash(owner, "reversi settings", time="0.5+2")
    assert saved.content.startswith("Saved.") and "Time control: **0.5+2**" in saved.content


@pytest.mark.parametrize("command", ["reversi challenge", "reversi play-bot", "reversi settings"])
async def test_only_times_that_would_be_accepted_are_offered(
    fake: FakeDiscord, command: str
) -> None:
    owner = fake.world.owner
    for text, _message in REFUSED:
        assert await fake.autocomplete(owner, command, "time", text) == [], text

    offered = [
        (choice.name, choice.value)
        for typed in ("0.5+2", "0.0167+0", "1.5m")
        for choice in await fake.autocomplete(owner, command, "time", typed)
    ]
    assert offered == [
        ("0.5+2 · live: 30 seconds, +2 s a move", "0.5+2"),
        ("0.0166667+0 · live: 1 second, +0 s a move", "0.0167+0"),
        ("90 seconds per move", "1.5m"),
    ]
