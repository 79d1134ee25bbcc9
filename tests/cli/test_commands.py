"""`python -m bot check` and `python -m bot sync`, run as an admin runs them (README, "Run it")."""

from __future__ import annotations

from typing import Any

from tests.cli.processes import Cli
from tests.fakediscord.driver import FakeDiscord

CHAT_INPUT, USER = 1, 2
COMMANDS = {("reversi", CHAT_INPUT), ("Challenge to Reversi", USER), ("Reversi stats", USER)}
# The README's commands, each a subcommand (or group) of /reversi.
SUBCOMMANDS = {
    "challenge",
    "play-bot",
    "move",
    "hint",
    "resign",
    "board",
    "leaderboard",
    "stats",
    "h2h",
    "history",
    "game",
    "games",
    "live",
    "review",
    "notify",
    "language",
    "rules",
    "help",
    "forget-me",
    "settings",
    "admin",
    "tournament",
    "puzzle",
}


def registered(commands: list[dict[str, Any]]) -> set[tuple[str, int]]:
    return {(c["name"], c["type"]) for c in commands}


def subcommands(commands: list[dict[str, Any]]) -> set[str]:
    (reversi,) = (c for c in commands if c["name"] == "reversi")
    return {option["name"] for option in reversi["options"]}


async def test_check_builds_every_command_and_says_it_did_not_check_the_token(cli: Cli) -> None:
    done = await cli.run("check", DISCORD_TOKEN="", DISCORD_API_URL="http://127.0.0.1:9/api/v10")

    assert done.status == 0, done.stderr
    assert done.stdout == (
        "OK: 15 cogs; commands: Challenge to Reversi, Reversi stats, reversi "
        "(the token was not checked: `python -m bot sync` logs in)\n"
    )
    assert not cli.database.exists()


async def test_sync_registers_the_commands_for_every_server(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    done = await cli.run("sync")

    assert done.status == 0, done.stderr
    assert done.stdout == "Synced 3 commands to every server (may take an hour).\n"
    assert "Traceback" not in done.stderr
    commands = fake_discord.world.commands
    assert list(commands) == [None]
    assert registered(commands[None]) == COMMANDS
    assert subcommands(commands[None]) == SUBCOMMANDS
    # Built on a scratch database: the bot's own is left alone, so sync works while it runs.
    assert not cli.database.exists()


async def test_sync_with_a_dev_guild_registers_them_in_that_server_only(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    guild = fake_discord.guild

    done = await cli.run("sync", DEV_GUILD_ID=str(guild.id))

    assert done.status == 0, done.stderr
    assert done.stdout == f"Synced 3 commands to server {guild.id}.\n"
    commands = fake_discord.world.commands
    assert list(commands) == [guild.id]
    assert registered(commands[guild.id]) == COMMANDS
    assert subcommands(commands[guild.id]) == SUBCOMMANDS
