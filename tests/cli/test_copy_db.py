"""`python -m bot copy-db SOURCE TARGET`: a deployment moves from SQLite to PostgreSQL, checked, and
the bot runs on its copy; a target with data is refused and left as it was."""

from __future__ import annotations

import signal

from bot.storage import Storage
from tests.cli.processes import Cli
from tests.gameplay.play import game_id
from tests.storage.postgres_server import PostgresServer


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
