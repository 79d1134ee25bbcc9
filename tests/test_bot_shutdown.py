"""`ReversiBot.shut_down`, the graceful stop behind SIGTERM: the bot's background work finishes
before the storage closes, within a bound. (`tests/cli/test_shutdown.py` stops the real process.)
"""

from __future__ import annotations

import asyncio

from tests.fakediscord import BotHarness, FakeDiscord


async def test_background_work_finishes_before_the_storage_closes(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    bot = bot_harness.bot
    done: list[object] = []

    async def post_move_work() -> None:
        await asyncio.sleep(0.05)  # a board being rendered and sent
        done.append(await bot.storage.settings.get(fake.guild.id))

    bot.background.spawn(post_move_work(), name="post-move work")
    await bot.shut_down()

    assert len(done) == 1
    assert bot.is_closed() and len(bot.background) == 0


async def test_work_that_outlasts_the_grace_is_cancelled(bot_harness: BotHarness) -> None:
    bot = bot_harness.bot
    stuck = bot.background.spawn(asyncio.Event().wait(), name="stuck")

    await bot.shut_down(grace=0.05)

    assert stuck.cancelled() and bot.is_closed()
