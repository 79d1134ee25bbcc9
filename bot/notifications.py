"""Telling players it is their turn, without spam.

Discord notifies nobody of an edited message, so a correspondence game's board alone lets a turn
pass unseen. When a player's turn has gone unplayed for `PING_AFTER` seconds, they are told once
(a mention in the channel, a direct message, or not at all: their `NotifyChoice`), and reminded
once more when a quarter of their time for the move is left. Each game keeps one notice on
screen: posting the next deletes the last, and the game's end deletes it too. Live games, the
bot's turns and the move after the opponent's forced pass (the mover is there) get none.

The end of a correspondence game between two people reaches both players, by the same choice:
one message in the channel for those who chose it, a direct message to each who chose that. It
is recorded as announced once Discord has taken it, so a stop that cut it off (a stop cancels the
timers), before or during its post, leaves it to the next start, which resumes the games that
ended unannounced: at least once, and twice only if the stop fell between the post and its record.

The stored game is the truth: a timer re-reads it and sends only if the same player is still to
move at the same ply; the storage lets each notice go out once per move, across restarts. A notice
whose post was under way while the player moved or the game ended is deleted as soon as it is
recorded: the record checks the game, so the end's clean-up, in this process or another, either
finds the notice or leaves it to the poster. A timer whose database fails is retried
(`bot.timers`), the record of a posted notice too, so a notice is neither lost nor posted twice.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.domain import GameState
from bot.domain.events import GameEvent
from bot.domain.notices import Notice, NoticeKind, NotifyChoice
from bot.services.bus import Events
from bot.services.notices import Notices
from bot.timers import Timers

_Action = Callable[[], Awaitable[None]]

PING_AFTER = 60.0
"""Seconds of grace after a turn begins before the player is told."""
REMIND_AT = 0.25
"""The share of the time per move left when the reminder goes."""


class Sender(Protocol):
    """Posts and deletes notices (the Discord side)."""

    async def notify_player(
        self, state: GameState, user_id: int, kind: NoticeKind, choice: NotifyChoice
    ) -> Notice | None:
        """Tell `user_id` it is their move, as they chose; the notice posted, if any."""

    async def delete(self, notice: Notice) -> None:
        """Delete a notice (one already gone is fine)."""

    async def announce_end(self, state: GameState, choices: dict[int, NotifyChoice]) -> None:
        """Tell each player how the game ended, as they chose (`NONE`: not at all)."""


class TurnNotices:
    def __init__(self, notices: Notices, timers: Timers, sender: Sender) -> None:
        self.notices = notices
        self.timers = timers
        self.sender = sender
        self._posting: set[int] = set()
        """Games whose end this process is announcing."""
        self._posted: set[int] = set()
        """Games whose end this process announced but has not yet recorded as announced."""

    def subscribe(self, events: Events) -> None:
        events.subscribe(GameEvent, self.on_game)

    def on_game(self, event: GameEvent) -> None:
        state = event.state
        record = state.record
        game_id = record.id
        ping, reminder = ("ping", game_id), ("reminder", game_id)
        if not record.active:
            self.timers.cancel(ping)
            self.timers.cancel(reminder)
            now = self.notices.now()
            self.timers.arm(("notice over", game_id), now, self._remove(game_id))
            # as it ends, or on resuming if a stop cut it off
            self.timers.arm(("notice end", game_id), now, self._announce(state))
            return
        if not self.wanted(state):
            self.timers.cancel(ping)
            self.timers.cancel(reminder)
            return
        last = state.game.last
        if last is not None and last.passed is not None:
            self.timers.cancel(ping)  # the mover moves again at once: they are here
        else:
            when = record.turn_started + PING_AFTER
            self.timers.arm(ping, when, self._due(game_id, record.ply, NoticeKind.PING))
        per_move, deadline = record.time_control.per_move, record.deadline
        if per_move is None or deadline is None:
            self.timers.cancel(reminder)
        else:
            when = deadline - REMIND_AT * per_move
            self.timers.arm(reminder, when, self._due(game_id, record.ply, NoticeKind.REMINDER))

    def wanted(self, state: GameState) -> bool:
        """Whether the side to move may be told: a person, in a correspondence game."""
        to_move = state.to_move_id
        live = state.record.time_control.live
        return to_move is not None and to_move != self.notices.bot_id and not live

    def told_of_end(self, state: GameState) -> bool:
        """Whether the players hear of the game's end: two people, in a correspondence game."""
        record = state.record
        people = self.notices.bot_id not in (record.black_id, record.white_id)
        return people and record.bot_level is None and not record.time_control.live

    def _due(self, game_id: int, ply: int, kind: NoticeKind) -> _Action:
        async def send() -> None:
            state = await self.notices.load(game_id)
            record = state.record
            if not record.active or record.ply != ply or not self.wanted(state):
                return
            if kind is NoticeKind.REMINDER and (
                record.deadline is None or record.deadline <= self.notices.now()
            ):
                return
            user_id = state.to_move_id
            assert user_id is not None
            choice = await self.notices.choice(user_id)
            if choice is NotifyChoice.NONE or not await self.notices.claim(game_id, ply, kind):
                return
            notice = await self.sender.notify_player(state, user_id, kind, choice)
            if notice is not None:  # recorded by a timer of its own: retried, never posted twice
                key = ("notice posted", notice.message_id)
                self.timers.arm(key, self.notices.now(), self._record(notice, ply))

        return send

    def _record(self, notice: Notice, ply: int) -> _Action:
        async def record() -> None:
            stale = await self.notices.shown(notice, ply)
            if stale is not None:
                await self.sender.delete(stale)

        return record

    def _announce(self, state: GameState) -> _Action:
        """Tell the players of the end if they are to hear of it, then record it as announced,
        so that no later start resumes the game to announce it. The record follows the post: a
        stop while the post is on its way leaves the end to the next start, and one between the
        post and its record has it announced twice. Within a run, the game stays claimed here
        from its post until its record, so that no second event posts it again, and a retry
        after a failed record only records it."""

        async def announce() -> None:  # the choices are read first: a retry posts nothing twice
            record = state.record
            game_id, ply = record.id, record.ply
            if not self.told_of_end(state):
                await self.notices.claim(game_id, ply, NoticeKind.END)
                return
            if game_id not in self._posted:
                if game_id in self._posting:
                    return
                self._posting.add(game_id)
                try:
                    if await self.notices.sent(game_id, ply, NoticeKind.END):
                        return
                    players = (record.black_id, record.white_id)
                    choices = await self.notices.choices(players)
                    await self.sender.announce_end(state, choices)
                    self._posted.add(game_id)
                finally:
                    self._posting.discard(game_id)
            await self.notices.claim(game_id, ply, NoticeKind.END)
            self._posted.discard(game_id)

        return announce

    def _remove(self, game_id: int) -> _Action:
        async def remove() -> None:
            notice = await self.notices.take(game_id)
            if notice is not None:
                await self.sender.delete(notice)

        return remove
