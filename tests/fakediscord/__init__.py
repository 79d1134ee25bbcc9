"""A fake Discord (REST + gateway, API v10) that the real discord.py client and bot connect to."""

from .clock import FakeClock
from .driver import Choice, FakeDiscord, ImpossibleAction, Reply
from .harness import BotHarness, discord_py_pointed_at, running_bot

__all__ = [
    "BotHarness",
    "Choice",
    "FakeClock",
    "FakeDiscord",
    "ImpossibleAction",
    "Reply",
    "discord_py_pointed_at",
    "running_bot",
]
