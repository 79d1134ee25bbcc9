"""The JSON gateway: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats, dispatches and RESUME.

Speaks `v=10&encoding=json`, with `compress=zlib-stream` transport compression when asked (what
discord.py asks for by default).  Each IDENTIFY opens a session; every dispatch is numbered and
kept, so that a client that reconnects with RESUME gets what it missed.  An IDENTIFY with
`shard: [id, count]` opens a session for one shard: as on Discord, it gets the events of the
guilds with `(guild_id >> 22) % count == id` only (events without a guild go to shard 0).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .world import World

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0,
    1,
    2,
    6,
    7,
    9,
    10,
    11,
)
HEARTBEAT_INTERVAL_MS = 41_250
GUILD_MEMBERS_INTENT = 1 << 1
GUILD_MESSAGES_INTENT = 1 << 9
DIRECT_MESSAGES_INTENT = 1 << 12
MESSAGE_EVENTS = {"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE", "MESSAGE_DELETE_BULK"}
AUTHENTICATION_FAILED = 4004
DECODE_ERROR = 4002
INVALID_SHARD = 4010
GUILD_EVENTS_BY_ID = {"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"}


class _Connection:
    """One websocket; sends are serialised so the zlib stream stays in order."""

    def __init__(self, ws: web.WebSocketResponse, *, compress: bool) -> None:
        self.ws = ws
        self._compressor = zlib.compressobj() if compress else None
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write(), name="fakediscord-gateway-writer")

    def send(self, payload: dict[str, Any]) -> None:
        self._queue.put_nowait(payload)

    async def _write(self) -> None:
        while True:
            payload = await self._queue.get()
            data = json.dumps(payload).encode()
            if self.ws.closed:
                return
            if self._compressor is None:
                await self.ws.send_str(data.decode())
            else:
                compressed = self._compressor.compress(data)
                compressed += self._compressor.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(compressed)

    async def close(self, code: int = 1000) -> None:
        await self.ws.close(code=code)
        self._writer.cancel()


@dataclass(eq=False)
class Session:
    """A gateway session: the numbered dispatches sent on it and its current connection."""

    id: str
    identify: dict[str, Any]
    shard: tuple[int, int] = (0, 1)
    """[id, count] from IDENTIFY; a client that doesn't shard is shard 0 of 1."""
    seq: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)
    connection: _Connection | None = None
    resumes: int = 0
    replayed: int = 0
    ended: bool = False
    resumed: asyncio.Event = field(default_factory=asyncio.Event)

    def receives(self, guild_id: int | None) -> bool:
        """Whether Discord sends the guild's events on this session (no guild: shard 0)."""
        shard_id, count = self.shard
        return (0 if guild_id is None else (guild_id >> 22) % count) == shard_id


class Gateway:
    """The gateway side of the fake; `dispatch()` delivers an event to the sessions of the shard
    of its guild."""

    def __init__(self, world: World, token: str, on_activity: Callable[[], None]) -> None:
        self._world = world
        self._token = token
        self._on_activity = on_activity
        self.sessions: list[Session] = []
        self.url = ""
        self.recommended_shards = 1
        """The shard count `GET /gateway/bot` recommends."""
        self.open = asyncio.Event()
        """Cleared, new connections wait before their handshake (`refuse_connections`)."""
        self.open.set()

    @property
    def live(self) -> list[Session]:
        """The sessions not ended, oldest first: those events go to."""
        return [s for s in self.sessions if not s.ended]

    @property
    def session(self) -> Session | None:
        """The newest session not ended: the bot's, when it runs as one shard."""
        live = self.live
        return live[-1] if live else None

    def session_for(self, guild_id: int) -> Session | None:
        """The newest session not ended that gets the guild's events."""
        live = [s for s in self.live if s.receives(guild_id)]
        return live[-1] if live else None

    def dispatch(self, event: str, data: dict[str, Any], *, intent: int = 0) -> None:
        """Send the event to every live session of its guild's shard (only those that asked
        for `intent` in IDENTIFY, for an event that needs one, and as on Discord for a message
        event the guild messages intent, or in a DM the direct messages intent)."""
        guild = data.get("id") if event in GUILD_EVENTS_BY_ID else data.get("guild_id")
        if event in MESSAGE_EVENTS:
            intent |= DIRECT_MESSAGES_INTENT if guild is None else GUILD_MESSAGES_INTENT
        for session in self.live:
            if session.identify.get("intents", 0) & intent != intent:
                continue
            if session.receives(None if guild is None else int(guild)):
                self._send(session, event, data)

    def _send(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.sent.append(payload)
        if session.connection is not None:
            session.connection.send(payload)
        self._on_activity()

    def request_reconnect(self, session: Session | None = None) -> Session:
        """Ask the client to reconnect (op 7); it comes back with RESUME on the same session.
        Default: the newest session."""
        session = session or self.session
        if session is None or session.connection is None:
            raise RuntimeError("no bot is connected to the gateway")
        session.resumed.clear()
        session.connection.send({"op": RECONNECT, "d": None})
        return session

    def disconnect(self, session: Session) -> None:
        """Cut the session's connection, its new connections waiting until `reopen`: as a
        network fault leaves a shard, the client trying to connect and resume meanwhile."""
        if session.connection is None:
            raise RuntimeError("the session is not connected")
        self.open.clear()
        self.request_reconnect(session)

    def reopen(self) -> None:
        """Let the connections `disconnect` made wait through."""
        self.open.set()

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        await self.open.wait()
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        query = request.query
        if query.get("v") != "10" or query.get("encoding") != "json":
            await ws.close(code=DECODE_ERROR, message=b"the fake speaks v=10&encoding=json only")
            return ws
        compression = query.get("compress")
        if compression not in (None, "zlib-stream"):
            await ws.close(code=DECODE_ERROR, message=b"the fake supports zlib-stream only")
            return ws
        connection = _Connection(ws, compress=compression == "zlib-stream")
        connection.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        session: Session | None = None
        try:
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(message.data)
                op, data = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    connection.send({"op": HEARTBEAT_ACK})
                elif op == IDENTIFY:
                    session = await self._identify(connection, data)
                elif op == RESUME:
                    session = await self._resume(connection, data)
        finally:
            if session is not None and session.connection is connection:
                session.connection = None
                # A clean close (1000/1001) ends the session, as on Discord.
                if ws.close_code in (1000, 1001):
                    session.ended = True
            await connection.close()
        return ws

    async def _identify(self, connection: _Connection, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self._token:
            await connection.close(AUTHENTICATION_FAILED)
            return None
        shard = data.get("shard", [0, 1])
        if not (
            isinstance(shard, list)
            and len(shard) == 2
            and all(type(n) is int for n in shard)
            and 0 <= shard[0] < shard[1]
        ):
            await connection.close(INVALID_SHARD)
            return None
        # The client identifies anew: its old session of this shard is gone.
        for old in self.sessions:
            if old.shard == tuple(shard):
                old.ended = True
        session = Session(secrets.token_hex(16), data, (shard[0], shard[1]), connection=connection)
        self.sessions.append(session)
        world = self._world
        guilds = [g for g in world.guilds if session.receives(g.id)]
        ready = {
            "v": 10,
            "user": {**world.bot_user.payload(), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.url + "/resume",
            "private_channels": [],
            "relationships": [],
            "application": {"id": str(world.application_id), "flags": 0},
        }
        if "shard" in data:
            ready["shard"] = shard
        self._send(session, "READY", ready)
        # Without the privileged members intent Discord sends only the bot's own member.
        members = None if data.get("intents", 0) & GUILD_MEMBERS_INTENT else {world.bot_user.id}
        for guild in guilds:
            self._send(session, "GUILD_CREATE", guild.payload(member_ids=members))
        return session

    async def _resume(self, connection: _Connection, data: dict[str, Any]) -> Session | None:
        session = next((s for s in self.sessions if s.id == data.get("session_id")), None)
        if session is None or session.ended or data.get("token") != self._token:
            connection.send({"op": INVALID_SESSION, "d": False})
            return None
        session.connection = connection
        session.resumes += 1
        for payload in session.sent:
            if payload["s"] > (data.get("seq") or 0):
                connection.send(payload)
                session.replayed += 1
        self._send(session, "RESUMED", {})
        session.resumed.set()
        return session

    async def close(self) -> None:
        for session in self.sessions:
            if session.connection is not None:
                await session.connection.close(1001)
            session.ended = True
