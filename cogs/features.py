"""The feature cogs that answer buttons and selects, each put here by the extension that loads it:
a button's callback reaches its cog through the bot that got the click, typed, not by name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

import discord

if TYPE_CHECKING:
    from cogs.admin.cog import Admin
    from cogs.play.cog import Play
    from cogs.puzzles.cog import PuzzleCog
    from cogs.records.games import Games
    from cogs.records.history import History
    from cogs.records.leaderboard import Leaderboard
    from cogs.records.stats import Stats
    from cogs.reviews.cog import ReviewCog
    from cogs.tournaments.cog import Tournaments


class Features:
    """The loaded feature cogs; one not loaded is absent, and its buttons fail loudly."""

    play: Play
    leaderboard: Leaderboard
    stats: Stats
    history: History
    games: Games
    admin: Admin
    review: ReviewCog
    tournaments: Tournaments
    puzzles: PuzzleCog


class Host(Protocol):
    """The bot as the buttons see it: it takes or drops a click, and holds the features."""

    features: Features

    def take(self, interaction: discord.Interaction) -> bool: ...


def host(interaction: discord.Interaction) -> Host:
    """The bot that got `interaction`."""
    return cast(Host, interaction.client)


def features(interaction: discord.Interaction) -> Features:
    """The feature cogs of the bot that got `interaction`."""
    return features_of(interaction.client)


def features_of(client: discord.Client) -> Features:
    """The feature cogs of `client`, which its extensions set and unset."""
    return cast(Host, client).features
