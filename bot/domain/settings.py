"""A server's settings for its games, and what a change to where games may start does."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.domain.daily import DailySchedule
from bot.domain.time_control import TimeControl

DEFAULT_TIME_PER_MOVE = 24 * 60 * 60.0
"""A day a move: the time control of a server that never chose one."""


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    time_control: TimeControl
    """For new challenges that don't choose their own."""
    rated: bool
    allowed_channels: frozenset[int]
    """The only channels where games may start; empty: every channel but the blocked ones."""
    language: str | None = None
    """For what everyone sees (boards, invitations); None: the server's Discord locale."""
    blocked_channels: frozenset[int] = frozenset()
    """While no channel is allowed by name, the channels where games may not start."""
    organiser_role: int | None = None
    """Members with this role may run tournaments, as those with Manage Server may."""
    daily: DailySchedule | None = None
    """Where and when the daily puzzle is posted; None: it is off."""
    web_pages: bool = False
    """Whether its games, tournaments and players have pages on the web (where the bot has
    them)."""

    def allows(self, channel_id: int) -> bool:
        if self.allowed_channels:
            return channel_id in self.allowed_channels
        return channel_id not in self.blocked_channels


class ChannelAction(StrEnum):
    """What an admin asks of where games may start."""

    ALLOW = "allow"
    DISALLOW = "disallow"
    EVERYWHERE = "everywhere"


class ChannelEffect(StrEnum):
    """What a `ChannelChange` does to the settings it meets: the same request means another
    thing in another state, so a confirmation names the effect it was offered with."""

    NOTHING = "nothing"
    ONLY = "only"
    """Games allowed in every channel (but some) are allowed in this one only."""
    ADD = "add"
    UNBLOCK = "unblock"
    BLOCK = "block"
    REMOVE = "remove"
    EXCEPT = "except"
    """The only channel that allows games no longer does; every other channel does."""
    EVERYWHERE = "everywhere"


@dataclass(frozen=True, slots=True)
class ChannelChange:
    """Allow or disallow games in `channel_id`, or allow them everywhere (no channel). Allowing
    a channel while games are allowed everywhere (but some) means "only here"; disallowing one
    while only some are allowed takes it off their list, and the last one off leaves every
    channel but it."""

    action: ChannelAction
    channel_id: int | None = None

    def effect(self, settings: GuildSettings) -> ChannelEffect:
        allowed, blocked = settings.allowed_channels, settings.blocked_channels
        match self.action:
            case ChannelAction.EVERYWHERE:
                everywhere = not allowed and not blocked
                return ChannelEffect.NOTHING if everywhere else ChannelEffect.EVERYWHERE
            case ChannelAction.ALLOW if allowed:
                listed = self.channel_id in allowed
                return ChannelEffect.NOTHING if listed else ChannelEffect.ADD
            case ChannelAction.ALLOW:
                blocking = self.channel_id in blocked
                return ChannelEffect.UNBLOCK if blocking else ChannelEffect.ONLY
            case ChannelAction.DISALLOW if allowed:
                if self.channel_id not in allowed:
                    return ChannelEffect.NOTHING
                return ChannelEffect.EXCEPT if len(allowed) == 1 else ChannelEffect.REMOVE
            case _:
                blocking = self.channel_id in blocked
                return ChannelEffect.NOTHING if blocking else ChannelEffect.BLOCK

    def applied(self, settings: GuildSettings) -> tuple[frozenset[int], frozenset[int]]:
        """The allowed and the blocked channels after the change."""
        allowed, blocked = settings.allowed_channels, settings.blocked_channels
        one = frozenset() if self.channel_id is None else frozenset({self.channel_id})
        match self.effect(settings):
            case ChannelEffect.NOTHING:
                return allowed, blocked
            case ChannelEffect.ONLY:
                return one, frozenset()
            case ChannelEffect.ADD:
                return allowed | one, blocked
            case ChannelEffect.UNBLOCK:
                return allowed, blocked - one
            case ChannelEffect.BLOCK:
                return allowed, blocked | one
            case ChannelEffect.REMOVE:
                return allowed - one, blocked
            case ChannelEffect.EXCEPT:
                return frozenset(), one
            case ChannelEffect.EVERYWHERE:
                return frozenset(), frozenset()

    def sweeping(self, settings: GuildSettings) -> bool:
        """Whether the change closes every other channel or opens every channel at once: such a
        change is confirmed first."""
        allowed, _blocked = self.applied(settings)
        return bool(allowed) != bool(settings.allowed_channels)
