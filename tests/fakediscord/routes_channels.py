"""Channel messages and threads: create, fetch, edit and delete, with Discord's permission checks.

The bot needs View Channel for anything in a channel, Send Messages (Send Messages in Threads in
a thread) to post, Attach Files to upload and Read Message History to read back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import permissions as perms
from . import routes_dms
from .errors import (
    DiscordError,
    FieldError,
    invalid_form_body,
    missing_access,
    missing_permissions,
    unknown_member,
    unknown_message,
    wrong_channel_type,
)
from .faults import edit_quota_exceeded
from .message_bodies import apply_edit, new_message_fields
from .world import HAS_THREAD, PRIVATE_THREAD, Channel, Message

if TYPE_CHECKING:
    from .rest import ApiRequest, Handler
    from .server import FakeDiscordServer

DEFAULT, REPLY, THREAD_CREATED = 0, 19, 18


def handlers(server: FakeDiscordServer) -> dict[str, Handler]:
    world = server.world

    def require(channel: Channel, needed: int) -> None:
        have = server.bot_member(channel.guild).permissions_in(channel)
        if not have & perms.VIEW_CHANNEL:
            raise missing_access()
        if needed & ~have:
            raise missing_permissions()

    def find_message(request: ApiRequest) -> Message:
        channel = server.find_channel(request.param("channel_id"))
        message = world.messages.get(int(request.param("message_id")))
        if message is None or message.deleted or message.channel is not channel:
            raise unknown_message()
        if message.visible_to is not None:
            raise unknown_message()
        return message

    def create_message(request: ApiRequest) -> Any:
        if int(request.param("channel_id")) in world.dm_channels:
            return routes_dms.send(server, int(request.param("channel_id")), request.body or {})
        channel = server.find_channel(request.param("channel_id"))
        body = request.body or {}
        needed = perms.send_flag(channel)
        if request.uploads:
            needed |= perms.ATTACH_FILES
        if body.get("message_reference"):
            needed |= perms.READ_MESSAGE_HISTORY
        require(channel, needed)
        if channel.locked:
            raise DiscordError(403, 50083, "Thread is archived")
        channel.archived = False
        fields = new_message_fields(world, body, request.uploads, ephemeral_allowed=False)
        reference = body.get("message_reference")
        message = world.add_message(
            channel,
            world.bot_user,
            type=REPLY if reference else DEFAULT,
            reference=_reference(server, channel, reference) if reference else None,
            **fields,
        )
        server.message_created(message)
        return message.payload(world)

    def get_message(request: ApiRequest) -> Any:
        message = find_message(request)
        require(message.channel, perms.READ_MESSAGE_HISTORY)
        return message.payload(world)

    def list_messages(request: ApiRequest) -> Any:
        channel = server.find_channel(request.param("channel_id"))
        require(channel, perms.READ_MESSAGE_HISTORY)
        limit = int(request.query.get("limit", "50"))
        if not 1 <= limit <= 100:
            raise invalid_form_body(
                [FieldError("limit", "NUMBER_TYPE_MAX", "Must be between 1 and 100.")]
            )
        messages = world.channel_messages(channel)
        if "before" in request.query:
            messages = [m for m in messages if m.id < int(request.query["before"])]
        if "after" in request.query:
            after = [m for m in messages if m.id > int(request.query["after"])]
            return [m.payload(world) for m in reversed(after[:limit])]
        return [m.payload(world) for m in reversed(messages[-limit:])]

    def edit_message(request: ApiRequest) -> Any:
        message = find_message(request)
        require(message.channel, perms.ATTACH_FILES if request.uploads else 0)
        if message.author is not world.bot_user:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        limit = server.faults.old_message_edit_limit
        if limit is not None and world.clock.now() - message.created_at > limit:
            raise edit_quota_exceeded()
        apply_edit(world, message, request.body or {}, request.uploads)
        server.message_updated(message)
        return message.payload(world)

    def delete_message(request: ApiRequest) -> Any:
        if int(request.param("channel_id")) in world.dm_channels:
            channel_id, message_id = request.param("channel_id"), request.param("message_id")
            return routes_dms.delete(server, int(channel_id), int(message_id))
        message = find_message(request)
        if message.author is not world.bot_user:
            require(message.channel, perms.MANAGE_MESSAGES)
        else:
            require(message.channel, 0)
        server.message_deleted(message)
        return None

    def create_thread(request: ApiRequest) -> Any:
        parent = server.find_channel(request.param("channel_id"))
        body = request.body or {}
        private = body.get("type", PRIVATE_THREAD) == PRIVATE_THREAD
        if parent.is_thread:
            raise wrong_channel_type()
        require(parent, perms.CREATE_PRIVATE_THREADS if private else perms.CREATE_PUBLIC_THREADS)
        thread = world.add_thread(parent, body["name"], world.bot_user, private=private)
        thread.auto_archive_duration = body.get("auto_archive_duration") or 1440
        announce_thread(thread)
        if not private:
            notice = world.add_message(
                parent, world.bot_user, type=THREAD_CREATED, content=thread.name
            )
            notice.reference = _reference(server, parent, {"channel_id": str(thread.id)})
            server.message_created(notice)
        return thread.payload()

    def create_thread_from_message(request: ApiRequest) -> Any:
        message = find_message(request)
        parent = message.channel
        body = request.body or {}
        if parent.is_thread:
            raise wrong_channel_type()
        require(parent, perms.CREATE_PUBLIC_THREADS)
        if any(c.id == message.id for c in parent.guild.threads):
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        thread = world.add_thread(parent, body["name"], world.bot_user, thread_id=message.id)
        thread.auto_archive_duration = body.get("auto_archive_duration") or 1440
        message.flags |= HAS_THREAD  # no notice in the channel: the message shows its thread
        announce_thread(thread)
        return thread.payload()

    def announce_thread(thread: Channel) -> None:
        payload = thread.payload()
        payload["newly_created"] = True
        payload["member"] = {
            "id": str(thread.id),
            "user_id": str(world.bot_user.id),
            "join_timestamp": thread.created_at.isoformat() if thread.created_at else None,
            "flags": 0,
        }
        server.dispatch("THREAD_CREATE", payload)

    def edit_channel(request: ApiRequest) -> Any:
        channel = server.find_channel(request.param("channel_id"))
        body = request.body or {}
        if not channel.is_thread:
            require(channel, perms.MANAGE_CHANNELS)
        elif channel.owner_id != world.bot_user.id:
            require(channel, perms.MANAGE_THREADS)
        if "name" in body:
            channel.name = body["name"]
        if channel.is_thread:
            channel.archived = bool(body.get("archived", channel.archived))
            channel.locked = bool(body.get("locked", channel.locked))
        server.dispatch(
            "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", channel.payload()
        )
        return channel.payload()

    def add_thread_member(request: ApiRequest) -> Any:
        thread = server.find_channel(request.param("channel_id"))
        if not thread.is_thread:
            raise wrong_channel_type()
        require(thread, 0)
        user_id = request.params.get("user_id", str(world.bot_user.id))
        if int(user_id) not in thread.guild.members:
            raise unknown_member()
        thread.member_ids.add(int(user_id))
        return None

    def typing(request: ApiRequest) -> Any:
        require(server.find_channel(request.param("channel_id")), 0)
        return None

    return {
        "POST /channels/{channel_id}/messages": create_message,
        "GET /channels/{channel_id}/messages": list_messages,
        "GET /channels/{channel_id}/messages/{message_id}": get_message,
        "PATCH /channels/{channel_id}/messages/{message_id}": edit_message,
        "DELETE /channels/{channel_id}/messages/{message_id}": delete_message,
        "POST /channels/{channel_id}/threads": create_thread,
        "POST /channels/{channel_id}/messages/{message_id}/threads": create_thread_from_message,
        "PATCH /channels/{channel_id}": edit_channel,
        "PUT /channels/{channel_id}/thread-members/@me": add_thread_member,
        "PUT /channels/{channel_id}/thread-members/{user_id}": add_thread_member,
        "POST /channels/{channel_id}/typing": typing,
    }


def _reference(
    server: FakeDiscordServer, channel: Channel, reference: dict[str, Any]
) -> dict[str, Any]:
    target = reference.get("message_id")
    if target is not None and int(target) not in server.world.messages:
        if reference.get("fail_if_not_exists", True):
            raise invalid_form_body(
                [
                    FieldError(
                        "message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message"
                    )
                ]
            )
        target = None
    result = {
        "channel_id": reference.get("channel_id") or str(channel.id),
        "guild_id": str(channel.guild.id),
    }
    if target is not None:
        result["message_id"] = str(target)
    return result
