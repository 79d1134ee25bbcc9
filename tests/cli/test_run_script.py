"""`./run`, the script `make run` runs and a service manager can start: it installs the bot into
.venv when that is needed, then becomes the bot, so that its exit status is the bot's own (0
stopped, 1 try again later, 2 fix something first) and a signal reaches the bot. Here .venv is
already installed: its python is the tests' own."""

from __future__ import annotations

import os
import shutil
import signal
import sys
from pathlib import Path

import pytest

from tests.cli.processes import CHECKOUT, Cli, Finished, closed_port


def installed_copy(folder: Path) -> Path:
    """The script and what it reads in `folder`, with a .venv that make finds up to date."""
    names = ("run", "Makefile", "pyproject.toml", "setup.py")
    for name in names:
        shutil.copy2(CHECKOUT / name, folder / name)
    python = folder / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    stamp = folder / ".venv" / ".installed"
    stamp.touch()
    newer = max((folder / name).stat().st_mtime for name in names) + 1
    os.utime(stamp, (newer, newer))
    return folder / "run"


async def run_script(cli: Cli, **settings: str) -> Finished:
    return await (await cli.start_program(str(installed_copy(cli.folder)), **settings)).finished()


async def test_no_token_ends_with_status_2_and_only_the_bots_words(cli: Cli) -> None:
    done = await run_script(cli, DISCORD_TOKEN="")

    assert done.status == 2
    assert done.stderr.startswith("No bot token found, so the bot can't log in to Discord.")
    assert "make:" not in done.stderr and done.stdout == ""


async def test_discord_unreachable_ends_with_status_1(cli: Cli) -> None:
    done = await run_script(cli, DISCORD_API_URL=f"http://127.0.0.1:{closed_port()}/api/v10")

    assert done.status == 1
    assert "make:" not in done.stderr
    assert done.last_line.startswith("Cannot reach Discord at http://127.0.0.1:")


@pytest.mark.usefixtures("fake_discord")
async def test_sigterm_stops_the_bot_it_became_with_status_0(cli: Cli) -> None:
    bot = await cli.start_program(str(installed_copy(cli.folder)))
    await bot.line("Ready as ")

    bot.signal(signal.SIGTERM)
    stopped = await bot.finished()

    assert stopped.status == 0, stopped.stderr
    assert "Stopped" in stopped.stderr.splitlines()[-1]
