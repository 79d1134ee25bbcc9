"""One running bot per database: a second one would answer every interaction a second time and
fire every deadline twice. The bot holds an exclusive lock on `<database>-lock` while it runs;
the kernel releases it when the process ends, however it ends, so a crash never leaves it stale.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.storage import DatabaseError


class AlreadyRunningError(DatabaseError):
    """Another bot process holds the database."""

    def __init__(self, database: Path) -> None:
        super().__init__(
            f"Another bot is already running on the database at {database}. Stop it first, or "
            "set DATABASE_PATH to another file."
        )


def lock_path(database: Path) -> Path:
    """The lock file beside the database (named like SQLite's own -wal and -shm files)."""
    return database.with_name(database.name + "-lock")


@contextmanager
def running_on(database: Path) -> Iterator[None]:
    """Hold the database's lock for the block; raise `AlreadyRunningError` if a bot holds it,
    `DatabaseError` if the lock file can't be created (the database couldn't be either)."""
    try:
        database.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_path(database), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise DatabaseError(f"Cannot open the database at {database}: {error}.") from error
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise AlreadyRunningError(database) from None
        yield
    finally:
        os.close(fd)  # releases the lock; the empty file stays, harmless
