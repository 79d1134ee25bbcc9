"""Who answers each kind of button and select: a `Protocol` per kind, and the cog each bot has
registered for it (in its extension's `setup`), found by a key typed by that protocol."""

from __future__ import annotations

import weakref
from typing import Generic, Protocol, TypeVar, cast

import discord

from bot.domain import ChannelChange, ChannelEffect, EndReason

H = TypeVar("H")


class PlayHandler(Protocol):
    async def on_challenge_button(
        self, interaction: discord.Interaction, challenge_id: int, action: str
    ) -> None: ...

    async def on_move(
        self, interaction: discord.Interaction, game_id: int, ply: int, square: str
    ) -> None: ...

    async def on_resign_button(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def on_resign_confirm(
        self, interaction: discord.Interaction, game_id: int, offered: EndReason | None
    ) -> None: ...

    async def on_rematch(self, interaction: discord.Interaction, game_id: int) -> None: ...


class ShareHandler(Protocol):
    async def on_share(
        self, interaction: discord.Interaction, what: str, args: tuple[int, ...]
    ) -> None: ...


class LeaderboardHandler(ShareHandler, Protocol):
    async def on_leaderboard_page(self, interaction: discord.Interaction, page: int) -> None: ...


class StatsHandler(ShareHandler, Protocol):
    """Shares stats cards and head-to-heads."""


class HistoryHandler(ShareHandler, Protocol):
    async def on_history_page(
        self, interaction: discord.Interaction, user_id: int | None, page: int
    ) -> None: ...

    async def on_replay(self, interaction: discord.Interaction, game_id: int) -> None: ...


class GamesHandler(ShareHandler, Protocol):
    async def on_games_page(
        self, interaction: discord.Interaction, user_id: int | None, page: int
    ) -> None: ...


class AdminHandler(Protocol):
    async def on_forget_confirm(self, interaction: discord.Interaction, user_id: int) -> None: ...

    async def on_channels_confirm(
        self, interaction: discord.Interaction, change: ChannelChange, offered: ChannelEffect
    ) -> None: ...


class ReviewHandler(Protocol):
    async def on_review_button(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def on_review_summary(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def on_review_move(
        self, interaction: discord.Interaction, game_id: int, chosen: str
    ) -> None: ...


class TournamentHandler(Protocol):
    async def on_tournament_button(
        self, interaction: discord.Interaction, tournament_id: int, action: str
    ) -> None: ...


class Kind(Generic[H]):
    """A kind of component handler: the key its cog registers under, typed by its protocol."""

    def __init__(self, name: str) -> None:
        self.name = name


PLAY: Kind[PlayHandler] = Kind("play")
LEADERBOARD: Kind[LeaderboardHandler] = Kind("leaderboard")
STATS: Kind[StatsHandler] = Kind("stats")
HISTORY: Kind[HistoryHandler] = Kind("history")
GAMES: Kind[GamesHandler] = Kind("games")
ADMIN: Kind[AdminHandler] = Kind("admin")
REVIEW: Kind[ReviewHandler] = Kind("review")
TOURNAMENT: Kind[TournamentHandler] = Kind("tournament")

_registered: weakref.WeakKeyDictionary[discord.Client, dict[str, object]] = (
    weakref.WeakKeyDictionary()
)
"""Each bot's handlers by kind (a bot that is gone takes its own with it)."""


def register(client: discord.Client, kind: Kind[H], handler: H) -> None:
    _registered.setdefault(client, {})[kind.name] = handler


def unregister(client: discord.Client, kind: Kind[H]) -> None:
    _registered.get(client, {}).pop(kind.name, None)


def handler(interaction: discord.Interaction, kind: Kind[H]) -> H:
    """The handler of `kind` of the bot that got `interaction`."""
    found = _registered.get(interaction.client, {}).get(kind.name)
    if found is None:
        raise RuntimeError(f"no {kind.name} handler is registered")
    return cast(H, found)
