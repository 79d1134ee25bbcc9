"""`bot/storage/schema.sql`, the schema for readers, is what the migrations make of an empty
SQLite database, so it cannot drift from them. Rewrite it after adding a migration:
`python -m tests.storage.test_schema > bot/storage/schema.sql`."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import tempfile
import textwrap
from pathlib import Path

from bot.storage import Storage
from bot.storage.migrations import MIGRATIONS

SNAPSHOT = Path(__file__).resolve().parents[2] / "bot" / "storage" / "schema.sql"

HEADER = """\
-- The schema every migration in bot/storage/migrations.py makes, as SQLite stores it: for
-- reading, never run (the migrations make the schema). PostgreSQL's is the same in its own
-- types (BIGINT ids, DOUBLE PRECISION times, BOOLEAN flags, identity keys) and keeps its
-- version in the table schema_version, where SQLite uses PRAGMA user_version.
-- tests/storage/test_schema.py checks that this file is what the migrations make.
"""


def tidy(sql: str) -> str:
    """A statement as stored, with the indentation of the migration it came from taken off."""
    first, _, rest = sql.strip().partition("\n")
    return first + ("\n" + textwrap.dedent(rest) if rest else "") + ";"


def schema_of(path: Path) -> str:
    """The tables in name order, each followed by its indexes and triggers."""
    with sqlite3.connect(path) as conn:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        rows = conn.execute(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL"
            " ORDER BY tbl_name, type != 'table', type, name"
        ).fetchall()
    conn.close()
    statements = "\n\n".join(tidy(sql) for (sql,) in rows)
    return f"{HEADER}-- Schema version {version}.\n\n{statements}\n"


async def migrated(path: Path) -> None:
    async with await Storage.open(f"sqlite:///{path}"):
        pass


def current_schema() -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fresh.sqlite3"
        asyncio.run(migrated(path))
        return schema_of(path)


def test_the_snapshot_is_what_the_migrations_make() -> None:
    schema = current_schema()
    assert f"-- Schema version {len(MIGRATIONS)}.\n" in schema
    assert 'CREATE TABLE "games" (' in schema  # rebuilt by a migration, so quoted
    assert SNAPSHOT.read_text(encoding="utf-8") == schema, (
        "bot/storage/schema.sql is out of date: python -m tests.storage.test_schema > "
        "bot/storage/schema.sql"
    )


if __name__ == "__main__":
    sys.stdout.write(current_schema())
