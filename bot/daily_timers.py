"""What posts each server's daily puzzle at its hour: a timer per server of this process, armed
from its schedule (at start-up and whenever an admin changes it) and re-armed for the next day
once a post is recorded. The timer runs the claim, the post and its record as one piece of work
(`bot.timers`), so a database out of reach or a Discord error has it tried again until the post
is recorded; `bot.services.daily` says why that posts once a day."""

from __future__ import annotations

import logging
from functools import partial
from typing import Protocol

from bot.domain.daily import DailySchedule, DailyView
from bot.domain.events import DailyScheduleUpdated
from bot.services.bus import Events
from bot.services.daily import DailyPuzzles
from bot.timers import Timers

log = logging.getLogger(__name__)


class Poster(Protocol):
    """Posts a day's puzzle (the Discord side)."""

    async def post(self, view: DailyView) -> int | None:
        """The message id of the day's post, sent now or, unless `view.fresh`, found among the
        channel's recent messages; None if it can't be posted there (the channel is gone, the
        bot may not post in it)."""


class DailyTimers:
    def __init__(self, daily: DailyPuzzles, timers: Timers, poster: Poster) -> None:
        self.daily = daily
        self.timers = timers
        self.poster = poster

    def subscribe(self, events: Events) -> None:
        events.subscribe(DailyScheduleUpdated, self.on_schedule)

    def on_schedule(self, event: DailyScheduleUpdated) -> None:
        self._arm(event.guild_id, event.schedule)

    def _arm(self, guild_id: int, schedule: DailySchedule | None) -> None:
        key = ("daily", guild_id)
        if schedule is None:
            self.timers.cancel(key)
            return
        now = self.timers.clock.now().timestamp()
        day = schedule.day_due(now)
        when = schedule.next_due(now) if day is None else schedule.due_at(day)
        self.timers.arm(key, when, partial(self._post, guild_id))

    async def _post(self, guild_id: int) -> None:
        due = await self.daily.due(guild_id)
        if due.post is not None:
            message_id = await self.poster.post(due.post)
            if message_id is not None:
                await self.daily.posted(due.post.puzzle, message_id)
                log.info(
                    "Daily puzzle of server %s for day %s: message %s",
                    guild_id,
                    due.post.puzzle.day,
                    message_id,
                )
        if due.schedule is not None:
            now = self.timers.clock.now().timestamp()
            when = due.schedule.next_due(now)
            self.timers.arm(("daily", guild_id), when, partial(self._post, guild_id))
