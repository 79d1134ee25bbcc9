"""Turning a message body the bot sent (plus uploaded files) into a stored message, as Discord does.

The same rules serve every route that creates or edits a message: channel messages, interaction
responses, follow-ups and `@original` edits.  On an edit only the fields present change, and the
`attachments` list names the existing attachments to keep and the uploads (by index) to add.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import FieldError, empty_message, invalid_form_body
from .rules import IS_COMPONENTS_V2, message_errors
from .world import EPHEMERAL, LOADING, Attachment, Message, World

SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
_SETTABLE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2


@dataclass(frozen=True)
class Upload:
    """One `files[n]` part of a multipart request."""

    field: str
    filename: str
    data: bytes


def check_body(body: Mapping[str, Any]) -> None:
    """Raise Discord's 50035 answer if the body breaks Discord's message limits."""
    errors = message_errors(body)
    if errors:
        raise invalid_form_body(errors)


def new_message_fields(
    world: World, body: Mapping[str, Any], uploads: list[Upload], *, ephemeral_allowed: bool
) -> dict[str, Any]:
    """Fields for `World.add_message` from a create body; raises on an invalid or empty one."""
    check_body(body)
    flags = int(body.get("flags") or 0)
    allowed = _SETTABLE_FLAGS | (EPHEMERAL if ephemeral_allowed else 0)
    fields: dict[str, Any] = {
        "content": body.get("content") or "",
        "components": list(body.get("components") or []),
        "embeds": list(body.get("embeds") or []),
        "attachments": _attachments(world, body, uploads, []),
        "flags": flags & allowed,
    }
    if not _has_body(fields):
        raise empty_message()
    return fields


def apply_edit(
    world: World, message: Message, body: Mapping[str, Any], uploads: list[Upload]
) -> None:
    """Edit `message` in place from a PATCH body; raises on an invalid or emptied message."""
    check_body(body)
    changed: dict[str, Any] = {}
    if "content" in body:
        changed["content"] = body["content"] or ""
    if "components" in body:
        changed["components"] = list(body["components"] or [])
    if "embeds" in body:
        changed["embeds"] = list(body["embeds"] or [])
    if "attachments" in body or uploads:
        changed["attachments"] = _attachments(world, body, uploads, message.attachments)
    if "flags" in body and body["flags"] is not None:
        keep = message.flags & ~_SETTABLE_FLAGS
        changed["flags"] = keep | (int(body["flags"]) & _SETTABLE_FLAGS)
    result = {
        "content": changed.get("content", message.content),
        "components": changed.get("components", message.components),
        "embeds": changed.get("embeds", message.embeds),
        "attachments": changed.get("attachments", message.attachments),
    }
    if not _has_body(result):
        raise empty_message()
    for name, value in changed.items():
        setattr(message, name, value)
    message.flags &= ~LOADING
    message.edited_at = world.clock.now()
    message.edits += 1


def _attachments(
    world: World, body: Mapping[str, Any], uploads: list[Upload], current: list[Attachment]
) -> list[Attachment]:
    """The attachments after a request.

    Without an `attachments` list in the body, the current ones stay and every upload is added.
    With one, it decides: entries match current attachments by id, or uploads by `files[n]` index.
    """
    listed = body.get("attachments")
    if not isinstance(listed, list):
        return [*current, *(_new(world, upload, {}) for upload in uploads)]
    by_field = {upload.field: upload for upload in uploads}
    by_id = {str(attachment.id): attachment for attachment in current}
    result: list[Attachment] = []
    used: set[str] = set()
    errors: list[FieldError] = []
    for i, entry in enumerate(listed):
        key = str(entry.get("id"))
        upload = by_field.get(f"files[{key}]")
        if upload is not None:
            used.add(upload.field)
            result.append(_new(world, upload, entry))
        elif key in by_id:
            result.append(by_id[key])
        else:
            errors.append(
                FieldError(f"attachments.{i}.id", "ATTACHMENT_NOT_FOUND", "Unknown attachment")
            )
    if errors:
        raise invalid_form_body(errors)
    result.extend(_new(world, upload, {}) for upload in uploads if upload.field not in used)
    return result


def _new(world: World, upload: Upload, entry: Mapping[str, Any]) -> Attachment:
    return Attachment(
        world.ids.next(),
        entry.get("filename") or upload.filename,
        upload.data,
        entry.get("description"),
    )


def _has_body(fields: Mapping[str, Any]) -> bool:
    return bool(
        fields["content"] or fields["components"] or fields["embeds"] or fields["attachments"]
    )
