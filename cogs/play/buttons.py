"""The buttons and select of a game and its challenge: accept or decline, a move, resign, rematch;
each hands its click to the `PlayCog`."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.domain import EndReason
from bot.i18n import N_, _
from cogs.buttons import ActionButton, GameButton, SquareButton, SquareSelect, Taken
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


class MoveButton(SquareButton, kind="move"):
    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).play.on_move(
            interaction, self.record_id, self.step, self.square
        )


class MoveSelect(SquareSelect, kind="pick"):
    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).play.on_move(
            interaction, self.record_id, self.step, self.square
        )


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
