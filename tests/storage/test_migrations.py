import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import DatabaseError, SchemaTooNewError, Storage
from bot.storage.migrations import MIGRATIONS, migrate


def user_version(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


async def test_empty_file_gets_current_schema(db_path: Path) -> None:
    async with await Storage.open(db_path) as storage, storage.database.transaction() as db:
        tables = {row[0] for row in await db.all("SELECT name FROM sqlite_schema")}
        pragmas = {
            name: await db.value(f"PRAGMA {name}")
            for name in ("journal_mode", "foreign_keys", "busy_timeout", "synchronous")
        }

    assert user_version(db_path) == len(MIGRATIONS)
    assert {"games", "challenges", "players", "guild_settings", "rating_histogram"} <= tables
    assert "games_active_in_channel" in tables
    assert pragmas == {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": 5000,
                       "synchronous": 1}  # fmt: skip


async def test_reopening_keeps_data_and_version(db_path: Path) -> None:
    async with await Storage.open(db_path) as storage:
        game = await storage.games.create(
            1, 2, 3, 4, rated=True, time_per_move=60, deadline=None, now=0
        )
        await storage.close()  # closing early, then again on leaving the block, is harmless
    async with await Storage.open(db_path) as storage:
        assert await storage.games.get(game.id) == game
    assert user_version(db_path) == len(MIGRATIONS)


async def test_newer_schema_is_refused_and_left_alone(db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")

    with pytest.raises(SchemaTooNewError) as refused:
        await Storage.open(db_path)

    assert f"schema version {len(MIGRATIONS) + 1}" in str(refused.value)
    assert user_version(db_path) == len(MIGRATIONS) + 1
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0] == 0


async def test_migrations_apply_in_order_and_only_once(db_path: Path) -> None:
    first = ("CREATE TABLE a (x INTEGER)",)
    second = ("CREATE TABLE b (y INTEGER)", "INSERT INTO b VALUES (7)")
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        assert await migrate(conn, [first]) == 1
        # Re-running `first` would fail on the existing table: only `second` may run.
        assert await migrate(conn, [first, second]) == 2
        assert await migrate(conn, [first, second]) == 2
        assert list(await conn.execute_fetchall("SELECT y FROM b")) == [(7,)]
    assert user_version(db_path) == 2


async def test_failed_migration_changes_nothing(db_path: Path) -> None:
    first = ("CREATE TABLE a (x INTEGER)",)
    broken = ("CREATE TABLE b (y INTEGER)", "INSERT INTO missing VALUES (1)")
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        await migrate(conn, [first])
        with pytest.raises(sqlite3.OperationalError):
            await migrate(conn, [first, broken])
        names = [row[0] for row in await conn.execute_fetchall("SELECT name FROM sqlite_schema")]
    assert names == ["a"]
    assert user_version(db_path) == 1


async def test_not_a_database_gives_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("this is not a database" * 100)

    with pytest.raises(DatabaseError, match=r"Cannot use the database at .*notes\.txt"):
        await Storage.open(path)


async def test_directory_path_gives_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="Cannot"):
        await Storage.open(tmp_path)


async def test_missing_parent_directory_is_created(tmp_path: Path) -> None:
    path = tmp_path / "data" / "reversi.sqlite3"
    async with await Storage.open(path):
        pass
    assert user_version(path) == len(MIGRATIONS)


async def test_foreign_keys_are_enforced(storage: Storage) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        async with storage.database.transaction() as db:
            await db.all(
                """
                INSERT INTO challenges (guild_id, channel_id, challenger_id, colour,
                    time_per_move, in_thread, status, game_id, created_at, expires_at, updated_at)
                VALUES (1, 2, 3, 'black', 60, 0, 'accepted', 999, 0, 60, 0)
                """
            )
