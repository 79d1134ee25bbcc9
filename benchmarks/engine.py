"""Move generation speed: perft leaves/s and positions expanded/s, against a plain baseline.

The baseline is the usual pure-Python "dumb7fill" bitboard: one mobility function and one flip
function, six shift-and-mask steps per direction, and no bulk counting (every leaf is made).

    .venv/bin/python benchmarks/engine.py [--depth 9] [--expand-depth 8] [--rounds 3] [--quick]

`--quick` counts to depth 5, once: the figures of a moment, not for comparing.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from bot.engine import Position, perft
from bot.engine.bitboard import flips, legal_moves

FULL = 0xFFFF_FFFF_FFFF_FFFF
NOT_A = 0xFEFE_FEFE_FEFE_FEFE
NOT_H = 0x7F7F_7F7F_7F7F_7F7F
# (shift, mask applied after shifting left, mask applied after shifting right)
BASE_DIRECTIONS = ((1, NOT_A, NOT_H), (8, FULL, FULL), (7, NOT_H, NOT_A), (9, NOT_A, NOT_H))


def base_moves(player: int, opponent: int) -> int:
    empty = ~(player | opponent) & FULL
    moves = 0
    for shift, left_mask, right_mask in BASE_DIRECTIONS:
        t = (player << shift) & left_mask & opponent
        for _ in range(5):
            t |= (t << shift) & left_mask & opponent
        moves |= (t << shift) & left_mask & empty
        t = (player >> shift) & right_mask & opponent
        for _ in range(5):
            t |= (t >> shift) & right_mask & opponent
        moves |= (t >> shift) & right_mask & empty
    return moves & FULL


def base_flips(player: int, opponent: int, move: int) -> int:
    flipped = 0
    for shift, left_mask, right_mask in BASE_DIRECTIONS:
        line = 0
        t = (move << shift) & left_mask & FULL
        for _ in range(6):
            if not t & opponent:
                break
            line |= t
            t = (t << shift) & left_mask & FULL
        if t & player:
            flipped |= line
        line = 0
        t = (move >> shift) & right_mask
        for _ in range(6):
            if not t & opponent:
                break
            line |= t
            t = (t >> shift) & right_mask
        if t & player:
            flipped |= line
    return flipped


def base_perft(player: int, opponent: int, depth: int) -> int:
    if depth == 0:
        return 1
    moves = base_moves(player, opponent)
    if not moves:
        if not base_moves(opponent, player):
            return 1
        return base_perft(opponent, player, depth - 1)
    total = 0
    while moves:
        bit = moves & -moves
        moves ^= bit
        f = base_flips(player, opponent, bit)
        total += base_perft(opponent ^ f, player | f | bit, depth - 1)
    return total


def base_expand(player: int, opponent: int, depth: int) -> int:
    """Expand every node above `depth`: generate its moves and make every child."""
    if depth == 0:
        return 0
    moves = base_moves(player, opponent)
    if not moves:
        if not base_moves(opponent, player):
            return 0
        return 1 + base_expand(opponent, player, depth - 1)
    expanded = 1
    while moves:
        bit = moves & -moves
        moves ^= bit
        f = base_flips(player, opponent, bit)
        expanded += base_expand(opponent ^ f, player | f | bit, depth - 1)
    return expanded


def engine_expand(player: int, opponent: int, depth: int) -> int:
    if depth == 0:
        return 0
    moves = legal_moves(player, opponent)
    if not moves:
        if not legal_moves(opponent, player):
            return 0
        return 1 + engine_expand(opponent, player, depth - 1)
    expanded = 1
    while moves:
        bit = moves & -moves
        moves ^= bit
        f = flips(player, opponent, bit.bit_length() - 1)
        expanded += engine_expand(opponent ^ f, player | f | bit, depth - 1)
    return expanded


def fastest(runs: list[Callable[[], int]], rounds: int) -> list[tuple[int, float]]:
    """Each run's count and its fastest time in CPU seconds over `rounds` rounds, the runs
    interleaved: other work on the machine then slows every run alike, and the minimum is the
    figure least touched by it."""
    best = [(0, float("inf"))] * len(runs)
    for _ in range(rounds):
        for index, run in enumerate(runs):
            started = time.process_time()
            count = run()
            best[index] = (count, min(best[index][1], time.process_time() - started))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=9, help="perft depth for the engine")
    parser.add_argument("--base-depth", type=int, default=8, help="perft depth for the baseline")
    parser.add_argument("--expand-depth", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3, help="runs of each; the fastest counts")
    parser.add_argument("--quick", action="store_true", help="a moment's run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(depth=5, base_depth=5, expand_depth=5, rounds=1)
    start = Position.initial()
    p, o = start.player, start.opponent

    def report(name: str, what: str, count: int, seconds: float, unit: str) -> float:
        rate = count / seconds
        print(f"{name:<8} {what:<22} {count:>10,}  {seconds:6.2f} s  {rate:>12,.0f} {unit}")
        return rate

    (leaves, t1), (base, t2), (nodes, t3), (base_nodes_count, t4) = fastest(
        [
            lambda: perft(args.depth),
            lambda: base_perft(p, o, args.base_depth),
            lambda: engine_expand(p, o, args.expand_depth),
            lambda: base_expand(p, o, args.expand_depth),
        ],
        args.rounds,
    )
    assert base_nodes_count == nodes
    engine_leaves = report("engine", f"perft({args.depth})", leaves, t1, "leaves/s")
    base_leaves = report("baseline", f"perft({args.base_depth})", base, t2, "leaves/s")
    engine_nodes = report("engine", "positions expanded", nodes, t3, "positions/s")
    base_nodes = report("baseline", "positions expanded", nodes, t4, "positions/s")

    print(
        f"ratio: perft leaves/s {engine_leaves / base_leaves:.1f}x (target >= 8x), "
        f"positions expanded/s {engine_nodes / base_nodes:.1f}x (target >= 2x)"
    )


if __name__ == "__main__":
    main()
