from __future__ import annotations

import pytest
from discord import app_commands

from tests.fakediscord.harness import BotHarness


@pytest.fixture
def loaded_tree(bot_harness: BotHarness) -> app_commands.CommandTree:
    """The command tree of the bot with every feature loaded."""
    return bot_harness.bot.tree
