"""Keeping one message per game up to date: the board publisher, a subscriber of the service.

Each game has at most one publishing task at a time, and it always shows the game as stored
now, so a slow render can never put an older board over a newer one. A click that made the
change is answered with the new board itself (one request); if Discord refuses that answer (the
message is too old to edit, gone, out of reach, or the answer came too late), the board is
edited or posted anew in the channel, the game moves to the new message and the clicker is told.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import discord

from bot.background import Background
from bot.client import ReversiBot
from bot.events import Events, GameEnded, GameEvent, GameResumed
from bot.state import GameState
from bot.storage import FinishedGame, GameRecord
from cogs import board_message
from cogs.links import message_link
from cogs.names import Names
from cogs.replies import tell

log = logging.getLogger(__name__)

UNEDITABLE = {10003, 10008, 30046, 50001, 50013}
"""Edits Discord refuses for good: channel or message gone, message too old, access lost."""
NO_ACCESS = {10003, 50001, 50013}
"""Posts Discord refuses because the channel is gone or out of the bot's reach."""

NOT_SHOWN = (
    "Your move counts, but I can't post the board in this channel: I'm missing permissions "
    "here (View Channel, Send Messages, Attach Files). Once an admin grants them, "
    "`/reversi board` shows the game again."
)
MOVED = "That counts. The board couldn't be updated in place, so here it is anew:"
NOT_UPDATED = (
    "Your move counts, but I couldn't update the board just now. `/reversi board` shows it."
)


@dataclass
class _Slot:
    """One game's pending publication."""

    dirty: bool = False
    repost: bool = False
    waiting: list[discord.Interaction] = field(default_factory=list)
    finished: FinishedGame | None = None


class BoardPublisher:
    def __init__(self, bot: ReversiBot, names: Names, background: Background) -> None:
        self.bot = bot
        self.names = names
        self.background = background
        self._slots: dict[int, _Slot] = {}

    def subscribe(self, events: Events) -> None:
        events.subscribe(GameEvent, self.on_game)

    def unsubscribe(self, events: Events) -> None:
        events.unsubscribe(self.on_game)

    def on_game(self, event: GameEvent) -> None:
        record = event.state.record
        if isinstance(event, GameResumed) and not record.board_behind:
            return
        slot = self._slot(record.id)
        if isinstance(event, GameEnded):
            slot.finished = event.finished
        if isinstance(event.origin, discord.Interaction):
            self.names.remember(event.origin.user)
            slot.waiting.append(event.origin)

    def repost(self, game_id: int) -> None:
        """Show the game at the bottom of its channel; the old message keeps only its image."""
        self._slot(game_id).repost = True

    def _slot(self, game_id: int) -> _Slot:
        slot = self._slots.get(game_id)
        if slot is None:
            slot = self._slots[game_id] = _Slot()
            self.background.spawn(self._run(game_id, slot), name=f"board of game {game_id}")
        slot.dirty = True
        return slot

    async def _run(self, game_id: int, slot: _Slot) -> None:
        try:
            while slot.dirty:
                slot.dirty = False
                await self._publish(game_id, slot)
        finally:
            del self._slots[game_id]

    async def _publish(self, game_id: int, slot: _Slot) -> None:
        waiting, slot.waiting = slot.waiting, []
        repost, slot.repost = slot.repost, False
        try:
            record = await self.bot.storage.games.get(game_id)
            finished = slot.finished if not record.active else None
            state = GameState.of(record, finished)
            if not (record.board_behind or waiting or repost):
                return
            built = await self.build(state)
            if slot.dirty:  # changed again while rendering: show the newer state instead
                slot.waiting[:0] = waiting
                slot.repost = slot.repost or repost
                return
            await self._show(state, built, waiting, repost=repost)
        except Exception:
            log.exception("Game %s: the board could not be shown", game_id)
            for interaction in waiting:
                await tell(interaction, NOT_UPDATED)

    async def _show(
        self,
        state: GameState,
        built: board_message.BoardMessage,
        waiting: list[discord.Interaction],
        *,
        repost: bool,
    ) -> None:
        record = state.record
        on_board = [] if repost else _on_board(waiting, record.message_id)
        primary = next((i for i in reversed(on_board) if not i.response.is_done()), None)
        for interaction in waiting:
            clicked = interaction.type is discord.InteractionType.component
            if clicked and interaction is not primary and not interaction.response.is_done():
                await _acknowledge(interaction)
        if primary is not None and primary.message is not None:
            try:
                await primary.response.edit_message(
                    content=built.content, attachments=[built.file()], view=built.view
                )
                await self._shown(record, primary.message.id)
                return
            except (discord.HTTPException, discord.InteractionResponded) as error:
                log.info("Game %s: the click's answer was refused (%s)", record.id, error)
        target = record.message_id
        if target is None and on_board and on_board[-1].message is not None:
            target = on_board[-1].message.id  # the invitation that became this game
        if target is not None and not repost:
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
        if message_id is not None and on_board:
            link = message_link(record.guild_id, record.channel_id, message_id)
            await tell(on_board[-1], f"{MOVED} {link}")
        if repost and record.message_id is not None and message_id is not None:
            await self._clear(record.channel_id, record.message_id)

    async def _post(
        self,
        state: GameState,
        built: board_message.BoardMessage,
        waiting: list[discord.Interaction],
    ) -> int | None:
        record = state.record
        channel = self.bot.get_partial_messageable(record.channel_id)
        try:
            message = await channel.send(content=built.content, file=built.file(), view=built.view)
        except discord.HTTPException as error:
            if error.code not in NO_ACCESS:
                raise
            log.info("Game %s: the board could not be posted (%s)", record.id, error.code)
            for interaction in waiting:
                await tell(interaction, NOT_SHOWN)
            return None
        await self._shown(record, message.id)
        return message.id

    async def _shown(self, record: GameRecord, message_id: int) -> None:
        await self.bot.storage.games.set_board(record.id, message_id, record.version)

    async def _clear(self, channel_id: int, message_id: int) -> None:
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except discord.HTTPException as error:
            log.info("Old board %s not cleared (%s)", message_id, error.code)

    async def build(self, state: GameState) -> board_message.BoardMessage:
        bot_id = self.bot.user.id if self.bot.user is not None else None
        return await board_message.build(
            state, await self.names.players(state.record), bot_id=bot_id
        )


def _on_board(
    waiting: list[discord.Interaction], message_id: int | None
) -> list[discord.Interaction]:
    """The clicks that were made on the game's message (or on the invitation that became the
    game), oldest first: the latest one still unanswered is answered with the board itself."""
    return [
        interaction
        for interaction in waiting
        if interaction.message is not None
        and (message_id is None or interaction.message.id == message_id)
    ]


async def _acknowledge(interaction: discord.Interaction) -> None:
    """Answer a click whose change another click's answer shows: nothing more to say."""
    try:
        await interaction.response.defer()
    except discord.HTTPException as error:
        log.info("A click could not be acknowledged (%s)", error.code)
