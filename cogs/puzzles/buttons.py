"""A puzzle's components: a button per legal move (or menus past 20), Hint, and Next puzzle.
The custom ids of the first two carry the attempt and the step the board showed, so a click on
an old board is recognised as one; the puzzle cog (`cogs.puzzles.cog`) handles them all."""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.i18n import _
from cogs.buttons import Taken
from cogs.features import features


class PuzzleMoveButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:puzzle-move:(?P<attempt>[0-9]+):(?P<step>[0-9]+):(?P<square>[a-h][1-8])",
):
    def __init__(self, attempt_id: int, step: int, square: str, *, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=square,
                style=discord.ButtonStyle.secondary,
                custom_id=f"reversi:puzzle-move:{attempt_id}:{step}:{square}",
                row=row,
            )
        )
        self.attempt_id, self.step, self.square = attempt_id, step, square

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["attempt"]), int(match["step"]), match["square"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).puzzles.on_move(
            interaction, self.attempt_id, self.step, self.square
        )


class PuzzleMoveSelect(
    Taken,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"reversi:puzzle-pick:(?P<attempt>[0-9]+):(?P<step>[0-9]+):(?P<part>[0-9])",
):
    """One menu of a puzzle's moves, where there are more than buttons for them."""

    def __init__(
        self,
        attempt_id: int,
        step: int,
        part: int,
        squares: list[str] | None = None,
        *,
        row: int | None = None,
    ) -> None:
        names = squares or []
        placeholder = (
            _("Choose your move ({first}-{last})").format(first=names[0], last=names[-1])
            if names
            else _("Choose a move")
        )
        super().__init__(
            discord.ui.Select(
                custom_id=f"reversi:puzzle-pick:{attempt_id}:{step}:{part}",
                placeholder=placeholder,
                options=[discord.SelectOption(label=name, value=name) for name in names],
                row=row,
            )
        )
        self.attempt_id, self.step = attempt_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["attempt"]), int(match["step"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        square = self.item.values[0] if self.item.values else ""
        await features(interaction).puzzles.on_move(interaction, self.attempt_id, self.step, square)


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
