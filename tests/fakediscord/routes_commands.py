"""Application commands: bulk overwrite and list, global and per guild.

Commands keep their id across overwrites when name and type are unchanged, as on Discord; the
driver builds interactions from what was registered here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

from .errors import FieldError, invalid_form_body

if TYPE_CHECKING:
    from .rest import ApiRequest, Handler
    from .server import FakeDiscordServer

CHAT_INPUT, USER, MESSAGE = 1, 2, 3
_CHAT_NAME = re.compile(r"^[-_\w]{1,32}$")


def handlers(server: FakeDiscordServer) -> dict[str, Handler]:
    world = server.world

    def check_app(request: ApiRequest) -> None:
        if request.param("application_id") != str(world.application_id):
            raise invalid_form_body(
                [FieldError("application_id", "NUMBER_TYPE_COERCE", "Unknown application.")]
            )

    def overwrite(request: ApiRequest, guild_id: int | None) -> Any:
        check_app(request)
        _check_commands(request.body)
        previous = {(c["name"], c["type"]): c["id"] for c in world.commands.get(guild_id, [])}
        stored = []
        for command in request.body:
            kind = command.get("type") or CHAT_INPUT
            entry = {
                "id": previous.get((command["name"], kind)) or str(world.ids.next()),
                "application_id": str(world.application_id),
                "version": str(world.ids.next()),
                "type": kind,
                "name": command["name"],
                "description": command.get("description") or "",
                "options": command.get("options") or [],
                "default_member_permissions": command.get("default_member_permissions"),
                "nsfw": bool(command.get("nsfw")),
                "contexts": contexts_of(command),
                "integration_types": command.get("integration_types") or [0],
                "name_localizations": command.get("name_localizations"),
                "description_localizations": command.get("description_localizations"),
            }
            if guild_id is not None:
                entry["guild_id"] = str(guild_id)
            stored.append(entry)
        world.commands[guild_id] = stored
        return stored

    def list_global(request: ApiRequest) -> Any:
        check_app(request)
        return world.commands.get(None, [])

    def list_guild(request: ApiRequest) -> Any:
        check_app(request)
        return world.commands.get(server.find_guild(request.param("guild_id")).id, [])

    def put_global(request: ApiRequest) -> Any:
        return overwrite(request, None)

    def put_guild(request: ApiRequest) -> Any:
        return overwrite(request, server.find_guild(request.param("guild_id")).id)

    return {
        "GET /applications/{application_id}/commands": list_global,
        "PUT /applications/{application_id}/commands": put_global,
        "GET /applications/{application_id}/guilds/{guild_id}/commands": list_guild,
        "PUT /applications/{application_id}/guilds/{guild_id}/commands": put_guild,
    }


def _check_commands(commands: list[dict[str, Any]]) -> None:
    """Discord's rules the schema does not state: lowercase unique names, user commands bare."""
    errors = []
    seen: set[tuple[str, int]] = set()
    for i, command in enumerate(commands):
        kind = command.get("type") or CHAT_INPUT
        name = command["name"]
        if kind == CHAT_INPUT and (not _CHAT_NAME.match(name) or name != name.lower()):
            errors.append(
                FieldError(f"{i}.name", "APPLICATION_COMMAND_INVALID_NAME", "Invalid name")
            )
        if kind != CHAT_INPUT and command.get("description"):
            errors.append(
                FieldError(
                    f"{i}.description",
                    "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION",
                    "Context menu commands cannot have description",
                )
            )
        if (name, kind) in seen:
            errors.append(
                FieldError(
                    f"{i}.name",
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique: {name}",
                )
            )
        seen.add((name, kind))
    if errors:
        raise invalid_form_body(errors)


def contexts_of(command: dict[str, Any]) -> list[int] | None:
    """Where the command may be used (None: everywhere), from its `contexts`, or else from the
    deprecated `dm_permission` false: in servers only."""
    contexts = command.get("contexts")
    if contexts is None and command.get("dm_permission") is False:
        return [0]
    return cast(list[int] | None, contexts)
