"""Prove the whole puzzle bank again: `python benchmarks/puzzles.py [--jobs 2] [--quick]`.

Every puzzle of `bot/engine/data/puzzles.tsv` is solved (or, past 22 empties, searched) again
from its position (`bot.engine.puzzles.find`) and must come out as stored: the same line,
result, margin, themes and rating. Prints the CPU time by depth (empty squares), the puzzles
proven and verified a CPU-minute, any that do not hold, and the bank's size on disk. `--quick`
proves the first 50 and verifies the first 5 verified.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import Position
from bot.engine.puzzle_bank import BANK, Entry, bank
from bot.engine.puzzles import find


def proven(entry: Entry) -> tuple[bool, float]:
    """Whether `entry` holds, and the CPU seconds it took to show."""
    started = time.process_time()
    found = find(Position.from_string(entry.position))
    holds = found is not None and Entry.of(found) == entry
    return holds, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    entries = list(bank())
    if args.quick:
        entries = [e for e in entries if e.proven][:50] + [e for e in entries if not e.proven][:5]
    jobs = 1 if args.quick else args.jobs
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(proven, entries, chunksize=32)
    else:
        results = [proven(entry) for entry in entries]
    by_depth: dict[int, list[float]] = defaultdict(list)
    for entry, (_, cpu) in zip(entries, results, strict=True):
        by_depth[entry.empties].append(cpu)
    for empties in sorted(by_depth):
        times = by_depth[empties]
        print(
            f"{empties:2} empties: {len(times):5,} puzzles, "
            f"mean {sum(times) / len(times) * 1000:7.1f} ms CPU"
        )
    for kind, exact in (("proved", True), ("verified", False)):
        cpus = [
            cpu for entry, (_, cpu) in zip(entries, results, strict=True) if entry.proven is exact
        ]
        total = sum(cpus)
        print(
            f"{kind} {len(cpus):,} puzzles in {total:.1f} CPU-s "
            f"({len(cpus) / total * 60 if total else 0:,.0f} a CPU-minute)"
        )
    wrong = [entry.id for entry, (holds, _) in zip(entries, results, strict=True) if not holds]
    print(f"{len(wrong)} wrong" + (f": {', '.join(wrong[:10])}" if wrong else ""))
    print(f"bank on disk: {BANK.stat().st_size / 1e6:.2f} MB")
    if wrong:
        sys.exit(1)


if __name__ == "__main__":
    main()
