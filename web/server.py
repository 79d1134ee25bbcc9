"""The bot's one HTTP server (`WEB_PORT`): the features add their routes before it starts.

Every answer carries the headers a page of private games needs: no script but the bot's own
files, no framing, no referrer (the addresses carry tokens), not indexed. A path that matches
nothing, or a page that is not shown, is a plain 404 that logs nothing.
"""

from __future__ import annotations

import logging

from aiohttp import web

log = logging.getLogger(__name__)

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
    "X-Frame-Options": "DENY",
}


async def secure_headers(_request: web.Request, response: web.StreamResponse) -> None:
    """Set on every answer as it is sent, errors and live streams too."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)


async def robots(_request: web.Request) -> web.Response:
    """Nothing here is for search engines: private servers' games."""
    return web.Response(text="User-agent: *\nDisallow: /\n")


class WebServer:
    """An aiohttp application, served on `host`:`port` once started (port 0: any free port,
    `port` then says which)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.app = web.Application()
        self.app.on_response_prepare.append(secure_headers)
        self.app.router.add_get("/robots.txt", robots)
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        self._runner = runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        await site.start()
        if self.port == 0:
            server = site._server
            assert server is not None
            self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        log.info("Serving HTTP on %s:%d", self.host, self.port)

    async def stop(self) -> None:
        """Close the open connections (live pages reconnect to the next process) and stop."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
