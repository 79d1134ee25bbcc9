"""The daily puzzle when the bot is killed (SIGKILL) around its post: with the post on its way
to Discord (claimed, never sent), and with the post sent but its record not yet written. Either
way the next start posts it once: it sends the one that never arrived, and finds the one that
did in the channel instead of posting it again."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
from datetime import UTC, datetime

from bot.storage import Storage
from tests.cli.processes import TIMEOUT, BotProcess, Cli
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.world import Message

POST = "POST /channels/{channel_id}/messages"


def posts(fake: FakeDiscord) -> list[Message]:
    return [m for m in fake.messages(fake.games) if m.author is fake.world.bot_user]


async def due_now(fake: FakeDiscord, cli: Cli) -> None:
    """The daily puzzle set in #games, due since the current hour began."""
    assert (await cli.run("sync")).status == 0
    async with await Storage.open(cli.database) as storage:
        hour = datetime.now(UTC).hour
        await storage.settings.update(fake.guild.id, now=0.0, daily=(fake.games.id, hour))


async def posted_once_after_a_restart(fake: FakeDiscord, cli: Cli) -> None:
    bot: BotProcess = await cli.serve()
    await bot.line(f"Daily puzzle of server {fake.guild.id}")
    [post] = posts(fake)
    bot.signal(signal.SIGTERM)
    assert (await bot.finished()).status == 0
    async with await Storage.open(cli.database) as storage:
        daily = await storage.daily.posted(fake.guild.id)
    assert daily is not None and daily.message_id == post.id


async def test_a_kill_with_the_post_on_its_way_posts_it_at_the_next_start(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    fake = fake_discord
    await due_now(fake, cli)
    hold = fake.faults.hold(POST, channel_id=fake.games.id)
    bot = await cli.serve()
    async with asyncio.timeout(TIMEOUT):
        await hold.reached()
    await bot.kill()  # the request dies with the connection
    hold.release()
    assert posts(fake) == []

    await posted_once_after_a_restart(fake, cli)


async def test_a_kill_between_the_post_and_its_record_leaves_one_post(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    fake = fake_discord
    await due_now(fake, cli)
    hold = fake.faults.hold(POST, channel_id=fake.games.id)
    bot = await cli.serve()
    async with asyncio.timeout(TIMEOUT):
        await hold.reached()
    # The database is locked while the post goes through, so the record waits: the kill falls
    # between Discord taking the post and the bot writing it down.
    lock = sqlite3.connect(cli.database, isolation_level=None)
    try:
        lock.execute("BEGIN EXCLUSIVE")
        hold.release()
        async with asyncio.timeout(TIMEOUT):
            await fake.wait_until(lambda: len(posts(fake)) == 1)
        await bot.kill()
    finally:
        lock.close()
    async with await Storage.open(cli.database) as storage:
        assert await storage.daily.posted(fake.guild.id) is None  # claimed, not recorded

    await posted_once_after_a_restart(fake, cli)
