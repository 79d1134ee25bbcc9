"""`python -m bot copy-db SOURCE TARGET`: a deployment moves from SQLite to PostgreSQL, checked, and
the bot runs on its copy; a target with data is refused and left as it was, and so is a source
that is no bot's database, a database given as its own target, or a URL the driver can't read."""

from __future__ import annotations

import signal

import pytest

from bot.storage import Storage
from tests.cli.processes import Cli, Finished
from tests.gameplay.play import game_id
from tests.storage.postgres_server import PostgresServer
from tests.storage.test_migrations import stored_version


async def test_copy_db_moves_everything_and_refuses_a_target_with_data(
    cli: Cli, postgres: PostgresServer
) -> None:
    fake = cli.fake
    assert (await cli.run("sync")).status == 0
    bot = await cli.serve()
    invitation = await fake.slash(
        fake.alice, "reversi challenge", opponent=fake.bob, colour="black"
    ).answered()
    assert invitation.message is not None
    await fake.click(fake.bob, invitation.message, "Accept").answered()
    await fake.click(fake.alice, invitation.message, "d3").answered()
    bot.signal(signal.SIGTERM)
    assert (await bot.finished()).status == 0
    target = await postgres.fresh_schema()

    copied = await cli.run("copy-db", f"sqlite:///{cli.database}", target)

    assert copied.status == 0, copied.stderr
    assert "games 1, challenges 1" in copied.stdout, copied.stdout
    assert "contents match" in copied.stdout
    async with await Storage.open(target) as storage:
        record = await storage.games.get(game_id(invitation.message))
    assert record.transcript == "d3" and record.active

    again = await cli.run("copy-db", str(cli.database), target)
    assert again.status == 2 and "Traceback" not in again.stderr
    assert again.stderr.strip().splitlines()[-1].startswith("The database at ")
    assert "already holds rows (1 in games" in again.stderr


def assert_refused(done: Finished, line: str) -> None:
    assert done.status == 2, done.stderr
    assert done.last_line == line, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


async def test_copy_db_refuses_a_source_that_is_no_bots_database(
    cli: Cli, postgres: PostgresServer
) -> None:
    target = await postgres.fresh_schema()
    empty = await postgres.fresh_schema()

    typo = await cli.run("copy-db", "sqlite:///typo.sqlite3", target)
    other = await cli.run("copy-db", empty, target)

    assert_refused(typo, "Cannot open the database at typo.sqlite3: there is no such file.")
    assert not (cli.folder / "typo.sqlite3").exists()
    assert_refused(other, f"The database at {empty} is not the bot's: it has none of its tables.")
    assert await stored_version(target) is None  # the target was never opened


async def test_copy_db_refuses_to_copy_a_database_onto_itself(cli: Cli) -> None:
    async with await Storage.open(cli.folder / "a.sqlite3"):
        pass

    done = await cli.run("copy-db", "sqlite:///a.sqlite3", "a.sqlite3")

    assert_refused(
        done,
        "sqlite:///a.sqlite3 is both the source and the target: copy into another, empty database.",
    )


@pytest.mark.parametrize("side", ["source", "target"])
async def test_copy_db_refuses_a_malformed_url(cli: Cli, side: str) -> None:
    async with await Storage.open(cli.database):
        pass
    url = "postgresql://bot:hunter2@[::1/reversi"
    urls = (url, str(cli.database)) if side == "source" else (str(cli.database), url)

    done = await cli.run("copy-db", *urls)

    assert_refused(
        done,
        "Cannot open the database at postgresql://bot:***@[::1/reversi: the URL is malformed "
        "(Invalid IPv6 URL).",
    )
