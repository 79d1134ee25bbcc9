"""Fit the evaluation weights to real games: `python benchmarks/fit_weights.py [--write]`.

Method: every position of the WTHOR sample games (tests/data/wthor, 3,405 finished tournament
games) is replayed; for each, the features of `bot.engine.ai.features` (side to move's view) are
paired with the game's final disc difference from the same side's view (official score, empties
to the winner). For each number of empty squares e, a ridge least-squares fit over the positions
with e-2..e+2 empties gives the weights for e, so the weights drift smoothly with the game phase.
Four games in five train, the fifth is held out; the script prints the held-out R^2 and mean
absolute error per phase, and with `--write` stores the weights (hundredths of a disc) in
`bot/engine/ai/weights.py`.
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

from bot.engine.ai.features import NAMES, features
from bot.engine.bitboard import flips, legal_moves
from bot.engine.notation import parse_transcript

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "data" / "wthor" / "wthor_sample_games.csv"
WEIGHTS_FILE = ROOT / "bot" / "engine" / "ai" / "weights.py"
HEADER = '''"""Evaluation weights in hundredths of a disc, one row per number of empty squares,
in the order of `features.NAMES`. Written by `benchmarks/fit_weights.py`: ridge least squares of the
features against the final disc differences of WTHOR tournament games (see its docstring)."""

'''
RIDGE = 1.0
WINDOW = 2

Sample = tuple[tuple[int, ...], int]


def positions(path: Path) -> tuple[dict[int, list[Sample]], dict[int, list[Sample]]]:
    """Samples by number of empties, for training and held-out games."""
    train: dict[int, list[Sample]] = {}
    held_out: dict[int, list[Sample]] = {}
    with path.open(newline="") as handle:
        for index, row in enumerate(csv.DictReader(handle)):
            black_diff = int(row["disc_diff_black_minus_white"])
            bucket = held_out if index % 5 == 0 else train
            player, opponent = (1 << 28) | (1 << 35), (1 << 27) | (1 << 36)
            black_to_move = True
            for square in parse_transcript(row["moves"]):
                ours = legal_moves(player, opponent)
                if not ours:
                    player, opponent, black_to_move = opponent, player, not black_to_move
                    ours = legal_moves(player, opponent)
                theirs = legal_moves(opponent, player)
                empties = 64 - (player | opponent).bit_count()
                target = black_diff if black_to_move else -black_diff
                sample = features(player, opponent, ours, theirs), target
                bucket.setdefault(empties, []).append(sample)
                flipped = flips(player, opponent, square)
                player, opponent = opponent ^ flipped, player | flipped | (1 << square)
                black_to_move = not black_to_move
    return train, held_out


def least_squares(samples: list[Sample]) -> list[float]:
    """Ridge regression through the origin, solved by Gaussian elimination."""
    size = len(NAMES)
    matrix = [[RIDGE if i == j else 0.0 for j in range(size)] for i in range(size)]
    vector = [0.0] * size
    for row, target in samples:
        for i in range(size):
            if row[i]:
                vector[i] += row[i] * target
                line = matrix[i]
                for j in range(size):
                    line[j] += row[i] * row[j]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        vector[col], vector[pivot] = vector[pivot], vector[col]
        for r in range(size):
            if r != col and matrix[r][col]:
                factor = matrix[r][col] / matrix[col][col]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[col], strict=True)]
                vector[r] -= factor * vector[col]
    return [vector[i] / matrix[i][i] for i in range(size)]


def quality(weights: list[float], samples: list[Sample]) -> tuple[float, float]:
    """R^2 and mean absolute error of the weights on `samples`."""
    mean = sum(t for _, t in samples) / len(samples)
    residual = total = absolute = 0.0
    for row, target in samples:
        error = target - sum(w * f for w, f in zip(weights, row, strict=True))
        residual += error * error
        absolute += abs(error)
        total += (target - mean) ** 2
    return 1 - residual / total, absolute / len(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the weights in weights.py")
    args = parser.parse_args()
    train, held_out = positions(GAMES)
    table: list[list[int]] = []
    print(f"{'empties':>7} {'samples':>7} {'R^2':>6} {'MAE':>5}  weights ({', '.join(NAMES)})")
    for empties in range(61):
        window = range(max(empties - WINDOW, 0), min(empties + WINDOW, 60) + 1)
        samples = [s for e in window for s in train.get(e, [])]
        weights = least_squares(samples) if samples else [0.0] * len(NAMES)
        table.append([round(100 * w) for w in weights])
        tests = held_out.get(empties, [])
        if tests and empties % 4 == 0:
            r2, mae = quality(weights, tests)
            shown = " ".join(f"{w:6.2f}" for w in weights)
            print(f"{empties:7} {len(samples):7} {r2:6.3f} {mae:5.1f}  {shown}")
    if args.write:
        rows = "\n".join(
            f"    ({', '.join(map(str, row))}),  # {e} empties" for e, row in enumerate(table)
        )
        WEIGHTS_FILE.write_text(HEADER + f"WEIGHTS: tuple[tuple[int, ...], ...] = (\n{rows}\n)\n")
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
