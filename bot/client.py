"""The Discord client: shards, intents, the interactions it takes, the start-up check and
recovery, and the shutdown. What it runs is built by the composition root (`bot.app`)."""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable
from typing import Any, Self, cast

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from bot import logs
from bot.background import Background
from bot.clock import Clock, SystemClock
from bot.computer import Computer
from bot.config import Config
from bot.game_puzzles import GamePuzzles
from bot.invite import invite_url
from bot.metrics import Metrics
from bot.services import Services
from bot.services.bus import Events
from bot.services.errors import StorageError
from bot.services.reviews import ReviewService
from bot.storage import Storage
from bot.timers import Timers
from web.server import WebServer

SHUTDOWN_GRACE = 5.0
"""Seconds a shutdown waits for interactions in flight and background work: enough for a move's
write and board, well inside the 10 s `docker stop` gives before it kills."""

log = logging.getLogger(__name__)


class ReversiTree(app_commands.CommandTree[discord.Client]):
    """The command tree: commands, context menus and autocompletes run only when the bot
    `take`s them."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return cast(ReversiBot, self.client).take(interaction)


class ReversiBot(commands.AutoShardedBot):
    """A sharded `commands.Bot` with its config, clock, storage and services.

    `setup_hook` runs `compose`, the composition root, which builds and wires everything, so
    building the bot never touches the database or the network. It runs the shards of its
    config (`SHARD_COUNT`, `SHARD_IDS`), all of them by default.
    """

    def __init__(self, config: Config, compose: Callable[[Self], Awaitable[None]]) -> None:
        # The bot has no voice, so discord.py's warnings that voice's libraries are missing (on
        # building a client) would only alarm whoever reads the log.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        shards = config.shards
        # Only the gateway events a feature uses. `guilds` keeps the servers with their
        # channels, threads and roles in the cache (a server's language, a tournament's channel
        # and threads, the bot's own permissions). Everything else arrives with the interactions,
        # and a member is fetched when needed. No message events: nothing reads them or the
        # message cache, and each board edit would come back as a MESSAGE_UPDATE to parse.
        intents = discord.Intents.none()
        intents.guilds = True
        metrics = Metrics()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            help_command=None,
            shard_count=shards.count,
            # discord.py takes None for all shards, though its stubs want a list.
            shard_ids=None if shards.ids is None else list(shards.ids),  # type: ignore[arg-type]
            tree_cls=ReversiTree,
            http_trace=metrics.http_trace(),
        )
        self.metrics = metrics
        self.config = config
        self._compose = compose
        self.clock: Clock = SystemClock()
        self.computer = Computer()
        self.events = Events()
        self.background = Background()
        self._storage: Storage | None = None
        self._services: Services | None = None
        self._reviews: ReviewService | None = None
        self.game_puzzles: GamePuzzles | None = None
        self.timers: Timers | None = None
        self.web: WebServer | None = None
        """The HTTP server, where `WEB_PORT` asks for one."""
        self.claim_held: Callable[[], bool] | None = None
        """Whether this process's claim on its shards is held now, set by whoever made the claim
        (`python -m bot run`); None where it runs with none."""
        self._recovered = False
        self._interaction_tasks: set[asyncio.Task[Any]] = set()
        self._stopping = False

    @property
    def storage(self) -> Storage:
        """The storage the services share, closed here; the cogs and the subscribers reach it
        only through the services."""
        if self._storage is None:
            raise RuntimeError("the storage opens in setup_hook")
        return self._storage

    @storage.setter
    def storage(self, storage: Storage) -> None:
        self._storage = storage

    @property
    def services(self) -> Services:
        if self._services is None:
            raise RuntimeError("the services start in setup_hook")
        return self._services

    @services.setter
    def services(self, services: Services) -> None:
        self._services = services

    @property
    def reviews(self) -> ReviewService:
        """The review service, stopped here."""
        if self._reviews is None:
            raise RuntimeError("the review service starts in setup_hook")
        return self._reviews

    @reviews.setter
    def reviews(self, reviews: ReviewService) -> None:
        self._reviews = reviews

    async def setup_hook(self: Self) -> None:
        """Build and wire everything (`compose`): the storage, the services, every subscriber of
        the one event bus (`events`), the features' cogs."""
        await self._compose(self)

    async def connect(self, *, reconnect: bool = True) -> None:
        """Connect the shards. Without a shard count, take the one Discord recommends, but keep
        the configured gateway (DISCORD_GATEWAY_URL) where discord.py would go to the one
        Discord names with it."""
        if self.shard_count is None:
            self.shard_count, _, _ = await self.http.get_bot_gateway()
        logs.count_shards(self.shard_count)
        await super().connect(reconnect=reconnect)

    async def on_ready(self) -> None:
        """Once connected the first time, pick up where the last run stopped: games, then
        reviews, as background work, which a stop waits for or cancels before the storage
        closes. Then tell whoever started the bot that it is up."""
        if not self._recovered:
            self._recovered = True
            self.background.spawn(self._check_commands(), name="start-up command check")
            self.background.spawn(self._recover(), name="start-up recovery")
            return
        self._announce_ready()

    async def _check_commands(self) -> None:
        """Register the slash commands if none are (a first start, before anyone ran `sync`),
        where `sync` would: the development server if set, else every server. Commands already
        registered are left alone, since another process or version may own them; that they
        differ from this version's is worth one warning that says what to run."""
        assert self.application_id is not None  # READY gave it
        guild_id = self.config.dev_guild_id
        where = f"server {guild_id}" if guild_id else "every server"
        path = "/applications/{application_id}" + ("/guilds/{guild_id}" if guild_id else "")
        route = Route(
            "GET", f"{path}/commands", application_id=self.application_id, guild_id=guild_id
        )
        try:
            registered = await self.http.request(route, params={"with_localizations": "true"})
            if not registered:
                synced = await self.register_commands()
                log.info("Registered the %d slash commands for %s", len(synced), where)
            elif not same_commands(await self.command_payload(), registered):
                log.warning(
                    "The slash commands registered for %s are not this version's: "
                    "run `python -m bot sync` to update them",
                    where,
                )
        except (discord.HTTPException, aiohttp.ClientError) as error:
            log.warning("Could not check the slash commands registered for %s: %s", where, error)

    async def register_commands(self) -> list[app_commands.AppCommand]:
        """Register the slash commands with Discord, replacing those registered: to the
        development server (`DEV_GUILD_ID`) if set, else for every server."""
        guild_id = self.config.dev_guild_id
        guild = None if guild_id is None else discord.Object(guild_id)
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        return await self.tree.sync(guild=guild)

    async def command_payload(self) -> list[dict[str, Any]]:
        """The commands as `sync` sends them to Discord, translations included."""
        translator = self.tree.translator
        assert translator is not None, "the translator is set in setup_hook"
        return [
            await command.get_translated_payload(self.tree, translator)
            for command in [
                *self.tree.get_commands(type=discord.AppCommandType.chat_input),
                *self.tree.get_commands(type=discord.AppCommandType.user),
                *self.tree.get_commands(type=discord.AppCommandType.message),
            ]
        ]

    async def _recover(self) -> None:
        await self.services.recovery.recover()
        await self.reviews.recover()
        if self.game_puzzles is not None:
            await self.game_puzzles.recover()
        self._announce_ready()

    def _announce_ready(self) -> None:
        """Who the bot is, in how many servers, and the link that invites it to another."""
        assert self.user is not None and self.application_id is not None  # READY gave them
        servers = len(self.guilds)
        log.info(
            "Ready as %s in %d %s. Invite it: %s",
            self.user,
            servers,
            "server" if servers == 1 else "servers",
            invite_url(self.application_id),
        )

    @property
    def stopping(self) -> bool:
        """Whether a shutdown began: nothing new is taken from then on."""
        return self._stopping

    def take(self, interaction: discord.Interaction) -> bool:
        """Whether to handle `interaction`, asked first by every handler's check (the command
        tree's, the components'): its task is remembered, so that a shutdown can wait for the
        handlers in flight; once the bot is stopping, nothing new starts and the interaction is
        dropped unanswered (Discord tells the user it failed). What the handler logs names the
        interaction's server (`bot.logs`)."""
        if self._stopping:
            log.info("Ignored an interaction: the bot is stopping")
            self.metrics.dropped(interaction.type.name)
            return False
        logs.now_about(guild=interaction.guild_id)
        task = asyncio.current_task()
        if task is not None and task not in self._interaction_tasks:
            self._interaction_tasks.add(task)
            self.metrics.taken(interaction.id, interaction.type.name)
            task.add_done_callback(self._interaction_tasks.discard)
            task.add_done_callback(lambda _: self.metrics.finished(interaction.id))
        return True

    def shard_states(self) -> list[tuple[int, bool, float]]:
        """Each shard this process runs: its id, whether its gateway connection is open, and
        its last heartbeat's latency in seconds (infinite before the first). Without a
        configured shard count, none is listed until Discord recommends one, as the bot
        connects."""
        ids = self.shard_ids if self.shard_ids is not None else range(self.shard_count or 0)
        states = []
        for shard_id in ids:
            shard = self.get_shard(shard_id)
            if shard is None:
                states.append((shard_id, False, math.inf))
            else:
                states.append((shard_id, not shard.is_closed(), shard.latency))
        return states

    async def shut_down(self, grace: float = SHUTDOWN_GRACE) -> None:
        """Stop as a service manager asks: take no new interactions and start no timer, give the
        handlers in flight, the timers' actions under way and then the background work `grace`
        seconds to finish (a move's write and its board), then close. What is still running is
        cancelled; its transaction rolls back."""
        self._stopping = True
        if self.timers is not None:
            self.timers.cancel_waiting()  # deadlines are stored: the next start re-arms them
        log.info(
            "Stopping: finishing %d interaction(s) in flight and %d background task(s)",
            len(self._interaction_tasks),
            len(self.background),
        )
        try:
            async with asyncio.timeout(grace):
                while self._interaction_tasks:
                    await asyncio.wait(set(self._interaction_tasks))
                if self.timers is not None:
                    await self.timers.settle()  # a timeout or an expiry under way
                await self.background.drain()
        except TimeoutError:
            log.warning(
                "Cut short after %gs: %d interaction(s), %d background task(s) unfinished",
                grace,
                len(self._interaction_tasks),
                len(self.background),
            )
            for task in list(self._interaction_tasks):
                task.cancel()
        await self.close()

    async def close(self) -> None:
        """Close everything, also on the paths where the bot never got going; safe to repeat."""
        if self.web is not None:
            await self.web.stop()  # live pages reconnect, to this bot's next start or another
        self.metrics.stop()
        if self.timers is not None:
            await self.timers.stop()
        await self.background.cancel()  # before what it uses (Discord, the storage) closes
        if self._reviews is not None:
            await self._reviews.stop()  # what they analysed is stored: the next start resumes
        await super().close()
        self.computer.close()
        if self._storage is not None:
            if self._services is not None:
                try:
                    await self._services.boards.write_marks()
                except StorageError as error:  # those boards are shown again at the next start
                    log.info("Boards' marks not written on closing (%s)", error)
            await self._storage.close()
            self._storage = None


def same_commands(mine: list[dict[str, Any]], registered: list[dict[str, Any]]) -> bool:
    """Whether Discord's `registered` commands are `mine`, each matched by name and type."""

    def key(command: dict[str, Any]) -> tuple[str, int]:
        return command["name"], command.get("type") or 1

    def said(command: dict[str, Any]) -> dict[str, Any]:
        # `dm_permission` is deprecated: Discord may answer with `contexts` alone
        return {field: value for field, value in command.items() if field != "dm_permission"}

    theirs = {key(command): command for command in registered}
    return theirs.keys() == {key(command) for command in mine} and all(
        _says_the_same(said(command), theirs[key(command)]) for command in mine
    )


def _says_the_same(mine: object, theirs: object) -> bool:
    """Whether Discord's copy `theirs` says what `mine` says. What Discord adds (ids, versions)
    and the defaults it fills in where `mine` leaves a field out or empty are no difference."""
    if isinstance(mine, dict):
        return isinstance(theirs, dict) and all(
            value is None or _says_the_same(value, theirs.get(key)) for key, value in mine.items()
        )
    if not mine:  # False, "", [], {}: Discord may leave the field out
        return not theirs
    if isinstance(mine, list):
        return (
            isinstance(theirs, list)
            and len(mine) == len(theirs)
            and all(map(_says_the_same, mine, theirs))
        )
    return mine == theirs
