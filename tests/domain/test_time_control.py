"""Time controls as players write them, and the range and precision every one of them keeps."""

import pytest

from bot.domain import InvalidInputError, TimeControl, duration

NOT_A_TIME_CONTROL = "isn't a time control"
CLOCK_RANGE = "between 1 second and 180 minutes"
INCREMENT = "whole number of seconds, from 0 to 180"
PER_MOVE_RANGE = "between a minute and 30 days"


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

    assert control == expected and str(control) == shown
    if control.live:  # what is shown reads back as the same clock
        assert TimeControl.parse(shown) == control


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0.001+0", CLOCK_RANGE),  # 0.06 s
        ("0.008+2", CLOCK_RANGE),  # 0.48 s, rounded to none
        ("0+5", CLOCK_RANGE),
        ("180.01+0", CLOCK_RANGE),
        ("999+0", CLOCK_RANGE),
        ("3+0.5", INCREMENT),
        ("3+0.000000001", INCREMENT),
        ("3+181", INCREMENT),
        ("0.5m", PER_MOVE_RANGE),
        ("31d", PER_MOVE_RANGE),
        ("5w", PER_MOVE_RANGE),
        pytest.param("9" * 400 + "d", PER_MOVE_RANGE, id="400 digits"),
        ("1e-300+0", NOT_A_TIME_CONTROL),
        ("3+1e-9", NOT_A_TIME_CONTROL),
        ("1E1m", NOT_A_TIME_CONTROL),
        ("inf+0", NOT_A_TIME_CONTROL),
        ("3+inf", NOT_A_TIME_CONTROL),
        ("nan+0", NOT_A_TIME_CONTROL),
        ("infinityd", NOT_A_TIME_CONTROL),
        ("-3+2", NOT_A_TIME_CONTROL),
        ("3+-2", NOT_A_TIME_CONTROL),
        ("1_0+0", NOT_A_TIME_CONTROL),
        ("٣+2", NOT_A_TIME_CONTROL),  # an Arabic-Indic digit, which float() would take
        ("0x10+0", NOT_A_TIME_CONTROL),
        ("3.+2", NOT_A_TIME_CONTROL),
        ("+2", NOT_A_TIME_CONTROL),
        ("3+2+1", NOT_A_TIME_CONTROL),
        ("5", NOT_A_TIME_CONTROL),
        ("5s", NOT_A_TIME_CONTROL),
        ("d", NOT_A_TIME_CONTROL),
        ("soon", NOT_A_TIME_CONTROL),
        ("", NOT_A_TIME_CONTROL),
    ],
)
def test_out_of_range_and_unusual_numbers_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        TimeControl.parse(text)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"per_move": -1}, PER_MOVE_RANGE),
        ({"per_move": 59}, PER_MOVE_RANGE),
        ({"per_move": float("nan")}, PER_MOVE_RANGE),
        ({"per_move": float("inf")}, PER_MOVE_RANGE),
        ({"per_move": 90.5}, "whole seconds"),
        ({"base": 0}, CLOCK_RANGE),
        ({"base": 0.06}, CLOCK_RANGE),
        ({"base": float("nan")}, CLOCK_RANGE),
        ({"base": 1.5}, "whole seconds"),
        ({"base": 60, "increment": -1}, INCREMENT),
        ({"base": 60, "increment": 1e-9}, INCREMENT),
        ({"base": 60, "increment": float("nan")}, INCREMENT),
        ({"per_move": 600, "increment": 2}, "Only a clock"),
        ({}, "either a time per move or a clock"),
        ({"per_move": 600, "base": 60}, "either a time per move or a clock"),
    ],
)
def test_bad_time_control_is_refused(fields: dict[str, float], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        TimeControl(**fields)


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(1, "1 second"), (61, "61 seconds"), (90, "90 seconds"), (3600, "1 hour"),
     (5400, "90 minutes"), (604_800, "1 week"), (1_036_799, "1036799 seconds")],
)  # fmt: skip
def test_a_duration_reads_in_its_largest_whole_unit(seconds: float, shown: str) -> None:
    assert duration(seconds) == shown
