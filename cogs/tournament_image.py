"""The standings image for Discord: the tournament's standings turned into the rows the image
draws, its players' names looked up and its words in the language in force."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence

import discord

from bot.domain.tournament import Pairing, Standing, TournamentState, TournamentView
from bot.engine import Color
from bot.i18n import _
from cogs.names import Names
from cogs.text import shorten
from rendering import BYE, Outcome, RoundResult, StandingsRow, StandingsWords, render_standings

DESCRIPTION = 1024


def words() -> StandingsWords:
    """The table's words in the language in force: short, the results a letter where they can."""
    return StandingsWords(
        player=_("Player"),
        points=_("Pts"),
        discs=_("Discs"),
        win=_("W"),
        draw=_("D"),
        loss=_("L"),
        bye=_("bye"),
        forfeit=_("ff"),
    )


def round_result(pairing: Pairing | None, player: int, ranks: dict[int, int]) -> RoundResult | None:
    if pairing is None:
        return None
    opponent = pairing.opponent(player)
    if opponent is None:
        return BYE
    outcome = None
    if pairing.finished:
        won = pairing.winner == player
        outcome = Outcome.DRAW if pairing.winner is None else Outcome.WIN if won else Outcome.LOSS
    color = Color.BLACK if pairing.black == player else Color.WHITE
    return RoundResult(ranks.get(opponent), color, outcome, forfeit=pairing.forfeit)


async def standings_file(
    view: TournamentView, table: Sequence[Standing], names: Names
) -> discord.File:
    """The standings as a PNG attachment, described by its title."""
    ranks = {s.player_id: s.rank for s in table}
    rows = [
        StandingsRow(
            s.rank,
            await names.name(s.player_id, f"#{s.rank}"),
            s.half_points,
            s.brightwell,
            s.discs,
            tuple(round_result(p, s.player_id, ranks) for p in s.results),
        )
        for s in table
    ]
    t = view.tournament
    title = _("{title}: standings").format(title=t.name)
    final = t.state is TournamentState.FINISHED
    png = await asyncio.to_thread(
        render_standings, title, rows, rounds=t.rounds or None, final=final, words=words()
    )
    return discord.File(io.BytesIO(png), "standings.png", description=shorten(title, DESCRIPTION))
