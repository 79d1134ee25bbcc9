"""The HTTP server every page, health check and metric is served from: its headers on every
answer, and a path that is nothing a plain 404 that logs no error."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest
from aiohttp import web

from web.server import CONTENT_SECURITY_POLICY, WebServer


@pytest.fixture
async def server() -> AsyncIterator[WebServer]:
    server = WebServer("127.0.0.1", 0)

    async def hello(_request: web.Request) -> web.Response:
        return web.Response(text="<p>hello</p>", content_type="text/html")

    server.app.router.add_get("/hello", hello)
    await server.start()
    yield server
    await server.stop()


async def test_every_answer_carries_the_private_pages_headers(server: WebServer) -> None:
    assert server.port != 0
    async with aiohttp.ClientSession(f"http://127.0.0.1:{server.port}") as session:
        for path, status in (("/hello", 200), ("/nothing/here", 404), ("/../etc/passwd", 404)):
            async with session.get(path) as response:
                assert response.status == status
                headers = response.headers
                assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
                assert "'unsafe-inline'" not in headers["Content-Security-Policy"]
                assert headers["X-Robots-Tag"].startswith("noindex")
                assert headers["Referrer-Policy"] == "no-referrer"
                assert headers["X-Content-Type-Options"] == "nosniff"


async def test_search_engines_are_asked_to_keep_out(server: WebServer) -> None:
    async with (
        aiohttp.ClientSession(f"http://127.0.0.1:{server.port}") as session,
        session.get("/robots.txt") as response,
    ):
        assert await response.text() == "User-agent: *\nDisallow: /\n"


async def test_a_stopped_server_no_longer_answers(server: WebServer) -> None:
    port = server.port
    await server.stop()
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.ClientConnectionError):
            await session.get(f"http://127.0.0.1:{port}/hello")
