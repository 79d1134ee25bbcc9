"""What every persistent button and select shares: each `custom_id` carries what it acts on, so
they keep working after a restart. Each feature's own live in its package (`cogs/*/buttons.py`),
whose callbacks hand the click to the feature's cog (`cogs.features`); the composition root
(`bot/app.py`) registers them with the cog."""

from __future__ import annotations

import logging
import re
from typing import Any, ClassVar, Self

import discord

from bot.i18n import N_, _
from cogs.features import host

log = logging.getLogger(__name__)

PREFIX = "reversi:"
"""Every custom id of the bot's components starts so."""


class Taken:
    """Mixed into every button and select: it runs only when the bot `take`s the click (not once
    the bot is stopping), and a shutdown waits for it."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return host(interaction).take(interaction)


def on_its_message(interaction: discord.Interaction) -> bool:
    """Whether a click's component is on the message the click names. Discord's docs ask apps to
    check it (a modified client can send any custom id), and discord.py runs a DynamicItem only
    when it is; so a button or select works only on the message the bot put it on."""
    data: Any = interaction.data or {}
    custom_id, kind = data.get("custom_id"), data.get("component_type")
    message = interaction.message
    if message is None:
        return False
    stack: list[Any] = list(message.components)
    while stack:
        component = stack.pop()
        if getattr(component, "custom_id", None) == custom_id and component.type.value == kind:
            return True
        stack.extend(getattr(component, "children", ()))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            stack.append(accessory)
    return False


class ActionButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:actions",  # a base, never registered: each `kind` has its own
):
    """One of a few actions on one record: `reversi:<kind>:<id>:<action>`. Each subclass names
    its `kind`, and its actions with their labels and styles in `LABELS`, which make its custom
    ids and the template discord.py matches them by; `callback` hands the click to its cog."""

    kind: ClassVar[str]
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]]

    def __init_subclass__(cls, *, kind: str) -> None:
        actions = "|".join(cls.LABELS)
        super().__init_subclass__(template=rf"reversi:{kind}:(?P<id>[0-9]+):(?P<action>{actions})")
        cls.kind = kind

    def __init__(self, record_id: int, action: str) -> None:
        label, style = self.LABELS[action]
        super().__init__(
            discord.ui.Button(
                label=_(label), style=style, custom_id=f"reversi:{self.kind}:{record_id}:{action}"
            )
        )
        self.record_id, self.action = record_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["id"]), match["action"])


class GameButton(
    Taken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"reversi:game:(?P<game>[0-9]+)"
):
    """A button that acts on one game: `reversi:<action>:<game id>`. Subclasses name the action,
    label and style, and hand the click to the cog in `callback`."""

    action: ClassVar[str]
    label: ClassVar[str]
    style: ClassVar[discord.ButtonStyle]

    def __init_subclass__(cls, *, action: str, label: str, style: discord.ButtonStyle) -> None:
        super().__init_subclass__(template=rf"reversi:{action}:(?P<game>[0-9]+)")
        cls.action, cls.label, cls.style = action, label, style

    def __init__(self, game_id: int, *, row: int | None = None, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or _(self.label),
                style=self.style,
                custom_id=f"reversi:{self.action}:{game_id}",
                row=row,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["game"]))


class SquareButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:squares",  # a base, never registered: each `kind` has its own
):
    """A square to play on the board a message shows: `reversi:<kind>:<id>:<step>:<square>`,
    `id` what is played (a game, a puzzle attempt) and `step` the point the board showed, so a
    click on an old board is known as one. Subclasses name the `kind` and hand the click to
    their cog in `callback`."""

    kind: ClassVar[str]

    def __init_subclass__(cls, *, kind: str) -> None:
        super().__init_subclass__(
            template=rf"reversi:{kind}:(?P<id>[0-9]+):(?P<step>[0-9]+):(?P<square>[a-h][1-8])"
        )
        cls.kind = kind

    def __init__(self, record_id: int, step: int, square: str, *, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=square,
                style=discord.ButtonStyle.secondary,
                custom_id=f"reversi:{self.kind}:{record_id}:{step}:{square}",
                row=row,
            )
        )
        self.record_id, self.step, self.square = record_id, step, square

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["id"]), int(match["step"]), match["square"])


class SquareSelect(
    Taken,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"reversi:square-menus",  # a base, never registered: each `kind` has its own
):
    """One menu of the squares to play, where there are more than buttons for them:
    `reversi:<kind>:<id>:<step>:<part>`, as `SquareButton`'s. The chosen square is `square`."""

    kind: ClassVar[str]

    def __init_subclass__(cls, *, kind: str) -> None:
        super().__init_subclass__(
            template=rf"reversi:{kind}:(?P<id>[0-9]+):(?P<step>[0-9]+):(?P<part>[0-9])"
        )
        cls.kind = kind

    def __init__(
        self,
        record_id: int,
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
                custom_id=f"reversi:{self.kind}:{record_id}:{step}:{part}",
                placeholder=placeholder,
                options=[discord.SelectOption(label=name, value=name) for name in names],
                row=row,
            )
        )
        self.record_id, self.step = record_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["id"]), int(match["step"]), int(match["part"]))

    @property
    def square(self) -> str:
        return self.item.values[0] if self.item.values else ""


PAGER_LABELS = {"prev": N_("Previous"), "next": N_("Next")}


def pager_button(custom_id: str, direction: str, *, disabled: bool) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=_(PAGER_LABELS[direction]),
        style=discord.ButtonStyle.secondary,
        custom_id=custom_id,
        disabled=disabled,
    )
