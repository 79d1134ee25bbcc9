"""Exact endgame solver: the final disc difference with perfect play from both sides.

Scores are official final scores from the side to move's view: discs minus the opponent's
discs, the empty squares going to the winner (so always even, from -64 to 64).

Above `SMALL` empties a node generates its moves, orders them fastest-first (fewest replies for
the opponent, corners counted twice), tries the transposition-table move first, and searches with
a principal-variation (null-window) scheme. At `SMALL` empties and below it is cheaper to try
each empty square directly in parity order (squares of odd regions first), with no table; the
last empty square is scored by counting flips alone.

`EndgameSearch` is the reference; where the native core is built, `endgame_search` gives its C
twin instead (bot/engine/native/endgame.c), which visits the same nodes and returns the same
scores, only much faster.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import native
from bot.engine.ai.timing import Deadline, SearchTimeout
from bot.engine.bitboard import FULL, flips, legal_moves
from bot.engine.position import Position

SMALL = 6
_INFINITY = 65
_CORNERS = 0x8100_0000_0000_0081
_QUADRANTS = (0x0F0F_0F0F, 0xF0F0_F0F0, 0x0F0F_0F0F << 32, 0xF0F0_F0F0 << 32)
# The parity bit of each square's quadrant, and for each parity word the squares of odd quadrants.
QUADRANT_BIT = tuple(
    next(1 << index for index, mask in enumerate(_QUADRANTS) if mask >> square & 1)
    for square in range(64)
)
_ODD_REGIONS = tuple(
    sum(mask for index, mask in enumerate(_QUADRANTS) if parity >> index & 1)
    for parity in range(16)
)


def parity_of(empties: int) -> int:
    """The parity word of a set of empty squares: bit i set when quadrant i has an odd count."""
    return sum(1 << i for i, mask in enumerate(_QUADRANTS) if (empties & mask).bit_count() & 1)


def final_score(player: int, opponent: int) -> int:
    """The official score of a finished game for `player`: the empties go to the winner."""
    ours = player.bit_count()
    theirs = opponent.bit_count()
    if ours > theirs:
        return 64 - 2 * theirs
    if ours < theirs:
        return 2 * ours - 64
    return 0


def _last(player: int, opponent: int, square: int) -> int:
    """The final score with one empty square left, whoever can play it."""
    flipped = flips(player, opponent, square)
    if flipped:
        return 2 * (player.bit_count() + flipped.bit_count()) - 62
    flipped = flips(opponent, player, square)
    if flipped:
        return 62 - 2 * (opponent.bit_count() + flipped.bit_count())
    diff = 2 * player.bit_count() - 63
    return diff + 1 if diff > 0 else diff - 1


class EndgameSearch:
    """One exact search: counts nodes, honours a deadline, keeps a table of bounds.

    The table maps `(player, opponent)` to `(lower, upper, best square)`.
    """

    __slots__ = ("deadline", "nodes", "table")

    def __init__(self, deadline: Deadline | None = None) -> None:
        self.deadline = deadline or Deadline(None)
        self.nodes = 0
        self.table: dict[tuple[int, int], tuple[int, int, int]] = {}

    def score(self, player: int, opponent: int, alpha: int, beta: int) -> int:
        """The exact score if it lies strictly between alpha and beta, else a bound beyond."""
        empties = ~(player | opponent) & FULL
        count = empties.bit_count()
        if count <= SMALL:
            if count == 0:
                return final_score(player, opponent)
            return self._small(player, opponent, alpha, beta, empties, count, parity_of(empties))
        return self._deep(player, opponent, alpha, beta, count, parity_of(empties))

    def ordered_children(
        self, player: int, opponent: int, moves: int, hint: int
    ) -> list[tuple[int, int, int, int]]:
        """`(key, square, child player, child opponent)` for each move, best candidates first."""
        children = []
        while moves:
            bit = moves & -moves
            moves ^= bit
            square = bit.bit_length() - 1
            flipped = flips(player, opponent, square)
            mover = player | flipped | bit
            other = opponent ^ flipped
            if square == hint:
                key = -1
            else:
                replies = legal_moves(other, mover)
                key = replies.bit_count() + (replies & _CORNERS).bit_count()
            children.append((key, square, other, mover))
        children.sort()
        return children

    def _deep(
        self, player: int, opponent: int, alpha: int, beta: int, count: int, parity: int
    ) -> int:
        self.nodes += 1
        self.deadline.check()
        table = self.table
        key = (player, opponent)
        entry = table.get(key)
        hint = -1
        lower, upper = -_INFINITY, _INFINITY
        if entry is not None:
            lower, upper, hint = entry
            if lower >= beta:
                return lower
            if upper <= alpha or lower == upper:
                return upper
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
        moves = legal_moves(player, opponent)
        if not moves:
            if not legal_moves(opponent, player):
                return final_score(player, opponent)
            return -self._deep(opponent, player, -beta, -alpha, count, parity)
        count -= 1
        small = count <= SMALL
        empties = ~(player | opponent) & FULL
        best = -_INFINITY
        best_square = -1
        low = alpha
        first = True
        for _, square, child_player, child_opponent in self.ordered_children(
            player, opponent, moves, hint
        ):
            child_parity = parity ^ QUADRANT_BIT[square]
            if small:
                child_empties = empties ^ (1 << square)
                if first:
                    value = -self._small(
                        child_player,
                        child_opponent,
                        -beta,
                        -low,
                        child_empties,
                        count,
                        child_parity,
                    )
                else:
                    value = -self._small(
                        child_player,
                        child_opponent,
                        -low - 1,
                        -low,
                        child_empties,
                        count,
                        child_parity,
                    )
                    if low < value < beta:
                        value = -self._small(
                            child_player,
                            child_opponent,
                            -beta,
                            -value,
                            child_empties,
                            count,
                            child_parity,
                        )
            elif first:
                value = -self._deep(child_player, child_opponent, -beta, -low, count, child_parity)
            else:
                value = -self._deep(
                    child_player, child_opponent, -low - 1, -low, count, child_parity
                )
                if low < value < beta:
                    value = -self._deep(
                        child_player, child_opponent, -beta, -value, count, child_parity
                    )
            first = False
            if value > best:
                best = value
                best_square = square
                if value > low:
                    low = value
                    if value >= beta:
                        break
        if best >= beta:
            lower = max(lower, best)
        elif best <= alpha:
            upper = min(upper, best)
        else:
            lower = upper = best
        table[key] = (lower, upper, best_square)
        return best

    def _small(
        self,
        player: int,
        opponent: int,
        alpha: int,
        beta: int,
        empties: int,
        count: int,
        parity: int,
    ) -> int:
        self.nodes += 1
        if count == 1:
            return _last(player, opponent, empties.bit_length() - 1)
        best = -_INFINITY
        odd = _ODD_REGIONS[parity]
        for region in (empties & odd, empties & ~odd):
            while region:
                bit = region & -region
                region ^= bit
                square = bit.bit_length() - 1
                flipped = flips(player, opponent, square)
                if not flipped:
                    continue
                value = -self._small(
                    opponent ^ flipped,
                    player | flipped | bit,
                    -beta,
                    -alpha,
                    empties ^ bit,
                    count - 1,
                    parity ^ QUADRANT_BIT[square],
                )
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if value >= beta:
                            return value
        if best == -_INFINITY:
            if legal_moves(opponent, player):
                return -self._small(opponent, player, -beta, -alpha, empties, count, parity)
            return final_score(player, opponent)
        return best


class NativeEndgameSearch(EndgameSearch):
    """The same search run by the native core: its table lives in C, and it counts its own
    nodes and time (or node budget), handing the count back to the deadline after each call.
    Only where the native core is built."""

    __slots__ = ("_native",)

    def __init__(self, deadline: Deadline | None = None) -> None:
        super().__init__(deadline)
        extension = native.built()
        assert extension is not None, "the native core is not built"
        self._native = extension.Endgame()

    def score(self, player: int, opponent: int, alpha: int, beta: int) -> int:
        seconds, nodes_left = self.deadline.native_limits()
        value, nodes_left = self._native.score(player, opponent, alpha, beta, seconds, nodes_left)
        self.nodes = self._native.nodes
        self.deadline.native_spent(nodes_left)
        if value is None:
            raise SearchTimeout
        return value


def endgame_search(deadline: Deadline | None = None) -> EndgameSearch:
    """An exact search, native where the core is built (`bot.engine.native`)."""
    if native.core is not None:
        return NativeEndgameSearch(deadline)
    return EndgameSearch(deadline)


@dataclass(frozen=True, slots=True)
class Solution:
    """The exact outcome of a position: its best moves (empty when the side must pass or the
    game is over) and the final score with perfect play, from the side to move's view."""

    moves: tuple[int, ...]
    score: int
    nodes: int


def solve_bitboards(
    player: int, opponent: int, *, all_best: bool = True, deadline: Deadline | None = None
) -> Solution:
    """Solve exactly; with `all_best`, every move reaching the best score is listed.

    Raises `SearchTimeout` if the deadline passes first.
    """
    return solve_with(endgame_search(deadline), player, opponent, all_best=all_best)


def solve_with(
    search: EndgameSearch, player: int, opponent: int, *, all_best: bool = True
) -> Solution:
    """`solve_bitboards` with the search given: the Python one or the native one."""
    moves = legal_moves(player, opponent)
    if not moves:
        return Solution((), search.score(player, opponent, -_INFINITY, _INFINITY), search.nodes)
    children = search.ordered_children(player, opponent, moves, -1)
    best = -_INFINITY
    best_moves: list[int] = []
    for _, square, child_player, child_opponent in children:
        if not best_moves:
            value = -search.score(child_player, child_opponent, -_INFINITY, _INFINITY)
        else:
            value = -search.score(child_player, child_opponent, -best - 1, -best)
            if value > best:
                value = -search.score(child_player, child_opponent, -_INFINITY, -value)
        if value > best:
            best = value
            best_moves = [square]
    if all_best:
        for _, square, child_player, child_opponent in children:
            if (
                square not in best_moves
                and -search.score(child_player, child_opponent, -best, -best + 1) >= best
            ):
                best_moves.append(square)
    return Solution(tuple(best_moves), best, search.nodes)


def solve(position: Position | str) -> Solution:
    """The exact best moves and final score of a position (a `Position` or its string).

    The score is the official final disc difference for the side to move with perfect play.
    Raises ValueError for a malformed position string.
    """
    if isinstance(position, str):
        position = Position.from_string(position)
    return solve_bitboards(position.player, position.opponent)
