"""A game's page in a real browser (headless Chromium): it follows the game live without
reloading, through a restart of the bot too; a finished game's replay, stepped with the keyboard,
draws the engine's positions; at 320 px nothing overflows; the console stays clean."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot import engine
from bot.config import Config
from tests.browser import browser, console_errors
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.server import DEFAULT_TOKEN
from tests.gameplay.play import game_id, play, start_game
from tests.gameplay.test_review import finished_game

from .games import base, page_path, pages_on, serving

__all__ = ["browser"]

BOARD = "return [...document.querySelectorAll('g[data-sq]')].map(g => g.getAttribute('class'))"
"""The board as the page draws it: each square's classes, a8 … h8 down to a1 … h1."""


@pytest.fixture
def bot_config(tmp_path: Path) -> Config:
    return serving(Config(token=DEFAULT_TOKEN, database=str(tmp_path / "reversi.sqlite3")))


def squares() -> list[str]:
    return [f"{file}{rank}" for rank in range(8, 0, -1) for file in "abcdefgh"]


def discs(position: engine.Position) -> list[str]:
    """The engine's position as the page's classes say it: `b`, `w` or nothing."""
    colors = {engine.Color.BLACK: "b", engine.Color.WHITE: "w", None: ""}
    return [colors[position.piece_at(square)] for square in squares()]


RECORD = f"""window.seen = [];
document.addEventListener("keydown", () => window.seen.push((() => {{ {BOARD} }})()));"""
"""Keep the board as drawn after each key the page handles (this listener runs after its)."""


def discs_of(classes: list[str | None]) -> list[str]:
    return [next((c for c in (found or "").split() if c in ("b", "w")), "") for found in classes]


def drawn(driver: Any) -> list[str]:
    return discs_of(driver.execute_script(BOARD))


async def call(function: Callable[..., Any], *args: Any) -> Any:
    return await asyncio.to_thread(function, *args)


async def until(driver: Any, condition: Callable[[Any], Any], seconds: float = 10.0) -> None:
    """Wait, in the browser's own time, for `condition` of the page."""
    from selenium.webdriver.support.ui import WebDriverWait

    await call(WebDriverWait(driver, seconds, poll_frequency=0.05).until, condition)


def has_disc(square: str, color: str) -> Callable[[Any], bool]:
    script = f"return document.querySelector('g[data-sq=\"{square}\"]').getAttribute('class')"
    return lambda driver: color in (driver.execute_script(script) or "").split()


def narrow(driver: Any, width: int | None) -> None:
    """Show the page `width` CSS pixels wide, as a phone does (None: as the window is)."""
    if width is None:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        return
    metrics = {"width": width, "height": 720, "deviceScaleFactor": 2, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


OVERFLOW = "return [document.documentElement.scrollWidth, window.innerWidth]"


async def test_a_live_page_follows_the_game_without_reloading_through_a_restart(
    fake: FakeDiscord, bot_harness: BotHarness, browser: Any
) -> None:
    await pages_on(fake)
    board = await start_game(fake, time="5+3")
    path = await page_path(bot_harness, game_id(board), fake.guild.id)
    await call(browser.get, base(bot_harness) + path)
    await until(browser, has_disc("e4", "b"))
    await call(browser.execute_script, "document.body.dataset.loaded = 'once'")
    await play(fake, board, fake.alice, "f5")
    await until(browser, has_disc("f5", "b"))
    await until(browser, lambda d: "White to move" in d.find_element("id", "status").text)
    assert await call(browser.execute_script, "return document.body.dataset.loaded") == "once"
    clock = await call(
        browser.execute_script, "return document.querySelector('.clock.running').dataset.color"
    )
    assert clock == "white"
    white = "return document.querySelector('.clock[data-color=white]').textContent"
    await until(browser, lambda d: d.execute_script(white) == "4:59")  # it counts down
    await call(narrow, browser, 320)
    scroll, inner = await call(browser.execute_script, OVERFLOW)
    await call(narrow, browser, None)
    assert inner == 320 and scroll <= 320
    assert await call(console_errors, browser) == []

    # The bot restarts on the same port; a move made meanwhile reaches the page all the same.
    web = bot_harness.bot.web
    assert web is not None
    bot_harness.config = dataclasses.replace(bot_harness.config, web_port=web.port)
    await bot_harness.restart()
    await play(fake, board, fake.bob, "d6")
    await until(browser, has_disc("d6", "w"))
    await play(fake, board, fake.alice, "c3")
    await until(browser, has_disc("c3", "b"))
    assert await call(browser.execute_script, "return document.body.dataset.loaded") == "once"
    errors = await call(console_errors, browser)
    assert all("/live" in error and "ERR_CONNECTION_REFUSED" in error for error in errors), errors


async def test_a_finished_games_replay_steps_through_the_engines_positions_by_keyboard(
    fake: FakeDiscord, bot_harness: BotHarness, browser: Any
) -> None:
    from selenium.webdriver.common.keys import Keys

    await pages_on(fake)
    record = await finished_game(fake, bot_harness)  # WTH_1977#1: 60 moves, two forced passes
    game = engine.Game.from_transcript(record.transcript)
    assert sum(1 for ply in game.plies if ply.passed) == 2
    path = await page_path(bot_harness, record.id, fake.guild.id)
    await call(browser.get, base(bot_harness) + path)
    await until(browser, lambda d: d.find_element("id", "step").text)
    assert await call(drawn, browser) == discs(game.position)
    page = await call(browser.find_element, "tag name", "body")
    await call(page.send_keys, Keys.HOME)
    assert await call(drawn, browser) == discs(engine.Position.initial())
    await call(browser.execute_script, RECORD)
    await call(page.send_keys, Keys.ARROW_RIGHT * (len(game.plies) + 1))  # one too many: stays
    boards = await call(browser.execute_script, "return window.seen")
    expected = [discs(ply.after) for ply in game.plies]
    assert [discs_of(board) for board in boards] == [*expected, expected[-1]]
    await call(page.send_keys, Keys.ARROW_LEFT)
    assert await call(drawn, browser) == discs(game.plies[-2].after)
    await call(page.send_keys, Keys.END)
    assert await call(drawn, browser) == discs(game.position)
    passes = await call(browser.find_elements, "css selector", "#moves .pass")
    assert len(passes) == sum(1 for ply in game.plies if ply.passed)
    await call(narrow, browser, 320)
    scroll, inner = await call(browser.execute_script, OVERFLOW)
    await call(narrow, browser, None)
    assert inner == 320 and scroll <= 320
    assert await call(console_errors, browser) == []


FONTS = """const done = arguments[0];
document.fonts.ready.then(() => done([...document.fonts].map(f => [f.weight, f.status])));"""


async def test_a_page_in_tamil_reads_with_the_bots_own_font_where_the_system_has_none(
    fake: FakeDiscord, bot_harness: BotHarness, browser: Any
) -> None:
    """This machine's Chromium has no Tamil font: the page brings the one of the board images,
    which the browser fetches for the Tamil text alone."""
    await pages_on(fake)
    game = await finished_game(fake, bot_harness)
    path = await page_path(bot_harness, game.id, fake.guild.id)
    await call(browser.execute_cdp_cmd, "Network.enable", {})
    tamil = {"headers": {"Accept-Language": "ta"}}
    await call(browser.execute_cdp_cmd, "Network.setExtraHTTPHeaders", tamil)
    try:
        await call(browser.get, base(bot_harness) + path)
        await until(browser, lambda d: "ஆட்டம்" in d.title)
        loaded = await call(browser.execute_async_script, FONTS)
    finally:
        await call(browser.execute_cdp_cmd, "Network.setExtraHTTPHeaders", {"headers": {}})
    assert sorted(map(tuple, loaded)) == [("bold", "loaded"), ("normal", "loaded")]
    assert await call(console_errors, browser) == []
