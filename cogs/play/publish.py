"""Keeping one message per game up to date: the board publisher, a subscriber of the services.

Each game has at most one publishing task at a time, and it always shows the game as stored
now (the state of the service's latest event, which the change stored: nothing is read again),
so a slow render can never put an older board over a newer one. It shows the changes
nobody clicked (timers, the computer's moves, restarts) by itself; a handler whose click made a
change awaits `answer`, which joins the click to that task: the click is answered with the new
board itself (one request). If Discord refuses that answer for a message it won't let be edited
(more than an hour old, deleted, out of the bot's reach), the board is posted anew, the game
moves to the new message and the clicker is told where it is; after a passing failure (a 5xx,
the 3-second window missed) the message is edited in place instead, and only if that fails too
is the board posted anew. Either way the channel shows the current board.

The board is in the server's language, whoever clicked; what a clicker alone is told, in theirs.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import discord

from bot.background import Background
from bot.domain import GameRecord, GameState
from bot.domain.events import GameEvent, GameResumed
from bot.i18n import N_, _
from bot.services.bus import Events
from cogs.audience import for_everyone
from cogs.links import message_link
from cogs.names import Names
from cogs.play import board_message
from cogs.replies import Reply, tell_reader

if TYPE_CHECKING:
    from cogs.host import Bot

log = logging.getLogger(__name__)

UNEDITABLE = {10003, 10008, 30046, 50001, 50013}
"""Edits Discord refuses for good: channel or message gone, message too old, access lost."""
LATE = 10062
"""Discord's answer to an interaction answered after its 3-second window."""
NO_ACCESS = {10003, 50001, 50013}
"""Posts Discord refuses because the channel is gone or out of the bot's reach."""

NOT_SHOWN = N_(
    "Your move counts, but I can't post the board in this channel: I'm missing permissions "
    "here (View Channel, Send Messages, Attach Files). Once an admin grants them, "
    "`/reversi board` shows the game again."
)
MOVED = N_("That counts. I couldn't update the board in place, so I posted it anew: {link}")
NOT_UPDATED = N_(
    "Your move counts, but I couldn't update the board just now. `/reversi board` shows it."
)


@dataclass
class _Publication:
    """One game's pending publication."""

    dirty: bool = False
    repost: bool = False
    waiting: list[Reply] = field(default_factory=list)
    answered: dict[Reply, asyncio.Future[None]] = field(default_factory=dict)
    """What each handler in `answer` awaits: its click dealt with."""
    state: GameState | None = None
    """The game as the latest event left it; None until one came (a `repost`: read it)."""


class BoardPublisher:
    def __init__(self, bot: Bot, names: Names, background: Background) -> None:
        self.bot = bot
        self.names = names
        self.background = background
        self._slots: dict[int, _Publication] = {}
        self._boards: dict[int, tuple[int, int]] = {}
        """Each game's message and the version it shows, as last recorded here: newer than an
        event's record that was stored before the board was shown."""

    def subscribe(self, events: Events) -> None:
        events.subscribe(GameEvent, self.on_game)

    def unsubscribe(self, events: Events) -> None:
        events.unsubscribe(self.on_game)

    def on_game(self, event: GameEvent) -> None:
        record = event.state.record
        if isinstance(event, GameResumed) and not record.board_behind:
            return
        if record.version < self._newest(record.id):
            return  # read before a later change (a start-up recovery racing a move): stale
        self._slot(record.id).state = event.state

    def _newest(self, game_id: int) -> int:
        """The newest version of the game this publisher knows of: the one it is about to show,
        or the one it showed last."""
        slot = self._slots.get(game_id)
        pending = slot.state.record.version if slot is not None and slot.state is not None else -1
        shown = self._boards.get(game_id)
        return max(pending, -1 if shown is None else shown[1])

    async def answer(self, reply: Reply, game_id: int) -> None:
        """Answer the interaction that changed game `game_id` with the board as stored now,
        whichever of the game's publications shows it; returns once that one is done."""
        self.names.remember(reply.interaction.user)
        slot = self._slot(game_id)
        slot.waiting.append(reply)
        done = slot.answered[reply] = asyncio.get_running_loop().create_future()
        await done

    def repost(self, game_id: int) -> None:
        """Show the game at the bottom of its channel; the old message keeps only its image."""
        self._slot(game_id).repost = True

    def _slot(self, game_id: int) -> _Publication:
        slot = self._slots.get(game_id)
        if slot is None:
            slot = self._slots[game_id] = _Publication()
            self.background.spawn(self._run(game_id, slot), name=f"board of game {game_id}")
        slot.dirty = True
        return slot

    async def _run(self, game_id: int, slot: _Publication) -> None:
        try:
            while slot.dirty:
                slot.dirty = False
                await self._publish(game_id, slot)
        finally:
            del self._slots[game_id]
            if slot.state is not None and not slot.state.record.active:
                self._boards.pop(game_id, None)
            _release(slot, list(slot.answered))

    async def _publish(self, game_id: int, slot: _Publication) -> None:
        waiting, slot.waiting = slot.waiting, []
        repost, slot.repost = slot.repost, False
        try:
            await self._publish_for(game_id, slot, waiting, repost)
        finally:
            _release(slot, [reply for reply in waiting if reply not in slot.waiting])

    async def _publish_for(
        self, game_id: int, slot: _Publication, waiting: list[Reply], repost: bool
    ) -> None:
        try:
            state = await self._state(game_id, slot)
            record = state.record
            clicked = any(r.interaction.type is discord.InteractionType.component for r in waiting)
            if not (record.board_behind or clicked or repost):
                return  # shown already, and no click to answer with it
            async with for_everyone(self.bot, record.guild_id):
                built = await self.build(state)
            if slot.dirty:  # changed again while rendering: show the newer state instead
                slot.waiting[:0] = waiting
                slot.repost = slot.repost or repost
                return
            await self._show(state, built, waiting, repost=repost)
        except Exception:
            log.exception("Game %s: the board could not be shown", game_id)
            for reply in waiting:
                await tell_reader(reply.interaction, NOT_UPDATED)

    async def _state(self, game_id: int, slot: _Publication) -> GameState:
        """The game as stored now, with its message as this publisher last recorded it."""
        state = slot.state
        if state is None:
            state = GameState.of(await self.bot.services.boards.current(game_id))
        shown = self._boards.get(game_id)
        if shown is None:
            return state
        message_id, version = shown
        record = state.record
        if record.shown_version is not None:
            version = max(version, record.shown_version)
        if (record.message_id, record.shown_version) == (message_id, version):
            return state
        record = replace(record, message_id=message_id, shown_version=version)
        return replace(state, record=record)

    async def _show(
        self,
        state: GameState,
        built: board_message.BoardMessage,
        waiting: list[Reply],
        *,
        repost: bool,
    ) -> None:
        record = state.record
        primary = None if repost else _primary(waiting, record.message_id)
        for reply in waiting:
            clicked = reply.interaction.type is discord.InteractionType.component
            if clicked and reply is not primary and reply.claim():
                await _acknowledge(reply.interaction)
        # Claimed only now, with the send: until then the acknowledgement timer may answer it.
        if primary is not None and not primary.claim():
            primary = None
        refused: discord.HTTPException | None = None
        if primary is not None and primary.interaction.message is not None:
            try:
                await primary.interaction.response.edit_message(
                    content=built.content, attachments=[built.file()], view=built.view
                )
                await self._shown(record, primary.interaction.message.id, clicked=True)
                return
            except discord.HTTPException as error:
                log.info("Game %s: the click's answer was refused (%s)", record.id, error.code)
                refused = error
                if error.code != LATE:
                    # at once: showing the board may take a while
                    await _acknowledge(primary.interaction)
        # A message Discord refused to update for good (too old, gone, out of reach) is posted
        # anew at once; after a passing failure (a 5xx, a late answer) it is edited in place.
        editable = refused is None or refused.code not in UNEDITABLE
        target = None if repost else record.message_id or _clicked(waiting, record.channel_id)
        if target is not None and editable:
            channel = self.bot.get_partial_messageable(record.channel_id)
            try:
                await channel.get_partial_message(target).edit(
                    content=built.content, attachments=[built.file()], view=built.view
                )
                await self._shown(record, target)
                return
            except discord.HTTPException as error:
                if error.code not in UNEDITABLE and error.status < 500:
                    raise
                log.info("Game %s: posting the board anew (%s)", record.id, error.code)
        message_id = await self._post(state, built, waiting)
        if message_id is None:
            return
        if repost:
            if record.message_id is not None:
                await self._leave_link(record, message_id)
            return
        link = message_link(record.guild_id, record.channel_id, message_id)
        for reply in waiting:
            if reply.interaction.type is discord.InteractionType.component:
                await tell_reader(reply.interaction, MOVED, link=link)

    async def _post(
        self,
        state: GameState,
        built: board_message.BoardMessage,
        waiting: list[Reply],
    ) -> int | None:
        record = state.record
        channel = self.bot.get_partial_messageable(record.channel_id)
        try:
            message = await channel.send(content=built.content, file=built.file(), view=built.view)
        except discord.HTTPException as error:
            if error.code not in NO_ACCESS:
                raise
            log.info("Game %s: the board could not be posted (%s)", record.id, error.code)
            for reply in waiting:
                await tell_reader(reply.interaction, NOT_SHOWN)
            return None
        await self._shown(record, message.id)
        return message.id

    async def _shown(self, record: GameRecord, message_id: int, *, clicked: bool = False) -> None:
        """Record what the message shows; for a click's answer on the game's own message, with
        the game's next move (which the answer invites) rather than a write of its own."""
        boards = self.bot.services.boards
        if clicked and record.active and message_id == record.message_id:
            boards.shown_with_next_move(record.id, record.version)
        else:
            await boards.shown(record.id, message_id, record.version)
        self._boards[record.id] = (message_id, record.version)

    async def _leave_link(self, record: GameRecord, moved_to: int) -> None:
        """The old board of a reposted game becomes one line pointing to the new one: no
        image, no buttons, nothing to click by mistake."""
        assert record.message_id is not None
        channel = self.bot.get_partial_messageable(record.channel_id)
        link = message_link(record.guild_id, record.channel_id, moved_to)
        async with for_everyone(self.bot, record.guild_id):
            text = _("Reversi game #{id} moved down here: {link}").format(id=record.id, link=link)
        try:
            await channel.get_partial_message(record.message_id).edit(
                content=text,
                attachments=[],
                embeds=[],
                view=None,
            )
        except discord.HTTPException as error:
            log.info("Old board %s not cleared (%s)", record.message_id, error.code)

    async def build(self, state: GameState) -> board_message.BoardMessage:
        bot_id = self.bot.user.id if self.bot.user is not None else None
        return await board_message.build(
            state, await self.names.players(state.record), bot_id=bot_id
        )


def _primary(waiting: list[Reply], message_id: int | None) -> Reply | None:
    """The latest click that can be answered with the board: made on the game's message (or on
    the challenge that became the game) and not answered yet."""
    for reply in reversed(waiting):
        message = reply.interaction.message
        if message is None or not reply.open:
            continue  # answered already, or being acknowledged right now
        if message_id is None or message.id == message_id:
            return reply
    return None


def _release(slot: _Publication, replies: list[Reply]) -> None:
    """The handlers awaiting these replies in `answer` go on."""
    for reply in replies:
        done = slot.answered.pop(reply, None)
        if done is not None and not done.done():
            done.set_result(None)


def _clicked(waiting: list[Reply], channel_id: int) -> int | None:
    """The message of the latest click in the game's channel, for a game not shown yet: the
    challenge its acceptance turns into the board."""
    for reply in reversed(waiting):
        interaction = reply.interaction
        message = interaction.message
        if message is not None and interaction.channel_id == channel_id:
            return message.id
    return None


async def _acknowledge(interaction: discord.Interaction) -> None:
    """Answer a click whose change another click's answer shows: nothing more to say."""
    try:
        await interaction.response.defer()
    except discord.InteractionResponded:
        pass  # the acknowledgement timer got there first
    except discord.HTTPException as error:
        log.info("A click could not be acknowledged (%s)", error.code)
