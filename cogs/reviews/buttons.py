"""The review's persistent components: the Review button on finished games, and on the review
itself the menus of moves and the Summary button. Their custom ids carry the game, so they keep
working after a restart; the review cog (`cogs.reviews.cog`) handles them."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import N_, _
from cogs.buttons import GameButton, Taken
from cogs.features import features


class ReviewButton(
    GameButton,
    action="review",
    # TRANSLATORS: a button under a finished game: the engine's verdict on every move.
    label=N_("Review"),
    style=discord.ButtonStyle.secondary,
):
    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).review.on_review_button(interaction, self.game_id)


class ReviewSummaryButton(
    GameButton, action="review-summary", label=N_("Summary"), style=discord.ButtonStyle.secondary
):
    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).review.on_review_summary(interaction, self.game_id)


class ReviewMoveSelect(
    Taken,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"reversi:review-move:(?P<game>[0-9]+):(?P<part>[0-9])",
):
    """One menu of a review's moves (25 at most, Discord's limit): choosing one shows it."""

    def __init__(
        self,
        game_id: int,
        part: int,
        options: list[discord.SelectOption] | None = None,
        *,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"reversi:review-move:{game_id}:{part}",
                placeholder=placeholder or _("Jump to a move"),
                options=options or [],
                row=row,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReviewMoveSelect:
        return cls(int(match["game"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0] if self.item.values else ""
        await features(interaction).review.on_review_move(interaction, self.game_id, value)


DYNAMIC_ITEMS = (ReviewButton, ReviewSummaryButton, ReviewMoveSelect)
