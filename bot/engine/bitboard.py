"""Bitboard primitives: move generation and flips on two 64-bit integers.

Square `s` is bit `1 << s` with `s = row * 8 + column`, so `a1` is bit 0 (top-left), `h1` bit 7
and `h8` bit 63. `player` is the side to move, `opponent` the other side.

Move generation uses a parallel-prefix fill (four masked shifts per direction pair, after
Kogge-Stone) rather than the six steps of a plain fill; flips use per-square ray masks, so a move
costs a few operations for each direction that starts next to an opponent disc.
"""

from __future__ import annotations

FULL = 0xFFFF_FFFF_FFFF_FFFF
_INNER_COLUMNS = 0x7E7E_7E7E_7E7E_7E7E  # no a or h column: where horizontal lines can be flanked
_INNER_ROWS = 0x00FF_FFFF_FFFF_FF00
_INNER = _INNER_COLUMNS & _INNER_ROWS

# (shift, mask on the opponent's discs that a line in this direction can run through)
_LINES = ((1, _INNER_COLUMNS), (8, _INNER_ROWS), (7, _INNER), (9, _INNER))


def legal_moves(player: int, opponent: int) -> int:
    """The mask of empty squares where `player` outflanks at least one `opponent` disc."""
    moves = 0
    for shift, inner in _LINES:
        mask = opponent & inner
        double = shift * 2
        # towards higher squares
        fill = mask & (player << shift)
        fill |= mask & (fill << shift)
        pairs = mask & (mask << shift)
        fill |= pairs & (fill << double)
        fill |= pairs & (fill << double)
        moves |= fill << shift
        # towards lower squares
        fill = mask & (player >> shift)
        fill |= mask & (fill >> shift)
        pairs = mask & (mask >> shift)
        fill |= pairs & (fill >> double)
        fill |= pairs & (fill >> double)
        moves |= fill >> shift
    return moves & ~(player | opponent) & FULL


def _build_rays() -> tuple[tuple[tuple[int, int, bool], ...], ...]:
    """For each square: (neighbour bit, ray mask beyond the square, ray runs to higher squares)."""
    table = []
    for square in range(64):
        row, col = divmod(square, 8)
        rays = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr == dc == 0:
                    continue
                ray = 0
                r, c = row + dr, col + dc
                while 0 <= r < 8 and 0 <= c < 8:
                    ray |= 1 << (r * 8 + c)
                    r, c = r + dr, c + dc
                if ray:
                    neighbour = 1 << ((row + dr) * 8 + col + dc)
                    rays.append((neighbour, ray, dr * 8 + dc > 0))
        table.append(tuple(rays))
    return tuple(table)


RAYS = _build_rays()


def flips(player: int, opponent: int, square: int) -> int:
    """The opponent discs that `player` flips by playing `square` (0 when it flips none)."""
    flipped = 0
    for neighbour, ray, upward in RAYS[square]:
        if not opponent & neighbour:
            continue
        stops = ray & ~opponent
        if not stops:
            continue
        if upward:
            first = stops & -stops
            if first & player:
                flipped |= ray & (first - 1)
        else:
            first = 1 << (stops.bit_length() - 1)
            if first & player:
                flipped |= ray & -(first << 1)
    return flipped


def squares_of(mask: int) -> list[int]:
    """The squares set in `mask`, in increasing order (a1, b1, ..., h8)."""
    squares = []
    while mask:
        low = mask & -mask
        squares.append(low.bit_length() - 1)
        mask ^= low
    return squares
