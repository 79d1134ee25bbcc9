"""A daily puzzle's schedule: which day's post is due, and when the next one is."""

from __future__ import annotations

from bot.domain.daily import DAY, HOUR, DailySchedule

MONDAY = 20_000 * DAY
"""Midnight UTC of day 20,000."""


def test_the_post_is_due_from_its_hour_on_until_the_next_days() -> None:
    schedule = DailySchedule(1, 2, 9, since=MONDAY - 3 * DAY)
    assert schedule.day_due(MONDAY + 9 * HOUR - 1) == 19_999
    assert schedule.day_due(MONDAY + 9 * HOUR) == 20_000
    assert schedule.day_due(MONDAY + DAY + 9 * HOUR - 1) == 20_000
    assert schedule.next_due(MONDAY + 9 * HOUR) == MONDAY + DAY + 9 * HOUR
    assert schedule.next_due(MONDAY + 8 * HOUR) == MONDAY + 9 * HOUR


def test_a_schedule_set_after_its_hour_is_first_due_the_next_day() -> None:
    schedule = DailySchedule(1, 2, 9, since=MONDAY + 12 * HOUR)
    assert schedule.day_due(MONDAY + 12 * HOUR) is None
    assert schedule.day_due(MONDAY + DAY + 9 * HOUR - 1) is None
    assert schedule.next_due(MONDAY + 12 * HOUR) == MONDAY + DAY + 9 * HOUR
    assert schedule.day_due(MONDAY + DAY + 9 * HOUR) == 20_001


def test_a_schedule_set_before_its_hour_is_due_that_day() -> None:
    schedule = DailySchedule(1, 2, 9, since=MONDAY + 8 * HOUR)
    assert schedule.next_due(MONDAY + 8 * HOUR) == MONDAY + 9 * HOUR
    assert schedule.day_due(MONDAY + 9 * HOUR) == 20_000
