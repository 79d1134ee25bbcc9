"""Build the opening book from tournament games: `python benchmarks/build_book.py [--write]`.

Method: the first `PLIES` moves of every game (`benchmarks/wthor.py`: the WTHOR sample in
tests/data, or with `--wthor DIR` the whole WTHOR database) are replayed. Each position before
a move is counted with that move, both seen as the smallest image of the position under the four
symmetries of the start position (the smallest image of the move where the position is
symmetric itself), and with what the mover went on to reach: the perfect-play disc difference
at 24 empties (it judges the opening, not the endgame's mistakes). A position stays in the book
when at least `--min-games` games reached it, with the moves played in at least
`MIN_MOVE_GAMES` of them. A move's value is its mean pulled towards the position's by
`PRIOR_GAMES` games' worth, so a move seen a few times with lucky results does not outrank the
main lines: one game's result spreads over about 21 discs (standard deviation, in the sample)
while the moves of an opening differ by a few, and (21 / 4)^2 is about 25 games. The script
prints how many positions each ply keeps, and with `--write` stores them in
`bot/engine/data/book.tsv` (format in `bot/engine/ai/book.py`). The book shipped was built with
`--wthor` on the 1977-2020 files (124,000 games) and `--min-games 30`. `--quick` reads only the
first 300 games.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.wthor import Record, database, sample
from bot.engine import Color, Game
from bot.engine.ai.book import BOOK, canonical
from bot.engine.errors import IllegalMoveError

ROOT = Path(__file__).resolve().parent.parent
PLIES = 20
MIN_GAMES = 4
MIN_MOVE_GAMES = 2
PRIOR_GAMES = 25

Tally = dict[int, list[float]]  # square -> [games, total value]


def tally(records: Iterable[Record]) -> dict[tuple[int, int], Tally]:
    positions: dict[tuple[int, int], Tally] = defaultdict(dict)
    for record in records:
        try:
            game = Game(record.moves[:PLIES])
        except IllegalMoveError:
            continue  # a few records of the database are corrupt
        for ply in game.plies:
            key, symmetries = canonical(ply.before.player, ply.before.opponent)
            value = record.perfect if ply.color is Color.BLACK else -record.perfect
            square = min(symmetry(ply.square) for symmetry in symmetries)
            counts = positions[key].setdefault(square, [0, 0.0])
            counts[0] += 1
            counts[1] += value
    return positions


def book_lines(positions: dict[tuple[int, int], Tally], min_games: int) -> list[str]:
    lines = []
    for (player, opponent), moves in sorted(positions.items()):
        games_here = sum(games for games, _ in moves.values())
        if games_here < min_games:
            continue
        mean = sum(total for _, total in moves.values()) / games_here
        kept = [
            f"{square}:{int(games)}:{(total + PRIOR_GAMES * mean) / (games + PRIOR_GAMES):.1f}"
            for square, (games, total) in sorted(moves.items())
            if games >= MIN_MOVE_GAMES
        ]
        if kept:
            lines.append(f"{player:016x} {opponent:016x} {' '.join(kept)}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the book in book.tsv")
    parser.add_argument("--wthor", type=Path, help="a directory of WTHOR .wtb files")
    parser.add_argument("--min-games", type=int, default=MIN_GAMES)
    parser.add_argument("--quick", action="store_true", help="a moment's run, for the tests")
    args = parser.parse_args()
    records = database(args.wthor) if args.wthor else sample()
    if args.quick:
        records = itertools.islice(records, 300)
    lines = book_lines(tally(records), args.min_games)
    by_ply: dict[int, int] = defaultdict(int)
    for line in lines:
        player, opponent = (int(part, 16) for part in line.split()[:2])
        by_ply[(player | opponent).bit_count() - 4] += 1
    print("ply  positions")
    for ply in sorted(by_ply):
        print(f"{ply:3}  {by_ply[ply]:9,}")
    print(f"all  {len(lines):9,}")
    if args.write:
        BOOK.write_text("\n".join(lines) + "\n", encoding="ascii")
        print(f"written to {BOOK.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
