"""A process's shards as a condition of the storage's queries."""

from __future__ import annotations

from bot.domain.shards import Shards


def in_shards(shards: Shards, column: str = "guild_id") -> str:
    """Whether the server in `column` is one of `shards`' (its shard, by `shard_of`, is one of
    their `ids`), as an SQL condition the same in SQLite and PostgreSQL: what the start-up and
    expiry queries add to their WHERE."""
    if shards.all:
        return "TRUE"
    ids = ", ".join(map(str, shards.ids or ()))
    return f"(({column} >> 22) % {shards.count}) IN ({ids})"
