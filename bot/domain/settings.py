"""A server's settings for its games."""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.time_control import TimeControl


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    time_control: TimeControl
    """For new challenges that don't choose their own."""
    rated: bool
    allowed_channels: frozenset[int]
    """Channels where games may start; empty means every channel."""
    language: str | None = None
    """For what everyone sees (boards, invitations); None: the server's Discord locale."""

    def allows(self, channel_id: int) -> bool:
        return not self.allowed_channels or channel_id in self.allowed_channels
