"""The native engine core against the pure-Python engine: perft leaves/s and FFO #1-#19 solved.

    .venv/bin/python benchmarks/native.py [--depth 9] [--native-depth 11] [--python-ffo 19]
                                          [--rounds 3] [--quick]

Times are CPU seconds, the fastest of `--rounds` for perft. Both solvers run the same search,
node for node (tests/engine/test_native_endgame.py), so when the Python solver is given only the
first `--python-ffo` positions, its time for the others is estimated from their node counts at
the rate it showed, and the total says so. `--quick` counts to depth 5 and solves FFO #1 only:
the figures of a moment, not for comparing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bot.engine import Position, native, square_name
from bot.engine.ai.endgame import EndgameSearch, NativeEndgameSearch, Solution, solve_with
from bot.engine.perft import python_perft

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def timed_perft(name: str, depth: int, count: int, rounds: int) -> float:
    """Leaves/s of one engine's perft at `depth`, printed."""
    core = native.built()
    start = Position.initial()
    best = float("inf")
    leaves = 0
    for _ in range(rounds):
        started = time.process_time()
        if name == "python":
            leaves = python_perft(start.player, start.opponent, depth)
        else:
            assert core is not None
            leaves = core.perft(start.player, start.opponent, depth)
        best = min(best, time.process_time() - started)
    assert leaves == count or count == 0
    rate = leaves / max(best, 1e-9)
    print(f"  {name:<7} perft({depth:>2}) {leaves:>13,} leaves  {best:7.3f} s  {rate:>14,.0f}/s")
    return rate


def solve_timed(search: EndgameSearch, position: Position) -> tuple[Solution, float]:
    started = time.process_time()
    solution = solve_with(search, position.player, position.opponent)
    return solution, time.process_time() - started


def ffo(count: int, python_count: int) -> None:
    print(f"FFO endgame suite #1-#{count}, every best move (CPU seconds):")
    with (DATA / "ffo" / "ffo_endgame_1_79.jsonl").open() as handle:
        entries = [json.loads(line) for line in handle][:count]
    native_total = python_total = 0.0
    python_nodes = estimated_nodes = 0
    wrong = 0
    for index, entry in enumerate(entries):
        position = Position.from_string(f"{entry['board']} {entry['to_move']}")
        solution, seconds = solve_timed(NativeEndgameSearch(), position)
        native_total += seconds
        moves = sorted(square_name(s) for s in solution.moves)
        ok = solution.score == entry["best_score"] and moves == entry["best_moves"]
        line = (
            f"  #{entry['id']:<2} {entry['empties']} empties  {solution.score:+3d} "
            f"{' '.join(moves):6} {'ok' if ok else 'WRONG'}  native {seconds:6.3f} s"
        )
        if index < python_count:
            python, python_seconds = solve_timed(EndgameSearch(), position)
            ok = ok and python == solution
            python_total += python_seconds
            python_nodes += python.nodes
            line += f"  python {python_seconds:6.2f} s"
        else:
            estimated_nodes += solution.nodes
        wrong += not ok
        print(f"{line}  {solution.nodes:10,} nodes")
    how = "measured"
    if estimated_nodes:
        python_total += estimated_nodes * python_total / python_nodes
        how = f"measured on #1-#{python_count}, the rest estimated from their nodes"
    print(
        f"  total: native {native_total:.2f} s, python {python_total:.1f} s ({how}); "
        f"{python_total / native_total:.0f}x, {wrong} wrong\n"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=9, help="perft depth for both engines")
    parser.add_argument("--native-depth", type=int, default=11, help="and for the native alone")
    parser.add_argument("--ffo", type=int, default=19, help="solve FFO #1 to this one")
    parser.add_argument("--python-ffo", type=int, default=19, help="the Python solver this far")
    parser.add_argument("--rounds", type=int, default=3, help="perft runs; the fastest counts")
    parser.add_argument("--quick", action="store_true", help="a moment's run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(depth=5, native_depth=5, ffo=1, python_ffo=1, rounds=1)
    if native.built() is None:
        print("The native core is not built here: nothing to compare.", file=sys.stderr)
        return 1
    published = {5: 1_396, 9: 3_005_288, 10: 24_571_284, 11: 212_258_800}
    print("Perft from the start (leaves/s):")
    python = timed_perft("python", args.depth, published.get(args.depth, 0), args.rounds)
    fast = timed_perft("native", args.depth, published.get(args.depth, 0), args.rounds)
    if args.native_depth != args.depth:
        timed_perft("native", args.native_depth, published.get(args.native_depth, 0), args.rounds)
    print(f"  ratio: perft leaves/s {fast / python:.0f}x\n")
    ffo(args.ffo, args.python_ffo)
    return 0


if __name__ == "__main__":
    sys.exit(main())
