"""Records: `/reversi leaderboard`, `stats`, `h2h`, `history`, `game`, the "Reversi stats" menu,
the Replay button and the look-ups' Share button; one extension, a cog for each view of the
server's finished games."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from discord.ext import commands

from cogs.features import features_of
from cogs.group import add_feature_cog
from cogs.records.buttons import HistoryPageButton, LeaderboardPageButton, ReplayButton, ShareButton
from cogs.records.history import HistoryCog
from cogs.records.leaderboard import LeaderboardCog
from cogs.records.stats import StatsCog

if TYPE_CHECKING:
    from cogs.host import Bot

DYNAMIC_ITEMS = (LeaderboardPageButton, HistoryPageButton, ReplayButton, ShareButton)


async def setup(bot: commands.AutoShardedBot) -> None:
    reversi_bot = cast("Bot", bot)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    features = features_of(bot)
    features.leaderboard = leaderboard = LeaderboardCog(reversi_bot)
    features.stats = stats = StatsCog(reversi_bot)
    features.history = history = HistoryCog(reversi_bot)
    for cog in (leaderboard, stats, history):
        await add_feature_cog(bot, cog)


async def teardown(bot: commands.AutoShardedBot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
    del features_of(bot).leaderboard
    del features_of(bot).stats
    del features_of(bot).history
