"""Build the puzzle bank: `python benchmarks/build_puzzles.py [--write] [--jobs 2]`.

Candidates are the positions of tournament games (the WTHOR sample in tests/data, or with
`--wthor DIR` the whole database, `benchmarks/wthor.py`) with `--min-empties` to `--max-empties`
empty squares, and those of `--selfplay` games the native core plays against itself from the
sample's openings (its level 3, varied by the book's random choices), each position once. Every
candidate is judged by `bot.engine.puzzles.find`: solved exactly up to 22 empties, searched
beyond (up to 40: engine-verified puzzles). Those where one move alone keeps the best result
become puzzles, with their line, themes and a starting rating
(`bot.engine.puzzle_bank.estimated_rating`). Figures are printed by source and kind.

With `--write` the new puzzles are added after those already in `bot/engine/data/puzzles.tsv`
(a puzzle already there keeps its line and its id: the bank only grows). It prints, by source,
the candidates tried, the puzzles found and how many a CPU-minute proves, then the themes, the
spread of empties and ratings, and the bank's size on disk. `--quick` reads a few games and
stops at 14 empties.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import random
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.wthor import Record, database, sample
from bot.engine import Game, Position
from bot.engine.ai.player import choose_move
from bot.engine.errors import IllegalMoveError
from bot.engine.puzzle_bank import BANK, Entry, bank, merged, write
from bot.engine.puzzles import find, proven

OPENING_PLIES = 8
SELFPLAY_LEVEL = 3


def positions_of(moves: Iterable[int], low: int, high: int) -> Iterator[Position]:
    """The positions of a game with `low` to `high` empties where the side to move can move."""
    try:
        game = Game(moves)
    except IllegalMoveError:
        return  # a few records of the database are corrupt
    for ply in game.plies:
        if low <= ply.before.empties <= high and ply.before.has_legal_move():
            yield ply.before


def selfplay(count: int, seed: int, records: list[Record]) -> Iterator[tuple[int, ...]]:
    """`count` games of the native core's level 3 against itself, from the first plies of the
    sample's games."""
    rng = random.Random(seed)
    for record in rng.sample(records, min(count, len(records))):
        try:
            game = Game(record.moves[:OPENING_PLIES])
        except IllegalMoveError:
            continue
        while not game.is_over():
            chosen = choose_move(
                game.position.to_string(), level=SELFPLAY_LEVEL, seed=rng.randrange(2**31)
            )
            assert chosen.move is not None  # a game's position always has a side that can move
            game.play(chosen.move)
        yield tuple(game.moves)


def judge(position: str) -> tuple[Entry | None, float]:
    started = time.process_time()
    found = find(Position.from_string(position))
    return (None if found is None else Entry.of(found)), time.process_time() - started


def prove(candidates: list[str], jobs: int) -> tuple[list[Entry], float]:
    """The puzzles among `candidates`, in their order, and the CPU seconds it took."""
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            judged = pool.map(judge, candidates, chunksize=16)
    else:
        judged = [judge(position) for position in candidates]
    return [entry for entry, _ in judged if entry is not None], sum(cpu for _, cpu in judged)


def unique(positions: Iterable[Position], seen: set[str]) -> list[str]:
    fresh = []
    for position in positions:
        text = position.to_string()
        if text not in seen:
            seen.add(text)
            fresh.append(text)
    return fresh


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wthor", type=Path, help="a folder of WTHOR .wtb files")
    parser.add_argument("--games", type=int, help="read only this many games")
    parser.add_argument("--min-empties", type=int, default=10)
    parser.add_argument("--max-empties", type=int, default=22)
    parser.add_argument("--selfplay", type=int, default=0, help="games of self-play to add")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.games, args.max_empties, args.selfplay, args.jobs = 6, 14, 1, 1
    records = list(itertools.islice(database(args.wthor) if args.wthor else sample(), args.games))
    seen = {entry.position for entry in bank()}
    sources = {
        "tournament games": unique(
            (p for r in records for p in positions_of(r.moves, args.min_empties, args.max_empties)),
            seen,
        ),
        "self-play": unique(
            (
                p
                for moves in selfplay(args.selfplay, args.seed, records)
                for p in positions_of(moves, args.min_empties, args.max_empties)
            ),
            seen,
        ),
    }
    found: list[Entry] = []
    for name, candidates in sources.items():
        for kind, exact in (("proven", True), ("verified", False)):
            chosen = [position for position in candidates if proven(position) is exact]
            if not chosen:
                continue
            puzzles, cpu = prove(chosen, args.jobs)
            rate = len(puzzles) / cpu * 60 if cpu else 0.0
            print(
                f"{name}, {kind}: {len(chosen):,} positions, {len(puzzles):,} puzzles, "
                f"{cpu:.1f} CPU-s, {rate:,.0f} puzzles a CPU-minute",
                flush=True,
            )
            found += puzzles
    themes = Counter(theme for entry in found for theme in entry.themes)
    print("themes: " + ", ".join(f"{theme} {count:,}" for theme, count in themes.most_common()))
    empties = Counter(Position.from_string(entry.position).empties for entry in found)
    print("empties: " + ", ".join(f"{e}: {empties[e]}" for e in sorted(empties)))
    ratings = sorted(entry.rating for entry in found) or [0]
    print(f"ratings: min {ratings[0]}, median {ratings[len(ratings) // 2]}, max {ratings[-1]}")
    if args.write:
        entries = merged(bank(), found)
        write(entries)
        print(f"bank: {len(entries):,} puzzles, {BANK.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
