"""A process's shards as an SQL condition: the same servers as Discord's shard formula."""

from __future__ import annotations

import sqlite3

from bot.domain.shards import Shards, shard_of
from bot.storage.shards import in_shards
from tests.domain.test_shards import guild_made_at


def test_one_process_with_every_shard_owns_every_server() -> None:
    for shards in (Shards(), Shards(3), Shards(2, (0, 1))):
        assert shards.all and in_shards(shards) == "TRUE"


def test_the_sql_condition_picks_the_servers_of_the_processs_shards() -> None:
    ids = [guild_made_at(ms, ms % 7) for ms in range(40)] + [2**63 - 1, 2**62 + 12345]
    with sqlite3.connect(":memory:") as db:
        db.execute("CREATE TABLE games (guild_id INTEGER)")
        db.executemany("INSERT INTO games VALUES (?)", [(i,) for i in ids])
        for count, mine in ((2, (0,)), (2, (1,)), (5, (0, 3, 4))):
            condition = in_shards(Shards(count, mine))
            found = [row[0] for row in db.execute(f"SELECT guild_id FROM games WHERE {condition}")]
            assert found == [i for i in ids if shard_of(i, count) in mine]
