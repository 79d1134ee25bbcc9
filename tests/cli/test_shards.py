"""`python -m bot` as two processes, shards 0 and 1 of 2 (`SHARD_COUNT=2`, `SHARD_IDS=0` and `1`):
on one PostgreSQL database, each plays the games of its own server, and one killed mid-move comes
back to finish it while the other plays on. A process claims its shards for as long as it runs,
through restarts of the database, and stops if another process took them meanwhile. (Deadlines,
expiries and what a restart resumes from a database both processes share:
`tests/gameplay/test_shards.py`, on the fake's clock.)
"""

from __future__ import annotations

import asyncio
import signal

import asyncpg
import pytest

from bot import engine
from bot.storage import Storage
from bot.storage.claims import APPLICATION_NAME, CLAIMS
from tests.cli.processes import TIMEOUT, BotProcess, Cli
from tests.cli.test_shutdown import CALLBACK, click_move, shown_ply
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.rest import CLIENT_GONE
from tests.fakediscord.world import Channel, Message, User
from tests.gameplay.play import game_id, legal_names, move_labels
from tests.storage.postgres_server import PostgresServer


@pytest.fixture
async def shared(postgres: PostgresServer) -> str:
    """The one PostgreSQL database both processes work on."""
    return await postgres.fresh_schema()


async def serve(cli: Cli, shard: int, database: str) -> BotProcess:
    return await cli.serve(SHARD_COUNT="2", SHARD_IDS=str(shard), DATABASE_URL=database)


async def start_game(fake: FakeDiscord, channel: Channel, black: User, white: User) -> Message:
    """`black` challenges `white` and plays Black; the invitation becomes the board."""
    invitation = await fake.slash(
        black, "reversi challenge", channel=channel, opponent=white, colour="black"
    ).answered()
    board = invitation.message
    assert board is not None, invitation.content
    await fake.click(white, board, "Accept").answered()
    return board


async def test_two_processes_play_their_servers_and_one_killed_mid_move_finishes_it(
    fake_discord: FakeDiscord, cli: Cli, shared: str
) -> None:
    fake, alice, bob, dave = fake_discord, fake_discord.alice, fake_discord.bob, fake_discord.dave
    assert (await cli.run("sync")).status == 0
    zero = await serve(cli, 0, shared)
    one = await serve(cli, 1, shared)
    assert [s.shard for s in fake.gateway.live] == [(0, 2), (1, 2)]

    here, there = await asyncio.gather(  # "Reversi Club" is on shard 0, "Second Server" on 1
        start_game(fake, fake.general, alice, bob), start_game(fake, fake.lobby, dave, alice)
    )
    games = {here.id: engine.Game(), there.id: engine.Game()}
    players = {here.id: (alice, bob), there.id: (dave, alice)}

    async def moves(board: Message, count: int) -> None:
        game = games[board.id]
        for _ in range(count):
            black, white = players[board.id]
            await click_move(fake, game, board, black if game.turn is engine.Color.BLACK else white)

    await asyncio.gather(moves(here, 2), moves(there, 2))

    # Shard 1's process is killed while Dave's move is stored and its board on its way.
    hold = fake.faults.hold(CALLBACK)
    square = legal_names(games[there.id].position)[0]
    fake.click(dave, there, square)
    async with asyncio.timeout(TIMEOUT):
        await hold.reached()
    await one.kill()
    await moves(here, 2)  # shard 0 plays on meanwhile

    one = await serve(cli, 1, shared)
    async with asyncio.timeout(TIMEOUT):  # it shows the move its predecessor stored
        await fake.wait_until(lambda: shown_ply(there) == 3)
    games[there.id].play(square)
    assert move_labels(there) == legal_names(games[there.id].position)
    hold.release()  # the killed process's answer to the click never arrives
    async with asyncio.timeout(TIMEOUT):
        await fake.wait_until(lambda: any(r.status == CLIENT_GONE for r in fake.requests))
    await asyncio.gather(moves(here, 1), moves(there, 2))  # the old board's buttons work

    async with await Storage.open(shared) as storage:  # what either process reads
        for board in (here, there):
            record = await storage.games.get(game_id(board))
            assert record.transcript == games[board.id].transcript()
            assert record.message_id == board.id
    for process in (zero, one):
        process.signal(signal.SIGTERM)
        stopped = await process.finished()
        assert stopped.status == 0 and "Traceback" not in stopped.stderr, stopped.stderr


async def test_a_shard_already_run_on_the_database_is_refused(
    fake_discord: FakeDiscord, cli: Cli, shared: str
) -> None:
    assert (await cli.run("sync")).status == 0
    zero = await serve(cli, 0, shared)

    again = await cli.run(SHARD_COUNT="2", SHARD_IDS="0-1", DATABASE_URL=shared)
    whole = await cli.run(DATABASE_URL=shared)  # every shard, while shard 0 runs elsewhere

    assert again.status == 2 and "Traceback" not in again.stderr
    assert again.last_line.startswith("Another bot process already runs shard 0 on the database")
    assert whole.status == 2
    assert whole.last_line.startswith("Another bot process already runs shards on the database")
    one = await serve(cli, 1, shared)  # the other shard is free
    for process in (zero, one):
        process.signal(signal.SIGTERM)
        assert (await process.finished()).status == 0


async def test_a_claim_lost_with_a_database_restart_is_taken_again(
    fake_discord: FakeDiscord, cli: Cli, shared: str, postgres: PostgresServer
) -> None:
    fake = fake_discord
    assert (await cli.run("sync")).status == 0
    both = {"SHARD_COUNT": "2", "SHARD_IDS": "0-1", "DATABASE_URL": shared}
    first = await cli.serve(**both)

    await postgres.restart()
    await first.line("Claimed this process's shards again")
    again = await cli.run(**both)

    assert again.status == 2 and "Traceback" not in again.stderr
    assert again.last_line.startswith("Another bot process already runs shard 0 on the database")
    await start_game(fake, fake.general, fake.alice, fake.bob)  # the first plays on
    first.signal(signal.SIGTERM)
    assert (await first.finished()).status == 0  # (asyncpg's pool logs its own retries)


async def test_a_process_whose_shard_is_taken_while_its_claim_is_lost_stops(
    fake_discord: FakeDiscord, cli: Cli, shared: str, postgres: PostgresServer
) -> None:
    assert (await cli.run("sync")).status == 0
    first = await cli.serve(SHARD_COUNT="2", SHARD_IDS="0-1", DATABASE_URL=shared)
    admin = await asyncpg.connect(postgres.url())
    try:
        # In one go, before the process can claim again: its claim's connection ends, and shard
        # 0 is taken as a second process would take it (waiting until the first one's goes).
        await admin.execute(
            f"""
            DO $$ BEGIN
                PERFORM pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE application_name = '{APPLICATION_NAME}';
                PERFORM pg_advisory_lock({CLAIMS}, 1);
            END $$
            """
        )
        stopped = await first.finished()
    finally:
        await admin.close()

    assert stopped.status == 2 and "Traceback" not in stopped.stderr, stopped.stderr
    assert "The connection claiming this process's shards was lost" in stopped.stderr
    assert stopped.last_line.startswith(
        "Another bot process already runs shard 0 on the database"
    ), stopped.stderr
