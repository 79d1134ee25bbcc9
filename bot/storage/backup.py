"""Online backups of a SQLite database: a consistent copy taken while the bot runs on it.

SQLite's backup API copies the database page by page, a few at a time with a pause between, so
the copy's reads and writes come in small pieces beside the bot's own. All the steps read one
snapshot, held open as a read transaction: in write-ahead-log mode the bot's commits go on
meanwhile (into the log), and the copy is the database as it was when the backup began. (A step
that opened its own read would see the bot's latest commit and start the copy over; with a
move a second, a big backup would never end.) While the snapshot is held the bot's log can't be
moved into the database file, so it grows: the snapshot is let go as soon as the copy is made,
and the backup moves the log itself. The copy is written beside its destination
and put in its place only once SQLite's integrity check passes, so the destination holds a
whole, checked backup or what it held before. It keeps the schema version (`PRAGMA
user_version`, in the first page), so a bot starts on it as on the original.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

from bot.storage.backends import sqlite_file
from bot.storage.errors import DatabaseError, NotABotDatabaseError
from bot.storage.sqlite import BUSY_TIMEOUT_MS

PAGES_PER_STEP = 1024
"""Pages copied between pauses: 4 MB at SQLite's default page size."""
PAUSE = 0.002
"""Seconds between steps, so that the copy never takes the disk for long at a time."""

Progress = Callable[[int, int], None]
"""Called after each step with the bytes copied so far and the database's size."""


class NotSqliteError(DatabaseError):
    """The database is on PostgreSQL, which has its own tools for backups."""

    def __init__(self, target: Path) -> None:
        file = shlex.quote(str(target))
        super().__init__(
            "The database is on PostgreSQL: back it up with its own tool, "
            f'pg_dump --format=custom --file={file} "$DATABASE_URL" '
            f'(pg_restore --dbname="$DATABASE_URL" {file} restores it into an empty database).'
        )


class BackupExistsError(DatabaseError):
    """The destination exists and was not to be replaced."""

    def __init__(self, target: Path) -> None:
        super().__init__(
            f"{target} already exists: back up to a new file, or add --force to replace it "
            "once the new copy has passed its check."
        )


class BackupDamagedError(DatabaseError):
    """The copy failed SQLite's integrity check: the database itself is damaged."""

    def __init__(self, source: Path, problem: str) -> None:
        super().__init__(
            f"The copy of {source} failed its integrity check ({problem}), so nothing was "
            "written: the database itself may be damaged. Keep your earlier backups."
        )


@dataclass(frozen=True, slots=True)
class BackupReport:
    source: Path
    target: Path
    size: int
    """The copy's size in bytes."""
    seconds: float
    """From the start of the copy to the copy in its place, checked."""

    def __str__(self) -> str:
        return (
            f"Backed up {self.source} to {self.target}: {size_text(self.size)} in "
            f"{self.seconds:.1f} s; integrity check ok."
        )


def size_text(size: int) -> str:
    """A size in bytes as people read it: 45.1 kB, 1.02 GB (decimal units, as disks count)."""
    for unit, scale in (("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if size >= scale:
            value = size / scale
            return f"{value:.{2 if value < 10 else 1 if value < 100 else 0}f} {unit}"
    return f"{size} bytes"


def back_up(
    database: str | Path, target: Path, *, force: bool = False, progress: Progress | None = None
) -> BackupReport:
    """Copy the SQLite database at `database` to the file `target`, consistently while a bot
    runs on it, and check the copy. An existing `target` is replaced only with `force`, and only
    once the new copy has passed its check. Blocks; Ctrl-C stops it, leaving `target` as it was."""
    source = sqlite_file(database)
    if source is None:
        raise NotSqliteError(target)
    if target.exists() and target.resolve() == source.resolve():
        raise DatabaseError(f"{target} is the database itself: back it up to another file.")
    if target.exists() and not force:
        raise BackupExistsError(target)
    started = time.perf_counter()
    with _partial(target) as partial:
        with _snapshot(source) as snapshot:  # held for the copy alone, not for its check
            _copy(snapshot, partial, target, progress)
        shutil.copymode(source, partial)  # as private as the database
        problem = _check(partial)
        if problem is not None:
            raise BackupDamagedError(source, problem)
        if target.exists() and not force:  # made while the copy ran
            raise BackupExistsError(target)
        _put_in_place(partial, target)
    return BackupReport(source, target, target.stat().st_size, time.perf_counter() - started)


@contextmanager
def _snapshot(source: Path) -> Iterator[sqlite3.Connection]:
    """A connection to `source` reading one snapshot of it until the block ends. The file must
    exist and be the bot's: a mistyped path is not created, nor backed up."""
    try:
        connection = sqlite3.connect(
            f"{source.resolve().as_uri()}?mode=rw", uri=True, isolation_level=None
        )
    except sqlite3.Error as error:
        problem = "there is no such file" if not source.exists() else str(error)
        raise DatabaseError(f"Cannot open the database at {source}: {problem}.") from error
    with closing(connection):
        try:
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            connection.execute("BEGIN")
            ((version,),) = connection.execute("PRAGMA user_version").fetchall()
            connection.execute("SELECT 1 FROM sqlite_schema LIMIT 1").fetchall()  # the snapshot
        except sqlite3.Error as error:
            raise DatabaseError(f"Cannot read the database at {source}: {error}.") from error
        if version == 0:
            raise NotABotDatabaseError(str(source))
        yield connection
        connection.execute("COMMIT")
        # The log that grew while the snapshot was held goes into the database file here rather
        # than on the bot's next commit, in a player's move (passive: the bot writes on).
        connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()


@contextmanager
def _partial(target: Path) -> Iterator[Path]:
    """A new file beside `target` for the copy, removed afterwards unless moved into place."""
    try:
        handle, name = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".partial", dir=target.parent
        )
    except OSError as error:
        raise DatabaseError(f"Cannot write the backup to {target}: {error.strerror}.") from error
    os.close(handle)
    partial = Path(name)
    try:
        yield partial
    finally:
        for end in ("", "-journal", "-wal", "-shm"):
            Path(f"{partial}{end}").unlink(missing_ok=True)


def _copy(
    snapshot: sqlite3.Connection, partial: Path, target: Path, progress: Progress | None
) -> None:
    """Copy the snapshot's pages into `partial` a step at a time. The copy is written without a
    journal or flushes (a failed one is thrown away whole) and flushed once, in `_put_in_place`."""
    ((page_size,),) = snapshot.execute("PRAGMA page_size").fetchall()

    def step_done(status: int, remaining: int, pages: int) -> None:
        if progress is not None:
            progress((pages - remaining) * page_size, pages * page_size)
        if remaining:
            time.sleep(PAUSE)

    try:
        with closing(sqlite3.connect(partial, isolation_level=None)) as copy:
            copy.execute("PRAGMA journal_mode = OFF")
            copy.execute("PRAGMA synchronous = OFF")
            snapshot.backup(copy, pages=PAGES_PER_STEP, progress=step_done)
    except sqlite3.Error as error:
        raise DatabaseError(f"Cannot write the backup to {target}: {error}.") from error


def _check(partial: Path) -> str | None:
    """What SQLite's integrity check finds wrong with the copy (its first finding, on one line,
    without the heading naming the database), or None."""
    with closing(sqlite3.connect(partial)) as copy:
        ((found,),) = copy.execute("PRAGMA integrity_check(1)").fetchall()
    lines = [line for line in str(found).splitlines() if not line.startswith("*** in database")]
    return None if found == "ok" else "; ".join(lines)


def _put_in_place(partial: Path, target: Path) -> None:
    """Flush the copy to disk, then rename it to `target` and flush the rename: after a crash,
    `target` is the new copy whole, or what it was before."""
    try:
        with partial.open("rb+") as file:
            os.fsync(file.fileno())
        os.replace(partial, target)
        folder = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    except OSError as error:
        raise DatabaseError(f"Cannot write the backup to {target}: {error.strerror}.") from error
