"""Which backend a database URL names."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bot.storage.database import Database
from bot.storage.errors import DatabaseError
from bot.storage.migrations import MIGRATIONS, Migration
from bot.storage.postgres import PostgresDatabase, shown_url
from bot.storage.sqlite import SqliteDatabase


async def open_database(
    where: str | Path, migrations: Sequence[Migration] = MIGRATIONS
) -> Database:
    """Open the database at `where` and bring its schema up to date.

    `where` is `postgresql://user:password@host:port/database` (or `postgres://...`),
    `sqlite:///relative/path`, `sqlite:////absolute/path`, or a plain path to a SQLite file.
    """
    path = sqlite_file(where)
    if path is not None:
        return await SqliteDatabase.open(path, migrations)
    return await PostgresDatabase.open(str(where), migrations)


def sqlite_file(where: str | Path) -> Path | None:
    """The SQLite file `where` names, or None when it names a PostgreSQL database; anything
    else is refused (`DatabaseError`)."""
    url = str(where)
    if "://" not in url:
        return Path(url)
    scheme, _, rest = url.partition("://")
    if scheme.lower() in ("postgresql", "postgres"):
        return None
    if scheme.lower() == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise DatabaseError(
                f"{url} names no file: write sqlite:///relative/path or sqlite:////absolute/path."
            )
        return Path(rest[1:])
    raise DatabaseError(
        f"Unknown kind of database in {shown_url(url)}: "
        "use sqlite:///path or postgresql://user:password@host:port/database."
    )
