"""The feature cogs that answer buttons and selects, each put here by the composition root as it
adds it: a button's callback reaches its cog through the bot that got the click, typed, not by
name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

import discord

if TYPE_CHECKING:
    from cogs.admin.cog import AdminCog
    from cogs.play.cog import PlayCog
    from cogs.puzzles.cog import PuzzleCog
    from cogs.records.games import GamesCog
    from cogs.records.history import HistoryCog
    from cogs.records.leaderboard import LeaderboardCog
    from cogs.records.live import LiveCog
    from cogs.records.stats import StatsCog
    from cogs.reviews.cog import ReviewCog
    from cogs.tournaments.cog import TournamentsCog


class Features:
    """The feature cogs the bot was built with; one left out is absent, and its buttons fail
    loudly."""

    play: PlayCog
    leaderboard: LeaderboardCog
    stats: StatsCog
    history: HistoryCog
    games: GamesCog
    live: LiveCog
    admin: AdminCog
    review: ReviewCog
    tournaments: TournamentsCog
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
    return cast(Host, interaction.client).features
