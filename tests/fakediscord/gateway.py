"""The JSON gateway: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats, dispatches and RESUME.

Speaks `v=10&encoding=json`, with `compress=zlib-stream` transport compression when asked (what
discord.py asks for by default).  Each IDENTIFY opens a session; every dispatch is numbered and
kept, so that a client that reconnects with RESUME gets what it missed.
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
AUTHENTICATION_FAILED = 4004
DECODE_ERROR = 4002


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
    seq: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)
    connection: _Connection | None = None
    resumes: int = 0
    replayed: int = 0
    ended: bool = False
    resumed: asyncio.Event = field(default_factory=asyncio.Event)


class Gateway:
    """The gateway side of the fake; `dispatch()` delivers an event to the bot's live session."""

    def __init__(self, world: World, token: str, on_activity: Callable[[], None]) -> None:
        self._world = world
        self._token = token
        self._on_activity = on_activity
        self.sessions: list[Session] = []
        self.url = ""

    @property
    def session(self) -> Session | None:
        """The session events go to: the newest one not ended."""
        live = [s for s in self.sessions if not s.ended]
        return live[-1] if live else None

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        session = self.session
        if session is None:
            return
        session.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.sent.append(payload)
        if session.connection is not None:
            session.connection.send(payload)
        self._on_activity()

    def last_seq(self) -> int:
        session = self.session
        return 0 if session is None else session.seq

    def request_reconnect(self) -> Session:
        """Ask the client to reconnect (op 7); it comes back with RESUME on the same session."""
        session = self.session
        if session is None or session.connection is None:
            raise RuntimeError("no bot is connected to the gateway")
        session.resumed.clear()
        session.connection.send({"op": RECONNECT, "d": None})
        return session

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
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
        for old in self.sessions:
            old.ended = True
        session = Session(secrets.token_hex(16), data, connection=connection)
        self.sessions.append(session)
        world = self._world
        self.dispatch(
            "READY",
            {
                "v": 10,
                "user": {**world.bot_user.payload(), "verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(g.id), "unavailable": True} for g in world.guilds],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": self.url + "/resume",
                "private_channels": [],
                "relationships": [],
                "application": {"id": str(world.application_id), "flags": 0},
            },
        )
        # Without the privileged members intent Discord sends only the bot's own member.
        members = None if data.get("intents", 0) & GUILD_MEMBERS_INTENT else {world.bot_user.id}
        for guild in world.guilds:
            self.dispatch("GUILD_CREATE", guild.payload(member_ids=members))
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
        self.dispatch("RESUMED", {})
        session.resumed.set()
        return session

    async def close(self) -> None:
        for session in self.sessions:
            if session.connection is not None:
                await session.connection.close(1001)
            session.ended = True
