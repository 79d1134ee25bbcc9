"""`python -m bot [run|sync|check|copy-db|backup|web]`: start the bot, sync its slash commands,
check it loads, copy its data to another database, back up its SQLite database while it runs, or
serve its pages on the web alone.

Every command ends with status 0 when it did its job. A failure ends it with one line on stderr
and status 1 when trying again later may work (Discord unreachable or failing, the database lost
while the bot runs), 2 when something must be fixed first (config, token, database).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
import tempfile
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import replace
from pathlib import Path

import aiohttp
import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.app import create_bot, serve_pages
from bot.config import Config, ConfigError
from bot.engine import native
from bot.lockfile import running_on
from bot.logs import JsonFormatter
from bot.storage import ClaimLostError, StorageError, claimed, copy_database, sqlite_file
from bot.storage.backup import back_up, size_text
from cogs.host import Bot

log = logging.getLogger("bot")

RETRY_LATER, FIX_FIRST = 1, 2

NO_TOKEN = """\
No bot token found, so the bot can't log in to Discord.

To get one: open https://discord.com/developers/applications, create an application (or pick
yours), go to "Bot", press "Reset Token" and copy it. Then {where}
(or set the DISCORD_TOKEN environment variable), and run the bot again. The README explains how
to invite the bot to your server."""
PUT_IN_ENV = "put it after DISCORD_TOKEN= in the .env file in this folder"
COPY_ENV_EXAMPLE = "copy .env.example to .env in this folder and put it after DISCORD_TOKEN="

TOKEN_REFUSED = (
    "Discord refused the bot token (401 Unauthorized). Reset it under Bot at "
    "https://discord.com/developers/applications and put the new one in DISCORD_TOKEN."
)


@asynccontextmanager
async def scratch_bot(config: Config) -> AsyncIterator[Bot]:
    """The bot on a throwaway database. The commands don't depend on the data, so `check` and
    `sync` build them without touching the real database, even while the bot runs on it."""
    with tempfile.TemporaryDirectory() as folder:
        async with create_bot(
            replace(config, database=str(Path(folder) / "scratch.sqlite3"))
        ) as bot:
            yield bot


async def check(config: Config) -> int:
    """Add every feature and build the command tree, without logging in: the token is not
    checked, and the output says so, lest an OK pass for a working setup."""
    async with scratch_bot(config) as bot:
        await bot.setup_hook()
        commands = bot.tree.get_commands()
        for command in commands:
            command.to_dict(bot.tree)
        names = ", ".join(sorted(c.qualified_name for c in commands))
        print(
            f"OK: {len(bot.cogs)} cogs; commands: {names} "
            "(the token was not checked: `python -m bot sync` logs in)"
        )
    return 0


async def sync(config: Config) -> int:
    """Register the slash commands with Discord: to the development server if set, else global."""
    async with scratch_bot(config) as bot:
        await bot.login(config.token or "")  # adds the features (setup_hook)
        synced = await bot.register_commands()
    where = (
        f"server {config.dev_guild_id}"
        if config.dev_guild_id
        else "every server (may take an hour)"
    )
    print(f"Synced {len(synced)} commands to {where}.")
    return 0


async def serve(config: Config) -> int:
    """Run the bot until SIGTERM or SIGINT (Ctrl-C), then stop gracefully (`shut_down`). A
    process that loses its claim on its shards for good stops the same way, then fails with why:
    another process may be running them."""
    log_engine()
    async with AsyncExitStack() as claims:
        file = sqlite_file(config.database)
        if file is not None:  # one bot per SQLite file
            claims.enter_context(running_on(file))
            kept: asyncio.Future[None] = asyncio.get_running_loop().create_future()  # never lost
            held: Callable[[], bool] = always  # its lock file's: held until the process ends
        else:  # processes on one PostgreSQL database run different shards
            ids = config.shards.ids
            keys = [] if ids is None else [shard + 1 for shard in ids]
            claim = await claims.enter_async_context(
                claimed(config.database, keys, shared=ids is not None)
            )
            kept, held = claim.kept, lambda: claim.held
        bot = create_bot(config)
        bot.claim_held = held
        running = asyncio.create_task(bot.start(config.token or ""), name="bot")
        stopping: list[asyncio.Task[None]] = []

        def stop(why: str) -> None:
            if not stopping:
                log.info("%s", why)
                stopping.append(asyncio.create_task(bot.shut_down()))
                # Closed, the run ends even if discord.py is waiting to reconnect.
                stopping[0].add_done_callback(lambda _: running.cancel())

        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stop, f"{signum.name} received")
        lost = False
        try:
            await asyncio.wait([running, kept], return_when=asyncio.FIRST_COMPLETED)
            if not running.done() and not stopping:
                lost = True
                stop("Stopping: the claim on this process's shards is lost")
            await asyncio.wait([running])
        finally:
            await bot.close()
            if stopping:
                await stopping[0]
        if lost:
            kept.result()  # raises why
        if not stopping:
            running.result()  # raises what made the run fail
        elif not running.cancelled() and running.exception() is not None:
            log.debug("The stop cut the start short", exc_info=running.exception())
    log.info("Stopped")
    return 0


def always() -> bool:
    return True


async def serve_web(config: Config) -> int:
    """Serve the pages alone until SIGTERM or SIGINT (Ctrl-C). Only beside bots on PostgreSQL:
    on SQLite the one bot process serves them, and no other process would hear its moves."""
    if config.web_port is None:
        report("Set WEB_PORT, the port to serve the pages on (see the README).")
        return FIX_FIRST
    if sqlite_file(config.database) is not None:
        report(
            "python -m bot web needs PostgreSQL: serve the pages from the bot's own process "
            "on SQLite."
        )
        return FIX_FIRST
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    async with serve_pages(config, config.web_port):
        await stop.wait()
    log.info("Stopped")
    return 0


def log_engine() -> None:
    """Say once which engine plays: a native core that could not be built is worth a warning,
    since the computer then plays more slowly."""
    missing = native.core is None and native.built() is None
    log.log(logging.WARNING if missing else logging.INFO, "Engine: %s", native.description)


async def copy_db(source: str, target: str) -> int:
    """Copy every row from one database to another (SQLite to PostgreSQL or back), checked."""
    print(await copy_database(source, target))
    return 0


PROGRESS_FROM = 100 * 10**6
"""Bytes from which a backup reports its progress: a copy of this size takes a second or more."""
BACKUP_NICENESS = 10
"""A backup runs at a lower priority than the bot, as its searches do: when the machine is busy,
answering players comes first and the copy takes a little longer."""


def backup(config: Config, file: Path, *, force: bool) -> int:
    """Back up the SQLite database to `file` while the bot may run on it, checked; on a big
    database, say how far it has got every tenth of the way (the check takes about as long as
    the copy). It runs without an event loop, whose
    Ctrl-C would wait for the copy's end: here Ctrl-C stops it between two of its steps."""
    if hasattr(os, "nice"):
        os.nice(BACKUP_NICENESS)
    shown = 0

    def progress(copied: int, size: int) -> None:
        nonlocal shown
        tenths = 10 * copied // size
        if size >= PROGRESS_FROM and tenths > shown:
            shown = tenths
            then = "; checking the copy" if copied == size else ""
            print(f"{10 * tenths}% ({size_text(copied)} of {size_text(size)}){then}", flush=True)

    print(back_up(config.database, file, force=force, progress=progress))
    return 0


def point_discord_py_at(config: Config) -> None:
    """Send discord.py's requests to the configured REST base and gateway, if any."""
    if config.api_url is not None:
        Route.BASE = config.api_url
    if config.gateway_url is not None:
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway_url)


def explain(error: Exception) -> tuple[str, int]:
    """The line to print for a command's failure, and its exit status."""
    if isinstance(error, discord.LoginFailure):
        return TOKEN_REFUSED, FIX_FIRST
    if isinstance(error, ClaimLostError):
        return str(error), RETRY_LATER
    if isinstance(error, StorageError):
        return str(error), FIX_FIRST
    if isinstance(error, aiohttp.ClientError | TimeoutError):
        return f"Cannot reach Discord at {Route.BASE}: {error}", RETRY_LATER
    if isinstance(
        error, discord.HTTPException | discord.ConnectionClosed | discord.GatewayNotFound
    ):
        return f"Discord answered with an error: {error}", RETRY_LATER
    return f"Unexpected error: {error!r} (LOG_LEVEL=DEBUG shows where)", RETRY_LATER


def finish(command: Callable[[], int]) -> int:
    """Run a command to its exit status; a failure becomes one line on stderr."""
    try:
        return command()
    except KeyboardInterrupt:
        return 130
    except Exception as error:
        log.debug("The command failed", exc_info=error)
        message, status = explain(error)
        report(message)
        return status


def set_up_logging(config: Config) -> None:
    """Log to stderr at the configured level: discord.py's readable lines, or JSON ones, Python's
    warnings among them, so that every line is one."""
    level = logging.getLevelNamesMapping()[config.log_level]
    if config.log_format == "json":
        discord.utils.setup_logging(formatter=JsonFormatter(), level=level, root=True)
        logging.captureWarnings(True)
    else:
        discord.utils.setup_logging(level=level, root=True)


def report(failure: str) -> None:
    """Say on stderr why a command failed: a plain line, or a JSON line among JSON ones."""
    if any(isinstance(h.formatter, JsonFormatter) for h in logging.getLogger().handlers):
        log.critical("%s", failure)
    else:
        print(failure, file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument(
        "command",
        nargs="?",
        default="run",
        choices=["run", "sync", "check", "copy-db", "backup", "web"],
    )
    parser.add_argument(
        "source", nargs="?", help="copy-db: the database to copy from; backup: the file to write"
    )
    parser.add_argument("target", nargs="?", help="copy-db: an empty database to copy into")
    parser.add_argument(
        "--force",
        action="store_true",
        help="backup: replace the file if it exists, once the new copy has passed its check",
    )
    args = parser.parse_intermixed_args(argv)
    given = [name for name in (args.source, args.target) if name is not None]
    if len(given) != {"copy-db": 2, "backup": 1}.get(args.command, 0):
        parser.error(
            "copy-db takes SOURCE_URL and TARGET_URL, backup takes FILE; the other commands "
            "take none"
        )
    if args.force and args.command != "backup":
        parser.error("--force is for backup alone")
    try:
        config = Config.load()
    except ConfigError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return FIX_FIRST
    point_discord_py_at(config)
    native.select(config.engine)
    if args.command in ("run", "web") or config.log_level == "DEBUG":  # the others print
        set_up_logging(config)
    if args.command == "check":
        return finish(lambda: asyncio.run(check(config)))
    if args.command == "copy-db":
        return finish(lambda: asyncio.run(copy_db(args.source, args.target)))
    if args.command == "backup":
        return finish(lambda: backup(config, Path(args.source), force=args.force))
    if args.command == "web":
        return finish(lambda: asyncio.run(serve_web(config)))
    if config.token is None:
        where = PUT_IN_ENV if Path(".env").is_file() else COPY_ENV_EXAMPLE
        report(NO_TOKEN.format(where=where))
        return FIX_FIRST
    return finish(lambda: asyncio.run(sync(config) if args.command == "sync" else serve(config)))


if __name__ == "__main__":
    raise SystemExit(main())
