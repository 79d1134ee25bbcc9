"""`python -m bot` starting as a newcomer meets it: the log says nothing alarming about what the bot
doesn't use (voice), then one line that it is ready, with the link that invites it."""

from __future__ import annotations

import signal

from tests.cli.processes import Cli
from tests.fakediscord.driver import FakeDiscord

INVITE_PERMISSIONS = 17901423791104
"""View Channels, Send Messages, Attach Files, Read Message History, Create Public Threads, Send
Messages in Threads and Create Events, as the README lists them."""


async def test_a_start_logs_one_ready_line_with_the_invite_link_and_no_warnings(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    world = fake_discord.world

    bot = await cli.serve()
    ready = await bot.line("Ready as ")
    bot.signal(signal.SIGTERM)
    stopped = await bot.finished()

    assert stopped.status == 0, stopped.stderr
    assert ready.endswith(
        f"Ready as {world.bot_user.name} in 2 servers. Invite it: "
        f"https://discord.com/oauth2/authorize?client_id={world.application_id}"
        f"&scope=bot+applications.commands&permissions={INVITE_PERMISSIONS}"
    )
    assert [line for line in bot.lines if "Ready as " in line] == [ready]
    assert "voice" not in stopped.stderr
    warnings = [line for line in stopped.stderr.splitlines() if "[WARNING " in line]
    # a machine without a C compiler is told once that the engine is the slower one
    assert warnings == [line for line in bot.lines if "Engine: the pure-Python" in line]


async def test_a_start_says_once_which_engine_plays(fake_discord: FakeDiscord, cli: Cli) -> None:
    bot = await cli.serve(REVERSI_ENGINE="python")
    engine = await bot.line("Engine: ")
    bot.signal(signal.SIGTERM)
    stopped = await bot.finished()

    assert stopped.status == 0, stopped.stderr
    assert "INFO" in engine and "WARNING" not in engine
    assert engine.endswith("Engine: the pure-Python engine, as REVERSI_ENGINE=python asks")
    assert [line for line in bot.lines if "Engine: " in line] == [engine]
