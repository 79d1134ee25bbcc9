"""The levels' ladder: matches between adjacent levels, each at its own settings, with the Elo
difference each implies and the CPU each level spent per move.

    .venv/bin/python benchmarks/ladder.py [--pairs 1-2,2-3,3-4,4-5] [--games 20] [--jobs 1]
        [--quick]

Each pair plays `--games` games from the first 8 moves of distinct WTHOR games (as in
benchmarks/ai.py), each opening twice with colours swapped, the levels as the bot plays them
(their depth, noise, book and time limit; the weaker levels' noise seeded per game and move, so a
run can be repeated). Prints each pair's score for the stronger level with its Elo difference and
95% interval (benchmarks/elo.py), then the ladder: each level's Elo above level 1, adding up the
differences. Target: each level clearly stronger than the one below (the interval above 0).
The engine is whichever runs here (`REVERSI_ENGINE=python` for the pure-Python one).
`--quick` plays one game of levels 1 and 2.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ai import wthor_prefixes
from benchmarks.elo import describe, elo
from bot.engine import Game, native
from bot.engine.ai import choose_move


def game(weaker: int, stronger: int, opening: str, number: int) -> tuple[float, list[float]]:
    """One game from `opening`, the stronger level first to move when `number` is even: the
    stronger level's points, and the CPU seconds and moves of each level (stronger's first)."""
    board = Game.from_transcript(opening)
    strong = board.turn if number % 2 == 0 else board.turn.opponent
    cpu = {weaker: 0.0, stronger: 0.0}
    moves = {weaker: 0, stronger: 0}
    while not board.is_over():
        level = stronger if board.turn is strong else weaker
        started = time.process_time()
        result = choose_move(
            board.position.to_string(), level=level, seed=number * 1000 + len(board)
        )
        cpu[level] += time.process_time() - started
        moves[level] += 1
        assert result.move is not None
        board.play(result.move)
    outcome = board.result()
    assert outcome is not None
    points = 1.0 if outcome.winner is strong else 0.5 if outcome.winner is None else 0.0
    return points, [cpu[stronger], moves[stronger], cpu[weaker], moves[weaker]]


def pair(weaker: int, stronger: int, games: int, jobs: int) -> float:
    """Play one pair's match; its Elo difference for the stronger level."""
    openings = wthor_prefixes(8, (games + 1) // 2)
    with ProcessPoolExecutor(jobs) as pool:
        futures = [pool.submit(game, weaker, stronger, openings[n // 2], n) for n in range(games)]
        results = [future.result() for future in futures]
    wins = sum(points == 1 for points, _ in results)
    draws = sum(points == 0.5 for points, _ in results)
    losses = games - wins - draws
    strong_cpu, strong_moves, weak_cpu, weak_moves = (
        sum(t) for t in zip(*(c for _, c in results), strict=True)
    )
    strong_cpu /= strong_moves
    weak_cpu /= weak_moves
    print(
        f"  level {stronger} against level {weaker}, {games} games:"
        f" {describe(wins, draws, losses)}"
        f"  (CPU per move: {1000 * strong_cpu:.1f} / {1000 * weak_cpu:.1f} ms)",
        flush=True,
    )
    return elo(wins, draws, losses)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", default="1-2,2-3,3-4,4-5", help="weaker-stronger,...")
    parser.add_argument("--games", type=int, default=20, help="per pair, 2 an opening")
    parser.add_argument("--jobs", type=int, default=1, help="games at a time")
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(pairs="1-2", games=1)
    print(f"Ladder of the levels ({native.description}):")
    ladder = {}
    for spec in args.pairs.split(","):
        weaker, stronger = (int(level) for level in spec.split("-"))
        difference = pair(weaker, stronger, args.games, args.jobs)
        ladder[stronger] = ladder.get(weaker, 0.0) + difference
    print("  Elo above level 1: " + ", ".join(f"{k}: {v:+.0f}" for k, v in ladder.items()))


if __name__ == "__main__":
    main()
