"""Midgame search: iterative-deepening negamax with alpha-beta, principal-variation (null-window)
re-searches and a transposition table.

Move ordering: the table's move first; then, two or more plies from the horizon, the children
sorted by their static evaluation, and one ply above the horizon by the opponent's mobility.
PVS was kept over MTD(f): with an evaluation in hundredths of a disc MTD(f) needs many passes
to converge, and measured slower here. With `probcut`, nodes are also cut forward by
multi-ProbCut (`probcut.py`).

This is the readable reference: where the native core runs, `native_search.py` searches the same
nodes in C, so any change here must be made there too (tests/engine/test_native_search.py fails
until it is).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.engine.ai.endgame import final_score
from bot.engine.ai.evaluation import SCALE, Evaluation, evaluate
from bot.engine.ai.probcut import margin, shallow
from bot.engine.ai.timing import Deadline, SearchTimeout
from bot.engine.bitboard import FULL, flips, legal_moves

INFINITY = 1_000_000
_CORNERS = 0x8100_0000_0000_0081
_LARGEST = 64 * SCALE  # the largest final score: no shallow search tests a bound past it


class Negamax:
    """One search: node count, deadline, evaluation, and a table shared by its iterations.

    The table maps `(player, opponent)` to `(depth, lower, upper, best square)`. With
    `probcut`, nodes are cut forward by multi-ProbCut.
    """

    __slots__ = ("deadline", "evaluate", "nodes", "probcut", "table")

    def __init__(
        self, deadline: Deadline, evaluation: Evaluation = evaluate, *, probcut: bool = False
    ) -> None:
        self.deadline = deadline
        self.evaluate = evaluation
        self.probcut = probcut
        self.nodes = 0
        self.table: dict[tuple[int, int], tuple[int, int, int, int]] = {}

    def children(
        self, player: int, opponent: int, moves: int, depth: int, hint: int
    ) -> list[tuple[int, int, int, int]]:
        """`(key, square, child player, child opponent)` per move, likeliest best first."""
        evaluation = self.evaluate
        result = []
        while moves:
            bit = moves & -moves
            moves ^= bit
            square = bit.bit_length() - 1
            flipped = flips(player, opponent, square)
            mover = player | flipped | bit
            other = opponent ^ flipped
            if square == hint:
                key = -INFINITY
            elif depth >= 3:
                key = evaluation(other, mover)
            elif depth == 2:
                replies = legal_moves(other, mover)
                key = replies.bit_count() + (replies & _CORNERS).bit_count()
            else:
                key = 0
            result.append((key, square, other, mover))
        result.sort()
        return result

    def value(self, player: int, opponent: int, depth: int, alpha: int, beta: int) -> int:
        """The negamax value `depth` plies deep, exact inside (alpha, beta), a bound outside."""
        self.nodes += 1
        if depth <= 0:
            return self.evaluate(player, opponent)
        self.deadline.check()
        key = (player, opponent)
        entry = self.table.get(key)
        hint = -1
        lower, upper = -INFINITY, INFINITY
        if entry is not None:
            hint = entry[3]
            if entry[0] >= depth:
                lower, upper = entry[1], entry[2]
                if lower >= beta:
                    return lower
                if upper <= alpha or lower == upper:
                    return upper
                alpha = max(alpha, lower)
                beta = min(beta, upper)
        moves = legal_moves(player, opponent)
        if not moves:
            if not legal_moves(opponent, player):
                return SCALE * final_score(player, opponent)
            return -self.value(opponent, player, depth, -beta, -alpha)
        if self.probcut and margin(depth) and depth < 64 - (player | opponent).bit_count():
            cut = self.cut(player, opponent, depth, alpha, beta)
            if cut is not None:
                return cut
        best = -INFINITY
        best_square = -1
        low = alpha
        child_depth = depth - 1
        for index, (_, square, child_player, child_opponent) in enumerate(
            self.children(player, opponent, moves, depth, hint)
        ):
            if index == 0:
                value = -self.value(child_player, child_opponent, child_depth, -beta, -low)
            else:
                value = -self.value(child_player, child_opponent, child_depth, -low - 1, -low)
                if low < value < beta:
                    value = -self.value(child_player, child_opponent, child_depth, -beta, -value)
            if value > best:
                best = value
                best_square = square
                if value > low:
                    low = value
                    if value >= beta:
                        break
        if entry is None or entry[0] <= depth:
            if entry is None or entry[0] < depth:
                lower, upper = -INFINITY, INFINITY
            if best >= beta:
                lower = max(lower, best)
            elif best <= alpha:
                upper = min(upper, best)
            else:
                lower = upper = best
            self.table[key] = (depth, lower, upper, best_square)
        return best

    def cut(self, player: int, opponent: int, depth: int, alpha: int, beta: int) -> int | None:
        """Multi-ProbCut: beta (alpha) when a shallow search clears beta (falls below alpha) by
        the depth's margin, else None. Nothing is stored for the node."""
        spread, reduced = margin(depth), shallow(depth)
        bound = beta + spread
        if bound <= _LARGEST and self.value(player, opponent, reduced, bound - 1, bound) >= bound:
            return beta
        bound = alpha - spread
        if bound >= -_LARGEST and self.value(player, opponent, reduced, bound, bound + 1) <= bound:
            return alpha
        return None


@dataclass(frozen=True, slots=True)
class DeepeningResult:
    """The result of an iterative deepening: the move chosen, its score (evaluation units),
    the last depth completed (0 when none was) and whether the score is exact."""

    move: int
    score: int
    depth: int
    exact: bool


def iterate(
    search: Negamax,
    player: int,
    opponent: int,
    *,
    max_depth: int,
    noise: float = 0.0,
    rng: random.Random | None = None,
) -> DeepeningResult:
    """Deepen one ply at a time until `max_depth`, an exact result, or the deadline.

    Without noise the root uses PVS and returns the best move. With `noise` (in discs), every
    root move gets a full-window score and the move with the best score plus Gaussian noise is
    chosen: that is how the weaker levels make human-like mistakes.
    The position must have a legal move.
    """
    moves = legal_moves(player, opponent)
    empties = (~(player | opponent) & FULL).bit_count()
    order = [square for _, square, _, _ in search.children(player, opponent, moves, 3, -1)]
    deepened = DeepeningResult(order[0], 0, 0, False)
    for depth in range(1, max_depth + 1):
        scores: dict[int, int] = {}
        try:
            _score_root(search, player, opponent, order, depth, scores, full=noise > 0)
        except SearchTimeout:
            if not noise and scores and order[0] in scores:
                best = max(scores, key=scores.__getitem__)
                if best != deepened.move and scores[best] > scores[order[0]]:
                    deepened = DeepeningResult(best, scores[best], deepened.depth, False)
            break
        order.sort(key=lambda square: -scores[square])
        exact = depth >= empties
        if noise:
            generator = rng or random.Random()
            noisy = {s: v + generator.gauss(0.0, noise * SCALE) for s, v in scores.items()}
            move = max(order, key=noisy.__getitem__)
        else:
            move = order[0]
        deepened = DeepeningResult(move, scores[move], depth, exact)
        if exact:
            break
    return deepened


def _score_root(
    search: Negamax,
    player: int,
    opponent: int,
    order: list[int],
    depth: int,
    scores: dict[int, int],
    *,
    full: bool,
) -> None:
    """Fill `scores` with each root move's value: exact for all moves when `full`, else exact for
    the best and an upper bound (null-window) for the others."""
    best = -INFINITY
    for square in order:
        flipped = flips(player, opponent, square)
        child_player = opponent ^ flipped
        child_opponent = player | flipped | (1 << square)
        if full or best == -INFINITY:
            value = -search.value(child_player, child_opponent, depth - 1, -INFINITY, INFINITY)
        else:
            value = -search.value(child_player, child_opponent, depth - 1, -best - 1, -best)
            if value > best:
                value = -search.value(child_player, child_opponent, depth - 1, -INFINITY, -value)
        scores[square] = value
        best = max(best, value)
