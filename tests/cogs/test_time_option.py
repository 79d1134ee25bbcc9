"""Time controls as players read them: the clock or the time per move, durations in their
largest whole unit, and what is wrong with one they asked for."""

from __future__ import annotations

import pytest

from bot.domain import TimeControl
from bot.domain.time_control import TimeControlError
from cogs.time_option import describe, duration, problem


@pytest.mark.parametrize(
    ("text", "expected", "shown"),
    [
        ("3+2", TimeControl(base=180, increment=2), "3+2"),
        (" 10+5 ", TimeControl(base=600, increment=5), "10+5"),
        ("5+", TimeControl(base=300), "5+0"),
        ("0.5+0", TimeControl(base=30), "0.5+0"),
        (".25+1", TimeControl(base=15, increment=1), "0.25+1"),
        ("180+180", TimeControl(base=10_800, increment=180), "180+180"),
        # Minutes are rounded to the second.
        ("1.01667+0", TimeControl(base=61), "1.01667+0"),
        ("0.983333+0", TimeControl(base=59), "0.983333+0"),
        ("0.0167+0", TimeControl(base=1), "0.0166667+0"),
        ("30M", TimeControl(per_move=1800), "30 minutes per move"),
        ("1.5m", TimeControl(per_move=90), "90 seconds per move"),
        ("6h", TimeControl(per_move=21_600), "6 hours per move"),
        ("1d", TimeControl(per_move=86_400), "1 day per move"),
        ("30d", TimeControl(per_move=2_592_000), "30 days per move"),
        ("2w", TimeControl(per_move=1_209_600), "2 weeks per move"),
        ("11.99999d", TimeControl(per_move=1_036_799), "1036799 seconds per move"),
    ],
)
def test_time_controls_are_read_to_the_second(text: str, expected: TimeControl, shown: str) -> None:
    control = TimeControl.parse(text)

    assert control == expected and describe(control) == shown
    if control.live:  # what is shown reads back as the same clock
        assert TimeControl.parse(shown) == control


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(1, "1 second"), (61, "61 seconds"), (90, "90 seconds"), (3600, "1 hour"),
     (5400, "90 minutes"), (604_800, "1 week"), (1_036_799, "1036799 seconds")],
)  # fmt: skip
def test_a_duration_reads_in_its_largest_whole_unit(seconds: float, shown: str) -> None:
    assert duration(seconds) == shown


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("soon", "'soon' isn't a time control: write a clock as minutes+seconds (3+2), or a "
         "time per move such as 30m, 6h, 1d."),
        ("0+5", "A clock starts with between 1 second and 180 minutes."),
        ("3+181", "The increment must be a whole number of seconds, from 0 to 180."),
        ("31d", "The time per move must be between a minute and 30 days."),
    ],
)  # fmt: skip
def test_what_is_wrong_with_a_time_control_is_said(text: str, says: str) -> None:
    with pytest.raises(TimeControlError) as refused:
        TimeControl.parse(text)
    assert problem(refused.value) == says
