from __future__ import annotations
import asyncio
from typing import Any
from tests.browser import browser
from tests.web.test_game_page_browser import bot_config, call, narrow, until, has_disc
from tests.gameplay.play import game_id, play, start_game
from .games import base, page_path, pages_on
__all__ = ["browser", "bot_config"]

async def test_shot(fake, bot_harness, browser: Any) -> None:
    await pages_on(fake)
    m = fake.add_user("mallory", display_name="A very long name indeed here")
    board = await start_game(fake, m, fake.bob, time="5+3")
    await play(fake, board, m, "f5")
    path = await page_path(bot_harness, game_id(board), fake.guild.id)
    await call(browser.get, base(bot_harness) + path)
    await until(browser, has_disc("f5", "b"))
    await call(browser.save_screenshot, "/tmp/wide.png")
    await call(narrow, browser, 320)
    await call(browser.save_screenshot, "/tmp/narrow.png")
    await call(narrow, browser, None)
