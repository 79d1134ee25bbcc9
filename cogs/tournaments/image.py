"""The standings image for Discord: the tournament's standings turned into the rows the image
draws, its players' names looked up and its words in the language in force."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence

import discord

from bot.domain.tournament import Standing, TournamentState, TournamentView
from bot.domain.tournament.records import starting_numbers
from bot.i18n import _, in_force
from cogs.names import Names
from cogs.text import shorten
from rendering import StandingsRow, render_standings, round_result

DESCRIPTION = 1024


async def standings_rows(
    view: TournamentView, table: Sequence[Standing], names: Names
) -> list[StandingsRow]:
    """The rows of the image, each player known by their starting number."""
    numbers = starting_numbers(view.entrants)
    rows = []
    for s in table:
        entrant = view.entrant(s.player_id)
        rows.append(
            StandingsRow(
                s.rank,
                numbers[s.player_id],
                await names.name(s.player_id, f"#{numbers[s.player_id]}"),
                s.half_points,
                s.brightwell,
                s.discs,
                tuple(round_result(p, s.player_id, numbers) for p in s.results),
                withdrawn=entrant is not None and entrant.withdrawn_after is not None,
            )
        )
    return rows


async def standings_file(
    view: TournamentView, table: Sequence[Standing], names: Names
) -> discord.File:
    """The standings as a PNG attachment, described by its title."""
    rows = await standings_rows(view, table, names)
    t = view.tournament
    title = _("{title}: standings").format(title=t.name)
    final = t.state is TournamentState.FINISHED
    png = await asyncio.to_thread(
        render_standings, title, rows, rounds=t.rounds or None, final=final, words=in_force()
    )
    return discord.File(io.BytesIO(png), "standings.png", description=shorten(title, DESCRIPTION))
