"""A fake Discord (REST + gateway, API v10) that the real discord.py client and bot connect to."""

from .clock import FakeClock
from .driver import FakeDiscord
from .harness import BotHarness, discord_py_pointed_at, running_bot
from .interaction_data import ImpossibleAction
from .replies import Choice, Pending, Reply

__all__ = [
    "BotHarness",
    "Choice",
    "FakeClock",
    "FakeDiscord",
    "ImpossibleAction",
    "Pending",
    "Reply",
    "discord_py_pointed_at",
    "running_bot",
]
