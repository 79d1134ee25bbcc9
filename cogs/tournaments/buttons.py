"""The sign-up message's Join and Leave buttons; their custom id names the tournament, so they
keep working after a restart. Beside them, the tournament's page on the web."""

from __future__ import annotations

from typing import ClassVar

import discord

from bot.domain.tournament import TournamentRecord, TournamentState
from bot.i18n import N_
from cogs.buttons import ActionButton
from cogs.features import features
from cogs.links import browser_button


class TournamentButton(ActionButton, kind="tournament"):
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": (N_("Join"), discord.ButtonStyle.success),
        "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    }

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).tournaments.on_tournament_button(
            interaction, self.record_id, self.action
        )


def signup_view(tournament: TournamentRecord, link: str | None = None) -> discord.ui.View | None:
    """Join and Leave while sign-up is open; Leave alone while it runs (to withdraw); none once
    it is over; and the tournament's page on the web where it has one (`link`). None: no
    buttons at all."""
    view = discord.ui.View(timeout=None)
    if not tournament.state.over:
        signing_up = tournament.state is TournamentState.SIGNUP
        for action in ("join", "leave") if signing_up else ("leave",):
            view.add_item(TournamentButton(tournament.id, action))
    if link is not None:
        view.add_item(browser_button(link))
    return view if view.children else None
