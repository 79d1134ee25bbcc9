"""Tournament games for the fitting and book scripts: the WTHOR sample in tests/data, or the
whole WTHOR database of the Fédération Française d'Othello (`WTH_<year>.wtb` files, free from
https://www.ffothello.org/informatique/la-base-wthor/; 1977-2020 hold about 145,000 games).

A `.wtb` file is a 16-byte header (byte 14: the number of empty squares from which the
theoretical score was computed) and 68 bytes per game: tournament, players, Black's discs at
the end, Black's discs with perfect play from that depth, then 60 moves as 10 * row + column
(11 is a1, 0 after the last move).
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bot.engine.notation import parse_transcript

SAMPLE = Path(__file__).resolve().parent.parent / "tests" / "data" / "wthor"
SAMPLE_GAMES = SAMPLE / "wthor_sample_games.csv"


@dataclass(frozen=True, slots=True)
class Record:
    """One game: its moves (squares, passes left out) and Black's disc differences, at the end
    and with perfect play from `depth` empty squares (the empties going to the winner)."""

    moves: tuple[int, ...]
    final: int
    perfect: int
    depth: int


def sample() -> Iterator[Record]:
    """The 3,405 games of the sample in tests/data."""
    with SAMPLE_GAMES.open(newline="") as handle:
        for row in csv.DictReader(handle):
            yield Record(
                tuple(parse_transcript(row["moves"])),
                int(row["disc_diff_black_minus_white"]),
                2 * int(row["theoretical_black_score_24empties"]) - 64,
                24,
            )


def full_games() -> list[str]:
    """The transcripts of the sample's games that run all 60 moves, in file order."""
    with SAMPLE_GAMES.open(newline="") as handle:
        return [row["moves"] for row in csv.DictReader(handle) if len(row["moves"]) == 120]


def database(directory: Path) -> Iterator[Record]:
    """Every game of the `.wtb` files in `directory`, in the order of the files' names."""
    for path in sorted(directory.glob("*.wtb")):
        data = path.read_bytes()
        depth = data[14] or 24
        for offset in range(16, len(data) - 67, 68):
            record = data[offset : offset + 68]
            moves = tuple(8 * (m // 10 - 1) + m % 10 - 1 for m in record[8:] if m)
            yield Record(moves, 2 * record[6] - 64, 2 * record[7] - 64, depth)
