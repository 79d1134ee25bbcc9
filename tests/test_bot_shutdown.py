"""`ReversiBot.shut_down`, the graceful stop behind SIGTERM: the bot's background work finishes
before the storage closes, within a bound. (`tests/cli/test_shutdown.py` stops the real process.)
"""

from __future__ import annotations

import asyncio

import pytest

from bot.services.recovery import Recovery
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


@pytest.fixture
def held_recovery(monkeypatch: pytest.MonkeyPatch) -> tuple[asyncio.Event, asyncio.Event]:
    """The start-up recovery waits, once begun, until released."""
    begun, release = asyncio.Event(), asyncio.Event()
    recover = Recovery.recover

    async def held(recovery: Recovery) -> None:
        begun.set()
        await release.wait()
        await recover(recovery)

    monkeypatch.setattr(Recovery, "recover", held)
    return begun, release


async def test_a_stop_during_the_start_up_recovery_cancels_it_before_the_storage_closes(
    held_recovery: tuple[asyncio.Event, asyncio.Event], bot_harness: BotHarness
) -> None:
    begun, release = held_recovery
    await begun.wait()
    await bot_harness.bot.shut_down(grace=0.05)
    release.set()  # a recovery still running now would read the closed storage
    ready_handlers = [t for t in asyncio.all_tasks() if "on_ready" in t.get_name()]
    await asyncio.gather(*ready_handlers)
    assert bot_harness.bot.is_closed() and len(bot_harness.bot.background) == 0
