"""The sign-up message's Join and Leave buttons; their custom id names the tournament, so they
keep working after a restart."""

from __future__ import annotations

from typing import ClassVar

import discord

from bot.domain.tournament import TournamentRecord, TournamentState
from bot.i18n import N_
from cogs.buttons import ActionButton
from cogs.features import features


class TournamentButton(ActionButton, kind="tournament"):
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": (N_("Join"), discord.ButtonStyle.success),
        "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    }

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).tournaments.on_tournament_button(
            interaction, self.record_id, self.action
        )


def signup_view(tournament: TournamentRecord) -> discord.ui.View | None:
    """Join and Leave while sign-up is open; Leave alone while it runs (to withdraw); none once
    it is over."""
    if tournament.state.over:
        return None
    view = discord.ui.View(timeout=None)
    signing_up = tournament.state is TournamentState.SIGNUP
    for action in ("join", "leave") if signing_up else ("leave",):
        view.add_item(TournamentButton(tournament.id, action))
    return view
