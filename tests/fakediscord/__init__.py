"""A fake Discord (REST + gateway, API v10) that the real discord.py client and bot connect to."""

from .clock import FakeClock
from .driver import FakeDiscord
from .harness import BotHarness, discord_py_pointed_at, running_bot
from .interaction_data import ImpossibleAction
from .replies import BotReply, Pending, Suggestion

__all__ = [
    "BotHarness",
    "BotReply",
    "FakeClock",
    "FakeDiscord",
    "ImpossibleAction",
    "Pending",
    "Suggestion",
    "discord_py_pointed_at",
    "running_bot",
]
