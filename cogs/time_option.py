"""The `time` option of challenges, games against me and the server's settings: a live clock
(`3+2`) or a time per move (`1d`), presets offered as the player types, and any value
`TimeControl.parse` accepts."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str

from bot.domain import InvalidInputError, TimeControl
from bot.domain.time_control import TimeControlError, TimeControlProblem
from bot.i18n import _, ngettext

PRESETS = ("1+1", "3+2", "5+0", "10+5", "15+10", "5m", "1h", "6h", "1d", "3d", "1w")
DESCRIPTION = locale_str(
    "A clock like 3+2 (minutes + seconds a move) or a time per move like 1d "
    "(default: server setting)"
)
SETTING_DESCRIPTION = locale_str(
    "Default for new games: a clock like 3+2 (minutes + seconds a move) or a time per move like 1d"
)


def describe(control: TimeControl) -> str:
    """`3+2`, or `1 day per move`, in the language in force."""
    if control.base is not None:
        return f"{control.base / 60:g}+{control.increment:g}"
    assert control.per_move is not None
    return _("{duration} per move").format(duration=duration(control.per_move))


def duration(seconds: float) -> str:
    """`1 week`, `3 days`, `6 hours`, `90 minutes`, `61 seconds`: in the largest unit that counts
    a time control's whole seconds exactly."""
    whole = int(seconds)
    unit = next(unit for unit in (7 * 86400, 86400, 3600, 60, 1) if whole % unit == 0)
    return _count_of(unit, whole // unit)


def _count_of(unit: int, count: int) -> str:
    if unit == 7 * 86400:
        text = ngettext("{count} week", "{count} weeks", count)
    elif unit == 86400:
        text = ngettext("{count} day", "{count} days", count)
    elif unit == 3600:
        text = ngettext("{count} hour", "{count} hours", count)
    elif unit == 60:
        text = ngettext("{count} minute", "{count} minutes", count)
    else:
        text = ngettext("{count} second", "{count} seconds", count)
    return text.format(count=count)


def problem(error: TimeControlError) -> str:
    """What is wrong with a time control a player asked for, in the language in force."""
    match error.problem:
        case TimeControlProblem.NOT_A_TIME_CONTROL:
            return _(
                "{text} isn't a time control: write a clock as minutes+seconds (3+2), or a "
                "time per move such as 30m, 6h, 1d."
            ).format(text=repr(error.written))
        case TimeControlProblem.PER_MOVE_RANGE:
            return _("The time per move must be between a minute and 30 days.")
        case TimeControlProblem.CLOCK_RANGE:
            return _("A clock starts with between 1 second and 180 minutes.")
        case TimeControlProblem.INCREMENT:
            return _("The increment must be a whole number of seconds, from 0 to 180.")


def label(control: TimeControl) -> str:
    """How a choice reads in Discord's list, e.g. `3+2 · live: 3 minutes, +2 s a move`."""
    if control.base is None:
        return describe(control)
    return _("{control} · live: {minutes}, +{seconds} s a move").format(
        control=describe(control), minutes=duration(control.base), seconds=f"{control.increment:g}"
    )


def parse(text: str | None) -> TimeControl | None:
    """The chosen time control; None when the option was left out (the server's default)."""
    return None if text is None else TimeControl.parse(text)


def choices(current: str) -> list[app_commands.Choice[str]]:
    """The presets matching what was typed, and the typed value itself when it is valid, in the
    language in force (a cog's `time_choices` puts the reader's in force)."""
    typed = current.strip()
    values = [preset for preset in PRESETS if preset.startswith(typed)]
    if typed and len(typed) <= 20 and typed not in values:
        try:
            TimeControl.parse(typed)
        except InvalidInputError:
            pass
        else:
            values.insert(0, typed)
    return [
        app_commands.Choice(name=label(TimeControl.parse(value))[:100], value=value[:100])
        for value in values[:25]
    ]
