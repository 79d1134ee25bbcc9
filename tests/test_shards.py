"""Which servers a process owns: Discord's shard formula, in Python and in SQL."""

from __future__ import annotations

import sqlite3

import pytest

from bot.shards import Shards, shard_of


def guild_made_at(ms: int, increment: int = 0) -> int:
    """A snowflake: milliseconds since Discord's epoch above 22 bits of worker, process and
    increment, which don't count for the shard."""
    return ms << 22 | increment


@pytest.mark.parametrize(("ms", "count", "shard"), [(0, 1, 0), (7, 2, 1), (8, 2, 0), (10, 4, 2)])
def test_a_servers_shard_is_its_creation_time_modulo_the_count(
    ms: int, count: int, shard: int
) -> None:
    assert shard_of(guild_made_at(ms), count) == shard
    assert shard_of(guild_made_at(ms, (1 << 22) - 1), count) == shard


def test_one_process_with_every_shard_owns_every_server() -> None:
    for shards in (Shards(), Shards(3), Shards(2, (0, 1))):
        assert shards.all and shards.sql() == "TRUE"


def test_the_sql_condition_picks_the_servers_of_the_processs_shards() -> None:
    ids = [guild_made_at(ms, ms % 7) for ms in range(40)] + [2**63 - 1, 2**62 + 12345]
    with sqlite3.connect(":memory:") as db:
        db.execute("CREATE TABLE games (guild_id INTEGER)")
        db.executemany("INSERT INTO games VALUES (?)", [(i,) for i in ids])
        for count, mine in ((2, (0,)), (2, (1,)), (5, (0, 3, 4))):
            condition = Shards(count, mine).sql()
            found = [row[0] for row in db.execute(f"SELECT guild_id FROM games WHERE {condition}")]
            assert found == [i for i in ids if shard_of(i, count) in mine]


@pytest.mark.parametrize(
    ("count", "ids"), [(0, None), (None, (0,)), (2, (2,)), (2, ()), (3, (-1,))]
)
def test_impossible_shards_are_refused(count: int | None, ids: tuple[int, ...] | None) -> None:
    with pytest.raises(ValueError, match="shard"):
        Shards(count, ids)
