"""Discord's error answers: status, JSON error code, message and (for 50035) nested field errors."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web


@dataclass(frozen=True)
class FieldError:
    """One field-level objection inside an Invalid Form Body (50035) answer."""

    path: str  # dotted, e.g. "components.0.components.5.label"
    code: str  # Discord's error code string, e.g. "BASE_TYPE_MAX_LENGTH"
    message: str


@dataclass
class DiscordError(Exception):
    """An error answer exactly as Discord shapes it."""

    status: int
    code: int
    message: str
    errors: list[FieldError] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        details = "; ".join(f"{e.path}: {e.message}" for e in self.errors)
        return f"{self.status} {self.code} {self.message}" + (f" ({details})" if details else "")

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code, **self.extra}
        if self.errors:
            body["errors"] = nest_errors(self.errors)
        return body

    def response(self) -> web.Response:
        return json_response(self.body(), status=self.status, headers=self.headers)


def invalid_form_body(errors: Iterable[FieldError]) -> DiscordError:
    return DiscordError(400, 50035, "Invalid Form Body", list(errors))


def nest_errors(errors: Iterable[FieldError]) -> dict[str, Any]:
    """Discord's nested error tree: {"components": {"0": {"_errors": [...]}}}."""
    tree: dict[str, Any] = {}
    for error in errors:
        node = tree
        for part in error.path.split(".") if error.path else []:
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": error.code, "message": error.message})
    return tree


def json_response(
    payload: Any, *, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A JSON answer whose Content-Type is exactly `application/json`, as discord.py requires."""
    response = web.Response(body=json.dumps(payload).encode(), status=status, headers=headers)
    response.headers["Content-Type"] = "application/json"
    return response


def missing_permissions() -> DiscordError:
    return DiscordError(403, 50013, "Missing Permissions")


def missing_access() -> DiscordError:
    return DiscordError(403, 50001, "Missing Access")


def unknown_message() -> DiscordError:
    return DiscordError(404, 10008, "Unknown Message")


def unknown_channel() -> DiscordError:
    return DiscordError(404, 10003, "Unknown Channel")


def unknown_member() -> DiscordError:
    return DiscordError(404, 10007, "Unknown Member")


def empty_message() -> DiscordError:
    return DiscordError(400, 50006, "Cannot send an empty message")


def invalid_json() -> DiscordError:
    return DiscordError(400, 50109, "The request body contains invalid JSON.")


def wrong_channel_type() -> DiscordError:
    return DiscordError(400, 50024, "Cannot execute action on this channel type")


def unknown_interaction() -> DiscordError:
    return DiscordError(404, 10062, "Unknown interaction")


def unknown_webhook() -> DiscordError:
    return DiscordError(404, 10015, "Unknown Webhook")


def unknown_user() -> DiscordError:
    return DiscordError(404, 10013, "Unknown User")
