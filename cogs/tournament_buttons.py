"""The sign-up message's Join and Leave buttons; their custom id names the tournament, so they
keep working after a restart."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.domain.tournament import TournamentRecord, TournamentState
from bot.i18n import N_, _
from cogs.buttons import Taken
from cogs.handlers import TOURNAMENT, handler


class TournamentButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:tournament:(?P<id>[0-9]+):(?P<action>join|leave)",
):
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": (N_("Join"), discord.ButtonStyle.success),
        "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    }

    def __init__(self, tournament_id: int, action: str) -> None:
        label, style = self.LABELS[action]
        super().__init__(
            discord.ui.Button(
                label=_(label),
                style=style,
                custom_id=f"reversi:tournament:{tournament_id}:{action}",
            )
        )
        self.tournament_id = tournament_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TournamentButton:
        return cls(int(match["id"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction, TOURNAMENT).on_tournament_button(
            interaction, self.tournament_id, self.action
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
