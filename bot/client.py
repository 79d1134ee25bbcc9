"""The bot object and the factory that builds it from settings without connecting."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord.ext import commands

from bot.background import Background
from bot.bot_player import BotPlayer
from bot.clock import Clock, SystemClock
from bot.computer import Computer
from bot.config import Settings
from bot.deadlines import Deadlines
from bot.events import Events
from bot.service import GameService
from bot.storage import Storage
from bot.timers import Timers

EXTENSIONS: tuple[str, ...] = (
    "cogs.core",
    "cogs.play",
    "cogs.versus_bot",
    "cogs.records",
    "cogs.rules",
    "cogs.admin",
)


class ReversiBot(commands.Bot):
    """A `commands.Bot` with its settings, clock, storage and game service.

    The storage opens, the service's subscribers start and the extensions load in `setup_hook`,
    so building the bot never touches the database or the network.
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
        self.events = Events()
        self.background = Background()
        self._storage: Storage | None = None
        self._service: GameService | None = None
        self.timers: Timers | None = None
        self._recovered = False

    @property
    def storage(self) -> Storage:
        if self._storage is None:
            raise RuntimeError("the storage opens in setup_hook")
        return self._storage

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the game service starts in setup_hook")
        return self._service

    async def setup_hook(self) -> None:
        self._storage = await Storage.open(self.settings.database_path)
        self._service = service = GameService(self._storage, self.clock, self.events)
        service.bot_id = self.user.id if self.user is not None else None
        self.timers = Timers(self.clock)
        Deadlines(service, self.timers).subscribe(self.events)
        BotPlayer(service, self.computer, self.background).subscribe(self.events)
        for name in self.extension_names:
            await self.load_extension(name)

    async def on_ready(self) -> None:
        """Once connected the first time, pick up where the last run stopped."""
        if not self._recovered:
            self._recovered = True
            await self.service.recover()

    async def close(self) -> None:
        await super().close()
        if self.timers is not None:
            self.timers.cancel_all()
        self.background.cancel_all()
        self.computer.close()
        if self._storage is not None:
            await self._storage.close()
            self._storage = None


def create_bot(settings: Settings, *, extensions: Sequence[str] = EXTENSIONS) -> ReversiBot:
    """Build the configured bot; nothing connects until `start()` is awaited."""
    return ReversiBot(settings, extensions)
