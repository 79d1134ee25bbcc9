"""Building the interactions Discord would send for what a user does.

From the commands the bot registered and the messages as they are now, these build the
INTERACTION_CREATE payload of a slash command (options typed and resolved), a context-menu
command, a click, a select or a modal submission.  What a person could not do in Discord's
client (an unknown option, a disabled button, a value the select does not offer) raises
`ImpossibleAction` instead.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from . import permissions as perms
from .components import LABEL, STRING_SELECT, TEXT_INPUT
from .interactions import InteractionRecord
from .world import Channel, Message, Role, User, World

CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
BUTTON = 2
GUILD, BOT_DM = 0, 1
"""Interaction contexts: in a server, in a DM with the bot."""
DM_APP_PERMISSIONS = (
    perms.VIEW_CHANNEL
    | perms.SEND_MESSAGES
    | perms.EMBED_LINKS
    | perms.ATTACH_FILES
    | perms.READ_MESSAGE_HISTORY
)
"""What the bot may do in a DM."""
NUMBER_LIMIT = 2**53
"""Discord's integer and number options take values from -2^53 to 2^53."""


class ImpossibleAction(AssertionError):
    """A scripted user tried something Discord's client would not let a person do."""


class InteractionBuilder:
    """Builds interaction records for one world."""

    def __init__(self, world: World) -> None:
        self.world = world

    def record(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        source: Message | None,
        command_type: int | None,
    ) -> InteractionRecord:
        world = self.world
        guild = channel.guild
        if guild is None:
            # In a DM with the bot: no guild, no member, the user alone; a guild-installed
            # app's owner is "0" there.
            if channel.recipient is not user:
                raise ImpossibleAction(f"{user.name} is not in that DM")
            where: dict[str, Any] = {
                "user": user.payload(),
                "app_permissions": str(DM_APP_PERMISSIONS),
                "authorizing_integration_owners": {"0": "0"},
                "context": BOT_DM,
            }
            return self._built(kind, user, channel, data, source, command_type, where)
        member = guild.members.get(user.id)
        if member is None:
            raise ImpossibleAction(f"{user.name} is not a member of {guild.name}")
        permissions = member.permissions_in(channel)
        if not permissions & perms.VIEW_CHANNEL:
            raise ImpossibleAction(f"{user.name} cannot see #{channel.name}")
        where = {
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
            "member": {**member.payload(), "permissions": str(permissions)},
            "app_permissions": str(guild.members[world.bot_user.id].permissions_in(channel)),
            "guild_locale": "en-US",
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
        }
        return self._built(kind, user, channel, data, source, command_type, where)

    def _built(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        source: Message | None,
        command_type: int | None,
        where: dict[str, Any],
    ) -> InteractionRecord:
        """The record, with what every interaction carries and `where`'s fields: a server's
        member and permissions, or a DM's user."""
        world = self.world
        interaction_id = world.ids.next()
        token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(world.application_id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "token": token,
            "version": 1,
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            **where,
        }
        if source is not None:
            payload["message"] = source.payload(world)
        return InteractionRecord(
            interaction_id,
            token,
            kind,
            user,
            channel,
            payload,
            world.clock.now(),
            source=source,
            command_type=command_type,
        )

    def _check_can_see(self, user: User, message: Message) -> None:
        if message.deleted:
            raise ImpossibleAction("the message was deleted")
        if message.visible_to is not None and message.visible_to is not user:
            raise ImpossibleAction(f"{user.name} cannot see another user's ephemeral message")

    def context_menu_data(
        self, user: User, channel: Channel, name: str, target: User | Message
    ) -> dict[str, Any]:
        kind = MESSAGE_COMMAND if isinstance(target, Message) else USER_COMMAND
        definition = self.find_command(user, channel, name, kind)
        resolved: dict[str, Any] = {}
        if isinstance(target, Message):
            resolved["messages"] = {str(target.id): target.payload(self.world)}
        else:
            self._resolve_user(target, channel, resolved)
        data = {
            "id": definition["id"],
            "name": name,
            "type": kind,
            "target_id": str(target.id),
            "resolved": resolved,
        }
        if "guild_id" in definition:
            data["guild_id"] = definition["guild_id"]
        return data

    def click_data(
        self, user: User, message: Message, label: str | None, custom_id: str | None
    ) -> dict[str, Any]:
        self._check_can_see(user, message)
        candidates = [
            b
            for b in message.buttons
            if (label is None or b.label == label)
            and (custom_id is None or b.custom_id == custom_id)
        ]
        if len(candidates) != 1:
            shown = [b.label or b.custom_id for b in message.buttons]
            raise ImpossibleAction(
                f"{len(candidates)} buttons match label={label!r} custom_id={custom_id!r}; "
                f"the message has {shown}"
            )
        button = candidates[0]
        if button.disabled:
            raise ImpossibleAction(f"button {button.label!r} is disabled")
        if button.is_link:
            raise ImpossibleAction(f"button {button.label!r} is a link, not an interaction")
        return {"custom_id": button.custom_id, "component_type": BUTTON}

    def forged_source(self, user: User, channel: Channel, message: Message | None) -> Message:
        """The message a forged click claims to come from: one `user` sees, in `channel`."""
        if message is None:
            seen = [
                m
                for m in self.world.messages.values()
                if m.channel is channel
                and m.author is self.world.bot_user
                and not m.deleted
                and m.visible_to in (None, user)
            ]
            if not seen:
                raise ImpossibleAction(f"no message of the bot in #{channel.name} to click on")
            message = seen[-1]
        if message.channel is not channel:
            raise ImpossibleAction(f"the message is not in #{channel.name}")
        self._check_can_see(user, message)
        return message

    def forged_click_data(self, custom_id: str, values: list[str] | None) -> dict[str, Any]:
        if not 1 <= len(custom_id) <= 100:
            raise ImpossibleAction("a custom id has 1 to 100 characters")
        if values is None:
            return {"custom_id": custom_id, "component_type": BUTTON}
        return {"custom_id": custom_id, "component_type": STRING_SELECT, "values": values}

    def select_data(
        self, user: User, message: Message, values: list[str], custom_id: str | None
    ) -> dict[str, Any]:
        self._check_can_see(user, message)
        menus = [s for s in message.selects if custom_id is None or s.custom_id == custom_id]
        if len(menus) != 1:
            raise ImpossibleAction(
                f"{len(menus)} selects match custom_id={custom_id!r}; "
                f"the message has {[s.custom_id for s in message.selects]}"
            )
        menu = menus[0]
        if menu.disabled:
            raise ImpossibleAction(f"select {menu.custom_id!r} is disabled")
        unknown = [v for v in values if v not in menu.values]
        if unknown:
            raise ImpossibleAction(f"{unknown} are not options of the select ({menu.values})")
        if not menu.min_values <= len(values) <= menu.max_values:
            raise ImpossibleAction(
                f"the select takes {menu.min_values} to {menu.max_values} values, not {len(values)}"
            )
        return {"custom_id": menu.custom_id, "component_type": STRING_SELECT, "values": values}

    def modal_data(self, modal: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
        submitted = [_fill(component, values) for component in modal.get("components") or []]
        return {"custom_id": modal["custom_id"], "components": submitted}

    def find_command(self, user: User, channel: Channel, name: str, kind: int) -> dict[str, Any]:
        guild = channel.guild
        scopes = (None,) if guild is None else (guild.id, None)
        for scope in scopes:
            for definition in self.world.commands.get(scope, []):
                if definition["name"] == name and definition["type"] == kind:
                    self._check_command_visible(user, channel, definition)
                    return definition
        raise ImpossibleAction(
            f"no {'slash' if kind == CHAT_INPUT else 'context-menu'} command {name!r} is "
            f"registered in {'a DM' if guild is None else guild.name} (did the bot sync its "
            "commands?)"
        )

    def _check_command_visible(
        self, user: User, channel: Channel, definition: Mapping[str, Any]
    ) -> None:
        contexts = definition.get("contexts")
        if channel.guild is None:
            if contexts is not None and BOT_DM not in contexts:
                raise ImpossibleAction(f"/{definition['name']} is not available in DMs")
            return
        if contexts is not None and GUILD not in contexts:
            raise ImpossibleAction(f"/{definition['name']} is not available in servers")
        needed = definition.get("default_member_permissions")
        if needed is not None:
            have = channel.guild.members[user.id].permissions_in(channel)
            if int(needed) & ~have:
                raise ImpossibleAction(f"{user.name} may not use /{definition['name']}")

    def command_data(
        self,
        user: User,
        channel: Channel,
        command: str,
        values: Mapping[str, Any],
        focused: str | None,
    ) -> dict[str, Any]:
        name, *path = command.split()
        definition = self.find_command(user, channel, name, CHAT_INPUT)
        options: list[dict[str, Any]] = []
        target = options
        definitions = definition.get("options") or []
        for part in path:
            found = next(
                (
                    d
                    for d in definitions
                    if d["name"] == part and d["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
                ),
                None,
            )
            if found is None:
                raise ImpossibleAction(f"/{name} has no subcommand {part!r}")
            entry: dict[str, Any] = {"name": part, "type": found["type"], "options": []}
            target.append(entry)
            target = entry["options"]
            definitions = found.get("options") or []
        if any(d["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for d in definitions):
            choices = [d["name"] for d in definitions]
            raise ImpossibleAction(f"/{command} needs a subcommand: one of {choices}")
        resolved: dict[str, Any] = {}
        target.extend(self._options(command, definitions, values, channel, resolved, focused))
        data: dict[str, Any] = {
            "id": definition["id"],
            "name": name,
            "type": CHAT_INPUT,
            "options": options,
        }
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in definition:
            data["guild_id"] = definition["guild_id"]
        return data

    def _options(
        self,
        command: str,
        definitions: list[dict[str, Any]],
        values: Mapping[str, Any],
        channel: Channel,
        resolved: dict[str, Any],
        focused: str | None,
    ) -> list[dict[str, Any]]:
        by_name = {d["name"]: d for d in definitions}
        unknown = sorted(set(values) - set(by_name))
        if unknown:
            raise ImpossibleAction(f"/{command} has no options {unknown}; it has {sorted(by_name)}")
        missing = [d["name"] for d in definitions if d.get("required") and d["name"] not in values]
        if missing:
            raise ImpossibleAction(f"/{command} needs {missing}")
        result = []
        for definition in definitions:
            name = definition["name"]
            if name not in values:
                continue
            if name == focused:
                if not definition.get("autocomplete"):
                    raise ImpossibleAction(f"option {name!r} of /{command} has no autocomplete")
                entry = {"name": name, "type": definition["type"], "value": str(values[name])}
                result.append({**entry, "focused": True})
                continue
            value = self._option_value(command, definition, values[name], channel, resolved)
            result.append({"name": name, "type": definition["type"], "value": value})
        return result

    def _option_value(
        self,
        command: str,
        definition: Mapping[str, Any],
        value: Any,
        channel: Channel,
        resolved: dict[str, Any],
    ) -> Any:
        kind, name = definition["type"], definition["name"]
        where = f"option {name!r} of /{command}"
        if kind == STRING:
            if not isinstance(value, str):
                raise ImpossibleAction(f"{where} takes text, not {value!r}")
            low, high = definition.get("min_length", 0), definition.get("max_length", 6000)
            if not low <= len(value) <= high:
                raise ImpossibleAction(f"{where} takes {low} to {high} characters")
        elif kind in (INTEGER, NUMBER):
            types = (int,) if kind == INTEGER else (int, float)
            if isinstance(value, bool) or not isinstance(value, types):
                raise ImpossibleAction(f"{where} takes a number, not {value!r}")
            if not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
                raise ImpossibleAction(f"{where}: Discord takes numbers from -2^53 to 2^53")
            low, high = definition.get("min_value"), definition.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise ImpossibleAction(f"{where} takes values from {low} to {high}")
        elif kind == BOOLEAN:
            if not isinstance(value, bool):
                raise ImpossibleAction(f"{where} takes True or False, not {value!r}")
        elif kind in (USER, MENTIONABLE) and isinstance(value, User):
            self._resolve_user(value, channel, resolved)
            return str(value.id)
        elif kind in (ROLE, MENTIONABLE) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        elif kind == CHANNEL and isinstance(value, Channel):
            allowed = definition.get("channel_types")
            if allowed and value.type not in allowed:
                raise ImpossibleAction(f"{where} does not take #{value.name}")
            member = channel.guild.members[self.world.bot_user.id]
            entry = {**value.payload(), "permissions": str(member.permissions_in(value))}
            resolved.setdefault("channels", {})[str(value.id)] = entry
            return str(value.id)
        else:
            raise ImpossibleAction(f"{where} (type {kind}) cannot take {value!r}")
        choices = definition.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ImpossibleAction(f"{where} must be one of {[c['value'] for c in choices]}")
        return value

    def _resolve_user(self, user: User, channel: Channel, resolved: dict[str, Any]) -> None:
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        member = None if channel.guild is None else channel.guild.members.get(user.id)
        if member is not None:
            entry = {
                **member.payload(with_user=False),
                "permissions": str(member.permissions_in(channel)),
            }
            resolved.setdefault("members", {})[str(user.id)] = entry


def _fill(component: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """The submitted form of one modal component, filled from `values`."""
    kind = component.get("type")
    if kind == LABEL:
        inner = _fill_input(component["component"], values, component.get("label"))
        return {"type": LABEL, "id": component.get("id"), "component": inner}
    if kind == 1:
        return {
            "type": 1,
            "components": [_fill_input(c, values, None) for c in component["components"]],
        }
    return {"type": kind, "id": component.get("id")}


def _fill_input(
    component: Mapping[str, Any], values: Mapping[str, Any], label: str | None
) -> dict[str, Any]:
    custom_id = component["custom_id"]
    label = label or component.get("label")
    key = custom_id if custom_id in values else label
    if component["type"] == TEXT_INPUT:
        value = values.get(key, "") if key is not None else ""
        required = component.get("required", True)
        if required and not value:
            raise ImpossibleAction(f"the modal field {label or custom_id!r} is required")
        low, high = component.get("min_length", 0), component.get("max_length", 4000)
        if value and not low <= len(value) <= high:
            raise ImpossibleAction(f"the modal field {label!r} takes {low} to {high} characters")
        return {"type": TEXT_INPUT, "custom_id": custom_id, "value": value}
    if component["type"] == STRING_SELECT:
        picked: str | list[str] = values.get(key, []) if key is not None else []
        chosen = [picked] if isinstance(picked, str) else list(picked)
        return {"type": STRING_SELECT, "custom_id": custom_id, "values": chosen}
    raise ImpossibleAction(f"the driver cannot fill modal components of type {component['type']}")
