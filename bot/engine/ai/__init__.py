"""The computer opponent: midgame search, exact endgame solver and five levels of play.

>>> from bot.engine.ai import choose_move
>>> result = choose_move("-" * 27 + "OX------XO" + "-" * 27 + " X", level=5, depth=2)
>>> result.move in (19, 26, 37, 44)  # d3, c4, f5 or e6
True
"""

from bot.engine.ai.endgame import Solution, solve
from bot.engine.ai.levels import LEVELS, Level
from bot.engine.ai.player import SearchResult, choose_move
from bot.engine.ai.timing import clock_budget

__all__ = [
    "LEVELS",
    "Level",
    "SearchResult",
    "Solution",
    "choose_move",
    "clock_budget",
    "solve",
]
