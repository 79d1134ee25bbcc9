"""The fake Discord server: an aiohttp app on 127.0.0.1 serving REST, the gateway and attachments.

`FakeDiscordServer` owns the world, the clock, the faults and the record of requests and
violations; the user-facing driver (`FakeDiscord`) builds on it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from aiohttp import web

from . import (
    routes_channels,
    routes_commands,
    routes_dms,
    routes_events,
    routes_interactions,
    routes_session,
)
from .activity import ActivityMonitor
from .clock import FakeClock
from .errors import DiscordError, unknown_channel
from .faults import Faults
from .gateway import Gateway
from .interactions import InteractionRecord
from .rest import API_PREFIX, RecordedRequest, RestApi, Violation
from .spec import load_spec
from .world import Channel, Guild, Member, Message, World

DEFAULT_TOKEN = "fake-bot-token"


class FakeDiscordServer:
    """Discord's HTTP API v10 and JSON gateway, enough of them for one bot, on a loopback port."""

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        clock: FakeClock | None = None,
        validate_schemas: bool = True,
    ) -> None:
        self.token = token
        # Benchmarks may turn schema validation off: it costs milliseconds per large body.
        self.validate_schemas = validate_schemas
        self.clock = clock or FakeClock()
        self.world = World(self.clock)
        self.spec = load_spec()
        self.faults = Faults(self.spec)
        self.monitor = ActivityMonitor(self.clock.parked)
        self.gateway = Gateway(self.world, token, self.monitor.touch)
        self.rest = RestApi(self)
        self.interactions: dict[int, InteractionRecord] = {}
        self.interaction_tokens: dict[str, InteractionRecord] = {}
        self.requests: list[RecordedRequest] = []
        self.violations: list[Violation] = []
        self.bot_sequences: dict[object, Callable[[], dict[str, int]]] = {}
        """For each bot running in the test's event loop (its harness adds it): the last gateway
        event it has read, by session id."""
        self.settle_timeout = 10.0
        self._runner: web.AppRunner | None = None
        self.base_url = ""
        for module in (
            routes_session,
            routes_commands,
            routes_channels,
            routes_interactions,
            routes_dms,
            routes_events,
        ):
            self.rest.register(module.handlers(self))

    @property
    def api_base(self) -> str:
        """What `discord.http.Route.BASE` must be for the client to talk to this server."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return self.gateway.url

    async def start(self) -> None:
        self.monitor.install(asyncio.get_running_loop())
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self.rest.handle)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/resume", self.gateway.handle)
        app.router.add_get("/attachments/{channel}/{attachment}/{filename}", self._attachment)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{port}"
        self.world.base_url = self.base_url
        self.gateway.url = f"ws://127.0.0.1:{port}/gateway"

    async def stop(self) -> None:
        self.faults.release_holds()
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.monitor.uninstall()

    # -- used by the route handlers --------------------------------------------------------

    def violate(self, method: str, path: str, reason: str) -> None:
        self.violations.append(Violation(method, path, reason))

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.gateway.dispatch(event, data)

    def find_channel(self, channel_id: str | int) -> Channel:
        channel = self.world.channels.get(int(channel_id))
        if channel is None or channel.deleted:
            raise unknown_channel()
        return channel

    def find_guild(self, guild_id: str | int) -> Guild:
        for guild in self.world.guilds:
            if guild.id == int(guild_id):
                return guild
        raise DiscordError(404, 10004, "Unknown Guild")

    def bot_member(self, guild: Guild) -> Member:
        return guild.members[self.world.bot_user.id]

    def message_created(self, message: Message) -> None:
        if message.visible_to is None:
            self.dispatch("MESSAGE_CREATE", message.payload(self.world, with_member=True))

    def message_updated(self, message: Message) -> None:
        if message.visible_to is None:
            self.dispatch("MESSAGE_UPDATE", message.payload(self.world, with_member=True))

    def message_deleted(self, message: Message) -> None:
        message.deleted = True
        if message.visible_to is None:
            channel = message.channel
            self.dispatch(
                "MESSAGE_DELETE",
                {
                    "id": str(message.id),
                    "channel_id": str(channel.id),
                    "guild_id": str(channel.guild.id),
                },
            )

    # -- settling --------------------------------------------------------------------------

    def outstanding(self) -> str | None:
        """Fake-side work the bot still has to finish: open requests, unread events."""
        if self.rest.in_flight:
            return f"{self.rest.in_flight} request(s) in flight"
        read: dict[str, int] = {}
        for sequences in self.bot_sequences.values():
            read.update(sequences())
        for session in self.gateway.live:
            seen = read.get(session.id)
            if seen is not None and seen < session.seq:
                shard = "" if session.shard == (0, 1) else f" of shard {list(session.shard)}"
                return f"the bot has read gateway events up to {seen} of {session.seq}{shard}"
        return None

    async def settle(self) -> None:
        """Wait until the bot has finished reacting to everything so far."""
        await self.monitor.settle(self.outstanding, limit=self.settle_timeout)

    async def wait_until(self, condition: Callable[[], bool]) -> None:
        """Wait until `condition()` holds, checking it whenever a request comes or goes or the
        gateway sends an event: how to wait for a bot in another process, which `settle` can't
        watch. Bound the wait with `asyncio.timeout`."""
        while True:
            self.monitor.touched.clear()
            if condition():
                return
            await self.monitor.touched.wait()

    async def _attachment(self, request: web.Request) -> web.Response:
        attachment_id = int(request.match_info["attachment"])
        for message in self.world.messages.values():
            for attachment in message.attachments:
                if attachment.id == attachment_id:
                    return web.Response(body=attachment.data, content_type=attachment.content_type)
        return web.Response(status=404)
