"""The pages on the web: the address of a server's page where its admins turned pages on, for the
links in Discord, and whether an address asked for is one the bot gave.

A page exists only while the bot has a public address (`WEB_URL`) and the page's server has
pages on; a server that turns them off is gone from the web at once, since every request asks.
The links, which every board carries, know each server's choice from memory: read once, and
kept up to date by the bus (`WebPagesUpdated`), which the process that serves the server's
shard, where its admins change it, hears.
"""

from __future__ import annotations

import secrets

from bot.domain.events import WebPagesUpdated
from bot.domain.pages import PageKind, page_path, token_holds
from bot.services.context import Context, Service


class Pages(Service):
    def __init__(self, context: Context, base_url: str | None) -> None:
        super().__init__(context)
        self.base_url = base_url
        self._secret: bytes | None = None
        self._opted_in: dict[int, bool] = {}

    async def secret(self) -> bytes:
        """The key the addresses are signed with, read (or made) once."""
        if self._secret is None:
            stored = await self.storage.web_secret.get_or_create(secrets.token_urlsafe(32))
            self._secret = stored.encode()
        return self._secret

    async def opted_in(self, guild_id: int) -> bool:
        return (await self.storage.settings.get(guild_id)).web_pages

    def updated(self, event: WebPagesUpdated) -> None:
        self._opted_in[event.guild_id] = event.on

    async def link(self, guild_id: int, kind: PageKind, *ids: int) -> str | None:
        """The page's public address, or None if the bot has no public address or the server
        has pages off (as remembered: no read but the first for each server)."""
        if self.base_url is None:
            return None
        opted_in = self._opted_in.get(guild_id)
        if opted_in is None:
            opted_in = self._opted_in[guild_id] = await self.opted_in(guild_id)
        if not opted_in:
            return None
        return self.base_url + page_path(await self.secret(), kind, ids)

    async def shown(self, guild_id: int, kind: PageKind, ids: tuple[int, ...], token: str) -> bool:
        """Whether the address asked for is the page's and its server shows its pages: if not,
        the page is not found, whatever the reason."""
        return token_holds(await self.secret(), kind, ids, token) and await self.opted_in(guild_id)
