"""The `time` option of challenges, games against me and the server's settings: a live clock
(`3+2`) or a time per move (`1d`), presets offered as the player types, and any value
`TimeControl.parse` accepts."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.domain import InvalidInputError, TimeControl, duration
from bot.i18n import _
from cogs.audience import for_reader

PRESETS = ("1+1", "3+2", "5+0", "10+5", "15+10", "5m", "1h", "6h", "1d", "3d", "1w")
DESCRIPTION = locale_str(
    "A clock like 3+2 (minutes + seconds a move) or a time per move like 1d "
    "(default: server setting)"
)
SETTING_DESCRIPTION = locale_str(
    "Default for new games: a clock like 3+2 (minutes + seconds a move) or a time per move like 1d"
)


def label(control: TimeControl) -> str:
    """How a choice reads in Discord's list, e.g. `3+2 · live: 3 minutes, +2 s a move`."""
    if control.base is None:
        return str(control)
    return _("{control} · live: {minutes}, +{seconds} s a move").format(
        control=control, minutes=duration(control.base), seconds=f"{control.increment:g}"
    )


def parse(text: str | None) -> TimeControl | None:
    """The chosen time control; None when the option was left out (the server's default)."""
    return None if text is None else TimeControl.parse(text)


async def autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The presets matching what was typed, and the typed value itself when it is valid."""
    typed = current.strip()
    values = [preset for preset in PRESETS if preset.startswith(typed)]
    if typed and len(typed) <= 20 and typed not in values:
        try:
            TimeControl.parse(typed)
        except InvalidInputError:
            pass
        else:
            values.insert(0, typed)
    async with for_reader(interaction):
        return [
            app_commands.Choice(name=label(TimeControl.parse(value))[:100], value=value[:100])
            for value in values[:25]
        ]
