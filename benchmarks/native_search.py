"""The native midgame search against the Python one: speed, depth at a budget, CPU per move.

    .venv/bin/python benchmarks/native_search.py [--budget-ms 1000] [--positions 10]
        [--moves 2] [--pace 10] [--quick]

Midgame: positions from WTHOR games after 20 moves (as in benchmarks/ai.py), each searched by
iterative deepening for the budget, by the Python search and by the native one (the same
algorithm and evaluation, node for node), full width and then cutting forward as level 5 does
(multi-ProbCut): nodes/s, the mean depth completed, and the ratios.
Nodes per CPU second are printed too: on a busy machine they say more about the code.

Levels: each level chooses a move, as the bot plays it (its depth, book, endgame solve and time
limit), in `--moves` positions from WTHOR games after each of 4, 8, ..., 56 moves, a sample of
a whole game's moves; once with the native core and once with `REVERSI_ENGINE=python` (a process
each). Per level: the mean CPU seconds per move and depth, the moves one CPU second makes, and
so the games against the computer one core sustains while each player takes `--pace` seconds a
move (the bot then moves once in that time in each game: `pace / CPU per move` games).

`--quick` searches one position for 50 ms and one move per stage, at levels 1 and 3.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ai import wthor_prefixes
from bot.engine import Game
from bot.engine.ai import LEVELS, choose_move
from bot.engine.ai.native_search import NativeNegamax
from bot.engine.ai.search import Negamax, iterate
from bot.engine.ai.timing import Deadline
from bot.engine.native import ENVIRONMENT, built

STAGES = tuple(range(4, 57, 4))
"""Moves played before the positions that the levels are timed on: the whole game, evenly."""


def midgame(budget_ms: int, count: int, probcut: bool) -> None:
    kind = "with multi-ProbCut" if probcut else "full width"
    print(f"Midgame search, {kind}, {budget_ms} ms per position, {count} positions after 20 moves:")
    searches: dict[str, type[Negamax]] = {"python": Negamax}
    if built() is None:
        print("  native core: not built, the Python search alone")
    else:
        searches["native"] = NativeNegamax
    figures = {}
    for name, kind_of_search in searches.items():
        nodes = depth = 0
        seconds = cpu = 0.0
        for transcript in wthor_prefixes(20, count):
            position = Game.from_transcript(transcript).position
            search = kind_of_search(Deadline(budget_ms / 1000), probcut=probcut)
            started, started_cpu = time.perf_counter(), time.process_time()
            outcome = iterate(search, position.player, position.opponent, max_depth=60)
            seconds += time.perf_counter() - started
            cpu += time.process_time() - started_cpu
            nodes += search.nodes
            depth += outcome.depth
        figures[name] = (nodes / seconds, depth / count)
        print(
            f"  {name:6}  {nodes / seconds:12,.0f} nodes/s  mean depth {depth / count:.1f}"
            f"  ({nodes / cpu:,.0f} per CPU second)"
        )
    if "native" in figures:
        speed = figures["native"][0] / figures["python"][0]
        deeper = figures["native"][1] - figures["python"][1]
        print(f"  native/python: {speed:.1f}x the nodes/s, {deeper:+.1f} plies\n")


def levels_here(levels: list[int], moves: int) -> dict[int, tuple[float, float, int]]:
    """Per level: CPU seconds per move, mean depth, and moves timed, in this process."""
    # The first searches of a process fault in its search table (32 MB, in huge pages on Linux:
    # about 0.1 s once in the process's life), which is start-up, not a move's cost.
    choose_move(Game.from_transcript(wthor_prefixes(20, 1)[0]).position.to_string(), depth=8)
    figures = {}
    for level in levels:
        cpu = 0.0
        depth = counted = 0
        for plies in STAGES:
            for transcript in wthor_prefixes(plies, moves):
                position = Game.from_transcript(transcript).position
                if position.is_game_over() or not position.legal_moves():
                    continue
                started = time.process_time()
                result = choose_move(position.to_string(), level=level, seed=counted)
                cpu += time.process_time() - started
                depth += result.depth
                counted += 1
        figures[level] = (cpu / counted, depth / counted, counted)
    return figures


def levels(levels: list[int], moves: int, pace: float) -> None:
    print(f"CPU per move of each level, {moves} positions after each of {STAGES} moves:")
    engines = {"python": {**os.environ, ENVIRONMENT: "python"}}
    if built() is not None:
        engines["native"] = {**os.environ, ENVIRONMENT: "native"}
    runs = {}
    for name, environment in engines.items():
        command = [sys.executable, __file__, "--levels-here", ",".join(map(str, levels))]
        output = subprocess.run(
            [*command, "--moves", str(moves)],
            env=environment,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        runs[name] = {int(k): v for k, v in json.loads(output).items()}
    print(
        f"  {'level':24} {'engine':6} {'CPU/move':>10} {'depth':>5} {'moves/CPU s':>11}"
        f"  games per core at {pace:g} s a move"
    )
    for level in levels:
        settings = LEVELS[level]
        label = f"{level} (depth {settings.max_depth}, {settings.budget_ms} ms)"
        for name, figures in runs.items():
            cpu, depth, _ = figures[level]
            print(
                f"  {label:24} {name:6} {1000 * cpu:7.1f} ms {depth:5.1f} {1 / cpu:11,.0f}"
                f"  {pace / cpu:,.0f}"
            )
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget-ms", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--moves", type=int, default=2, help="positions per stage")
    parser.add_argument("--pace", type=float, default=10.0, help="seconds a player takes a move")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--levels-here", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.levels_here:
        chosen = [int(level) for level in args.levels_here.split(",")]
        print(json.dumps(levels_here(chosen, args.moves)))
        return
    if args.quick:
        for probcut in (False, True):
            midgame(50, 1, probcut)
        levels([1, 3], 1, args.pace)
        return
    for probcut in (False, True):
        midgame(args.budget_ms, args.positions, probcut)
    levels(sorted(LEVELS), args.moves, args.pace)


if __name__ == "__main__":
    main()
