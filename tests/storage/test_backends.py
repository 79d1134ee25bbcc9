"""Opening a database by URL, and what the backends do alike underneath the stores."""

from pathlib import Path

import asyncpg
import pytest

from bot.domain import InvalidInputError
from bot.storage import DatabaseError, DatabaseUnavailableError, Storage, sqlite_file
from bot.storage.migrations import MIGRATIONS
from bot.storage.postgres import _translate
from tests.storage.conftest import start_game
from tests.storage.postgres_server import PostgresServer
from tests.storage.test_migrations import stored_version


async def test_sqlite_urls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    async with await Storage.open("sqlite:///data/relative.sqlite3") as relative:
        assert relative.database.url == "sqlite:///data/relative.sqlite3"
    async with await Storage.open(f"sqlite:///{tmp_path}/absolute.sqlite3") as absolute:
        assert absolute.database.url == f"sqlite:///{tmp_path}/absolute.sqlite3"
    async with await Storage.open("plain.sqlite3"):
        pass

    for path in ("data/relative.sqlite3", "absolute.sqlite3", "plain.sqlite3"):
        assert await stored_version(f"sqlite:///{tmp_path / path}") == len(MIGRATIONS)


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("sqlite://", "names no file"),
        ("sqlite:///", "names no file"),
        ("sqlite://host/file.sqlite3", "names no file"),
        ("mysql://user:hunter2@localhost/reversi", r"Unknown kind .*user:\*\*\*@localhost"),
        (
            "postgresql://user:hunter2@[::1/reversi",
            r"user:\*\*\*@\[::1/reversi: the URL is malformed",
        ),
        ("postgresql://user@db:99999/reversi", "port 99999 is not a number from 1 to 65535"),
        ("postgres://user@db1:5432,db2:x/reversi", "port x is not a number"),
        ("postgresql://user@/reversi?host=/run/postgresql&port=0", "port 0 is not a number"),
    ],
)
async def test_unusable_urls_are_refused(url: str, message: str) -> None:
    with pytest.raises(DatabaseError, match=message) as refused:
        await Storage.open(url)
    assert "hunter2" not in str(refused.value)


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://bot:secret@db/reversi",
        "postgres://bot@[::1]:5433/reversi",
        "postgresql://bot@db1:5432,[::1]:5433/reversi",
        "postgresql://bot@/reversi?host=/run/postgresql&port=5433",
    ],
)
def test_postgresql_urls_the_driver_reads_are_taken(url: str) -> None:
    assert sqlite_file(url) is None


async def test_unreachable_server_gives_a_clear_error() -> None:
    # Nothing listens on port 1 of this machine: the connection is refused at once.
    with pytest.raises(
        DatabaseError, match=r"Cannot open the database at .*user:\*\*\*@"
    ) as refused:
        await Storage.open("postgresql://user:hunter2@127.0.0.1:1/reversi")
    assert "hunter2" not in str(refused.value)


async def test_missing_postgresql_database_gives_a_clear_error(postgres: PostgresServer) -> None:
    url = postgres.url().replace("/postgres?", "/no_such_database?")

    with pytest.raises(DatabaseError, match=r"no_such_database.*does not exist"):
        await Storage.open(url)


async def test_a_number_past_64_bits_is_bad_input(storage: Storage) -> None:
    with pytest.raises(InvalidInputError, match="out of range"):
        await storage.games.get(2**64)
    with pytest.raises(InvalidInputError, match="out of range"):
        await storage.games.record_move(2**64, 0, "d3", deadline=None, now=0)


async def test_a_lost_connection_is_reported_and_the_next_call_reconnects(
    postgres: PostgresServer,
) -> None:
    """What a restart of the server, or a network cut, does to a transaction: it fails plainly,
    and the next one gets a new connection."""
    url = await postgres.fresh_schema()
    async with await Storage.open(url) as storage:
        game = await start_game(storage)
        admin = await asyncpg.connect(postgres.url())
        try:
            with pytest.raises(DatabaseUnavailableError, match="unavailable"):
                async with storage.database.transaction() as db:
                    pid = await db.value("SELECT pg_backend_pid()")
                    await admin.execute("SELECT pg_terminate_backend($1, 10000)", pid)  # waits
                    await db.value("SELECT 1")
        finally:
            await admin.close()

        assert await storage.games.get(game.id) == game


def test_placeholders_become_numbered() -> None:
    assert _translate("SELECT ? + ?, '?', ':no' WHERE x = ?", (1, 2, 3)) == (
        "SELECT $1 + $2, '?', ':no' WHERE x = $3",
        [1, 2, 3],
    )
    assert _translate(
        "SELECT :b, 'it''s :c', :a::integer, :b WHERE y = :a", {"a": 1, "b": 2, "c": 3}
    ) == ("SELECT $1, 'it''s :c', $2::integer, $1 WHERE y = $2", [2, 1])
    with pytest.raises(ValueError, match="Both"):
        _translate("SELECT ?, :a", {"a": 1})
