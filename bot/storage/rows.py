"""How the time control of games, challenges and settings is stored: three columns."""

from __future__ import annotations

from bot.domain import TimeControl
from bot.storage.database import Row


def time_control_from_row(row: Row) -> TimeControl:
    """The `time_per_move`, `clock_base` and `clock_increment` columns of games, challenges and
    settings."""
    if row["clock_base"] is None:
        return TimeControl(per_move=float(row["time_per_move"]))
    return TimeControl(base=float(row["clock_base"]), increment=float(row["clock_increment"]))


def time_control_columns(control: TimeControl) -> tuple[float | None, float | None, float | None]:
    """`time_per_move`, `clock_base` and `clock_increment` for `control`."""
    if control.live:
        return None, control.base, control.increment
    return control.per_move, None, None
