"""What the evaluation knows about a position, as numbers from the side to move's view.

Each feature is a difference (ours minus theirs, or the reverse where less is better for us),
so a position and its colour-swapped twin get opposite features. The evaluation weighs them by
the number of empty squares (see `weights.py` for how the weights were fitted).
"""

from __future__ import annotations

from bot.engine.bitboard import FULL

NAMES = (
    "mobility",  # our legal moves minus theirs
    "potential",  # empty squares next to their discs minus next to ours (frontier)
    "corners",  # corners held
    "x_squares",  # diagonal neighbours of an empty corner held (dangerous, so weighed negative)
    "c_squares",  # edge neighbours of an empty corner held
    "edges",  # other edge squares held
    "stable",  # edge discs that can no longer be flipped (anchored to a corner, or full edge)
    "parity",  # +1 when an odd number of squares is empty (we would play the last move)
    "discs",  # discs held
)

_NOT_A = 0xFEFE_FEFE_FEFE_FEFE  # every column but a
_NOT_H = 0x7F7F_7F7F_7F7F_7F7F
_CORNERS = 0x8100_0000_0000_0081
_A_FILE = 0x0101_0101_0101_0101
_FILE_TO_ROW = 0x0102_0408_1020_4080  # multiplier gathering the a-file into the top byte
_EDGES = 0xFF81_8181_8181_81FF
# corner bit, its X square, its two C squares
_CORNER_NEIGHBOURS = (
    (1 << 0, 1 << 9, (1 << 1) | (1 << 8)),
    (1 << 7, 1 << 14, (1 << 6) | (1 << 15)),
    (1 << 56, 1 << 49, (1 << 48) | (1 << 57)),
    (1 << 63, 1 << 54, (1 << 55) | (1 << 62)),
)


def _danger_masks() -> tuple[tuple[int, int], ...]:
    """For each set of empty corners (indexed by the corner bits gathered into 4 bits): the
    X squares and the C squares next to those empty corners."""
    masks = []
    for empty in range(16):
        x_mask = c_mask = 0
        for index, (_, x_square, c_squares) in enumerate(_CORNER_NEIGHBOURS):
            if empty >> index & 1:
                x_mask |= x_square
                c_mask |= c_squares
        masks.append((x_mask, c_mask))
    return tuple(masks)


_DANGER = _danger_masks()
_PLAIN_EDGES = _EDGES & ~_CORNERS & ~sum(c for _, _, c in _CORNER_NEIGHBOURS)


def _edge_stability() -> tuple[int, ...]:
    """For each edge line (our 8 bits, their 8 bits, index ours * 256 + theirs): our stable
    discs minus theirs. Stable here: a full line, or a run of one colour from an owned corner."""
    table = [0] * 65536
    for ours in range(256):
        for theirs in range(256):
            if ours & theirs:
                continue
            if ours | theirs == 255:
                table[ours * 256 + theirs] = ours.bit_count() - theirs.bit_count()
                continue
            stable = 0
            for side in (ours, theirs):
                run = 0
                for order in (range(8), range(7, -1, -1)):
                    for bit in order:
                        if not side >> bit & 1:
                            break
                        run |= 1 << bit
                count = run.bit_count()
                stable += count if side is ours else -count
            table[ours * 256 + theirs] = stable
    return tuple(table)


_EDGE_STABLE = _edge_stability()


def _neighbours(discs: int) -> int:
    """Every square next to one of `discs` (in the eight directions)."""
    east = (discs << 1) & _NOT_A
    west = (discs >> 1) & _NOT_H
    line = discs | east | west
    return (line | line << 8 | line >> 8) & FULL


def _edge_lines(discs: int) -> tuple[int, int, int, int]:
    """The four edges of `discs` as bytes: rows 1 and 8, columns a and h."""
    return (
        discs & 0xFF,
        discs >> 56,
        ((discs & _A_FILE) * _FILE_TO_ROW >> 56) & 0xFF,
        (((discs >> 7) & _A_FILE) * _FILE_TO_ROW >> 56) & 0xFF,
    )


def stable_edge_difference(player: int, opponent: int) -> int:
    ours = _edge_lines(player)
    theirs = _edge_lines(opponent)
    table = _EDGE_STABLE
    return (
        table[ours[0] << 8 | theirs[0]]
        + table[ours[1] << 8 | theirs[1]]
        + table[ours[2] << 8 | theirs[2]]
        + table[ours[3] << 8 | theirs[3]]
    )


def features(player: int, opponent: int, our_moves: int, their_moves: int) -> tuple[int, ...]:
    """The features of `NAMES`, in that order, for the side to move; the callers pass both
    sides' legal moves (`bitboard.legal_moves`), which they need anyway."""
    occupied = player | opponent
    empty = ~occupied & FULL
    corners_empty = empty & _CORNERS
    x_mask, c_mask = _DANGER[
        (corners_empty & 1)
        | (corners_empty >> 6 & 2)
        | (corners_empty >> 54 & 4)
        | (corners_empty >> 60 & 8)
    ]
    return (
        our_moves.bit_count() - their_moves.bit_count(),
        (_neighbours(opponent) & empty).bit_count() - (_neighbours(player) & empty).bit_count(),
        (player & _CORNERS).bit_count() - (opponent & _CORNERS).bit_count(),
        (player & x_mask).bit_count() - (opponent & x_mask).bit_count(),
        (player & c_mask).bit_count() - (opponent & c_mask).bit_count(),
        (player & _PLAIN_EDGES).bit_count() - (opponent & _PLAIN_EDGES).bit_count(),
        stable_edge_difference(player, opponent),
        1 if empty.bit_count() & 1 else -1,
        player.bit_count() - opponent.bit_count(),
    )
