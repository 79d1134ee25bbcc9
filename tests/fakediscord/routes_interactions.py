"""Answering interactions: the callback, `@original` edits and deletes, follow-ups.

Interaction answers need no channel permission (Discord posts them on the bot's behalf), and an
ephemeral answer is stored for its one reader only.  After a deferred answer (type 5), the first
follow-up fills the "thinking" message, as on Discord.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import (
    invalid_form_body,
    unknown_interaction,
    unknown_message,
    unknown_webhook,
)
from .faults import edit_quota_exceeded
from .interactions import (
    APPLICATION_COMMAND,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    MODAL,
    UPDATE_MESSAGE,
    InteractionRecord,
)
from .message_bodies import apply_edit, new_message_fields
from .rules import modal_errors
from .world import EPHEMERAL, LOADING, Message

if TYPE_CHECKING:
    from .rest import ApiRequest, Handler
    from .server import FakeDiscordServer

CHAT_INPUT_COMMAND_MESSAGE, CONTEXT_MENU_COMMAND_MESSAGE = 20, 23
_COMMAND_MESSAGE_TYPES = {1: CHAT_INPUT_COMMAND_MESSAGE, 2: CONTEXT_MENU_COMMAND_MESSAGE, 3: 23}


def handlers(server: FakeDiscordServer) -> dict[str, Handler]:
    world = server.world

    def record_for(request: ApiRequest, id_param: str, token_param: str) -> InteractionRecord:
        record = server.interactions.get(int(request.param(id_param)))
        if record is None or record.token != request.param(token_param):
            raise unknown_interaction()
        return record

    def webhook_record(request: ApiRequest) -> InteractionRecord:
        if request.param("webhook_id") != str(world.application_id):
            raise unknown_webhook()
        record = server.interaction_tokens.get(request.param("webhook_token"))
        if record is None:
            raise unknown_webhook()
        record.check_token(world.clock.now())
        return record

    def metadata(record: InteractionRecord) -> dict[str, Any]:
        guild = record.channel.guild
        data: dict[str, Any] = {
            "id": str(record.id),
            "type": record.type,
            "user": record.user.payload(),
            "authorizing_integration_owners": {"0": str(guild.id if guild else 0)},
        }
        if record.source is not None:
            data["interacted_message_id"] = str(record.source.id)
        return data

    def answer_message(record: InteractionRecord, fields: dict[str, Any]) -> Message:
        kind = 0
        if record.type == APPLICATION_COMMAND and record.command_type is not None:
            kind = _COMMAND_MESSAGE_TYPES[record.command_type]
        return world.add_message(
            record.channel,
            world.bot_user,
            type=kind,
            webhook_id=world.application_id,
            interaction=metadata(record),
            visible_to=record.user if fields["flags"] & EPHEMERAL else None,
            **fields,
        )

    def callback(request: ApiRequest) -> Any:
        record = record_for(request, "interaction_id", "interaction_token")
        body = request.body
        kind = body["type"]
        data = body.get("data") or {}
        record.check_acknowledge(kind, world.clock.now())
        message: Message | None = None
        if kind == CHANNEL_MESSAGE:
            fields = new_message_fields(world, data, request.uploads, ephemeral_allowed=True)
            message = answer_message(record, fields)
            server.message_created(message)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = answer_message(record, {"flags": flags})
            server.message_created(message)
        elif kind in (UPDATE_MESSAGE, DEFERRED_UPDATE):
            message = record.source
            if message is None or message.deleted:
                raise unknown_message()
            if kind == UPDATE_MESSAGE:
                limit = server.faults.old_message_edit_limit
                if limit is not None and world.clock.now() - message.created_at > limit:
                    raise edit_quota_exceeded()
                apply_edit(world, message, data, request.uploads)
                server.message_updated(message)
        elif kind == MODAL:
            errors = modal_errors(data)
            if errors:
                raise invalid_form_body(errors)
        record.callback_type = kind
        record.callback_data = data
        record.original = message
        record.answered.set()
        return response_body(record, kind, message) if "with_response" in request.query else None

    def response_body(
        record: InteractionRecord, kind: int, message: Message | None
    ) -> dict[str, Any]:
        interaction: dict[str, Any] = {"id": str(record.id), "type": record.type}
        resource: dict[str, Any] = {"type": kind}
        if message is not None and kind != DEFERRED_UPDATE:
            interaction.update(
                response_message_id=str(message.id),
                response_message_loading=kind == DEFERRED_CHANNEL_MESSAGE,
                response_message_ephemeral=message.ephemeral,
            )
            resource["message"] = message.payload(world)
        return {"interaction": interaction, "resource": resource}

    def get_webhook_message(request: ApiRequest) -> Any:
        record = webhook_record(request)
        return record.message(request.params.get("message_id", "@original")).payload(world)

    def edit_webhook_message(request: ApiRequest) -> Any:
        record = webhook_record(request)
        message = record.message(request.params.get("message_id", "@original"))
        apply_edit(world, message, request.body or {}, request.uploads)
        server.message_updated(message)
        return message.payload(world)

    def delete_webhook_message(request: ApiRequest) -> Any:
        record = webhook_record(request)
        message = record.message(request.params.get("message_id", "@original"))
        server.message_deleted(message)
        return None

    def followup(request: ApiRequest) -> Any:
        record = webhook_record(request)
        body = request.body or {}
        original = record.original
        if original is not None and original.flags & LOADING and not original.deleted:
            apply_edit(world, original, body, request.uploads)
            server.message_updated(original)
            message = original
        else:
            fields = new_message_fields(world, body, request.uploads, ephemeral_allowed=True)
            message = answer_message(record, fields)
            record.followups.append(message)
            server.message_created(message)
        return (
            message.payload(world) if request.query.get("wait") in ("true", "1", "True") else None
        )

    messages = "/webhooks/{webhook_id}/{webhook_token}/messages"
    return {
        "POST /interactions/{interaction_id}/{interaction_token}/callback": callback,
        "POST /webhooks/{webhook_id}/{webhook_token}": followup,
        f"GET {messages}/@original": get_webhook_message,
        f"PATCH {messages}/@original": edit_webhook_message,
        f"DELETE {messages}/@original": delete_webhook_message,
        f"GET {messages}/{{message_id}}": get_webhook_message,
        f"PATCH {messages}/{{message_id}}": edit_webhook_message,
        f"DELETE {messages}/{{message_id}}": delete_webhook_message,
    }
