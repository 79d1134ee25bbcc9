"""Running the project's real bot against the fake: point discord.py at it, start, stop, restart.

The bot is built by `bot.app.create_bot`, exactly as `python -m bot` builds it, then given the
fake's clock as `bot.clock` and a short `guild_ready_timeout`.  Its main task runs in the "bot
side" context so the driver can tell when it has settled.
"""

from __future__ import annotations

import asyncio
from asyncio import FIRST_COMPLETED
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.app import FEATURES, Feature, Parts, create_bot
from bot.config import Config
from bot.domain.events import ChallengeClosed, ChallengeOpened, Event, GameEvent
from cogs.host import Bot as ReversiBot

from .activity import bot_context
from .driver import FakeDiscord

GUILD_READY_TIMEOUT = 0.02
START_TIMEOUT = 15.0


@contextmanager
def discord_py_pointed_at(api_base: str, gateway_url: str) -> Iterator[None]:
    """Make discord.py's REST base and gateway URL the fake's, for the duration."""
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = api_base
    # discord.py 2.7 connects a non-sharded client to DEFAULT_GATEWAY (it asks /gateway/bot only
    # when sharding) and then resumes at the READY event's resume_gateway_url.
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved


class BotHarness:
    """Starts, stops and restarts the real bot on the fake; `bot` is the current instance."""

    def __init__(
        self,
        fake: FakeDiscord,
        config: Config,
        features: Sequence[Feature] = FEATURES,
        *,
        sync_commands: bool = True,
    ) -> None:
        self.fake = fake
        self.config = config
        self.features = tuple(features)
        self.sync_commands = sync_commands
        self._bot: ReversiBot | None = None
        self._parts: Parts | None = None
        self._task: asyncio.Task[None] | None = None
        self.starts = 0
        self.events: list[Event] = []
        """Every event the bot's game service emitted, over all its starts."""

    @property
    def bot(self) -> ReversiBot:
        if self._bot is None:
            raise RuntimeError("the bot is not running")
        return self._bot

    @property
    def parts(self) -> Parts:
        """The current bot's shared parts, as its features were handed them (the board
        publisher, say), for a test to reach into."""
        if self._parts is None:
            raise RuntimeError("the bot is not running")
        return self._parts

    async def _keep_parts(self, bot: ReversiBot, parts: Parts) -> None:
        self._parts = parts

    async def start(self) -> ReversiBot:
        """Build a fresh bot, log in, connect, wait for READY; sync the servers' own commands on
        the first start."""
        if self._bot is not None:
            raise RuntimeError("the bot is already running")
        bot = create_bot(self.config, features=(*self.features, self._keep_parts))
        for kind in (GameEvent, ChallengeOpened, ChallengeClosed):
            bot.events.subscribe(kind, self.events.append)
        bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT
        bot.clock = self.fake.clock
        bot.before_identify_hook = _identify_at_once  # type: ignore[method-assign]
        ready = asyncio.Event()

        async def on_ready() -> None:
            ready.set()

        bot.add_listener(on_ready)
        self.fake.bot_sequences[self] = lambda: _sequences(bot)
        task = asyncio.create_task(
            bot.start(self.config.token or ""), name="reversi-bot", context=bot_context()
        )
        self.fake.monitor.ignored.add(task)
        self._bot, self._task = bot, task
        waiter = asyncio.create_task(ready.wait())
        await asyncio.wait({task, waiter}, timeout=START_TIMEOUT, return_when=FIRST_COMPLETED)
        waiter.cancel()
        if not ready.is_set():
            await self.stop()  # re-raises what made the start fail, after closing the bot
            raise RuntimeError(f"the bot was not ready within {START_TIMEOUT}s")
        if self.sync_commands and self.starts == 0:
            try:
                await self._sync(bot)
            except BaseException:
                await self.stop()
                raise
        self.starts += 1
        await self.fake.settle()
        return bot

    async def stop(self) -> None:
        """Close the bot's connection and wait for its main task to end."""
        bot, task = self._bot, self._task
        self._bot = self._task = self._parts = None
        self.fake.bot_sequences.pop(self, None)
        if bot is None or task is None:
            return
        await bot.close()
        try:
            await task
        finally:
            self.fake.monitor.ignored.discard(task)

    async def restart(self) -> ReversiBot:
        """Stop the bot and start a fresh one on the same config and database."""
        await self.stop()
        return await self.start()

    async def _sync(self, bot: ReversiBot) -> None:
        """The commands of the test's servers alone: a first start registers the global ones
        itself, as it finds none."""
        for guild in self.fake.world.guilds:
            if bot.tree.get_commands(guild=discord.Object(guild.id)):
                await bot.tree.sync(guild=discord.Object(guild.id))


def _sequences(bot: ReversiBot) -> dict[str, int]:
    """The last gateway event each of the bot's shards has read, by session."""
    sockets = [bot._get_websocket(shard_id=shard_id) for shard_id in bot.shards]
    return {ws.session_id: ws.sequence for ws in sockets if ws.session_id and ws.sequence}


async def _identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
    """The fake has no limit on IDENTIFY: a bot's shards need not wait 5 s for each other."""


@asynccontextmanager
async def running_bot(
    config: Config, features: Sequence[Feature] = FEATURES, **fake_options: Any
) -> AsyncIterator[tuple[FakeDiscord, BotHarness]]:
    """The fake Discord with the real bot connected, outside pytest (benchmarks, scripts)."""
    fake = FakeDiscord(**fake_options)
    await fake.start()
    try:
        with discord_py_pointed_at(fake.api_base, fake.gateway_url):
            harness = BotHarness(fake, config, features)
            await harness.start()
            try:
                yield fake, harness
            finally:
                await harness.stop()
    finally:
        await fake.stop()
