"""Every way `python -m bot` and `python -m bot sync` can fail to start ends the same way: one line
saying what is wrong on stderr, a non-zero status (1: try again later, 2: fix something first),
no traceback, and no process left hanging (the database thread and the worker pool closed)."""

from __future__ import annotations

import signal
import sqlite3

import pytest

from bot.storage.migrations import MIGRATIONS
from tests.cli.processes import Cli, Finished, closed_port
from tests.fakediscord.driver import FakeDiscord


def assert_failed(done: Finished, status: int, line: str) -> None:
    assert done.status == status, done.stderr
    assert done.last_line == line, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize("command", ["run", "sync"])
async def test_a_refused_token(cli: Cli, command: str) -> None:
    done = await cli.run(command, DISCORD_TOKEN="not-the-token")

    assert_failed(
        done,
        2,
        "Discord refused the bot token (401 Unauthorized). Reset it under Bot at "
        "https://discord.com/developers/applications and put the new one in DISCORD_TOKEN.",
    )


@pytest.mark.parametrize("command", ["run", "sync"])
async def test_discord_unreachable(cli: Cli, command: str) -> None:
    api = f"http://127.0.0.1:{closed_port()}/api/v10"

    done = await cli.run(command, DISCORD_API_URL=api)

    assert done.last_line.startswith(f"Cannot reach Discord at {api}: Cannot connect to host")
    assert_failed(done, 1, done.last_line)


async def test_a_database_path_that_cannot_be_written(cli: Cli) -> None:
    blocker = cli.folder / "not-a-folder"
    blocker.write_text("")
    database = blocker / "reversi.sqlite3"

    done = await cli.run(DATABASE_PATH=str(database))

    assert done.last_line.startswith(f"Cannot open the database at {database}: ")
    assert_failed(done, 2, done.last_line)


MALFORMED_URLS = [
    pytest.param(
        "postgresql://bot:hunter2@[::1/reversi",
        "postgresql://bot:***@[::1/reversi: the URL is malformed (Invalid IPv6 URL)",
        id="unclosed-bracket",
    ),
    pytest.param(
        "postgresql://bot@localhost:99999/reversi",
        "postgresql://bot@localhost:99999/reversi: port 99999 is not a number from 1 to 65535",
        id="port-out-of-range",
    ),
    pytest.param(
        "postgresql://bot@localhost:abc/reversi",
        "postgresql://bot@localhost:abc/reversi: port abc is not a number from 1 to 65535",
        id="port-not-a-number",
    ),
]
"""Database URLs the driver can't read, each with what the line about it says after "at"."""


@pytest.mark.parametrize(("url", "problem"), MALFORMED_URLS)
async def test_a_malformed_database_url(cli: Cli, url: str, problem: str) -> None:
    done = await cli.run(DATABASE_URL=url)

    assert_failed(done, 2, f"Cannot open the database at {problem}.")


async def test_a_database_from_a_newer_version_of_the_bot(cli: Cli) -> None:
    with sqlite3.connect(cli.database) as conn:
        conn.execute("PRAGMA user_version = 99")

    done = await cli.run()

    assert_failed(
        done,
        2,
        f"The database uses schema version 99, but this version of the bot only knows up to "
        f"{len(MIGRATIONS)}. Upgrade the bot or point it at another database file.",
    )


async def test_a_second_bot_on_the_same_database_is_refused_while_sync_still_works(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    first = await cli.serve()

    second = await cli.run()
    synced = await cli.run("sync")

    assert_failed(
        second,
        2,
        f"Another bot is already running on the database at {cli.database}. Stop it first, or "
        "set DATABASE_PATH to another file.",
    )
    assert len(fake_discord.gateway.sessions) == 1  # the second bot never connected
    assert synced.status == 0, synced.stderr
    first.signal(signal.SIGTERM)
    assert (await first.finished()).status == 0
    assert (await cli.run("sync")).status == 0


@pytest.mark.parametrize(
    ("settings", "line"),
    [
        (
            {"DISCORD_GATEWAY_URL": "https://gateway.discord.gg"},
            "Configuration error: DISCORD_GATEWAY_URL must be a URL starting with ws:// or "
            "wss://, not 'https://gateway.discord.gg'.",
        ),
        (
            {"DEV_GUILD_ID": "my-server"},
            "Configuration error: DEV_GUILD_ID must be a numeric server id, not 'my-server'.",
        ),
    ],
    ids=["gateway-url", "dev-guild-id"],
)
async def test_bad_settings(cli: Cli, settings: dict[str, str], line: str) -> None:
    assert_failed(await cli.run(**settings), 2, line)


async def test_no_token_explains_where_to_get_one(cli: Cli) -> None:
    done = await cli.run(DISCORD_TOKEN="")

    assert done.status == 2
    assert done.stderr.startswith("No bot token found, so the bot can't log in to Discord.")
    assert "Then copy .env.example to .env in this folder and put it after DISCORD_TOKEN=" in (
        done.stderr
    )
    assert "Traceback" not in done.stderr


async def test_no_token_in_an_existing_env_file_says_to_put_it_there(cli: Cli) -> None:
    (cli.folder / ".env").write_text("DISCORD_TOKEN=\n")
    done = await cli.run(DISCORD_TOKEN="")

    assert done.status == 2
    assert "Then put it after DISCORD_TOKEN= in the .env file in this folder" in done.stderr
    assert ".env.example" not in done.stderr
