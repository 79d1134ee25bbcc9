"""The bot object and the factory that builds it from settings without connecting."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord.ext import commands

from bot.clock import Clock, SystemClock
from bot.computer import Computer
from bot.config import Settings
from bot.referee import Referee
from bot.storage import Storage

EXTENSIONS: tuple[str, ...] = ("cogs.gameplay",)


class ReversiBot(commands.Bot):
    """A `commands.Bot` with its settings, clock, storage and referee.

    The storage opens and the extensions load in `setup_hook`, so building the bot never touches
    the database or the network.
    """

    def __init__(self, settings: Settings, extensions: Sequence[str]) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            help_command=None,
        )
        self.settings = settings
        self.extension_names = tuple(extensions)
        self.clock: Clock = SystemClock()
        self.computer = Computer()
        self._storage: Storage | None = None
        self._referee: Referee | None = None

    @property
    def storage(self) -> Storage:
        if self._storage is None:
            raise RuntimeError("the storage opens in setup_hook")
        return self._storage

    @property
    def referee(self) -> Referee:
        if self._referee is None:
            raise RuntimeError("the referee starts in setup_hook")
        return self._referee

    def now(self) -> float:
        """The current time as epoch seconds, as the storage keeps it."""
        return self.clock.now().timestamp()

    async def setup_hook(self) -> None:
        self._storage = await Storage.open(self.settings.database_path)
        self._referee = Referee(self._storage, self.now)
        for name in self.extension_names:
            await self.load_extension(name)

    async def close(self) -> None:
        await super().close()
        self.computer.close()
        if self._storage is not None:
            await self._storage.close()
            self._storage = None


def create_bot(settings: Settings, *, extensions: Sequence[str] = EXTENSIONS) -> ReversiBot:
    """Build the configured bot; nothing connects until `start()` is awaited."""
    return ReversiBot(settings, extensions)
