"""`python -m bot` starting as a newcomer meets it: the log says nothing alarming about what the bot
doesn't use (voice), then one line that it is ready, with the link that invites it."""

from __future__ import annotations

import copy
import re
import signal

from tests.cli.processes import Cli
from tests.cli.test_commands import COMMANDS, registered
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
    warnings = logged(stopped.stderr.splitlines(), "WARNING")
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


async def started(cli: Cli, **settings: str) -> list[str]:
    """Start the bot until it is ready, stop it; the lines it logged."""
    bot = await cli.serve(**settings)
    await bot.line("Ready as ")
    bot.signal(signal.SIGTERM)
    stopped = await bot.finished()
    assert stopped.status == 0, stopped.stderr
    return [line for line in stopped.stderr.splitlines() if "Engine: " not in line]


def logged(lines: list[str], level: str) -> list[str]:
    """The lines logged at `level`, in discord.py's plain format or its coloured one."""
    plain = [(line, re.sub(r"\x1b\[[0-9;]*m", "", line)) for line in lines]
    return [line for line, text in plain if f"[{level:<8}]" in text or f" {level} " in text]


async def test_a_first_start_registers_the_commands_and_says_so(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    """Nothing registered: the bot does what `sync` would, so a newcomer who skipped it has
    `/reversi`; the next start finds them and leaves them alone."""
    lines = await started(cli)

    commands = fake_discord.world.commands
    assert list(commands) == [None] and registered(commands[None]) == COMMANDS
    (told,) = [line for line in lines if "slash commands" in line]
    assert told in logged(lines, "INFO") and told.endswith(
        "Registered the 3 slash commands for every server"
    )
    assert logged(lines, "WARNING") == []
    versions = [command["version"] for command in commands[None]]

    lines = await started(cli)
    assert [line for line in lines if "slash commands" in line] == []
    assert [command["version"] for command in commands[None]] == versions


async def test_a_first_start_with_a_dev_guild_registers_them_there(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    guild = fake_discord.guild
    lines = await started(cli, DEV_GUILD_ID=str(guild.id))

    commands = fake_discord.world.commands
    assert list(commands) == [guild.id] and registered(commands[guild.id]) == COMMANDS
    assert any(
        line.endswith(f"Registered the 3 slash commands for server {guild.id}") for line in lines
    )


async def test_commands_of_another_version_are_left_alone_with_one_warning(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    """Another version's commands (here a description changed, then a command missing) may be
    another process's: the bot says what to run, and changes nothing."""
    assert (await cli.run("sync")).status == 0
    commands = fake_discord.world.commands
    (reversi,) = (c for c in commands[None] if c["name"] == "reversi")
    reversi["options"][0]["description"] = "An older description"
    older = copy.deepcopy(commands[None])

    for _ in range(2):
        lines = await started(cli)
        (warning,) = logged(lines, "WARNING")
        assert warning.endswith(
            "The slash commands registered for every server are not this version's: run "
            "`python -m bot sync` to update them"
        )
        assert commands[None] == older
        older = [c for c in older if c["name"] != "Reversi stats"]
        commands[None] = copy.deepcopy(older)


async def test_a_start_that_cannot_check_the_commands_says_so_and_runs_on(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    fake_discord.faults.fail(
        "GET /applications/{application_id}/commands",
        status=403,
        code=50001,
        message="Missing Access",
    )
    lines = await started(cli)

    (warning,) = logged(lines, "WARNING")
    assert "Could not check the slash commands registered for every server: 403" in warning
    assert fake_discord.world.commands == {}
