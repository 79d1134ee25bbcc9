"""Direct messages: the bot opens a DM channel with a user and sends there, unless the user
keeps their DMs closed to it (403, 50007, as Discord answers)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import DiscordError, unknown_message, unknown_user
from .world import DirectMessage

if TYPE_CHECKING:
    from .rest import ApiRequest, Handler
    from .server import FakeDiscordServer

DM_CHANNEL = 1


def handlers(server: FakeDiscordServer) -> dict[str, Handler]:
    world = server.world

    def open_dm(request: ApiRequest) -> Any:
        recipient = world.users.get(int((request.body or {})["recipient_id"]))
        if recipient is None:
            raise unknown_user()
        channel_id = next((c for c, u in world.dm_channels.items() if u is recipient), None)
        if channel_id is None:
            channel_id = world.ids.next()
            world.dm_channels[channel_id] = recipient
        return {
            "id": str(channel_id),
            "type": DM_CHANNEL,
            "last_message_id": None,
            "flags": 0,
            "recipients": [recipient.payload()],
        }

    return {"POST /users/@me/channels": open_dm}


def send(server: FakeDiscordServer, channel_id: int, body: dict[str, Any]) -> Any:
    """POST /channels/{id}/messages to a DM channel."""
    world = server.world
    recipient = world.dm_channels[channel_id]
    if not recipient.dms_open:
        raise DiscordError(403, 50007, "Cannot send messages to this user")
    message = DirectMessage(
        world.ids.next(),
        channel_id,
        recipient,
        world.bot_user,
        world.clock.now(),
        str(body.get("content") or ""),
    )
    world.direct_messages.append(message)
    return message.payload()


def delete(server: FakeDiscordServer, channel_id: int, message_id: int) -> None:
    """DELETE /channels/{id}/messages/{id} in a DM channel."""
    for message in server.world.direct_messages:
        if message.id == message_id and message.channel_id == channel_id and not message.deleted:
            message.deleted = True
            return
    raise unknown_message()
