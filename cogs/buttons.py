"""Persistent buttons and selects: each `custom_id` carries what it acts on, so they keep working
after a restart. Their callbacks hand over to the feature cog that owns them, which registers
them in its extension's `setup`."""

from __future__ import annotations

import logging
import re
from typing import Any, ClassVar, Self, cast

import discord

from bot.client import ReversiBot
from bot.domain import ChannelAction, ChannelChange, ChannelEffect, EndReason
from bot.i18n import N_, _
from cogs.handlers import (
    ADMIN,
    GAMES,
    HISTORY,
    LEADERBOARD,
    PLAY,
    STATS,
    ShareHandler,
    handler,
)
from cogs.replies import tell_reader

log = logging.getLogger(__name__)

PREFIX = "reversi:"
"""Every custom id of the bot's components starts so."""


class Taken:
    """Mixed into every button and select: it runs only when the bot `take`s the click (not once
    the bot is stopping), and a shutdown waits for it."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return cast(ReversiBot, interaction.client).take(interaction)


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


class ChallengeButton(ActionButton, kind="challenge"):
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "accept": (N_("Accept"), discord.ButtonStyle.success),
        "decline": (N_("Decline"), discord.ButtonStyle.danger),
        "cancel": (N_("Cancel"), discord.ButtonStyle.secondary),
    }

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction, PLAY).on_challenge_button(
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
        await handler(interaction, PLAY).on_move(interaction, self.game_id, self.ply, self.square)


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
        await handler(interaction, PLAY).on_move(interaction, self.game_id, self.ply, square)


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


class ResignButton(
    GameButton, action="resign", label=N_("Resign"), style=discord.ButtonStyle.danger
):
    """Reads "Abort" in the abort window, where it ends the game without a result."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction, PLAY).on_resign_button(interaction, self.game_id)


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
        await handler(interaction, PLAY).on_resign_confirm(interaction, self.game_id, self.offered)


class RematchButton(
    GameButton, action="rematch", label=N_("Rematch"), style=discord.ButtonStyle.primary
):
    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction, PLAY).on_rematch(interaction, self.game_id)


class ReplayButton(
    GameButton, action="replay", label=N_("Replay"), style=discord.ButtonStyle.secondary
):
    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction, HISTORY).on_replay(interaction, self.game_id)


PAGER_LABELS = {"prev": N_("Previous"), "next": N_("Next")}


def pager_button(custom_id: str, direction: str, *, disabled: bool) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=_(PAGER_LABELS[direction]),
        style=discord.ButtonStyle.secondary,
        custom_id=custom_id,
        disabled=disabled,
    )


class LeaderboardPageButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:leaderboard:(?P<page>[0-9]+):(?P<dir>prev|next)",
):
    """Goes to `page` of the server's leaderboard; the direction keeps the two ids apart."""

    def __init__(self, page: int, direction: str, *, disabled: bool = False) -> None:
        custom_id = f"reversi:leaderboard:{page}:{direction}"
        super().__init__(pager_button(custom_id, direction, disabled=disabled))
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LeaderboardPageButton:
        return cls(int(match["page"]), match["dir"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction, LEADERBOARD).on_leaderboard_page(interaction, self.page)


class PlayerPageButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:player-pages",  # a base, never registered: each `kind` has its own
):
    """Goes to `page` of one player's list (`user_id`), or of the server's. Each list is a
    subclass naming its `kind`, which makes its custom ids and the template discord.py matches
    them by."""

    kind: ClassVar[str]

    def __init_subclass__(cls, *, kind: str) -> None:
        super().__init_subclass__(
            template=rf"reversi:{kind}:(?P<user>[0-9]+|all):(?P<page>[0-9]+):(?P<dir>prev|next)"
        )
        cls.kind = kind

    def __init__(
        self, user_id: int | None, page: int, direction: str, *, disabled: bool = False
    ) -> None:
        who = "all" if user_id is None else str(user_id)
        custom_id = f"reversi:{self.kind}:{who}:{page}:{direction}"
        super().__init__(pager_button(custom_id, direction, disabled=disabled))
        self.user_id, self.page = user_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        user = None if match["user"] == "all" else int(match["user"])
        return cls(user, int(match["page"]), match["dir"])


class HistoryPageButton(PlayerPageButton, kind="history"):
    """Goes to a page of the server's finished games, or of one player's."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction, HISTORY).on_history_page(interaction, self.user_id, self.page)


class GamesPageButton(PlayerPageButton, kind="games"):
    """Goes to a page of a player's games in progress and challenges, or of the server's games
    in progress."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction, GAMES).on_games_page(interaction, self.user_id, self.page)


SHARE_ARGS = {"lb": 2, "stats": 1, "h2h": 2, "hist": 2, "game": 1, "games": 2}
"""How many numbers each look-up's Share button carries."""
NO_LONGER_WORKS = N_("That button no longer works; ask again for a fresh answer.")


class ShareButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:share:(?P<what>lb|stats|h2h|hist|games|game)(?P<args>(?::[0-9]+){0,3})",
):
    """Posts a look-up answered privately (`what`, with the numbers that say which page or
    player: `args`) publicly in the channel; it reads "Shared" once done. One with the wrong
    count of numbers for its look-up (made by no version of the bot) is refused plainly."""

    def __init__(self, what: str, args: tuple[int, ...], *, shared: bool = False) -> None:
        custom_id = "reversi:share:" + ":".join([what, *map(str, args)])
        super().__init__(
            discord.ui.Button(
                label=_("Shared") if shared else _("Share"),
                style=discord.ButtonStyle.secondary,
                custom_id=custom_id,
                disabled=shared,
            )
        )
        self.what, self.args = what, args

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ShareButton:
        return cls(match["what"], tuple(int(n) for n in match["args"].split(":")[1:]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if len(self.args) != SHARE_ARGS[self.what]:
            log.info(
                "Share button %r of no known form, by user %s", self.custom_id, interaction.user.id
            )
            await tell_reader(interaction, NO_LONGER_WORKS)
            return
        await _sharer(interaction, self.what).on_share(interaction, self.what, self.args)


def _sharer(interaction: discord.Interaction, what: str) -> ShareHandler:
    """The cog that answers the look-up a Share button names."""
    if what == "lb":
        return handler(interaction, LEADERBOARD)
    if what in ("stats", "h2h"):
        return handler(interaction, STATS)
    if what == "games":
        return handler(interaction, GAMES)
    return handler(interaction, HISTORY)


class ForgetConfirmButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:forget-yes:(?P<user>[0-9]+)",
):
    def __init__(self, user_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Yes, delete my stats"),
                style=discord.ButtonStyle.danger,
                custom_id=f"reversi:forget-yes:{user_id}",
            )
        )
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ForgetConfirmButton:
        return cls(int(match["user"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction, ADMIN).on_forget_confirm(interaction, self.user_id)


class ChannelsConfirmButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:channels-yes:(?P<action>allow|disallow|everywhere):(?P<channel>[0-9]+)"
    r":(?P<offered>only|add|unblock|block|remove|except|everywhere)",
):
    """Confirms a change to where games may start (channel 0: none, for everywhere) as doing
    what it did when it was offered (`offered`), so that a click after the settings changed to
    make it mean something else is refused and asked again."""

    def __init__(self, change: ChannelChange, offered: ChannelEffect) -> None:
        channel = change.channel_id or 0
        super().__init__(
            discord.ui.Button(
                label=_("Yes, change it"),
                style=discord.ButtonStyle.danger,
                custom_id=f"reversi:channels-yes:{change.action}:{channel}:{offered}",
            )
        )
        self.change, self.offered = change, offered

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChannelsConfirmButton:
        action, channel = ChannelAction(match["action"]), int(match["channel"])
        change = ChannelChange(action, None if action is ChannelAction.EVERYWHERE else channel)
        return cls(change, ChannelEffect(match["offered"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction, ADMIN).on_channels_confirm(
            interaction, self.change, self.offered
        )
