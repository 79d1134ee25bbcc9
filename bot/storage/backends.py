"""Which backend a database URL names."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from bot.storage.database import Database
from bot.storage.errors import DatabaseError
from bot.storage.migrations import MIGRATIONS, Migration
from bot.storage.postgres import PostgresDatabase, shown_url
from bot.storage.sqlite import SqliteDatabase


async def open_database(
    where: str | Path, migrations: Sequence[Migration] = MIGRATIONS, *, create: bool = True
) -> Database:
    """Open the database at `where` and bring its schema up to date; unless `create`, only one
    that exists and has the bot's schema already (a copy's source, which a typo must not
    create empty).

    `where` is `postgresql://user:password@host:port/database` (or `postgres://...`),
    `sqlite:///relative/path`, `sqlite:////absolute/path`, or a plain path to a SQLite file.
    """
    path = sqlite_file(where)
    if path is not None:
        return await SqliteDatabase.open(path, migrations, create=create)
    return await PostgresDatabase.open(str(where), migrations, create=create)


def same_database(first: str | Path, second: str | Path) -> bool:
    """Whether `first` and `second` name one database: one SQLite file, however its path is
    written, or one PostgreSQL URL."""
    file, other = sqlite_file(first), sqlite_file(second)
    if file is not None and other is not None:
        return file.resolve() == other.resolve()
    both_postgresql = file is None and other is None  # postgres:// or postgresql://, alike
    return both_postgresql and str(first).partition("://")[2] == str(second).partition("://")[2]


def sqlite_file(where: str | Path) -> Path | None:
    """The SQLite file `where` names, or None when it names a PostgreSQL database the driver
    can read; anything else is refused (`DatabaseError`). Every database URL passes here first,
    so this is where a malformed one is refused, whatever it is given for."""
    url = str(where)
    if "://" not in url:
        return Path(url)
    scheme, _, rest = url.partition("://")
    if scheme.lower() in ("postgresql", "postgres"):
        problem = _postgresql_url_problem(url)
        if problem is not None:
            raise DatabaseError(f"Cannot open the database at {shown_url(url)}: {problem}.")
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


def _postgresql_url_problem(url: str) -> str | None:
    """What keeps the driver from reading `url` as written, if anything: a malformed URL, or a
    port that is no number from 1 to 65535 (the driver would fail on it, or wrap it round to
    another port). Ports come after each host, `host:port,host:port`, or in `?port=`."""
    try:
        parts = urlsplit(url)
        query = parse_qs(parts.query, strict_parsing=True) if parts.query else {}
    except ValueError as error:
        return f"the URL is malformed ({error})"
    ports = [",".join(query.get("port", []))]
    for host in parts.netloc.rpartition("@")[2].split(","):
        bracketed = re.fullmatch(r"\[[^\]]*\](?::(.*))?", host)
        ports.append((bracketed[1] or "") if bracketed else host.partition(":")[2])
    for port in ",".join(ports).split(","):
        if port and not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
            return f"port {port} is not a number from 1 to 65535"
    return None
