"""What the game pages' tests share: the bot serving HTTP, a server with its pages on, a game's
page address, and the live stream's events as a browser reads them."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from typing import Any

import aiohttp

from bot.config import Config
from bot.domain.pages import PageKind
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness

WEB_URL = "http://127.0.0.1"


def serving(config: Config) -> Config:
    """The bot of `config`, serving its pages on a free port."""
    return dataclasses.replace(config, web_port=0, web_url=WEB_URL)


async def pages_on(fake: FakeDiscord, on: bool = True) -> None:
    """The server's admin turns its pages on the web on (or off)."""
    reply = await fake.slash(fake.world.owner, "reversi settings", web_pages=on)
    assert "Pages on the web: **" + ("on" if on else "off") in reply.content, reply.content


def base(harness: BotHarness) -> str:
    web = harness.bot.web
    assert web is not None
    return f"http://127.0.0.1:{web.port}"


async def page_path(harness: BotHarness, game_id: int, guild_id: int) -> str:
    """The game page's path, as the bot links it."""
    link = await harness.bot.services.pages.link(guild_id, PageKind.GAME, game_id)
    assert link is not None
    return link.removeprefix(WEB_URL)


async def next_event(response: aiohttp.ClientResponse, seconds: float = 10.0) -> dict[str, str]:
    """The stream's next event (comments and the retry line skipped): its fields, by name; {}
    once the stream ended."""
    while True:
        block = await asyncio.wait_for(response.content.readuntil(b"\n\n"), seconds)
        if not block:
            return {}
        fields: dict[str, str] = {}
        for line in block.decode().splitlines():
            name, _, value = line.partition(": ")
            if name and not line.startswith(":"):
                fields[name] = value
        if "data" in fields:
            return fields


def game_of(event: dict[str, str]) -> Any:
    return json.loads(event["data"])["game"]
