"""The bot object and the factory that builds it from settings without connecting."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord.ext import commands

from bot.config import Settings

EXTENSIONS: tuple[str, ...] = ()


class ReversiBot(commands.Bot):
    """A `commands.Bot` that knows its settings and loads its extensions in `setup_hook`."""

    def __init__(self, settings: Settings, extensions: Sequence[str]) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings
        self.extension_names = tuple(extensions)

    async def setup_hook(self) -> None:
        for name in self.extension_names:
            await self.load_extension(name)


def create_bot(settings: Settings, *, extensions: Sequence[str] = EXTENSIONS) -> ReversiBot:
    """Build the configured bot; nothing connects until `start()` is awaited."""
    return ReversiBot(settings, extensions)
