"""Records: `/reversi leaderboard`, `stats`, `h2h`, `history`, `game`, the "Reversi stats" menu,
the Replay button and the look-ups' Share button; one extension, a cog for each view of the
server's finished games."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from discord.ext import commands

from cogs.features import features_of
from cogs.group import add_feature_cog
from cogs.records.buttons import HistoryPageButton, LeaderboardPageButton, ReplayButton, ShareButton
from cogs.records.history import History
from cogs.records.leaderboard import Leaderboard
from cogs.records.stats import Stats

if TYPE_CHECKING:
    from cogs.host import Bot

DYNAMIC_ITEMS = (LeaderboardPageButton, HistoryPageButton, ReplayButton, ShareButton)


async def setup(bot: commands.AutoShardedBot) -> None:
    reversi_bot = cast("Bot", bot)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    leaderboard, stats, history = Leaderboard(reversi_bot), Stats(reversi_bot), History(reversi_bot)
    features_of(bot).leaderboard = leaderboard
    features_of(bot).stats = stats
    features_of(bot).history = history
    for cog in (leaderboard, stats, history):
        await add_feature_cog(bot, cog)


async def teardown(bot: commands.AutoShardedBot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
    del features_of(bot).leaderboard
    del features_of(bot).stats
    del features_of(bot).history
