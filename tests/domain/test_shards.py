"""Which servers a process owns: Discord's shard formula."""

from __future__ import annotations

import pytest

from bot.domain.shards import Shards, shard_of


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


@pytest.mark.parametrize(
    ("count", "ids"), [(0, None), (None, (0,)), (2, (2,)), (2, ()), (3, (-1,))]
)
def test_impossible_shards_are_refused(count: int | None, ids: tuple[int, ...] | None) -> None:
    with pytest.raises(ValueError, match="shard"):
        Shards(count, ids)
