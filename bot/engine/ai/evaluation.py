"""Static evaluations, in hundredths of a disc from the side to move's view.

A finished game scores its exact official result (times `SCALE`), so searches compare
evaluations and exact outcomes on one scale.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine.ai.endgame import final_score
from bot.engine.ai.features import features
from bot.engine.ai.weights import WEIGHTS
from bot.engine.bitboard import legal_moves

SCALE = 100  # evaluation units per disc

Evaluation = Callable[[int, int], int]


def evaluate(player: int, opponent: int) -> int:
    """The fitted estimate of the final disc difference (see `weights.py`)."""
    ours = legal_moves(player, opponent)
    theirs = legal_moves(opponent, player)
    if not ours and not theirs:
        return SCALE * final_score(player, opponent)
    values = features(player, opponent, ours, theirs)
    weights = WEIGHTS[64 - (player | opponent).bit_count()]
    return sum(w * v for w, v in zip(weights, values, strict=True))


def count_discs(player: int, opponent: int) -> int:
    """Disc difference only: the greedy view of a beginner (exact once the game is over)."""
    if not legal_moves(player, opponent) and not legal_moves(opponent, player):
        return SCALE * final_score(player, opponent)
    return SCALE * (player.bit_count() - opponent.bit_count())
