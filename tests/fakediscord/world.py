"""What the fake Discord knows: users, guilds, roles, members, channels, threads, messages and
guild scheduled events.

Plain objects that render themselves as Discord API v10 payloads.  They hold no networking; the
REST and gateway layers read and change them.
"""

from __future__ import annotations

import mimetypes
import re
from dataclasses import dataclass, field
from datetime import datetime
from io import BytesIO
from typing import Any

from PIL import Image

from . import components as views
from . import permissions as perms
from .clock import FakeClock
from .snowflake import Snowflakes

TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
HAS_THREAD = 1 << 5
"""A message that starts a thread (whose id is the message's)."""
EPHEMERAL = 1 << 6
LOADING = 1 << 7

_MENTION = re.compile(r"<@!?(\d+)>")


def iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"
    """The language the user's Discord client is set to, sent with their interactions."""
    display_name: str | None = None
    """The name people see (Discord's `global_name`, 1-32 characters); default: `name`
    capitalised."""
    dms_open: bool = True
    """Whether the user accepts direct messages from the bot (Discord refuses with 50007)."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": None if self.bot else self.display_name or self.name.capitalize(),
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int
    bot_id: int | None = None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.bot_id is not None,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass
class Overwrite:
    """A channel permission overwrite for a role (kind 0) or a member (kind 1)."""

    kind: int
    allow: int = 0
    deny: int = 0


@dataclass(eq=False)
class Member:
    user: User
    guild: Guild
    roles: list[Role]
    joined_at: datetime

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "nick": None,
            "avatar": None,
            "banner": None,
            "roles": [str(role.id) for role in self.roles],
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        return data

    def permissions_in(self, channel: Channel) -> int:
        return perms.channel_permissions(self, channel)


@dataclass(eq=False)
class Channel:
    """A text channel, or a thread when `parent` is set, or a user's DM channel with the bot
    (`guild` None, type `DM_CHANNEL`: `World.dm_channel`)."""

    id: int
    guild: Guild | None
    name: str
    type: int = TEXT_CHANNEL
    position: int = 0
    parent: Channel | None = None
    owner_id: int | None = None
    overwrites: dict[int, Overwrite] = field(default_factory=dict)
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    created_at: datetime | None = None
    last_message_id: int | None = None
    message_count: int = 0
    member_ids: set[int] = field(default_factory=set)
    deleted: bool = False
    recipient: User | None = None
    """A DM channel's user."""

    @property
    def is_thread(self) -> bool:
        return self.parent is not None

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        if self.guild is None:
            return {
                "id": str(self.id),
                "type": DM_CHANNEL,
                "last_message_id": None,
                "flags": 0,
                "recipients": [self.recipient.payload()],
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "last_message_id": None if self.last_message_id is None else str(self.last_message_id),
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.parent is None:
            data.update(
                position=self.position,
                permission_overwrites=[
                    {"id": str(target), "type": o.kind, "allow": str(o.allow), "deny": str(o.deny)}
                    for target, o in self.overwrites.items()
                ],
                topic=None,
                nsfw=False,
                parent_id=None,
            )
        else:
            data.update(
                parent_id=str(self.parent.id),
                owner_id=str(self.owner_id),
                message_count=self.message_count,
                total_message_sent=self.message_count,
                member_count=len(self.member_ids),
                thread_metadata={
                    "archived": self.archived,
                    "locked": self.locked,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": iso(self.created_at),
                    "create_timestamp": iso(self.created_at),
                    "invitable": True,
                },
            )
        return data


@dataclass(eq=False)
class DirectMessage:
    """A message the bot sent to a user in their DMs."""

    id: int
    channel_id: int
    recipient: User
    author: User
    created_at: datetime
    content: str
    deleted: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": 0,
            "components": [],
        }


SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4
EXTERNAL = 3


@dataclass(eq=False)
class ScheduledEvent:
    """A guild's scheduled event somewhere outside Discord (entity type 3), as the bot made it."""

    id: int
    guild: Guild
    creator_id: int
    name: str
    description: str | None
    start: datetime
    end: datetime
    location: str
    status: int = SCHEDULED
    deleted: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "guild_id": str(self.guild.id),
            "name": self.name,
            "description": self.description,
            "channel_id": None,
            "creator_id": str(self.creator_id),
            "image": None,
            "scheduled_start_time": iso(self.start),
            "scheduled_end_time": iso(self.end),
            "status": self.status,
            "entity_type": EXTERNAL,
            "entity_id": None,
            "recurrence_rule": None,
            "privacy_level": 2,
            "guild_scheduled_event_exceptions": [],
            "entity_metadata": {"location": self.location},
            "user_count": 0,
        }


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: list[Role] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    channels: list[Channel] = field(default_factory=list)
    joined_at: datetime | None = None

    @property
    def everyone(self) -> Role:
        return self.roles[0]

    @property
    def text_channels(self) -> list[Channel]:
        return [c for c in self.channels if not c.is_thread and not c.deleted]

    @property
    def threads(self) -> list[Channel]:
        return [c for c in self.channels if c.is_thread and not c.deleted]

    def role(self, name: str) -> Role:
        for role in self.roles:
            if role.name == name:
                return role
        raise KeyError(f"guild {self.name!r} has no role {name!r}")

    def payload(self, *, member_ids: set[int] | None = None) -> dict[str, Any]:
        """The GUILD_CREATE payload; `member_ids` limits the members sent (None: all)."""
        members = [
            m for m in self.members.values() if member_ids is None or m.user.id in member_ids
        ]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "preferred_locale": "en-US",
            "features": [],
            "roles": [role.payload() for role in self.roles],
            "emojis": [],
            "stickers": [],
            "joined_at": iso(self.joined_at),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "members": [member.payload() for member in members],
            "channels": [channel.payload() for channel in self.text_channels],
            "threads": [channel.payload() for channel in self.threads if not channel.archived],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


@dataclass(eq=False)
class Attachment:
    """A file the bot uploaded; `data` holds its bytes."""

    id: int
    filename: str
    data: bytes
    description: str | None = None
    dimensions: tuple[int, int] | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if self.content_type.startswith("image/"):
            with Image.open(BytesIO(self.data)) as image:  # reads the header only
                self.dimensions = image.size

    @property
    def content_type(self) -> str:
        return mimetypes.guess_type(self.filename)[0] or "application/octet-stream"

    def payload(self, base_url: str, channel_id: int) -> dict[str, Any]:
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.dimensions is not None:
            data["width"], data["height"] = self.dimensions
        return data

    def image(self) -> Image.Image:
        """The file opened with Pillow (fully loaded, so the bytes need not stay open)."""
        image = Image.open(BytesIO(self.data))
        image.load()
        return image


@dataclass(eq=False)
class Message:
    """A message as Discord stores it.  `visible_to` is set for ephemeral messages."""

    id: int
    channel: Channel
    author: User
    created_at: datetime
    type: int = 0
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    edited_at: datetime | None = None
    edits: int = 0
    webhook_id: int | None = None
    interaction: dict[str, Any] | None = None
    reference: dict[str, Any] | None = None
    visible_to: User | None = None
    deleted: bool = False

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred answer still "thinking"."""
        return bool(self.flags & LOADING)

    @property
    def buttons(self) -> list[views.Button]:
        return views.buttons(self.components)

    @property
    def selects(self) -> list[views.Select]:
        return views.selects(self.components)

    @property
    def jump_url(self) -> str:
        guild = self.channel.guild
        where = "@me" if guild is None else guild.id
        return f"https://discord.com/channels/{where}/{self.channel.id}/{self.id}"

    def mentioned_ids(self) -> list[int]:
        return [int(found) for found in _MENTION.findall(self.content)]

    def payload(self, world: World, *, with_member: bool = False) -> dict[str, Any]:
        guild = self.channel.guild
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at),
            "tts": False,
            "mention_everyone": False,
            "mentions": [
                world.users[i].payload() for i in self.mentioned_ids() if i in world.users
            ],
            "mention_roles": [],
            "attachments": [a.payload(world.base_url, self.channel.id) for a in self.attachments],
            "embeds": self.embeds,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
            "components": self.components,
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(world.application_id)
        if self.interaction is not None:
            data["interaction_metadata"] = self.interaction
        if self.reference is not None:
            data["message_reference"] = self.reference
        if guild is None:
            return data
        data["guild_id"] = str(guild.id)
        if with_member and self.author.id in guild.members:
            data["member"] = guild.members[self.author.id].payload(with_user=False)
        return data


class World:
    """Everything the fake Discord stores, with ids and timestamps from its clock."""

    def __init__(self, clock: FakeClock, *, base_url: str = "") -> None:
        self.clock = clock
        self.ids = Snowflakes(clock)
        self.base_url = base_url
        self.users: dict[int, User] = {}
        self.guilds: list[Guild] = []
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.dm_channels: dict[int, User] = {}
        """The bot's direct-message channels, by id: with whom."""
        self.dm_channel_objects: dict[int, Channel] = {}
        """Those a user has used a command in, for the interactions' answers."""
        self.direct_messages: list[DirectMessage] = []
        self.scheduled_events: dict[int, ScheduledEvent] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}  # by guild id; None: global
        self.application_id = self.ids.next()
        self.bot_user = User(self.application_id, "Reversi", bot=True)
        self.owner = self.add_user("owner")
        self.users[self.bot_user.id] = self.bot_user

    def add_user(self, name: str, *, bot: bool = False, display_name: str | None = None) -> User:
        user = User(self.ids.next(), name, bot=bot, display_name=display_name)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> Guild:
        """A guild with @everyone, a Moderator role, the bot as a member and no channels.

        Its id puts it on `shard` (id, count); by default guilds alternate between the shards
        of 2, the first on shard 0, so the default world has a guild on each of two shards."""
        shard = shard or (len(self.guilds) % 2, 2)
        guild = Guild(self.ids.next(shard=shard), name, self.owner.id, joined_at=self.clock.now())
        guild.roles.append(Role(guild.id, "@everyone", perms.MEMBER_DEFAULTS, 0))
        guild.roles.append(Role(self.ids.next(), "Moderator", perms.MODERATOR_DEFAULTS, 1))
        bot_role = Role(
            self.ids.next(), self.bot_user.name, perms.BOT_DEFAULTS, 2, self.bot_user.id
        )
        guild.roles.append(bot_role)
        self.guilds.append(guild)
        self.add_member(guild, self.owner)
        self.add_member(guild, self.bot_user, roles=[bot_role])
        return guild

    def add_member(self, guild: Guild, user: User, *, roles: list[Role] | None = None) -> Member:
        member = Member(user, guild, list(roles or []), self.clock.now())
        guild.members[user.id] = member
        return member

    def add_text_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(self.ids.next(), guild, name, position=len(guild.text_channels))
        channel.created_at = self.clock.now()
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def add_thread(
        self, parent: Channel, name: str, owner: User, *, private: bool = False, thread_id: int = 0
    ) -> Channel:
        thread = Channel(
            thread_id or self.ids.next(),
            parent.guild,
            name,
            type=PRIVATE_THREAD if private else PUBLIC_THREAD,
            parent=parent,
            owner_id=owner.id,
            created_at=self.clock.now(),
            member_ids={owner.id},
        )
        parent.guild.channels.append(thread)
        self.channels[thread.id] = thread
        return thread

    def add_message(self, channel: Channel, author: User, **fields: Any) -> Message:
        message = Message(self.ids.next(), channel, author, self.clock.now(), **fields)
        self.messages[message.id] = message
        if message.visible_to is None:
            channel.last_message_id = message.id
            channel.message_count += 1
        return message

    def channel_messages(self, channel: Channel) -> list[Message]:
        """The channel's public messages, oldest first, as everyone sees them."""
        return [
            m
            for m in self.messages.values()
            if m.channel is channel and not m.deleted and m.visible_to is None
        ]

    def dm_channel(self, user: User) -> Channel:
        """`user`'s DM channel with the bot, the one the bot opens too, made on first use."""
        channel_id = next((c for c, u in self.dm_channels.items() if u is user), None)
        if channel_id is None:
            channel_id = self.ids.next()
            self.dm_channels[channel_id] = user
        channel = self.dm_channel_objects.get(channel_id)
        if channel is None:
            channel = Channel(channel_id, None, "", type=DM_CHANNEL, recipient=user)
            self.dm_channel_objects[channel_id] = channel
        return channel

    def dms_to(self, user: User) -> list[DirectMessage]:
        """What the bot sent `user` directly and did not delete, oldest first."""
        return [m for m in self.direct_messages if m.recipient is user and not m.deleted]
