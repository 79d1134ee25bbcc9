"""Perft: the number of move sequences of a given length, the standard check of move generation.

A forced pass counts as a ply; a finished game is a leaf at whatever depth it ends. The native
core counts the same way when it is built (`bot.engine.native`); the code below is the reference.
"""

from __future__ import annotations

from bot.engine import native
from bot.engine.bitboard import flips, legal_moves, nonempty_slots
from bot.engine.position import Position

MAX_DEPTH = 60
"""The deepest count either engine takes (the native core's bound): far past any that ends."""


def perft(depth: int, position: Position | None = None) -> int:
    """The number of leaves `depth` plies below `position` (the start position by default)."""
    if not 0 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be from 0 to {MAX_DEPTH}")
    start = position or Position.initial()
    if native.core is not None:
        return native.core.perft(start.player, start.opponent, depth)
    return python_perft(start.player, start.opponent, depth)


def python_perft(player: int, opponent: int, depth: int) -> int:
    """Perft in pure Python, whether or not the native core is built."""
    return _perft(player, opponent, depth)


def _perft(player: int, opponent: int, depth: int) -> int:
    if depth == 0:
        return 1
    moves = legal_moves(player, opponent)
    if depth == 1:
        # Bulk count: each move is a leaf; with none, the pass or the game's end is one leaf.
        return moves.bit_count() or 1
    if not moves:
        if not legal_moves(opponent, player):
            return 1
        return _perft(opponent, player, depth - 1)
    if depth == 2:
        return _replies(player, opponent, moves)
    total = 0
    while moves:
        bit = moves & -moves
        moves ^= bit
        flipped = flips(player, opponent, bit.bit_length() - 1)
        total += _perft(opponent ^ flipped, player | flipped | bit, depth - 1)
    return total


def _replies(player: int, opponent: int, moves: int) -> int:
    """perft(2) by bulk counting: the positions after `moves`, packed side by side, have their
    replies generated in one pass; a position without one (a pass or the end) is one leaf."""
    players = opponents = count = 0
    while moves:
        bit = moves & -moves
        moves ^= bit
        flipped = flips(player, opponent, bit.bit_length() - 1)
        players |= (opponent ^ flipped) << 64 * count  # after the move, the opponent is to move
        opponents |= (player | flipped | bit) << 64 * count
        count += 1
    replies = legal_moves(players, opponents, count)
    return replies.bit_count() + count - nonempty_slots(replies, count)
