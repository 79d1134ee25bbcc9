"""Fit the multi-ProbCut margins of the midgame search: `python benchmarks/fit_probcut.py`.

ProbCut (Buro, 1997) predicts a deep search's value from a shallow one: in Othello the two are
close to equal, so a node whose shallow value is well above beta (or below alpha) is cut
without the deep search. This script measures how far apart they are. For `--positions`
positions of the WTHOR sample (one a game, at 14-48 empty squares, drawn with `--seed`), it
searches each depth from 1 to `--depth` in full, without cuts, and for every depth d from
`probcut.FIRST` on prints the mean and the standard deviation of value(d) - value(shallow(d)),
in discs, and the margin `--sigmas` deviations wide that `bot/engine/ai/probcut.py` keeps
(depths past `--depth` use the last one). Needs the native core; `--jobs` processes (2).
`--quick` fits 6 positions to depth 5, in a few seconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.wthor import full_games
from bot.engine import Game
from bot.engine.ai.native_search import new_search
from bot.engine.ai.probcut import FIRST, shallow
from bot.engine.ai.search import INFINITY
from bot.engine.ai.timing import Deadline
from bot.engine.native import built


def positions(count: int, seed: int) -> list[tuple[int, int]]:
    """`(player, opponent)` of one position a game, at 14-48 empties, side to move able to."""
    generator = random.Random(seed)
    transcripts = full_games()
    generator.shuffle(transcripts)
    chosen = []
    for transcript in transcripts[:count]:
        game = Game.from_transcript(transcript[: 2 * generator.randint(12, 46)])
        position = game.position
        if position.legal_moves():
            chosen.append((position.player, position.opponent))
    return chosen


def values(sides: tuple[int, int], depth: int) -> list[int]:
    """The position's full-window value at each depth 1..`depth`, without cuts."""
    search = new_search(Deadline(None))
    return [search.value(*sides, d, -INFINITY, INFINITY) for d in range(1, depth + 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("--sigmas", type=float, default=1.5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(positions=6, depth=5, jobs=1)
    if built() is None:
        sys.exit("the native core is not built")
    sample = positions(args.positions, args.seed)
    with ProcessPoolExecutor(args.jobs) as pool:
        table = list(pool.map(values, sample, [args.depth] * len(sample)))
    print(f"{len(table)} positions; value(d) - value(shallow(d)), in discs:")
    margins = []
    for depth in range(FIRST, args.depth + 1):
        differences = [row[depth - 1] - row[shallow(depth) - 1] for row in table]
        spread = statistics.pstdev(differences)
        margins.append(round(args.sigmas * spread))
        mean = statistics.mean(differences) / 100
        print(
            f"  depth {depth:2} from {shallow(depth):2}: mean {mean:+.2f}"
            f"  sd {spread / 100:.2f}  margin {margins[-1]}"
        )
    print(f"MARGINS = {tuple(margins)}")


if __name__ == "__main__":
    main()
