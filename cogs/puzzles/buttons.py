"""A puzzle's components: a button per legal move (or menus past 20), Hint, and Next puzzle.
The custom ids of the first two carry the attempt and the step the board showed, so a click on
an old board is recognised as one; the puzzle cog (`cogs.puzzles.cog`) handles them all."""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.i18n import _
from cogs.buttons import SquareButton, SquareSelect, Taken
from cogs.features import features


class PuzzleMoveButton(SquareButton, kind="puzzle-move"):
    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).puzzles.on_move(
            interaction, self.record_id, self.step, self.square
        )


class PuzzleMoveSelect(SquareSelect, kind="puzzle-pick"):
    """One menu of a puzzle's moves, where there are more than buttons for them."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).puzzles.on_move(
            interaction, self.record_id, self.step, self.square
        )


class PuzzleHintButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:puzzle-hint:(?P<attempt>[0-9]+):(?P<step>[0-9]+)",
):
    def __init__(self, attempt_id: int, step: int, *, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                # TRANSLATORS: a button under a puzzle: where to look, not the move.
                label=_("Hint"),
                style=discord.ButtonStyle.primary,
                emoji="💡",
                custom_id=f"reversi:puzzle-hint:{attempt_id}:{step}",
                row=row,
            )
        )
        self.attempt_id, self.step = attempt_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["attempt"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).puzzles.on_hint(interaction, self.attempt_id, self.step)


class NextPuzzleButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:puzzle-next",
):
    """Under a finished puzzle: the clicker's next one, in the same message."""

    def __init__(self) -> None:
        super().__init__(
            discord.ui.Button(
                # TRANSLATORS: a button under a solved or failed puzzle.
                label=_("Next puzzle"),
                style=discord.ButtonStyle.success,
                custom_id="reversi:puzzle-next",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).puzzles.on_next(interaction)


DYNAMIC_ITEMS = (PuzzleMoveButton, PuzzleMoveSelect, PuzzleHintButton, NextPuzzleButton)
