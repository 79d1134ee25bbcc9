"""The daily puzzle: a server's schedule (a channel and an hour, UTC), the puzzle of each day, and
what its post shows. A day is numbered from the epoch, in UTC; day `d`'s post is due at `d` days
plus the schedule's hour."""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.domain.puzzles import Line

DAY = 86_400.0
HOUR = 3_600.0


@dataclass(frozen=True, slots=True)
class DailySchedule:
    """Where and when a server's daily puzzle is posted; `since` is when it was set, so that a
    schedule set after today's hour posts from tomorrow on."""

    guild_id: int
    channel_id: int
    hour: int
    since: float

    def due_at(self, day: int) -> float:
        return day * DAY + self.hour * HOUR

    def day_due(self, now: float) -> int | None:
        """The latest day whose post has been due since the schedule was set; None before the
        first."""
        day = math.floor((now - self.hour * HOUR) / DAY)
        return day if self.due_at(day) >= self.since else None

    def next_due(self, now: float) -> float:
        """When the post after the one due now (if any) is due."""
        day = self.day_due(now)
        if day is not None:
            return self.due_at(day + 1)
        first = math.ceil((self.since - self.hour * HOUR) / DAY)
        return self.due_at(first)


@dataclass(frozen=True, slots=True)
class DailyPuzzle:
    """A server's puzzle of a day, claimed before its post; `message_id` once Discord took it."""

    guild_id: int
    day: int
    puzzle_id: str
    channel_id: int
    claimed_at: float
    message_id: int | None
    posted_at: float | None


@dataclass(frozen=True, slots=True)
class DailyReveal:
    """The previous day's puzzle, as the next post reveals it: its line, how many solved it,
    and who first (None: nobody, or only members who have since been forgotten)."""

    puzzle: DailyPuzzle
    line: Line
    solved: int
    first: int | None


@dataclass(frozen=True, slots=True)
class DailyView:
    """What a day's post shows: the puzzle, how many members solved it so far, and the reveal of
    the day before. `fresh`: claimed just now, so no earlier try at posting it can have reached
    Discord."""

    puzzle: DailyPuzzle
    line: Line
    solved: int
    previous: DailyReveal | None
    fresh: bool = False
