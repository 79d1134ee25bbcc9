"""A game's moves as people read them: the square of each move, and each forced pass marked.

A stored transcript leaves the passes out (`f5d6…`, as tournament records do), so a player who
moves twice running looks like a slip; replaying the game finds them (`Ply.passed`), and they
are written as a translated `pass` after the move that forced them, as Othello game records do.
"""

from __future__ import annotations

from bot.engine import Game, square_name
from rendering.words import Words


def written_moves(game: Game, words: Words) -> list[str]:
    """One entry per move: its square, followed by the opponent's forced pass if it made one,
    e.g. `["h7 pass", "a7"]`."""
    mark = words.gettext("pass")  # one word: a forced pass in a list of moves, `b2 h7 pass a7`
    return [
        square_name(ply.square) if ply.passed is None else f"{square_name(ply.square)} {mark}"
        for ply in game.plies
    ]
