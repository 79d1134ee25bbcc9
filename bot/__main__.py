"""`python -m bot [run|sync|check]`: start the bot, sync its slash commands, or check it loads."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import discord

from bot.client import create_bot
from bot.config import Settings, SettingsError

NO_TOKEN = """\
No bot token found, so the bot can't log in to Discord.

To get one: open https://discord.com/developers/applications, create an application (or pick
yours), go to "Bot", press "Reset Token" and copy it. Then copy .env.example to .env in this
folder and put the token after DISCORD_TOKEN= (or set the DISCORD_TOKEN environment variable),
and run the bot again. The README explains how to invite the bot to your server."""


async def check(settings: Settings) -> int:
    """Load every extension and build the command tree, without logging in."""
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(replace(settings, database_path=Path(folder) / "check.sqlite3"))
        async with bot:
            await bot.setup_hook()
            commands = bot.tree.get_commands()
            for command in commands:
                command.to_dict(bot.tree)
            names = ", ".join(sorted(c.qualified_name for c in commands))
            print(f"OK: {len(bot.extensions)} extensions; commands: {names}")
    return 0


async def sync(settings: Settings) -> int:
    """Register the slash commands with Discord: to the development server if set, else global."""
    bot = create_bot(settings)
    async with bot:
        await bot.login(settings.token or "")
        await bot.setup_hook()
        guild = discord.Object(settings.dev_guild_id) if settings.dev_guild_id else None
        if guild is not None:
            bot.tree.copy_global_to(guild=guild)
        synced = await bot.tree.sync(guild=guild)
        where = f"server {settings.dev_guild_id}" if guild else "every server (may take an hour)"
        print(f"Synced {len(synced)} commands to {where}.")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("command", nargs="?", default="run", choices=["run", "sync", "check"])
    args = parser.parse_args(argv)
    try:
        settings = Settings.load()
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    if args.command == "check":
        return asyncio.run(check(settings))
    if settings.token is None:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    if args.command == "sync":
        return asyncio.run(sync(settings))
    bot = create_bot(settings)
    level = logging.getLevelNamesMapping()[settings.log_level]
    bot.run(settings.token, log_level=level, root_logger=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
