"""Fit the pattern evaluation: `python benchmarks/fit_patterns.py [--wthor DIR] [--write]`.

Needs the `fit` extra (numpy, scipy): `.venv/bin/pip install -e '.[fit]'`. The bot itself reads
the weights with the standard library only (`bot/engine/ai/evaluation.py`).

Positions and labels: every position of the tournament games (`benchmarks/wthor.py`: the sample
in tests/data, or with `--wthor DIR` the whole WTHOR database), labelled from the side to
move's view by the game's perfect-play score while at least the record's depth (24) squares are
empty, which forgives the endgame's mistakes, and by the final score after that.

Each stage (a range of empty squares, `evaluation.STAGES`) is fitted on its positions and those
up to `--window` empties either side, so the weights drift smoothly with the game. The model is
one weight per pattern configuration (configurations that are mirror images of each other
share it, so a position and its turned or mirrored twins evaluate the same), plus the mobility
difference, the parity and a constant: ridge least squares, solved by LSQR.

A share of the games (`--held-out`, drawn with `--seed`) is kept out of the fit: the script
prints the mean absolute error per stage on their positions, for the fit and for the
evaluation in use, and with `--write` stores the weights in `bot/engine/data/weights.bin`.
The weights shipped were made by `--wthor` on the 1977-2020 files with the defaults. `--quick`
fits the first 300 games, stopping the solver after 10 steps.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.linalg import lsqr

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.wthor import Record, database, sample
from bot.engine.ai.evaluation import SCALE, STAGES, WEIGHTS_FILE, WeightFile, evaluate
from bot.engine.ai.patterns import FAMILIES, INSTANCES, indices, self_symmetries
from bot.engine.bitboard import flips, legal_moves

ROOT = Path(__file__).resolve().parent.parent
SCALARS = ("mobility", "parity", "constant")
START = (1 << 28) | (1 << 35), (1 << 27) | (1 << 36)  # Black's discs, White's

Positions = dict[str, np.ndarray]


def positions(records: list[Record]) -> Positions:
    """Every position before a move of `records` (games with an illegal move are dropped):
    pattern indices, scalar features, label, empties and the boards (side to move first)."""
    rows: list[list[int]] = []
    scalars: list[tuple[int, int, int]] = []
    labels: list[int] = []
    boards: list[tuple[int, int]] = []
    for record in records:
        player, opponent = START
        black = True
        game_rows, game_scalars, game_labels, game_boards = [], [], [], []
        for square in record.moves:
            ours = legal_moves(player, opponent)
            if not ours:
                player, opponent, black = opponent, player, not black
                ours = legal_moves(player, opponent)
            if not ours >> square & 1:
                break
            theirs = legal_moves(opponent, player)
            empties = 64 - (player | opponent).bit_count()
            label = record.perfect if empties >= record.depth else record.final
            game_rows.append(indices(player, opponent))
            game_scalars.append(
                (ours.bit_count() - theirs.bit_count(), 1 if empties & 1 else -1, 1)
            )
            game_labels.append(label if black else -label)
            game_boards.append((player, opponent))
            flipped = flips(player, opponent, square)
            player, opponent = opponent ^ flipped, player | flipped | (1 << square)
            black = not black
        else:
            rows += game_rows
            scalars += game_scalars
            labels += game_labels
            boards += game_boards
    board_array = np.array(boards, dtype=np.uint64).reshape(-1, 2)
    occupied = np.bitwise_or(board_array[:, 0], board_array[:, 1])
    return {
        "indices": np.array(rows, dtype=np.uint16).reshape(-1, len(INSTANCES)),
        "scalars": np.array(scalars, dtype=np.int8).reshape(-1, len(SCALARS)),
        "labels": np.array(labels, dtype=np.float32),
        "empties": (64 - np.bitwise_count(occupied)).astype(np.int8),
        "boards": board_array,
    }


def gather(records: list[Record], jobs: int) -> Positions:
    """`positions` of all `records`, computed by `jobs` processes."""
    chunks = [records[i : i + 2000] for i in range(0, len(records), 2000)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(positions, chunks))
    return {key: np.concatenate([part[key] for part in parts]) for key in parts[0]}


def canonical_columns() -> tuple[list[np.ndarray], int]:
    """Per family, the column of each configuration (mirror images share one), and the total."""
    columns = []
    offset = 0
    for family in FAMILIES:
        length = len(family.squares)
        configs = np.arange(family.size)
        digits = (configs[:, None] // 3 ** np.arange(length)) % 3
        canonical = configs.copy()
        for permutation in self_symmetries(family):
            image = (digits[:, list(permutation)] * 3 ** np.arange(length)).sum(axis=1)
            canonical = np.minimum(canonical, image)
        ids, inverse = np.unique(canonical, return_inverse=True)
        columns.append(inverse + offset)
        offset += len(ids)
    return columns, offset


def design(data: Positions, columns: list[np.ndarray], width: int) -> csr_matrix:
    """One row per position: a 1 in each instance's column (2 when two instances of a family
    hit the same weight), then the scalar features."""
    count = len(data["labels"])
    pattern_columns = [
        columns[family][data["indices"][:, k]] for k, (family, _) in enumerate(INSTANCES)
    ]
    scalar_columns = [np.full(count, width + k) for k in range(len(SCALARS))]
    cols = np.stack(pattern_columns + scalar_columns, axis=1)
    values = np.concatenate(
        [np.ones((count, len(INSTANCES))), data["scalars"].astype(np.float64)], axis=1
    )
    rows = np.repeat(np.arange(count), cols.shape[1])
    return csr_matrix((values.ravel(), (rows, cols.ravel())), shape=(count, width + len(SCALARS)))


def select(data: Positions, mask: np.ndarray) -> Positions:
    return {key: value[mask] for key, value in data.items()}


_train: Positions = {}  # the positions to fit, shared with the fitting processes by fork


def fit_stage(
    low: int, high: int, ridge: float, window: int, iterations: int = 1000
) -> tuple[np.ndarray, int]:
    """The stage's weights (discs) over all columns, and the number of positions fitted."""
    columns, width = canonical_columns()
    empties = _train["empties"]
    chosen = select(_train, (empties >= low - window) & (empties <= high + window))
    matrix = design(chosen, columns, width)
    solution = lsqr(
        matrix, chosen["labels"], damp=ridge**0.5, atol=1e-5, btol=1e-5, iter_lim=iterations
    )
    return solution[0], len(chosen["labels"])


def tables(solution: np.ndarray, columns: list[np.ndarray], width: int) -> list[bytes]:
    """The weight tables (hundredths of a disc) per family, then the scalar weights."""
    rounded = np.clip(np.round(solution * SCALE), -32767, 32767).astype("<i2")
    return [rounded[c].tobytes() for c in columns] + [rounded[width:].tobytes()]


def errors(
    data: Positions,
    low: int,
    high: int,
    solution: np.ndarray,
    columns: list[np.ndarray],
    width: int,
) -> tuple[int, float, float]:
    """Positions, and mean absolute errors (discs) of the fit and of the evaluation in use."""
    chosen = select(data, (data["empties"] >= low) & (data["empties"] <= high))
    if not len(chosen["labels"]):
        return 0, 0.0, 0.0
    labels = chosen["labels"]
    fitted = design(chosen, columns, width) @ solution
    current = np.array([evaluate(int(p), int(o)) / SCALE for p, o in chosen["boards"]])
    return (
        len(labels),
        float(np.abs(fitted - labels).mean()),
        float(np.abs(current - labels).mean()),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wthor", type=Path, help="a directory of WTHOR .wtb files")
    parser.add_argument("--write", action="store_true", help=f"store the weights in {WEIGHTS_FILE}")
    parser.add_argument("--ridge", type=float, default=30.0, help="L2 penalty (squared discs)")
    parser.add_argument("--window", type=int, default=2, help="empties shared with neighbours")
    parser.add_argument("--held-out", type=float, default=0.03, help="share of games kept out")
    parser.add_argument("--seed", type=int, default=1, help="which games are held out")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    iterations = 10 if args.quick else 1000
    started = time.perf_counter()
    games = database(args.wthor) if args.wthor else sample()
    records = list(itertools.islice(games, 300) if args.quick else games)
    rng = random.Random(args.seed)
    held = [rng.random() < args.held_out for _ in records]
    global _train
    _train = train = gather([r for r, h in zip(records, held, strict=True) if not h], args.jobs)
    test = gather([r for r, h in zip(records, held, strict=True) if h], args.jobs)
    print(
        f"{len(records):,} games: {len(train['labels']):,} positions to fit,"
        f" {len(test['labels']):,} held out ({time.perf_counter() - started:.0f} s)"
    )
    columns, width = canonical_columns()
    print(f"{width:,} pattern weights per stage, {len(INSTANCES)} instances")
    print(
        f"{'empties':>8} {'fitted':>9} {'held out':>8}  {'error':>6} {'in use':>6}"
        f"  {', '.join(SCALARS)}"
    )
    solved: dict[tuple[int, int], tuple[np.ndarray, int]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = {
            stage: pool.submit(fit_stage, *stage, args.ridge, args.window, iterations)
            for stage in STAGES
        }
        for stage, future in futures.items():
            solved[stage] = future.result()
            solution, fitted = solved[stage]
            count, error, current = errors(test, *stage, solution, columns, width)
            weights = ", ".join(f"{w:.2f}" for w in solution[width:])
            print(
                f"{stage[0]:>3}-{stage[1]:<4} {fitted:9,} {count:8,}  {error:6.2f} {current:6.2f}"
                f"  {weights}  ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
    if args.write:
        WeightFile.write(WEIGHTS_FILE, [tables(solved[s][0], columns, width) for s in STAGES])
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)} ({WEIGHTS_FILE.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
