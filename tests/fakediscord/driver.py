"""Scripted users: what people do in Discord, sent to the bot as real gateway events.

`FakeDiscord` is the object tests hold: the fake server, a default world of guilds, channels
and users, the people's actions, and accessors for what they see.  Each action (slash command,
context menu, click, select, autocomplete, modal submit) sends the interaction Discord would
send and returns a `Pending`; awaiting it returns the `BotReply` once the bot has answered and
finished its follow-up work.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from . import permissions as perms
from .clock import FakeClock
from .gateway import GUILD_MEMBERS_INTENT
from .interaction_data import CHAT_INPUT, ImpossibleAction, InteractionBuilder
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
)
from .replies import BotReply, Pending, Suggestion
from .rest import Violation
from .server import DEFAULT_TOKEN, FakeDiscordServer
from .world import Channel, Guild, Message, Overwrite, Role, ScheduledEvent, User

MESSAGE_CONTENT_INTENT = 1 << 15


class FakeDiscord(FakeDiscordServer):
    """The fake Discord plus the people in it.  Built with a default world (see `populate`)."""

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        clock: FakeClock | None = None,
        validate_schemas: bool = True,
    ) -> None:
        super().__init__(token=token, clock=clock, validate_schemas=validate_schemas)
        self._build = InteractionBuilder(self.world)
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

    def add_user(
        self,
        name: str,
        *,
        bot: bool = False,
        guild: Guild | None = None,
        display_name: str | None = None,
    ) -> User:
        """A new user, member of `guild` (default: the main guild); `display_name` is the name
        people see (Discord allows 32 characters)."""
        user = self.world.add_user(name, bot=bot, display_name=display_name)
        self.world.add_member(guild or self.guild, user)
        return user

    def remove_member(self, user: User, guild: Guild | None = None) -> None:
        """`user` leaves `guild` (default: the main guild), or is kicked. As on Discord, the bot
        hears of it (GUILD_MEMBER_REMOVE) only with the members intent; looking the member up
        gets 404/10007 Unknown Member."""
        guild = guild or self.guild
        if guild.members.pop(user.id, None) is None:
            raise ImpossibleAction(f"{user.name} is not a member of {guild.name}")
        payload = {"guild_id": str(guild.id), "user": user.payload()}
        self.gateway.dispatch("GUILD_MEMBER_REMOVE", payload, intent=GUILD_MEMBERS_INTENT)

    def rename_guild(self, guild: Guild, name: str) -> None:
        """An admin renames the server (Discord allows 2-100 characters); the bot gets
        GUILD_UPDATE."""
        if not 2 <= len(name) <= 100:
            raise ImpossibleAction("a server's name has 2 to 100 characters")
        guild.name = name
        payload = guild.payload()
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at"):
            payload.pop(key, None)
        self.dispatch("GUILD_UPDATE", payload)

    def dm(self, user: User) -> Channel:
        """`user`'s DM channel with the bot, to use commands in (`channel=fake.dm(user)`)."""
        return self.world.dm_channel(user)

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

    def grant(self, *permissions: str, guild: Guild | None = None) -> None:
        """Give the bot's role server-wide permissions, e.g. `fake.grant("create_events")`; the
        bot gets GUILD_ROLE_UPDATE."""
        guild = guild or self.guild
        role = next(r for r in guild.roles if r.bot_id == self.world.bot_user.id)
        role.permissions |= perms.bits(permissions)
        self.dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role.payload()})

    def scheduled_events(self, guild: Guild | None = None) -> list[ScheduledEvent]:
        """The guild's scheduled events that were not deleted, oldest first."""
        guild = guild or self.guild
        events = self.world.scheduled_events.values()
        return [e for e in events if e.guild is guild and not e.deleted]

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
        session = self.gateway.session_for(channel.guild.id)
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

    # -- user actions: each sends at once; await the result for the bot's reply ------------

    def slash(
        self,
        user: User,
        command: str,
        /,
        *,
        channel: Channel | None = None,
        options: Mapping[str, Any] | None = None,
        expect_answer: bool = True,
        **values: Any,
    ) -> Pending:
        """Run `/command sub option=value ...` as `user` (options by keyword or `options=`)."""
        channel = channel or self.general
        values = {**(options or {}), **values}
        data = self._build.command_data(user, channel, command, values, None)
        return self._send(APPLICATION_COMMAND, user, channel, data, expect_answer, CHAT_INPUT)

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
    ) -> list[Suggestion]:
        """What the bot suggests while `user` types `partial` into `option` of `/command`."""
        channel = channel or self.general
        filled = {**(options or {}), **values, option: partial}
        data = self._build.command_data(user, channel, command, filled, option)
        return (await self._send(AUTOCOMPLETE, user, channel, data, True)).choices

    def context_menu(
        self,
        user: User,
        name: str,
        target: User | Message,
        *,
        channel: Channel | None = None,
        expect_answer: bool = True,
    ) -> Pending:
        """Use the user (or message) context-menu command `name` on `target`."""
        channel = channel or (target.channel if isinstance(target, Message) else self.general)
        data = self._build.context_menu_data(user, channel, name, target)
        return self._send(APPLICATION_COMMAND, user, channel, data, expect_answer, data["type"])

    def click(
        self,
        user: User,
        message: Message,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        expect_answer: bool = True,
    ) -> Pending:
        """Click the button with this label (or custom_id) on the message as it is now."""
        data = self._build.click_data(user, message, label, custom_id)
        return self._send(
            MESSAGE_COMPONENT, user, message.channel, data, expect_answer, source=message
        )

    def select(
        self,
        user: User,
        message: Message,
        values: list[str],
        *,
        custom_id: str | None = None,
        expect_answer: bool = True,
    ) -> Pending:
        """Pick `values` in the message's string select (the one with `custom_id` if several)."""
        data = self._build.select_data(user, message, values, custom_id)
        return self._send(
            MESSAGE_COMPONENT, user, message.channel, data, expect_answer, source=message
        )

    def forge_click(
        self,
        user: User,
        custom_id: str,
        *,
        channel: Channel | None = None,
        message: Message | None = None,
        values: list[str] | None = None,
        expect_answer: bool = True,
    ) -> Pending:
        """A click on a component with any `custom_id`, as a modified client could send it: not
        necessarily one the message has (Discord's docs ask apps to check that it is). It claims
        to come from `message` (default: the latest of the bot's messages `user` sees in
        `channel`, #general by default); with `values`, from a string select."""
        channel = channel or (message.channel if message is not None else self.general)
        source = self._build.forged_source(user, channel, message)
        data = self._build.forged_click_data(custom_id, values)
        return self._send(MESSAGE_COMPONENT, user, channel, data, expect_answer, source=source)

    def submit_modal(
        self, user: User, reply: BotReply, values: Mapping[str, Any], *, expect_answer: bool = True
    ) -> Pending:
        """Fill in and submit the modal the bot opened in `reply`; keys are custom_ids or labels."""
        if reply.modal is None:
            raise ImpossibleAction("the bot did not open a modal in this reply")
        if user is not reply.record.user:
            raise ImpossibleAction("only the user the modal was shown to can submit it")
        data = self._build.modal_data(reply.modal, values)
        record = reply.record
        return self._send(
            MODAL_SUBMIT, user, record.channel, data, expect_answer, source=record.source
        )

    def _send(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        expect_answer: bool,
        command_type: int | None = None,
        *,
        source: Message | None = None,
    ) -> Pending:
        guild = channel.guild
        if self.gateway.session_for(None if guild is None else guild.id) is None:
            where = "DMs" if guild is None else guild.name
            raise RuntimeError(f"no bot is connected to the fake Discord for {where}")
        record = self._build.record(kind, user, channel, data, source, command_type)
        self.interactions[record.id] = record
        self.interaction_tokens[record.token] = record
        self.dispatch("INTERACTION_CREATE", record.payload)

        async def finish(record: InteractionRecord) -> BotReply:
            await self.settle()
            if expect_answer:
                _check_answered(record)
            return BotReply(record)

        return Pending(record, finish)


def _check_answered(record: InteractionRecord) -> None:
    """Fail the test if the bot left the user with "This interaction failed"."""
    if record.acknowledged and not (record.original and record.original.loading):
        return
    data = record.payload["data"]
    what = data.get("name") or data.get("custom_id")
    why = " (it answered after 3 seconds: 10062)" if record.late else ""
    state = "left its deferred answer thinking" if record.acknowledged else "did not answer"
    raise AssertionError(f"the bot {state} for {what!r} by {record.user.name}{why}")
