"""The pages' addresses: given only where the bot has a public address and the server turned
pages on, signed so that no other address is one, and the same in every process."""

from __future__ import annotations

import random

import pytest

from bot.domain.events import WebPagesUpdated
from bot.domain.pages import PageKind, page_token
from bot.domain.refusals import Refused
from bot.domain.settings import GuildSettings
from bot.services import Services, SettingsChange
from bot.services.bus import Events
from bot.storage import Storage
from tests.fakediscord.clock import FakeClock
from tests.ids import GUILD, OTHER_GUILD
from tests.refused import refused

from .support import Recorder

BASE = "https://reversi.example"


def with_pages(storage: Storage, clock: FakeClock, events: Events) -> Services:
    """The services with a public address, the pages told of each server's choice as the
    composition root has them told."""
    services = Services.build(storage, clock, events, rng=random.Random(1), web_url=BASE)
    events.subscribe(WebPagesUpdated, services.pages.updated)
    return services


async def test_a_page_is_linked_only_once_the_server_turns_pages_on(
    storage: Storage, clock: FakeClock, events: Events, recorder: Recorder
) -> None:
    services = with_pages(storage, clock, events)
    assert await services.pages.link(GUILD, PageKind.GAME, 7) is None
    await services.settings.change_settings(GUILD, SettingsChange(web_pages=True), manager=True)
    assert WebPagesUpdated(GUILD, True) in recorder.take()
    link = await services.pages.link(GUILD, PageKind.GAME, 7)
    assert link is not None and link.startswith(f"{BASE}/games/7/")
    token = link.rsplit("/", 1)[1]
    assert await services.pages.shown(GUILD, PageKind.GAME, (7,), token)
    assert await services.pages.link(OTHER_GUILD, PageKind.GAME, 7) is None

    await services.settings.change_settings(GUILD, SettingsChange(web_pages=False), manager=True)
    assert not await services.pages.shown(GUILD, PageKind.GAME, (7,), token)
    assert await services.pages.link(GUILD, PageKind.GAME, 7) is None


async def test_links_read_a_servers_choice_once_and_hear_each_change(
    storage: Storage, clock: FakeClock, events: Events, monkeypatch: pytest.MonkeyPatch
) -> None:
    services = with_pages(storage, clock, events)
    reads: list[int] = []
    read = storage.settings.get

    async def counted(guild_id: int) -> GuildSettings:
        reads.append(guild_id)
        return await read(guild_id)

    monkeypatch.setattr(storage.settings, "get", counted)
    for _ in range(3):
        assert await services.pages.link(GUILD, PageKind.GAME, 7) is None
    assert reads == [GUILD]
    await services.settings.change_settings(GUILD, SettingsChange(web_pages=True), manager=True)
    reads.clear()
    for _ in range(3):
        assert await services.pages.link(GUILD, PageKind.GAME, 7) is not None
    assert reads == []
    await services.settings.change_settings(GUILD, SettingsChange(web_pages=False), manager=True)
    reads.clear()
    assert await services.pages.link(GUILD, PageKind.GAME, 7) is None
    assert reads == []


async def test_an_address_for_other_ids_or_another_kind_is_no_page(
    storage: Storage, clock: FakeClock, events: Events
) -> None:
    services = with_pages(storage, clock, events)
    await services.settings.change_settings(GUILD, SettingsChange(web_pages=True), manager=True)
    link = await services.pages.link(GUILD, PageKind.GAME, 7)
    assert link is not None
    token = link.rsplit("/", 1)[1]
    assert len(token) == 22  # 128 bits
    assert not await services.pages.shown(GUILD, PageKind.GAME, (8,), token)
    assert not await services.pages.shown(GUILD, PageKind.TOURNAMENT, (7,), token)
    forged = token[:-1] + ("B" if token.endswith("A") else "A")  # it ends in A one time in four
    assert not await services.pages.shown(GUILD, PageKind.GAME, (7,), forged)
    assert not await services.pages.shown(GUILD, PageKind.GAME, (7,), "")
    assert page_token(b"another secret", PageKind.GAME, (7,)) != token


async def test_every_process_on_the_database_signs_alike(
    storage: Storage, clock: FakeClock, events: Events
) -> None:
    one, two = (with_pages(storage, clock, events) for _ in range(2))
    await one.settings.change_settings(GUILD, SettingsChange(web_pages=True), manager=True)
    assert await one.pages.link(GUILD, PageKind.PLAYER, GUILD, 5) == await two.pages.link(
        GUILD, PageKind.PLAYER, GUILD, 5
    )


async def test_pages_cannot_be_turned_on_where_the_bot_has_none(services: Services) -> None:
    with refused(Refused.NO_WEB_ADDRESS):
        await services.settings.change_settings(GUILD, SettingsChange(web_pages=True), manager=True)
    saved = await services.settings.change_settings(
        GUILD, SettingsChange(web_pages=False), manager=True
    )
    assert not saved.settings.web_pages
