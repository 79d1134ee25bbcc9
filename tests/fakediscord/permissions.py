"""Discord's permission arithmetic: guild roles, then channel overwrites, then implicit denials."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from .world import Channel, Member

FLAGS: dict[str, int] = dict(discord.Permissions.VALID_FLAGS)
ALL = sum(set(FLAGS.values()))


def bits(names: Iterable[str]) -> int:
    """The permission integer for flag names such as "send_messages"."""
    value = 0
    for name in names:
        if name not in FLAGS:
            raise ValueError(f"unknown permission {name!r}")
        value |= FLAGS[name]
    return value


VIEW_CHANNEL = FLAGS["view_channel"]
SEND_MESSAGES = FLAGS["send_messages"]
SEND_MESSAGES_IN_THREADS = FLAGS["send_messages_in_threads"]
ATTACH_FILES = FLAGS["attach_files"]
EMBED_LINKS = FLAGS["embed_links"]
READ_MESSAGE_HISTORY = FLAGS["read_message_history"]
CREATE_PUBLIC_THREADS = FLAGS["create_public_threads"]
CREATE_PRIVATE_THREADS = FLAGS["create_private_threads"]
MANAGE_THREADS = FLAGS["manage_threads"]
MANAGE_MESSAGES = FLAGS["manage_messages"]
MANAGE_CHANNELS = FLAGS["manage_channels"]
ADMINISTRATOR = FLAGS["administrator"]
MENTION_EVERYONE = FLAGS["mention_everyone"]
SEND_TTS = FLAGS["send_tts_messages"]

MEMBER_DEFAULTS = bits(
    [
        "view_channel",
        "send_messages",
        "send_messages_in_threads",
        "create_public_threads",
        "create_private_threads",
        "embed_links",
        "attach_files",
        "add_reactions",
        "use_external_emojis",
        "read_message_history",
        "use_application_commands",
        "change_nickname",
    ]
)
BOT_DEFAULTS = bits(
    [
        "view_channel",
        "send_messages",
        "send_messages_in_threads",
        "create_public_threads",
        "create_private_threads",
        "manage_threads",
        "embed_links",
        "attach_files",
        "read_message_history",
        "add_reactions",
        "use_external_emojis",
    ]
)
MODERATOR_DEFAULTS = bits(["manage_messages", "manage_threads", "manage_channels"])


def base_permissions(member: Member) -> int:
    """Guild-wide permissions from @everyone and the member's roles."""
    guild = member.guild
    if guild.owner_id == member.user.id:
        return ALL
    value = guild.everyone.permissions
    for role in member.roles:
        value |= role.permissions
    return ALL if value & ADMINISTRATOR else value


def channel_permissions(member: Member, channel: Channel) -> int:
    """Permissions of `member` in `channel` (threads take their parent's overwrites)."""
    value = base_permissions(member)
    if value & ADMINISTRATOR:
        return ALL
    source = channel.parent if channel.parent is not None else channel
    overwrites = source.overwrites
    everyone = overwrites.get(member.guild.id)
    if everyone is not None:
        value = (value & ~everyone.deny) | everyone.allow
    allow = deny = 0
    for role in member.roles:
        overwrite = overwrites.get(role.id)
        if overwrite is not None:
            allow |= overwrite.allow
            deny |= overwrite.deny
    value = (value & ~deny) | allow
    own = overwrites.get(member.user.id)
    if own is not None:
        value = (value & ~own.deny) | own.allow
    if not value & VIEW_CHANNEL:
        return 0
    if not value & send_flag(channel):
        # Discord's implicit denial: who cannot send cannot attach, embed or mention everyone.
        value &= ~(SEND_TTS | MENTION_EVERYONE | ATTACH_FILES | EMBED_LINKS)
    return value


def send_flag(channel: Channel) -> int:
    """The permission that lets one post in `channel`: threads have their own."""
    return SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
