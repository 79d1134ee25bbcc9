"""`python -m bot backup FILE`: a consistent, checked copy of the SQLite database, made while the
bot runs and players move. Every move stored before it began is in the copy, a bot starts on the
copy and plays on, and the running bot loses nothing; a FILE that exists, a PostgreSQL database
and a FILE that can't be written are refused in one line; a big backup says how far it has got."""

from __future__ import annotations

import asyncio
import re
import signal
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

import bot.__main__ as command
from bot import engine
from bot.storage import Storage
from bot.storage import backup as backup_module
from bot.storage.backup import size_text
from bot.storage.migrations import MIGRATIONS
from tests.cli.processes import TIMEOUT, Cli, Finished
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.world import Channel, Message, User
from tests.gameplay.play import game_id, legal_names, move_labels, to_move

GAMES = 3
PLIES = 50
"""Moves a game's burst stops at: the game has at least two more to go."""


class Table:
    """A game in progress in a channel of its own, as the players have seen it go."""

    def __init__(self, channel: Channel, black: User, white: User, board: Message) -> None:
        self.channel, self.black, self.white, self.board = channel, black, white, board
        self.game = engine.Game()
        self.id = game_id(board)

    async def move(self, fake: FakeDiscord) -> None:
        """The player to move clicks their first legal move and is answered: it is stored.
        Returns once the board shows the next move's buttons (an answer deferred on a loaded
        machine brings them in an edit of its own)."""
        square = legal_names(self.game.position)[0]
        user = to_move(self.game, self.black, self.white)
        reply = await fake.click(user, self.board, label=square).answered()
        assert not reply.late and not reply.ephemeral, reply.content
        self.game.play(square)
        async with asyncio.timeout(TIMEOUT):
            await fake.wait_until(
                lambda: move_labels(self.board) == legal_names(self.game.position)
            )


async def new_table(fake: FakeDiscord, index: int) -> Table:
    channel = fake.add_text_channel(f"table-{index}")
    black, white = fake.add_user(f"black-{index}"), fake.add_user(f"white-{index}")
    challenge = await fake.slash(
        black, "reversi challenge", channel=channel, opponent=white, colour="black"
    ).answered()
    assert challenge.message is not None, challenge.content
    await fake.click(white, challenge.message, label="Accept").answered()
    return Table(channel, black, white, challenge.message)


def stored_transcripts(database: Path) -> dict[int, str]:
    with closing(sqlite3.connect(database)) as connection:
        return dict(connection.execute("SELECT id, transcript FROM games"))


async def test_a_backup_during_a_burst_of_moves_holds_every_move_stored_before_it(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    fake = fake_discord
    assert (await cli.run("sync")).status == 0
    bot = await cli.serve()
    tables = [await new_table(fake, index) for index in range(GAMES)]
    under_way, backup_ended = asyncio.Event(), asyncio.Event()

    async def keep_moving(table: Table) -> None:
        """Moves one after the other until the backup has ended (or the game is near its end),
        then two more."""
        while not backup_ended.is_set() and len(table.game) < PLIES:
            await table.move(fake)
            if all(len(table.game) >= 4 for table in tables):
                under_way.set()
        await backup_ended.wait()
        for _ in range(2):
            await table.move(fake)

    burst = [asyncio.create_task(keep_moving(table)) for table in tables]
    await under_way.wait()
    before = {table.id: table.game.transcript() for table in tables}  # answered, so stored
    backup = await cli.start("backup", "copy.sqlite3")
    done = await backup.finished()
    backup_ended.set()
    moved_meanwhile = [len(table.game) > len(before[table.id]) // 2 for table in tables]
    await asyncio.gather(*burst)
    bot.signal(signal.SIGTERM)
    assert (await bot.finished()).status == 0

    assert done.status == 0, done.stderr
    assert any(moved_meanwhile)
    assert re.fullmatch(
        rf"Backed up {re.escape(str(cli.database))} to copy\.sqlite3: [\d.]+ [kM]B in [\d.]+ s; "
        r"integrity check ok\.\n",
        done.stdout,
    ), done.stdout
    copy = cli.folder / "copy.sqlite3"
    with closing(sqlite3.connect(copy)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert connection.execute("PRAGMA user_version").fetchone() == (len(MIGRATIONS),)
    live, copied = stored_transcripts(cli.database), stored_transcripts(copy)
    for table in tables:
        assert live[table.id] == table.game.transcript()  # the running bot lost nothing
        assert copied[table.id].startswith(before[table.id])
        assert live[table.id].startswith(copied[table.id])  # one moment of the database
        assert len(copied[table.id]) < len(live[table.id])

    # A bot started on the copy has each game as the copy has it, and plays on.
    copy_bot = await cli.serve(DATABASE_PATH=str(copy))
    for table in tables:
        game = engine.Game.from_transcript(copied[table.id])
        shown = await fake.slash(table.black, "reversi board", channel=table.channel).answered()
        assert shown.content == "Here's the board again.", shown.content
        async with asyncio.timeout(TIMEOUT):
            await fake.wait_until(lambda t=table: fake.last_message(t.channel) is not t.board)
        board = fake.last_message(table.channel)
        assert move_labels(board) == legal_names(game.position)
        table.board, table.game = board, game
        await table.move(fake)
    copy_bot.signal(signal.SIGTERM)
    assert (await copy_bot.finished()).status == 0
    assert stored_transcripts(copy) == {table.id: table.game.transcript() for table in tables}


def assert_refused(done: Finished, line: str) -> None:
    assert done.status == 2, done.stderr
    assert done.stderr.splitlines() == [line], done.stderr
    assert done.stdout == ""


async def test_a_backup_refuses_a_file_that_exists_postgresql_and_a_file_it_cant_write(
    cli: Cli,
) -> None:
    async with await Storage.open(cli.database):
        pass
    existing = cli.folder / "old.sqlite3"
    existing.write_bytes(b"last night's backup")

    exists, postgresql, unwritable, forced = await asyncio.gather(
        cli.run("backup", "old.sqlite3"),
        cli.run("backup", "reversi.dump", DATABASE_URL="postgresql://bot:secret@db/reversi"),
        cli.run("backup", "missing/backup.sqlite3"),
        cli.run("backup", "--force", "forced.sqlite3"),
    )

    assert_refused(
        exists,
        "old.sqlite3 already exists: back up to a new file, or add --force to replace it once "
        "the new copy has passed its check.",
    )
    assert existing.read_bytes() == b"last night's backup"
    assert_refused(
        postgresql,
        "The database is on PostgreSQL: back it up with its own tool, pg_dump --format=custom "
        '--file=reversi.dump "$DATABASE_URL" (pg_restore --dbname="$DATABASE_URL" reversi.dump '
        "restores it into an empty database).",
    )
    assert_refused(
        unwritable, "Cannot write the backup to missing/backup.sqlite3: No such file or directory."
    )
    assert forced.status == 0 and "to forced.sqlite3" in forced.stdout, forced.stderr
    assert sorted(path.name for path in cli.folder.iterdir()) == [
        "forced.sqlite3",
        "old.sqlite3",
        "reversi.sqlite3",
    ]


async def test_a_big_backup_says_how_far_it_has_got(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every tenth of the way, then what it does last (run in this process, on a database
    counted big from its first byte, copied a few pages a step)."""
    async with await Storage.open(tmp_path / "reversi.sqlite3"):
        pass
    size = size_text((tmp_path / "reversi.sqlite3").stat().st_size)  # some 50 pages
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", "reversi.sqlite3")
    monkeypatch.setattr(command, "PROGRESS_FROM", 0)
    monkeypatch.setattr(command, "BACKUP_NICENESS", 0)  # this process keeps its priority
    monkeypatch.setattr(backup_module, "PAGES_PER_STEP", 2)

    status = await asyncio.to_thread(command.main, ["backup", "copy.sqlite3"])

    *progress, summary = capsys.readouterr().out.splitlines()
    assert status == 0
    shown = [re.fullmatch(rf"(\d+)% \(([\d.]+) kB of {size}\)(.*)", line) for line in progress]
    assert all(shown), progress
    assert [int(line[1]) for line in shown if line] == list(range(10, 101, 10))
    copied = [float(line[2]) for line in shown if line]
    assert copied == sorted(copied) and f"{copied[-1]:g} kB" == size
    assert [line[3] for line in shown if line] == [""] * 9 + ["; checking the copy"]
    assert summary.startswith(f"Backed up reversi.sqlite3 to copy.sqlite3: {size} in ")
