"""Records: `/reversi leaderboard`, `stats`, `h2h`, `history`, `game`, the "Reversi stats" menu,
the Replay button and the look-ups' Share button; one extension, a cog for each view of the
server's finished games."""

from __future__ import annotations

from typing import cast

from discord.ext import commands

from bot.client import ReversiBot
from cogs import handlers
from cogs.buttons import HistoryPageButton, LeaderboardPageButton, ReplayButton, ShareButton
from cogs.group import add_feature_cog
from cogs.history import History
from cogs.leaderboard import Leaderboard
from cogs.stats import Stats

DYNAMIC_ITEMS = (LeaderboardPageButton, HistoryPageButton, ReplayButton, ShareButton)


async def setup(bot: commands.AutoShardedBot) -> None:
    reversi_bot = cast(ReversiBot, bot)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    leaderboard, stats, history = Leaderboard(reversi_bot), Stats(reversi_bot), History(reversi_bot)
    handlers.register(bot, handlers.LEADERBOARD, leaderboard)
    handlers.register(bot, handlers.STATS, stats)
    handlers.register(bot, handlers.HISTORY, history)
    for cog in (leaderboard, stats, history):
        await add_feature_cog(bot, cog)


async def teardown(bot: commands.AutoShardedBot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
    handlers.unregister(bot, handlers.LEADERBOARD)
    handlers.unregister(bot, handlers.STATS)
    handlers.unregister(bot, handlers.HISTORY)
