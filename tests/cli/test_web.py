"""`python -m bot web`: the pages alone, in a process of their own beside bots on PostgreSQL, with
no Discord token; refused where it can't follow the games (SQLite) or has no port."""

from __future__ import annotations

import signal

import aiohttp

from tests.cli.processes import Cli, closed_port
from tests.storage.postgres_server import PostgresServer


async def test_the_pages_process_serves_without_discord_and_stops_on_sigterm(
    cli: Cli, postgres: PostgresServer
) -> None:
    port = closed_port()
    web = await cli.start(
        "web", DATABASE_URL=await postgres.fresh_schema(), WEB_PORT=str(port), DISCORD_TOKEN=""
    )
    await web.line(f"Serving HTTP on 127.0.0.1:{port}")
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/static/site.css") as response,
    ):
        assert response.status == 200
    web.signal(signal.SIGTERM)
    finished = await web.finished()
    assert finished.status == 0, finished.stderr
    assert finished.last_line.endswith("Stopped")
    assert not cli.fake.gateway.sessions  # it never logged in


async def test_the_pages_process_is_refused_on_sqlite_and_without_a_port(cli: Cli) -> None:
    on_sqlite = await cli.run("web", WEB_PORT=str(closed_port()))
    assert on_sqlite.status == 2
    assert on_sqlite.stderr == (
        "python -m bot web needs PostgreSQL: serve the pages from the bot's own process on SQLite."
    )
    no_port = await cli.run("web")
    assert no_port.status == 2
    assert no_port.stderr == "Set WEB_PORT, the port to serve the pages on (see the README)."
