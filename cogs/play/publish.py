"""Keeping one message per game up to date: the board publisher, a subscriber of the services.

A handler whose click (or command) changed a game calls `answer` with the state the service
returned, in its own task: the board is drawn from it (nothing is read again) and the click is
answered with it (one request). If Discord refuses that answer for a message it won't let be
edited (more than an hour old, deleted, out of the bot's reach), the board is posted anew, the
game moves to the new message and the clicker is told where it is; after a passing failure (a
5xx, the 3-second window missed) the message is edited in place instead, and only if that fails
too is the board posted anew. Either way the channel shows the current board.

The changes nobody clicked (timers, the computer's moves, restarts, `/reversi board`) are shown
by one task per game at a time, the newest last (`Latest`). Whoever shows a board, each game's
message remembers the version it shows: a board drawn while a newer one was being shown is
dropped, and one is sent only once the game's show under way is over, so nothing older is ever
shown over newer.

The board is in the server's language, whoever clicked; what a clicker alone is told, in theirs.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import discord

from bot import logs
from bot.background import Background
from bot.domain import GameRecord, GameState
from bot.domain.events import GameEvent, GameResumed
from bot.i18n import N_, _
from bot.latest import Latest
from bot.services.bus import Events
from cogs.boards import BoardMessage
from cogs.links import message_link
from cogs.names import Names
from cogs.play import board_message
from cogs.replies import Reply, tell_reader

if TYPE_CHECKING:
    from bot.services.boards import Boards
    from cogs.audience import Audience
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


@dataclass(frozen=True)
class _Update:
    """A change nobody clicked, to show."""

    game_id: int
    state: GameState | None
    """The game as the latest event left it; None for a `repost` asked for alone: read it."""
    repost: bool = False


@dataclass
class _Board:
    """A game's message as this publisher shows it."""

    message_id: int | None
    """As last recorded here (None: not shown yet)."""
    version: int = -1
    """The newest version whose show began."""
    over: asyncio.Event = field(default_factory=asyncio.Event)
    """Clear while the show of `version` is under way."""


class BoardPublisher:
    def __init__(
        self,
        bot: Bot,
        *,
        boards: Boards,
        audience: Audience,
        names: Names,
        background: Background,
    ) -> None:
        self.bot = bot
        self.boards, self.audience, self.names = boards, audience, names
        self._updates: Latest[int, _Update] = Latest(background, self._update, "board of game")
        self._boards: dict[int, _Board] = {}

    def subscribe(self, events: Events) -> None:
        events.subscribe(GameEvent, self.on_game)

    def unsubscribe(self, events: Events) -> None:
        events.unsubscribe(self.on_game)

    def on_game(self, event: GameEvent) -> None:
        record = event.state.record
        if isinstance(event, GameResumed) and not record.board_behind:
            return
        board = self._boards.get(record.id)
        if board is not None and record.version <= board.version:
            return  # shown already, or read before a later change (a start-up recovery): stale
        waiting = self._updates.waiting(record.id)
        repost = waiting is not None and waiting.repost
        self._updates.offer(record.id, _Update(record.id, event.state, repost))

    def repost(self, game_id: int) -> None:
        """Show the game at the bottom of its channel; the old message keeps only its image."""
        waiting = self._updates.waiting(game_id)
        state = None if waiting is None else waiting.state
        self._updates.offer(game_id, _Update(game_id, state, repost=True))

    async def answer(self, reply: Reply, state: GameState, *, said: str | None = None) -> None:
        """Answer the interaction that changed the game to `state` with its board, here in the
        handler's task: a click with its own message edited into it, a command with `said`
        first (the board follows in place). Call it as soon as the service returns, before
        anything else awaits: from then on that board is this answer's. What it logs names the
        game."""
        self.names.remember(reply.interaction.user)
        record = state.record
        waiting = self._updates.waiting(record.id)
        older = None if waiting is None or waiting.repost else waiting.state
        if older is not None and older.record.version <= record.version:
            self._updates.withdraw(record.id)  # that change's board is this answer's
        board = self._board(record)
        with logs.about(guild=record.guild_id, game=record.id):
            try:
                if said is not None:
                    await reply.interaction.response.send_message(said, ephemeral=True)
            finally:
                await self._answer(reply, state, board)

    async def _answer(self, reply: Reply, state: GameState, board: _Board) -> None:
        try:
            await self._present(state, board, reply=reply)
        except Exception:
            log.exception("Game %s: the board could not be shown", state.record.id)
            await tell_reader(self.audience, reply.interaction, NOT_UPDATED)

    async def _update(self, update: _Update) -> None:
        """Show a change nobody clicked, unless it is shown already."""
        try:
            state = update.state
            if state is None:
                state = GameState.of(await self.boards.current(update.game_id))
            if state.record.board_behind or update.repost:
                await self._present(state, self._board(state.record), repost=update.repost)
        except Exception:
            log.exception("Game %s: the board could not be shown", update.game_id)

    def _board(self, record: GameRecord) -> _Board:
        """The game's entry, taken before anything awaits: whoever holds it compares with the
        newest board shown, even once the game's final board has cleared it."""
        board = self._boards.get(record.id)
        if board is None:
            board = self._boards[record.id] = _Board(record.message_id)
            board.over.set()
        return board

    async def _present(
        self, state: GameState, board: _Board, *, reply: Reply | None = None, repost: bool = False
    ) -> None:
        """Draw the board of `state` and show it in the game's turn, unless a newer one was
        shown meanwhile (a click is then just acknowledged)."""
        record = state.record
        async with self.audience.for_everyone(record.guild_id):
            built = await self.build(state)
        newer = reply is None and self._updates.waiting(record.id) is not None
        if newer or not await self._turn(board, record, again=repost):
            # changed again while drawing, or a newer board is shown: that one stands
            if reply is not None and reply.claim():
                await _acknowledge(reply.interaction)
            if repost:  # still asked for, with the game as it is now
                self.repost(record.id)
            return
        try:
            await self._show(state, built, board, reply, repost=repost)
        finally:
            board.over.set()
            if not record.active and self._boards.get(record.id) is board:
                del self._boards[record.id]  # nothing newer will come

    @staticmethod
    async def _turn(board: _Board, record: GameRecord, *, again: bool) -> bool:
        """Take the game's turn to show `record` (`again`: even if its version is shown
        already), once the show under way is over; False if a newer version was shown."""
        while True:
            if board.version > record.version or (board.version == record.version and not again):
                return False
            if board.over.is_set():
                break
            await board.over.wait()
        board.version, board.over = record.version, asyncio.Event()
        if board.message_id is None:
            board.message_id = record.message_id
        return True

    async def _show(
        self,
        state: GameState,
        built: BoardMessage,
        board: _Board,
        reply: Reply | None = None,
        *,
        repost: bool = False,
    ) -> None:
        """Show the board: as the click's answer, else in place, else posted anew."""
        record = replace(state.record, message_id=board.message_id)
        clicked = None
        if reply is not None and reply.interaction.type is discord.InteractionType.component:
            clicked = reply.interaction.message
        refused = None
        if reply is not None and clicked is not None:
            answered = await self._answer_click(record, built, board, reply, clicked)
            if answered is True:
                return
            refused = answered if isinstance(answered, discord.HTTPException) else None
        # A message Discord refused to update for good (too old, gone, out of reach) is posted
        # anew at once; after a passing failure (a 5xx, a late answer) it is edited in place. A
        # game not shown yet takes the challenge clicked in its channel.
        target = record.message_id
        if target is None and reply is not None and clicked is not None:
            target = clicked.id if reply.interaction.channel_id == record.channel_id else None
        editable = refused is None or refused.code not in UNEDITABLE
        if target is not None and editable and not repost:
            channel = self.bot.get_partial_messageable(record.channel_id)
            try:
                await channel.get_partial_message(target).edit(
                    content=built.content, attachments=[built.file()], view=built.view
                )
                await self._shown(record, board, target)
                return
            except discord.HTTPException as error:
                if error.code not in UNEDITABLE and error.status < 500:
                    raise
                log.info("Game %s: posting the board anew (%s)", record.id, error.code)
        message_id = await self._post(record, board, built, reply)
        if message_id is None:
            return
        if repost:
            if record.message_id is not None:
                await self._leave_link(record, message_id)
        elif reply is not None and clicked is not None:
            link = message_link(record.guild_id, record.channel_id, message_id)
            await tell_reader(self.audience, reply.interaction, MOVED, link=link)

    async def _answer_click(
        self,
        record: GameRecord,
        built: BoardMessage,
        board: _Board,
        reply: Reply,
        clicked: discord.Message,
    ) -> bool | discord.HTTPException:
        """Answer a click on the game's message (or on the challenge that became it) with the
        board: True once shown, Discord's refusal, or False if not answered with it (clicked
        elsewhere, or the acknowledgement timer answered first: until the send claims it, it
        may)."""
        if not reply.claim():
            return False
        if record.message_id not in (None, clicked.id):
            await _acknowledge(reply.interaction)  # clicked elsewhere: the game's message shows it
            return False
        try:
            await reply.interaction.response.edit_message(
                content=built.content, attachments=[built.file()], view=built.view
            )
        except discord.HTTPException as error:
            log.info("Game %s: the click's answer was refused (%s)", record.id, error.code)
            if error.code != LATE:
                await _acknowledge(reply.interaction)  # at once: showing it may take a while
            return error
        await self._shown(record, board, clicked.id, clicked=True)
        return True

    async def _post(
        self,
        record: GameRecord,
        board: _Board,
        built: BoardMessage,
        reply: Reply | None,
    ) -> int | None:
        channel = self.bot.get_partial_messageable(record.channel_id)
        try:
            message = await channel.send(content=built.content, file=built.file(), view=built.view)
        except discord.HTTPException as error:
            if error.code not in NO_ACCESS:
                raise
            log.info("Game %s: the board could not be posted (%s)", record.id, error.code)
            if reply is not None:
                await tell_reader(self.audience, reply.interaction, NOT_SHOWN)
            return None
        await self._shown(record, board, message.id)
        return message.id

    async def _shown(
        self, record: GameRecord, board: _Board, message_id: int, *, clicked: bool = False
    ) -> None:
        """Record what the message shows; for a click's answer on the game's own message, with
        the game's next move (which the answer invites) rather than a write of its own."""
        boards = self.boards
        if clicked and record.active and message_id == record.message_id:
            boards.shown_with_next_move(record.id, record.version)
        else:
            await boards.shown(record.id, message_id, record.version)
        board.message_id = message_id

    async def _leave_link(self, record: GameRecord, moved_to: int) -> None:
        """The old board of a reposted game becomes one line pointing to the new one: no
        image, no buttons, nothing to click by mistake."""
        assert record.message_id is not None
        channel = self.bot.get_partial_messageable(record.channel_id)
        link = message_link(record.guild_id, record.channel_id, moved_to)
        async with self.audience.for_everyone(record.guild_id):
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

    async def build(self, state: GameState) -> BoardMessage:
        bot_id = self.bot.user.id if self.bot.user is not None else None
        return await board_message.build(
            state, await self.names.players(state.record), bot_id=bot_id
        )


async def _acknowledge(interaction: discord.Interaction) -> None:
    """Answer a click whose change another click's answer shows: nothing more to say."""
    try:
        await interaction.response.defer()
    except discord.InteractionResponded:
        pass  # the acknowledgement timer got there first
    except discord.HTTPException as error:
        log.info("A click could not be acknowledged (%s)", error.code)
