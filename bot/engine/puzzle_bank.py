"""The puzzle bank shipped with the engine: `data/puzzles.tsv`, written by
`benchmarks/build_puzzles.py` (its docstring says how) and proven again by
`benchmarks/puzzles.py`. One puzzle a line, tab-separated:

    <id> <position> <line> <score> <margin> <themes> <rating>

`id` is `puzzles.puzzle_id` of the position, so a puzzle keeps its id however the bank grows;
`position` is `Position.to_string()` (the solver's side to move; its empty squares tell a proven
puzzle from one verified by search, `puzzles.proven`); `line` the solution moves and the replies
between them, as square names; `score` the final disc difference for the solver's side (exact,
or the search's estimate); `margin` the least any step's solution gains over its best
alternative; `themes` comma-separated `puzzles.PuzzleTheme` values (`-` for none); `rating` the
starting puzzle rating the difficulty suggests (`estimated_rating`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bot.engine.notation import parse_square, square_name
from bot.engine.position import Position
from bot.engine.puzzles import CORNERS, Puzzle, PuzzleTheme, proven

BANK = Path(__file__).parent / "data" / "puzzles.tsv"
BASE_RATING = 1200
RATING_RANGE = (800, 2400)


@dataclass(frozen=True, slots=True)
class Entry:
    """A puzzle as the bank keeps it."""

    id: str
    position: str
    line: tuple[int, ...]
    score: int
    margin: int
    themes: frozenset[PuzzleTheme]
    rating: int

    @property
    def empties(self) -> int:
        return Position.from_string(self.position).empties

    @property
    def proven(self) -> bool:
        return proven(self.position)

    def to_line(self) -> str:
        fields = (
            self.id,
            self.position,
            moves_text(self.line),
            self.score,
            self.margin,
            themes_text(self.themes),
            self.rating,
        )
        return "\t".join(str(field) for field in fields)

    @classmethod
    def from_line(cls, text: str) -> Entry:
        id_, position, moves, score, margin, themes, rating = text.rstrip("\n").split("\t")
        return cls(
            id_,
            position,
            parse_moves(moves),
            int(score),
            int(margin),
            parse_themes(themes),
            int(rating),
        )

    @classmethod
    def of(cls, puzzle: Puzzle) -> Entry:
        return cls(
            puzzle.id,
            puzzle.position,
            puzzle.line,
            puzzle.score,
            puzzle.margin,
            puzzle.themes,
            estimated_rating(puzzle),
        )


def moves_text(line: tuple[int, ...]) -> str:
    """A line as the bank writes it: square names, space-separated."""
    return " ".join(square_name(square) for square in line)


def parse_moves(text: str) -> tuple[int, ...]:
    return tuple(parse_square(name) for name in text.split())


def themes_text(themes: frozenset[PuzzleTheme]) -> str:
    """Themes as the bank writes them: comma-separated, `-` for none."""
    return ",".join(sorted(themes)) or "-"


def parse_themes(text: str) -> frozenset[PuzzleTheme]:
    return frozenset() if text == "-" else frozenset(PuzzleTheme(t) for t in text.split(","))


def estimated_rating(puzzle: Puzzle) -> int:
    """A starting rating from what makes a puzzle hard: how deep it is (empty squares), how
    many moves its line asks for, and how many other moves tempt (they flip at least as many
    discs, or take a corner the solution does not); a narrow margin makes it harder to see.
    Attempts then move it, as any rating."""
    position = Position.from_string(puzzle.position)
    first = puzzle.steps[0].solution
    flips = {square: position.flips(square).bit_count() for square in position.legal_moves()}
    tempting = sum(
        1
        for square, count in flips.items()
        if square != first and (count >= flips[first] or square in CORNERS - {first})
    )
    rating = (
        BASE_RATING
        + 25 * (position.empties - 12)
        + 150 * (len(puzzle.steps) - 1)
        + 60 * tempting
        - 10 * min(puzzle.margin, 20)
    )
    low, high = RATING_RANGE
    return max(low, min(high, rating))


@cache
def bank() -> tuple[Entry, ...]:
    """The shipped puzzles, in the file's order (the order they were added)."""
    if not BANK.exists():
        return ()
    with BANK.open(encoding="utf-8") as handle:
        return tuple(Entry.from_line(line) for line in handle if line.strip())


def merged(existing: Iterable[Entry], found: Iterable[Entry]) -> list[Entry]:
    """`existing` as it is, then whatever of `found` it does not hold yet: growing the bank
    never changes a puzzle already played."""
    entries = list(existing)
    known = {entry.id for entry in entries}
    for entry in found:
        if entry.id not in known:
            known.add(entry.id)
            entries.append(entry)
    return entries


def write(entries: Iterable[Entry], path: Path = BANK) -> None:
    path.write_text("".join(entry.to_line() + "\n" for entry in entries), encoding="utf-8")
