"""Bitboard primitives: move generation and flips on two 64-bit integers.

Square `s` is bit `1 << s` with `s = row * 8 + column`, so `a1` is bit 0 (top-left), `h1` bit 7
and `h8` bit 63. `player` is the side to move, `opponent` the other side.

Move generation fills both ways of a line at once (see `legal_moves`); flips use per-square ray
masks, so a move costs a few operations for each direction that starts next to an opponent disc.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

FULL = 0xFFFF_FFFF_FFFF_FFFF
_INNER_COLUMNS = 0x7E7E_7E7E_7E7E_7E7E  # no a or h column: where horizontal lines can be flanked
_INNER_ROWS = 0x00FF_FFFF_FFFF_FF00
_INNER = _INNER_COLUMNS & _INNER_ROWS

# Move generation works on a "two-lane" integer: the board in bits 0..63 and the board turned
# 180 degrees in bits 64..127. Turning the board swaps east and west, north and south, so one
# left-shifting fill over both lanes covers a direction and its opposite at once. The masks keep
# every fill inside its own 64-bit slot, so several positions packed side by side (position i in
# bits 64i..64i+63) go through the same shifts at once; perft counts its last ply that way.
MAX_PACKED = 64  # more positions than any position has moves
_BYTE_MIRROR = bytes(int(f"{byte:08b}"[::-1], 2) for byte in range(256))


def _lane_masks(count: int) -> tuple[int, int, int, int]:
    """The fill masks repeated over 2 * `count` slots, and the mask of `count` slots."""
    slots = sum(1 << 64 * i for i in range(2 * count))
    return _INNER_COLUMNS * slots, _INNER_ROWS * slots, _INNER * slots, (1 << 64 * count) - 1


_LANE_MASKS = [(0, 0, 0, 0)] + [_lane_masks(count) for count in range(1, MAX_PACKED + 1)]


def legal_moves(
    player: int,
    opponent: int,
    count: int = 1,
    _masks: list[tuple[int, int, int, int]] = _LANE_MASKS,
    _mirror: bytes = _BYTE_MIRROR,
    _from_bytes: Callable[[bytes, Literal["big"]], int] = int.from_bytes,
) -> int:
    """The mask of empty squares where `player` outflanks at least one `opponent` disc.

    With `count` > 1, `player` and `opponent` hold that many positions packed in 64-bit slots,
    and so does the result.

    For each direction, a parallel-prefix fill (after Kogge-Stone) grows runs of opponent discs
    from the player's discs in four masked shifts instead of six; the square beyond a run is a
    move if it is empty. The four directions are written out (and the masks bound as defaults)
    because this is the hottest function of the engine: a loop costs a fifth of its time.
    """
    columns, rows, inner, full = _masks[count]
    size, lane = 8 * count, 64 * count
    # the boards turned 180 degrees (square s goes to 63 - s; the slots' order reverses too)
    p = player | _from_bytes(player.to_bytes(size, "little").translate(_mirror), "big") << lane
    o = opponent | _from_bytes(opponent.to_bytes(size, "little").translate(_mirror), "big") << lane

    mask = o & columns  # east and west
    fill = mask & (p << 1)
    fill |= mask & (fill << 1)
    pairs = mask & (mask << 1)
    fill |= pairs & (fill << 2)
    fill |= pairs & (fill << 2)
    moves = fill << 1

    mask = o & rows  # south and north
    fill = mask & (p << 8)
    fill |= mask & (fill << 8)
    pairs = mask & (mask << 8)
    fill |= pairs & (fill << 16)
    fill |= pairs & (fill << 16)
    moves |= fill << 8

    mask = o & inner  # south-west and north-east
    fill = mask & (p << 7)
    fill |= mask & (fill << 7)
    pairs = mask & (mask << 7)
    fill |= pairs & (fill << 14)
    fill |= pairs & (fill << 14)
    moves |= fill << 7

    fill = mask & (p << 9)  # south-east and north-west
    fill |= mask & (fill << 9)
    pairs = mask & (mask << 9)
    fill |= pairs & (fill << 18)
    fill |= pairs & (fill << 18)
    moves |= fill << 9

    turned = (moves >> lane & full).to_bytes(size, "little").translate(_mirror)
    moves |= _from_bytes(turned, "big")
    return moves & ~(player | opponent) & full


def _fold_masks(count: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Bit 0 of each of `count` slots, and (shift, low bits of each slot) for folding a slot."""
    ones = sum(1 << 64 * i for i in range(count))
    return ones, tuple((shift, ((1 << shift) - 1) * ones) for shift in (32, 16, 8, 4, 2, 1))


_FOLD_MASKS = [_fold_masks(count) for count in range(MAX_PACKED + 1)]


def nonempty_slots(packed: int, count: int) -> int:
    """How many of the `count` 64-bit slots of `packed` have a bit set."""
    ones, steps = _FOLD_MASKS[count]
    for shift, low in steps:  # OR each slot's halves together, down to its bit 0
        packed |= (packed >> shift) & low
    return (packed & ones).bit_count()


Rays = tuple[tuple[tuple[int, int], ...], ...]


def _build_rays() -> tuple[Rays, Rays]:
    """Per square, the lines a move there could flip, as (neighbour bit, ray mask beyond it).

    Rays running to higher squares and to lower squares are kept apart, since the first disc
    that stops a ray is the lowest bit of one and the highest of the other. Rays shorter than two
    squares cannot hold a flanked disc and are left out.
    """
    higher: list[tuple[tuple[int, int], ...]] = []
    lower: list[tuple[tuple[int, int], ...]] = []
    for square in range(64):
        row, col = divmod(square, 8)
        up: list[tuple[int, int]] = []
        down: list[tuple[int, int]] = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                ray, length = 0, 0
                r, c = row + dr, col + dc
                while (dr or dc) and 0 <= r < 8 and 0 <= c < 8:
                    ray |= 1 << (r * 8 + c)
                    length += 1
                    r, c = r + dr, c + dc
                if length >= 2:
                    neighbour = 1 << (square + dr * 8 + dc)
                    (up if dr * 8 + dc > 0 else down).append((neighbour, ray))
        higher.append(tuple(up))
        lower.append(tuple(down))
    return tuple(higher), tuple(lower)


_RAYS_UP, _RAYS_DOWN = _build_rays()


def flips(player: int, opponent: int, square: int) -> int:
    """The opponent discs that `player` flips by playing `square` (0 when it flips none)."""
    flipped = 0
    stops = ~opponent  # a ray's run of opponent discs ends at the first square in here
    for neighbour, ray in _RAYS_UP[square]:
        if opponent & neighbour:
            first = ray & stops
            first &= -first
            if first & player:
                flipped |= ray & (first - 1)
    for neighbour, ray in _RAYS_DOWN[square]:
        if opponent & neighbour:
            first = ray & stops
            if first:
                first = 1 << (first.bit_length() - 1)
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
