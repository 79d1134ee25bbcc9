"""The Reversi engine: exact rules on bitboards, notation, perft. Standard library only.

>>> from bot.engine import Game, square_name
>>> game = Game.from_transcript("f5d6c3")
>>> [square_name(s) for s in game.position.legal_moves()]  # squares are indices, a1 = 0
['d3', 'f3', 'f4', 'g5']
"""

from bot.engine.errors import IllegalMoveError, InvalidMoveError
from bot.engine.game import Game, Ply
from bot.engine.notation import (
    SQUARE_NAMES,
    format_transcript,
    parse_square,
    parse_transcript,
    square_name,
)
from bot.engine.perft import perft
from bot.engine.position import Color, Position, Result

__all__ = [
    "SQUARE_NAMES",
    "Color",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Ply",
    "Position",
    "Result",
    "format_transcript",
    "parse_square",
    "parse_transcript",
    "perft",
    "square_name",
]
