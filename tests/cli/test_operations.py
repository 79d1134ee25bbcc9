"""`python -m bot` as a service manager and a load balancer see it: `/readyz` on its HTTP server
turns 503, saying what is wrong, while one of its shards is cut off from Discord, while its claim
on its shards is lost, and while PostgreSQL is down, and 200 again once each comes back, with
`/healthz` 200 throughout (none of this stalls the process). One process lives through all three,
on the session's PostgreSQL server, which the shard tests restart too (`test_shards.py`)."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from typing import Any

import aiohttp
import asyncpg

from bot.storage.claims import APPLICATION_NAME
from tests.cli.processes import TIMEOUT, Cli, closed_port
from tests.fakediscord.driver import FakeDiscord
from tests.storage.postgres_server import PostgresServer

ASK_EVERY = 0.05
"""Seconds between two questions to the process while waiting for its answer to change: another
process's state can only be asked after."""

Answer = tuple[int, dict[str, Any]]


class Probe:
    """Asks the bot's HTTP server, as a load balancer does."""

    def __init__(self, session: aiohttp.ClientSession) -> None:
        self.session = session

    async def ask(self, path: str) -> Answer:
        async with self.session.get(path) as response:
            return response.status, await response.json()

    async def until(self, path: str, holds: Callable[[Answer], bool]) -> Answer:
        """The first answer to `path` for which `holds`."""
        async with asyncio.timeout(TIMEOUT):
            while True:
                answer = await self.ask(path)
                if holds(answer):
                    return answer
                await asyncio.sleep(ASK_EVERY)

    async def ready(self) -> dict[str, Any]:
        _, body = await self.until("/readyz", lambda answer: answer[0] == 200)
        assert body["ready"] is True and body["problems"] == []
        return body


async def test_readiness_follows_the_shards_the_claim_and_the_database(
    fake_discord: FakeDiscord, cli: Cli, postgres: PostgresServer
) -> None:
    fake, port = fake_discord, closed_port()
    bot = await cli.serve(
        SHARD_COUNT="2",
        SHARD_IDS="0-1",
        DATABASE_URL=await postgres.fresh_schema(),
        WEB_PORT=str(port),
    )
    await bot.line("Ready as")
    async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
        probe = Probe(session)
        assert await probe.ask("/readyz") == (
            200,
            {
                "ready": True,
                "shards": {"0": "connected", "1": "connected"},
                "database": "answers",
                "claim": "held",
                "problems": [],
            },
        )

        # Shard 1's connection drops, and the gateway keeps it waiting to come back.
        (shard_one,) = [s for s in fake.gateway.live if s.shard == (1, 2)]
        fake.gateway.disconnect(shard_one)
        status, body = await probe.until("/readyz", lambda answer: answer[0] == 503)
        assert body["shards"] == {"0": "connected", "1": "disconnected"}
        assert body["problems"] == ["shard 1 is not connected to Discord"]
        assert (await probe.ask("/healthz"))[0] == 200
        fake.gateway.reopen()
        await probe.ready()

        # The claim's connection is cut, and no new connection may open for a while.
        admin = await asyncpg.connect(postgres.url().replace("/postgres?", "/template1?"))
        try:
            await admin.execute("ALTER DATABASE postgres WITH ALLOW_CONNECTIONS false")
            await admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                f"WHERE application_name = '{APPLICATION_NAME}'"
            )
            status, body = await probe.until("/readyz", lambda answer: answer[0] == 503)
            assert (body["claim"], body["database"]) == ("lost", "answers")
            assert body["problems"] == [
                "the claim on this process's shards is lost, being taken again"
            ]
            await admin.execute("ALTER DATABASE postgres WITH ALLOW_CONNECTIONS true")
        finally:
            await admin.close()
        assert (await probe.ready())["claim"] == "held"

        # PostgreSQL stops, then starts again.
        async with postgres.stopped():
            status, body = await probe.until("/readyz", lambda answer: answer[1]["claim"] == "lost")
            assert status == 503 and body["database"].startswith("out of reach (")
            assert body["problems"] == [
                f"the database does not answer: {body['database']}",
                "the claim on this process's shards is lost, being taken again",
            ]
            assert (await probe.ask("/healthz"))[0] == 200
        assert await probe.ready() == {
            "ready": True,
            "shards": {"0": "connected", "1": "connected"},
            "database": "answers",
            "claim": "held",
            "problems": [],
        }

    bot.signal(signal.SIGTERM)
    stopped = await bot.finished()
    assert stopped.status == 0, stopped.stderr
