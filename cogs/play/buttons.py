"""The buttons and select of a game and its challenge: accept or decline, a move, resign, rematch;
each hands its click to the `PlayCog`."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.domain import EndReason
from bot.i18n import N_, _
from cogs.buttons import ActionButton, GameButton, Taken
from cogs.features import features


class ChallengeButton(ActionButton, kind="challenge"):
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "accept": (N_("Accept"), discord.ButtonStyle.success),
        "decline": (N_("Decline"), discord.ButtonStyle.danger),
        "cancel": (N_("Cancel"), discord.ButtonStyle.secondary),
    }

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).play.on_challenge_button(
            interaction, self.record_id, self.action
        )


class MoveButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:move:(?P<game>[0-9]+):(?P<ply>[0-9]+):(?P<square>[a-h][1-8])",
):
    def __init__(self, game_id: int, ply: int, square: str, *, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=square,
                style=discord.ButtonStyle.secondary,
                custom_id=f"reversi:move:{game_id}:{ply}:{square}",
                row=row,
            )
        )
        self.game_id, self.ply, self.square = game_id, ply, square

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(int(match["game"]), int(match["ply"]), match["square"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).play.on_move(interaction, self.game_id, self.ply, self.square)


class MoveSelect(
    Taken,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"reversi:pick:(?P<game>[0-9]+):(?P<ply>[0-9]+):(?P<part>[0-9])",
):
    def __init__(
        self,
        game_id: int,
        ply: int,
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
                custom_id=f"reversi:pick:{game_id}:{ply}:{part}",
                placeholder=placeholder,
                options=[discord.SelectOption(label=name, value=name) for name in names],
                row=row,
            )
        )
        self.game_id, self.ply = game_id, ply

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(int(match["game"]), int(match["ply"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        square = self.item.values[0] if self.item.values else ""
        await features(interaction).play.on_move(interaction, self.game_id, self.ply, square)


class ResignButton(
    GameButton,
    action="resign",
    # TRANSLATORS: a button under a game in progress (Discord shows about 25 characters on a
    # phone); it reads "Abort" in a game's first moves.
    label=N_("Resign"),
    style=discord.ButtonStyle.danger,
):
    """Reads "Abort" in the abort window, where it ends the game without a result."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).play.on_resign_button(interaction, self.game_id)


class ResignConfirmButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:resign-yes:(?P<game>[0-9]+)(?::(?P<offered>aborted|resignation))?",
):
    """Confirms what resigning meant when it was offered (`offered`: the game aborted, or lost),
    so that a click after the game moved on to mean something else is refused. Buttons posted
    before the custom id said so (`offered` None) may still be on messages: they ask again."""

    LABELS: ClassVar[dict[EndReason, str]] = {
        EndReason.ABORTED: N_("Yes, abort"),
        EndReason.RESIGNATION: N_("Yes, resign"),
    }

    def __init__(self, game_id: int, offered: EndReason | None) -> None:
        said = "" if offered is None else f":{offered}"
        super().__init__(
            discord.ui.Button(
                label=_(self.LABELS[offered or EndReason.RESIGNATION]),
                style=discord.ButtonStyle.danger,
                custom_id=f"reversi:resign-yes:{game_id}{said}",
            )
        )
        self.game_id, self.offered = game_id, offered

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResignConfirmButton:
        offered = match["offered"]
        return cls(int(match["game"]), None if offered is None else EndReason(offered))

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).play.on_resign_confirm(interaction, self.game_id, self.offered)


class RematchButton(
    GameButton,
    action="rematch",
    # TRANSLATORS: a button under a finished game: offers the same game again, colours swapped.
    label=N_("Rematch"),
    style=discord.ButtonStyle.primary,
):
    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).play.on_rematch(interaction, self.game_id)
