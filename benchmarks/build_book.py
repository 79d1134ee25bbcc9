"""Build the opening book from tournament games: `python benchmarks/build_book.py [--write]`.

Method: the first `PLIES` moves of every WTHOR sample game (tests/data/wthor, 3,405 finished
tournament games) are replayed. Each position before a move is counted with that move, both seen
as the smallest image of the position under the four symmetries of the start position (the
smallest image of the move where the position is symmetric itself), and with what the mover went
on to reach: the perfect-play disc difference at 24 empties where the record has it (it judges
the opening, not the endgame's mistakes), else the final one. A position stays in the book when
at least `MIN_GAMES` games reached it, with the moves played in at least `MIN_MOVE_GAMES` of
them. A move's value is its mean pulled towards the position's by `PRIOR_GAMES` games' worth, so
a move seen a few times with lucky results does not outrank the main lines: one game's result
spreads over about 21 discs (standard deviation, in this sample) while the moves of an opening
differ by a few, and (21 / 4)^2 is about 25 games. The script prints how many positions each
ply keeps, and with `--write` stores them in `bot/engine/data/book.tsv` (format in
`bot/engine/ai/book.py`).
"""

from __future__ import annotations

import argparse
import csv
from collections import defaultdict
from pathlib import Path

from bot.engine import Color, Game
from bot.engine.ai.book import BOOK, canonical

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "data" / "wthor" / "wthor_sample_games.csv"
PLIES = 20
MIN_GAMES = 4
MIN_MOVE_GAMES = 2
PRIOR_GAMES = 25

Tally = dict[int, list[float]]  # square -> [games, total value]


def black_value(row: dict[str, str]) -> int:
    """Black's disc difference: by perfect play from 24 empties if known, else the final one."""
    perfect = row["theoretical_black_score_24empties"]
    return 2 * int(perfect) - 64 if perfect else int(row["disc_diff_black_minus_white"])


def tally(path: Path) -> dict[tuple[int, int], Tally]:
    positions: dict[tuple[int, int], Tally] = defaultdict(dict)
    with path.open(newline="") as handle:
        for row in csv.DictReader(handle):
            black = black_value(row)
            game = Game.from_transcript(row["moves"])
            for ply in game.plies[:PLIES]:
                key, symmetries = canonical(ply.before.player, ply.before.opponent)
                value = black if ply.color is Color.BLACK else -black
                square = min(symmetry(ply.square) for symmetry in symmetries)
                counts = positions[key].setdefault(square, [0, 0.0])
                counts[0] += 1
                counts[1] += value
    return positions


def book_lines(positions: dict[tuple[int, int], Tally]) -> list[str]:
    lines = []
    for (player, opponent), moves in sorted(positions.items()):
        games_here = sum(games for games, _ in moves.values())
        if games_here < MIN_GAMES:
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
    args = parser.parse_args()
    lines = book_lines(tally(GAMES))
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
