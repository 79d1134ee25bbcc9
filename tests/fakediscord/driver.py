"""Scripted users: what people do in Discord, sent to the bot as real gateway events.

`FakeDiscord` is the object tests hold.  Each user action (slash command, context menu, click,
select, autocomplete, modal submit) builds the interaction payload Discord would build, from the
commands the bot registered and the message as it is now, sends it as INTERACTION_CREATE and
returns once the bot has answered and finished its follow-up work.  Actions a real user cannot
perform (an unknown option, a disabled button, a value outside a select) raise `ImpossibleAction`.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from . import permissions as perms
from .clock import FakeClock
from .components import LABEL, STRING_SELECT, TEXT_INPUT
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    DEFERRED_CHANNEL_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    InteractionRecord,
)
from .rest import Violation
from .server import DEFAULT_TOKEN, FakeDiscordServer
from .world import Channel, Guild, Message, Overwrite, Role, User

CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
MESSAGE_CONTENT_INTENT = 1 << 15


class ImpossibleAction(AssertionError):
    """A scripted user tried something Discord's client would not let a person do."""


@dataclass(frozen=True)
class Choice:
    """An autocomplete suggestion."""

    name: str
    value: str | int | float


@dataclass(frozen=True)
class Reply:
    """How the bot answered one interaction; the messages are live (they show later edits)."""

    record: InteractionRecord

    @property
    def callback_type(self) -> int | None:
        return self.record.callback_type

    @property
    def message(self) -> Message | None:
        """The answer message; for a component updated in place, the component's message."""
        return self.record.original

    @property
    def followups(self) -> list[Message]:
        return list(self.record.followups)

    @property
    def messages(self) -> list[Message]:
        """Messages this interaction created: the answer (unless an update) and follow-ups."""
        own = self.record.original
        first = [own] if own is not None and own is not self.record.source else []
        return [*first, *self.record.followups]

    @property
    def content(self) -> str:
        """Text of the answer message ("" if there is none)."""
        return self.message.content if self.message is not None else ""

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def deferred(self) -> bool:
        return self.record.callback_type == DEFERRED_CHANNEL_MESSAGE

    @property
    def late(self) -> bool:
        """The bot answered after Discord's 3-second limit and got 10062."""
        return self.record.late

    @property
    def choices(self) -> list[Choice]:
        if self.record.callback_type != AUTOCOMPLETE_RESULT:
            return []
        data = self.record.callback_data or {}
        return [Choice(c["name"], c["value"]) for c in data.get("choices") or []]

    @property
    def modal(self) -> Mapping[str, Any] | None:
        """The modal the bot opened (callback type 9 data), if it did."""
        return self.record.callback_data if self.record.callback_type == MODAL else None


class FakeDiscord(FakeDiscordServer):
    """The fake Discord plus the people in it.  Built with a default world (see `populate`)."""

    def __init__(self, *, token: str = DEFAULT_TOKEN, clock: FakeClock | None = None) -> None:
        super().__init__(token=token, clock=clock)
        self.populate()

    def populate(self) -> None:
        """Two guilds with channels, a thread, users, a second bot and a moderator.

        "Reversi Club": #general (with the thread "old-games"), #games, #quiet; members owner,
        alice, bob, carol (Moderator), the other bot "othello-bot" and this bot ("Reversi").
        "Second Server": #lobby; members owner, alice, dave and this bot.
        """
        world = self.world
        self.alice = world.add_user("alice")
        self.bob = world.add_user("bob")
        self.carol = world.add_user("carol")
        self.dave = world.add_user("dave")
        self.other_bot = world.add_user("othello-bot", bot=True)
        self.guild = world.add_guild("Reversi Club")
        self.general = world.add_text_channel(self.guild, "general")
        self.games = world.add_text_channel(self.guild, "games")
        self.quiet = world.add_text_channel(self.guild, "quiet")
        self.old_thread = world.add_thread(self.general, "old-games", self.alice)
        for user in (self.alice, self.bob, self.other_bot):
            world.add_member(self.guild, user)
        world.add_member(self.guild, self.carol, roles=[self.guild.role("Moderator")])
        self.second_guild = world.add_guild("Second Server")
        self.lobby = world.add_text_channel(self.second_guild, "lobby")
        for user in (self.alice, self.dave):
            world.add_member(self.second_guild, user)

    # -- the world, changed while the bot watches ------------------------------------------

    def add_user(self, name: str, *, bot: bool = False, guild: Guild | None = None) -> User:
        """A new user, member of `guild` (default: the main guild)."""
        user = self.world.add_user(name, bot=bot)
        self.world.add_member(guild or self.guild, user)
        return user

    def add_text_channel(self, name: str, *, guild: Guild | None = None) -> Channel:
        channel = self.world.add_text_channel(guild or self.guild, name)
        self.dispatch("CHANNEL_CREATE", channel.payload())
        return channel

    def set_permissions(
        self,
        channel: Channel,
        target: User | Role | None = None,
        *,
        allow: tuple[str, ...] = (),
        deny: tuple[str, ...] = (),
    ) -> None:
        """Set a channel overwrite for a user or role (default: the bot) and tell the bot."""
        target = target or self.world.bot_user
        if channel.is_thread:
            raise ValueError("threads take their parent's permissions; change the parent")
        kind = 0 if isinstance(target, Role) else 1
        channel.overwrites[target.id] = Overwrite(kind, perms.bits(allow), perms.bits(deny))
        self.dispatch("CHANNEL_UPDATE", channel.payload())

    def deny(self, channel: Channel, *permissions: str, target: User | Role | None = None) -> None:
        """Take permissions away in a channel, e.g. `fake.deny(ch, "attach_files")`."""
        self.set_permissions(channel, target, deny=permissions)

    async def delete_message(self, message: Message) -> None:
        """Someone (a moderator) deletes a message; later edits of it get 10008."""
        self.message_deleted(message)
        await self.settle()

    async def say(self, user: User, channel: Channel, content: str) -> Message:
        """A user posts a message (the bot sees the text only if it has the intent or a mention)."""
        message = self.world.add_message(channel, user, content=content)
        payload = message.payload(self.world, with_member=True)
        session = self.gateway.session
        intents = session.identify.get("intents", 0) if session is not None else 0
        if not intents & MESSAGE_CONTENT_INTENT and self.world.bot_user.id not in (
            message.mentioned_ids()
        ):
            payload.update(content="", embeds=[], attachments=[], components=[])
        self.dispatch("MESSAGE_CREATE", payload)
        await self.settle()
        return message

    async def advance(self, **delta: float) -> None:
        """Move the fake clock forward (`seconds=`, `minutes=`, `hours=`, `days=`) and settle."""
        self.clock.advance(timedelta(**delta))
        await self.settle()

    async def reconnect(self) -> None:
        """Ask the bot to reconnect (gateway op 7) and wait until it has resumed its session."""
        session = self.gateway.request_reconnect()
        async with asyncio.timeout(self.settle_timeout):
            await session.resumed.wait()
        await self.settle()

    # -- what people see --------------------------------------------------------------------

    def messages(self, channel: Channel) -> list[Message]:
        """The channel's messages as everyone sees them, oldest first."""
        return self.world.channel_messages(channel)

    def last_message(self, channel: Channel) -> Message:
        messages = self.messages(channel)
        if not messages:
            raise AssertionError(f"#{channel.name} has no messages")
        return messages[-1]

    def ephemeral_replies(self, user: User) -> list[Message]:
        """Messages only `user` sees, oldest first."""
        return [m for m in self.world.messages.values() if m.visible_to is user and not m.deleted]

    def threads(self, parent: Channel | None = None) -> list[Channel]:
        return [
            c for g in self.world.guilds for c in g.threads if parent is None or c.parent is parent
        ]

    def take_violations(self) -> list[Violation]:
        """The requests Discord would have refused so far (and forget them)."""
        taken, self.violations = self.violations, []
        return taken

    # -- user actions -----------------------------------------------------------------------

    async def slash(
        self,
        user: User,
        command: str,
        /,
        *,
        channel: Channel | None = None,
        options: Mapping[str, Any] | None = None,
        expect_answer: bool = True,
        **values: Any,
    ) -> Reply:
        """Run `/command sub option=value ...` as `user` (options by keyword or `options=`)."""
        channel = channel or self.general
        data = self._command_data(user, channel, command, {**(options or {}), **values}, None)
        return await self._interact(
            APPLICATION_COMMAND, user, channel, data, command_type=CHAT_INPUT, expect=expect_answer
        )

    async def autocomplete(
        self,
        user: User,
        command: str,
        option: str,
        /,
        partial: str = "",
        *,
        channel: Channel | None = None,
        options: Mapping[str, Any] | None = None,
        **values: Any,
    ) -> list[Choice]:
        """What the bot suggests while `user` types `partial` into `option` of `/command`."""
        channel = channel or self.general
        filled = {**(options or {}), **values, option: partial}
        data = self._command_data(user, channel, command, filled, option)
        reply = await self._interact(AUTOCOMPLETE, user, channel, data, expect=True)
        return reply.choices

    async def context_menu(
        self,
        user: User,
        name: str,
        target: User | Message,
        *,
        channel: Channel | None = None,
        expect_answer: bool = True,
    ) -> Reply:
        """Use the user (or message) context-menu command `name` on `target`."""
        channel = channel or (target.channel if isinstance(target, Message) else self.general)
        kind = MESSAGE_COMMAND if isinstance(target, Message) else USER_COMMAND
        definition = self._find_command(user, channel, name, kind)
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
        return await self._interact(
            APPLICATION_COMMAND, user, channel, data, command_type=kind, expect=expect_answer
        )

    async def click(
        self,
        user: User,
        message: Message,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        expect_answer: bool = True,
    ) -> Reply:
        """Click the button with this label (or custom_id) on the message as it is now."""
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
        data = {"custom_id": button.custom_id, "component_type": 2}
        return await self._interact(
            MESSAGE_COMPONENT, user, message.channel, data, source=message, expect=expect_answer
        )

    async def select(
        self,
        user: User,
        message: Message,
        values: list[str],
        *,
        custom_id: str | None = None,
        expect_answer: bool = True,
    ) -> Reply:
        """Pick `values` in the message's string select (the one with `custom_id` if several)."""
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
        data = {"custom_id": menu.custom_id, "component_type": STRING_SELECT, "values": values}
        return await self._interact(
            MESSAGE_COMPONENT, user, message.channel, data, source=message, expect=expect_answer
        )

    async def submit_modal(
        self, user: User, reply: Reply, values: Mapping[str, str], *, expect_answer: bool = True
    ) -> Reply:
        """Fill in and submit the modal the bot opened in `reply`; keys are custom_ids or labels."""
        modal = reply.modal
        if modal is None:
            raise ImpossibleAction("the bot did not open a modal in this reply")
        if user is not reply.record.user:
            raise ImpossibleAction("only the user the modal was shown to can submit it")
        submitted = [_fill(component, values) for component in modal.get("components") or []]
        data = {"custom_id": modal["custom_id"], "components": submitted}
        record = reply.record
        return await self._interact(
            MODAL_SUBMIT, user, record.channel, data, source=record.source, expect=expect_answer
        )

    # -- building interactions --------------------------------------------------------------

    async def _interact(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        *,
        source: Message | None = None,
        command_type: int | None = None,
        expect: bool,
    ) -> Reply:
        if self.gateway.session is None:
            raise RuntimeError("no bot is connected to the fake Discord")
        record = self._new_interaction(kind, user, channel, data, source, command_type)
        self.interactions[record.id] = record
        self.interaction_tokens[record.token] = record
        self.dispatch("INTERACTION_CREATE", record.payload)
        await self.settle()
        if expect and (not record.acknowledged or (record.original and record.original.loading)):
            what = data.get("name") or data.get("custom_id")
            why = " (it answered after 3 seconds: 10062)" if record.late else ""
            state = "left its deferred answer thinking" if record.acknowledged else "did not answer"
            raise AssertionError(f"the bot {state} for {what!r} by {user.name}{why}")
        return Reply(record)

    def _new_interaction(
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
        member = guild.members.get(user.id)
        if member is None:
            raise ImpossibleAction(f"{user.name} is not a member of {guild.name}")
        permissions = member.permissions_in(channel)
        if not permissions & perms.VIEW_CHANNEL:
            raise ImpossibleAction(f"{user.name} cannot see #{channel.name}")
        interaction_id = world.ids.next()
        token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(world.application_id),
            "type": kind,
            "data": data,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "member": {**member.payload(), "permissions": str(permissions)},
            "token": token,
            "version": 1,
            "app_permissions": str(self.bot_member(guild).permissions_in(channel)),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
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

    def _find_command(self, user: User, channel: Channel, name: str, kind: int) -> dict[str, Any]:
        guild = channel.guild
        for scope in (guild.id, None):
            for definition in self.world.commands.get(scope, []):
                if definition["name"] == name and definition["type"] == kind:
                    self._check_command_visible(user, channel, definition)
                    return definition
        raise ImpossibleAction(
            f"no {'slash' if kind == CHAT_INPUT else 'context-menu'} command {name!r} is "
            f"registered in {guild.name} (did the bot sync its commands?)"
        )

    def _check_command_visible(
        self, user: User, channel: Channel, definition: Mapping[str, Any]
    ) -> None:
        contexts = definition.get("contexts")
        if contexts is not None and 0 not in contexts:
            raise ImpossibleAction(f"/{definition['name']} is not available in servers")
        needed = definition.get("default_member_permissions")
        if needed is not None:
            have = channel.guild.members[user.id].permissions_in(channel)
            if int(needed) & ~have:
                raise ImpossibleAction(f"{user.name} may not use /{definition['name']}")

    def _command_data(
        self,
        user: User,
        channel: Channel,
        command: str,
        values: Mapping[str, Any],
        focused: str | None,
    ) -> dict[str, Any]:
        name, *path = command.split()
        definition = self._find_command(user, channel, name, CHAT_INPUT)
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
        member = channel.guild.members.get(user.id)
        if member is not None:
            entry = {
                **member.payload(with_user=False),
                "permissions": str(member.permissions_in(channel)),
            }
            resolved.setdefault("members", {})[str(user.id)] = entry


def _fill(component: Mapping[str, Any], values: Mapping[str, str]) -> dict[str, Any]:
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
    component: Mapping[str, Any], values: Mapping[str, str], label: str | None
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
