"""Which servers one process of the bot looks after, when the bot runs as several processes.

Discord sends each server's events to one shard, `(guild_id >> 22) % shard_count`, and each
process runs some of the shards (`SHARD_COUNT`, `SHARD_IDS`). Interactions reach a process only
from its own servers, but a database shared by every process holds all servers' games and
challenges: what a process looks up there by itself (at start-up, challenges to expire) it keeps
to its own servers, or two processes would announce the same game and fire the same deadline.
The storage turns these shards into its queries' condition (`bot.storage.shards`).
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends the server's events to."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards a process runs: `ids` out of `count`. No `ids` means all of them, and no
    `count` Discord's recommended count (all of them in this process)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.count is not None and self.count < 1:
            raise ValueError(f"a shard count is 1 or more, not {self.count}")
        if self.ids is not None:
            if self.count is None:
                raise ValueError("shard ids need a shard count")
            if not self.ids or not all(0 <= i < self.count for i in self.ids):
                raise ValueError(f"shard ids {self.ids} are not some of 0-{self.count - 1}")

    @property
    def all(self) -> bool:
        """Whether this process runs every shard, so every server is its own."""
        return self.ids is None or len(set(self.ids)) == self.count


ALL_SHARDS = Shards()
"""One process for the whole bot: every server is its own."""
