"""The daily puzzle: each server's puzzle of the day, claimed before its post and recorded after
it, what its post shows, and a member's attempt at it, an ordinary rated attempt.

Exactly once a day per server: the day's row is claimed (inserted, its puzzle chosen) in one
transaction before anything is sent, by the one process whose shards hold the server (only it
arms the server's timer, `bot.daily_timers`); the post's message id is recorded once Discord took
it, and a day with a message recorded is never posted again. A claim that fails (the database
out of reach) is tried again until it goes through, so the post is late, never lost. A claim
found unrecorded that this process did not just make may have reached Discord before a crash:
the poster looks for it in the channel first (`DailyView.fresh`), so it is not posted twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.daily import DailyPuzzle, DailyReveal, DailySchedule, DailyView
from bot.domain.events import DailyScheduleUpdated
from bot.domain.puzzles import Attempt, Shown
from bot.domain.refusals import Refusal, Refused
from bot.services.context import Context, Service
from bot.services.puzzles import Puzzles


@dataclass(frozen=True, slots=True)
class Due:
    """What a server's daily timer found: its schedule (None: off) and the post to make now."""

    schedule: DailySchedule | None
    post: DailyView | None


class DailyPuzzles(Service):
    def __init__(self, context: Context, puzzles: Puzzles) -> None:
        super().__init__(context)
        self.puzzles = puzzles

    async def announce_schedules(self) -> None:
        """At start-up: every schedule of this process's servers, for their timers."""
        for schedule in await self.storage.daily.schedules(self.shards):
            self.events.emit(DailyScheduleUpdated(schedule.guild_id, schedule))

    async def due(self, guild_id: int) -> Due:
        """The server's post due now and not yet recorded, claimed."""
        await self.puzzles.seed()
        claim = await self.storage.daily.claim(guild_id, self.now())
        if claim.puzzle is None or claim.puzzle.message_id is not None:
            return Due(claim.schedule, None)
        return Due(claim.schedule, await self._view(claim.puzzle, fresh=claim.fresh))

    async def posted(self, daily: DailyPuzzle, message_id: int) -> None:
        await self.storage.daily.record(daily.guild_id, daily.day, message_id, self.now())

    async def latest(self, guild_id: int) -> DailyView | None:
        """The server's latest post as it is to read now (how many have solved it)."""
        daily = await self.storage.daily.posted(guild_id)
        return None if daily is None else await self._view(daily)

    async def solve(self, guild_id: int, user_id: int, day: int) -> Shown | Attempt:
        """The member's attempt at day `day`'s puzzle, opened beside any personal puzzle they
        have open if they never met it; a finished attempt is theirs already (its result to
        tell). Only the latest post's puzzle opens: the next day's post reveals the solution."""
        latest = await self.storage.daily.posted(guild_id)
        if latest is None or latest.day != day:
            raise Refusal(Refused.DAILY_OVER)
        await self.puzzles.seed()
        attempt = await self.storage.daily.attempt(guild_id, user_id, latest.puzzle_id, self.now())
        if attempt.finished:
            return attempt
        return Shown(attempt, self.puzzles.line(attempt.puzzle_id))

    async def _view(self, daily: DailyPuzzle, *, fresh: bool = False) -> DailyView:
        solves = await self.storage.daily.solves(daily)
        previous = await self.storage.daily.posted(daily.guild_id, before=daily.day)
        reveal = None
        if previous is not None:
            before = await self.storage.daily.solves(previous)
            line = self.puzzles.line(previous.puzzle_id)
            reveal = DailyReveal(previous, line, before.count, before.first)
        line = self.puzzles.line(daily.puzzle_id)
        return DailyView(daily, line, solves.count, reveal, fresh)
