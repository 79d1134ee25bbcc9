"""Online backups of a SQLite database (`bot.storage.backup`): the copy is the database as it was
when the backup began, however much the bot writes meanwhile, and only a whole, checked copy
ever takes the destination's place."""

from __future__ import annotations

import asyncio
import re
import sqlite3
import struct
from contextlib import closing
from pathlib import Path

import pytest

from bot.storage import Storage
from bot.storage import backup as backup_module
from bot.storage.backup import BackupDamagedError, back_up
from bot.storage.migrations import MIGRATIONS
from tests.storage.conftest import start_game

MOVES = ("f5", "d6", "c3", "d3")


def transcripts(database: Path) -> list[str]:
    with closing(sqlite3.connect(database)) as connection:
        return [row[0] for row in connection.execute("SELECT transcript FROM games ORDER BY id")]


def wal_frames(database: Path) -> tuple[int, int]:
    """How many frames the write-ahead log holds, and how many of them a checkpoint has moved
    into the database file (the `mxFrame` and `nBackfill` of the log's index, in `-shm`)."""
    index = Path(f"{database}-shm").read_bytes()
    return struct.unpack_from("=I", index, 16)[0], struct.unpack_from("=I", index, 96)[0]


def files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


async def test_a_backup_is_the_database_as_it_was_when_it_began(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backup_module, "PAGES_PER_STEP", 1)
    target = tmp_path / "copy.sqlite3"
    loop = asyncio.get_running_loop()
    async with await Storage.open(db_path) as storage:
        game = await start_game(storage)
        steps: list[tuple[int, int]] = []

        def progress(copied: int, size: int) -> None:
            """After each of the first steps, the bot stores a move on its own connection."""
            steps.append((copied, size))
            if len(steps) <= len(MOVES):
                ply = len(steps) - 1
                stored = storage.games.record_move(game.id, ply, MOVES[ply], deadline=None, now=1)
                asyncio.run_coroutine_threadsafe(stored, loop).result()

        report = await asyncio.to_thread(back_up, db_path, target, progress=progress)
        logged, moved = wal_frames(db_path)

    assert transcripts(target) == [""] and transcripts(db_path) == ["".join(MOVES)]
    assert logged > 0 and moved == logged  # the moves' log is in the database file already
    size = steps[0][1]
    page = size // len(steps)
    assert steps == [(page * (n + 1), size) for n in range(len(steps))]  # never started over
    assert report.size == size == target.stat().st_size
    assert re.fullmatch(
        rf"Backed up {re.escape(str(db_path))} to {re.escape(str(target))}: [\d.]+ [kM]B in "
        r"[\d.]+ s; integrity check ok\.",
        str(report),
    )
    with closing(sqlite3.connect(target)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert connection.execute("PRAGMA user_version").fetchone() == (len(MIGRATIONS),)
    assert files(tmp_path) == ["copy.sqlite3", "reversi.sqlite3"]


async def test_a_damaged_database_leaves_the_last_backup_in_place(
    db_path: Path, tmp_path: Path
) -> None:
    async with await Storage.open(db_path) as storage:
        await start_game(storage)
    with closing(sqlite3.connect(db_path)) as connection:
        ((page_size,),) = connection.execute("PRAGMA page_size")
        ((root,),) = connection.execute(
            "SELECT rootpage FROM sqlite_schema WHERE name = 'games_by_black'"
        )
    with db_path.open("r+b") as file:  # an index's page overwritten: the table reads on
        file.seek((root - 1) * page_size)
        file.write(bytes(page_size))
    target = tmp_path / "last-night.sqlite3"
    target.write_bytes(b"last night's backup")

    with pytest.raises(BackupDamagedError) as refused:
        back_up(db_path, target, force=True)

    assert re.fullmatch(  # SQLite's first finding, on the one line
        rf"The copy of {re.escape(str(db_path))} failed its integrity check \(.*\b{root}\b.*\), "
        "so nothing was written: the database itself may be damaged. Keep your earlier backups.",
        str(refused.value),
    ), refused.value
    assert target.read_bytes() == b"last night's backup"
    assert files(tmp_path) == ["last-night.sqlite3", "reversi.sqlite3"]


async def test_a_backup_stopped_half_way_leaves_the_last_backup_in_place(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backup_module, "PAGES_PER_STEP", 1)
    async with await Storage.open(db_path):
        pass
    target = tmp_path / "last-night.sqlite3"
    target.write_bytes(b"last night's backup")

    def progress(copied: int, size: int) -> None:
        if copied >= size // 2:
            raise KeyboardInterrupt  # Ctrl-C

    with pytest.raises(KeyboardInterrupt):
        back_up(db_path, target, force=True, progress=progress)

    assert target.read_bytes() == b"last night's backup"
    assert files(tmp_path) == ["last-night.sqlite3", "reversi.sqlite3"]
