"""Where a request comes from, as every service understands it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Place:
    """Where a request comes from: a server's channel, or a thread and the channel it is in."""

    guild_id: int
    channel_id: int
    parent_id: int | None = None

    @property
    def home(self) -> int:
        """The channel whose settings apply: a thread's parent, else the channel itself."""
        return self.parent_id if self.parent_id is not None else self.channel_id

    @property
    def in_thread(self) -> bool:
        return self.parent_id is not None
