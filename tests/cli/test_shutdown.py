"""`python -m bot` stops as systemd or docker stop it (SIGTERM) or as Ctrl-C does (SIGINT to the
whole process group): what is in flight finishes, nothing new starts, everything closes, status 0.
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from bot import engine
from bot.storage import Storage
from tests.cli.processes import TIMEOUT, Cli, closed_port
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.world import Message, User
from tests.gameplay.play import game_id, legal_names, move_labels

CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"


def shown_ply(board: Message) -> int:
    """The ply the board's move buttons were made for (`reversi:move:<game>:<ply>:<square>`)."""
    plies = {
        int((b.custom_id or "").split(":")[3])
        for b in board.buttons
        if (b.custom_id or "").startswith("reversi:move:")
    }
    assert len(plies) == 1, plies
    return plies.pop()


async def click_move(fake: FakeDiscord, game: engine.Game, board: Message, user: User) -> None:
    """`user` clicks the first legal move; the board shows the position after it."""
    square = legal_names(game.position)[0]
    reply = await fake.click(user, board, square).answered()
    assert not reply.late and reply.message is board
    game.play(square)
    assert move_labels(board) == legal_names(game.position)


async def test_sigterm_mid_move_finishes_it_and_the_game_goes_on_after_a_restart(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    fake, alice, bob = fake_discord, fake_discord.alice, fake_discord.bob
    assert (await cli.run("sync")).status == 0
    bot = await cli.serve()
    challenge = await fake.slash(
        alice, "reversi challenge", opponent=bob, colour="black"
    ).answered()
    board = challenge.message
    assert board is not None, challenge.content
    await fake.click(bob, board, "Accept").answered()
    game = engine.Game()
    await click_move(fake, game, board, alice)
    await click_move(fake, game, board, bob)

    # Alice's move is stored and its board is on its way to Discord when SIGTERM comes.
    hold = fake.faults.hold(CALLBACK)
    square = legal_names(game.position)[0]
    move = fake.click(alice, board, square)
    async with asyncio.timeout(TIMEOUT):
        await hold.reached()
    bot.signal(signal.SIGTERM)
    await bot.line("Stopping: finishing")
    ignored = fake.click(bob, board, "Abort")
    await bot.line("Ignored an interaction: the bot is stopping")
    hold.release()
    stopped = await bot.finished()

    assert stopped.status == 0, stopped.stderr
    assert "Traceback" not in stopped.stderr
    assert not (await move.answered()).late
    assert not ignored.record.acknowledged  # Discord tells Bob it failed; he clicks again later
    game.play(square)
    assert shown_ply(board) == 3 and move_labels(board) == legal_names(game.position)
    async with await Storage.open(cli.database) as storage:
        record = await storage.games.get(game_id(board))
    assert record.transcript == game.transcript() and record.message_id == board.id

    # A new bot on the same database carries on from the same board message.
    bot = await cli.serve()
    await click_move(fake, game, board, bob)
    assert shown_ply(board) == 4
    bot.signal(signal.SIGTERM)
    assert (await bot.finished()).status == 0
    async with await Storage.open(cli.database) as storage:
        assert (await storage.games.get(game_id(board))).transcript == game.transcript()


async def test_ctrl_c_stops_the_bot_and_its_worker_processes(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    fake = fake_discord
    assert (await cli.run("sync")).status == 0
    bot = await cli.serve()
    await fake.slash(fake.alice, "reversi play-bot", level=1, colour="white").answered()
    async with asyncio.timeout(TIMEOUT):  # the bot plays Black: its first move comes from a worker
        await fake.wait_until(lambda: bot_moved(fake))

    pool = workers(bot.pid)
    assert pool

    bot.signal(signal.SIGINT, group=True)  # a terminal sends Ctrl-C to every process of the bot
    stopped = await bot.finished()

    assert stopped.status == 0, stopped.stderr
    assert "Traceback" not in stopped.stderr
    assert not pool & workers(bot.pid)  # the bot shut its pool down before it ended


async def test_sigterm_ends_the_wait_for_an_unreachable_gateway(cli: Cli) -> None:
    bot = await cli.start(DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{closed_port()}/gateway")
    # Logged in over REST, discord.py retries the gateway every few seconds.
    await bot.line("Failed to connect for shard_id: 0. Retrying")

    bot.signal(signal.SIGTERM)

    assert (await bot.finished()).status == 0


def workers(group: int) -> set[int]:
    """The running worker processes (`multiprocessing.spawn`) of a process group (Linux)."""
    found = set()
    for folder in Path("/proc").glob("[0-9]*"):
        try:
            state, _, pgid = (folder / "stat").read_text().rsplit(")", 1)[1].split()[:3]
            command = (folder / "cmdline").read_bytes()
        except OSError:  # ended meanwhile
            continue
        if int(pgid) == group and state != "Z" and b"multiprocessing.spawn" in command:
            found.add(int(folder.name))
    return found


def bot_moved(fake: FakeDiscord) -> bool:
    """The board offers its player moves: the bot has played its first."""
    boards = [m for m in fake.messages(fake.general) if m.content.startswith("**Reversi**")]
    return bool(boards) and bool(move_labels(boards[-1])) and shown_ply(boards[-1]) == 1
