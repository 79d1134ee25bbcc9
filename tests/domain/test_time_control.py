"""Time controls as players write them, and the range and precision every one of them keeps."""

import pytest

from bot.domain import InvalidInputError, TimeControl
from bot.domain.time_control import TimeControlError, TimeControlProblem

NOT_A_TIME_CONTROL = TimeControlProblem.NOT_A_TIME_CONTROL
CLOCK_RANGE = TimeControlProblem.CLOCK_RANGE
INCREMENT = TimeControlProblem.INCREMENT
PER_MOVE_RANGE = TimeControlProblem.PER_MOVE_RANGE


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
def test_out_of_range_and_unusual_numbers_are_refused(
    text: str, message: TimeControlProblem
) -> None:
    with pytest.raises(TimeControlError) as refused:
        TimeControl.parse(text)
    assert refused.value.problem is message


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
def test_bad_time_control_is_refused(
    fields: dict[str, float], message: TimeControlProblem | str
) -> None:
    if isinstance(message, TimeControlProblem):
        with pytest.raises(TimeControlError) as refused:
            TimeControl(**fields)
        assert refused.value.problem is message
    else:  # a caller's mistake, never a player's
        with pytest.raises(InvalidInputError, match=message):
            TimeControl(**fields)
