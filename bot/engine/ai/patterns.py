"""Pattern features: the board seen through the classic pattern families of Logistello and Edax.

A family is a list of squares (an edge with its two X-squares, a corner's 3x3 or 2x5 block, a
row, a diagonal). It is laid on the board in each of its distinct images under the eight
symmetries of the square (46 instances in all); each instance reads its squares as a base-3
number (0 empty, 1 the side to move's disc, 2 the opponent's, first square least significant),
and all instances of a family share one weight table (see `evaluation.py`).

Indices are computed from whole bytes: the board's rows, its columns and its diagonals are each
gathered into one byte by a shift or a multiplication, and a 256-entry table per (instance, byte)
turns a byte into that byte's share of the base-3 index, with any order of its squares. The
function that does so for all 46 instances is generated once from the family definitions (a
loop over the instances costs twice as much), and the tests check it square by square against
`slow_indices`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.engine.notation import parse_square


def _squares(names: str) -> tuple[int, ...]:
    return tuple(parse_square(name) for name in names.split())


@dataclass(frozen=True, slots=True)
class Family:
    """A pattern: its name and its squares in the order of the base-3 digits."""

    name: str
    squares: tuple[int, ...]

    @property
    def size(self) -> int:
        """The number of configurations, 3 to the number of squares."""
        return int(3 ** len(self.squares))


FAMILIES = (
    Family("edge+2X", _squares("a1 b1 c1 d1 e1 f1 g1 h1 b2 g2")),
    Family("corner 3x3", _squares("a1 b1 c1 a2 b2 c2 a3 b3 c3")),
    Family("corner 2x5", _squares("a1 b1 c1 d1 e1 a2 b2 c2 d2 e2")),
    Family("row 2", _squares("a2 b2 c2 d2 e2 f2 g2 h2")),
    Family("row 3", _squares("a3 b3 c3 d3 e3 f3 g3 h3")),
    Family("row 4", _squares("a4 b4 c4 d4 e4 f4 g4 h4")),
    Family("diagonal 8", _squares("a1 b2 c3 d4 e5 f6 g7 h8")),
    Family("diagonal 7", _squares("a2 b3 c4 d5 e6 f7 g8")),
    Family("diagonal 6", _squares("a3 b4 c5 d6 e7 f8")),
    Family("diagonal 5", _squares("a4 b5 c6 d7 e8")),
    Family("diagonal 4", _squares("a5 b6 c7 d8")),
)


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The eight symmetries of the board, each as the image of every square."""
    maps = []
    for transpose in (False, True):
        for flip_rows in (False, True):
            for flip_columns in (False, True):
                image = []
                for square in range(64):
                    row, column = divmod(square, 8)
                    if transpose:
                        row, column = column, row
                    if flip_rows:
                        row = 7 - row
                    if flip_columns:
                        column = 7 - column
                    image.append(8 * row + column)
                maps.append(tuple(image))
    return tuple(maps)


SYMMETRIES = _symmetries()


def _instances() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """`(family index, squares)` for every distinct image of every family (one per square set)."""
    result = []
    for number, family in enumerate(FAMILIES):
        seen: set[frozenset[int]] = set()
        for symmetry in SYMMETRIES:
            squares = tuple(symmetry[s] for s in family.squares)
            if frozenset(squares) not in seen:
                seen.add(frozenset(squares))
                result.append((number, squares))
    return tuple(result)


INSTANCES = _instances()


def slow_indices(player: int, opponent: int) -> list[int]:
    """Each instance's index, square by square: the definition that the fast code must match."""
    result = []
    for _, squares in INSTANCES:
        index = 0
        for digit, square in enumerate(squares):
            index += 3**digit * (1 if player >> square & 1 else 2 if opponent >> square & 1 else 0)
        result.append(index)
    return result


def self_symmetries(family: Family) -> tuple[tuple[int, ...], ...]:
    """The digit permutations under which a family's square set maps onto itself (identity
    included): configurations related by one describe the same board, so share a weight."""
    squares = family.squares
    result = []
    for symmetry in SYMMETRIES:
        image = [symmetry[s] for s in squares]
        if set(image) == set(squares):
            result.append(tuple(squares.index(s) for s in image))
    return tuple(dict.fromkeys(result))


# Byte sources: a board's rows, columns and diagonals, each gathered into one byte. A source is
# (expression over a board `{b}`, the square of each of its 8 bits, -1 for a bit it never sets).
_A_FILE = 0x0101_0101_0101_0101
_COLUMN_GATHER = 0x8040_2010_0804_0201  # the a-file into the top byte, a8 in bit 0
_DIAGONAL_GATHER = 0x0101_0101_0101_0101  # one square per column into the top byte, by column


def _sources() -> list[tuple[str, tuple[int, ...]]]:
    sources = []
    for row in range(8):
        sources.append((f"{{b}} >> {8 * row} & 255", tuple(8 * row + c for c in range(8))))
    for column in range(8):
        expression = f"(({{b}} >> {column}) & {_A_FILE}) * {_COLUMN_GATHER} >> 56 & 255"
        sources.append((expression, tuple(8 * (7 - bit) + column for bit in range(8))))
    for sign in (1, -1):  # a1-h8 diagonals, then a8-h1 diagonals
        for offset in range(-7, 8):
            squares = [-1] * 8
            for column in range(8):
                row = column - offset if sign == 1 else offset + 7 - column
                if 0 <= row < 8:
                    squares[column] = 8 * row + column
            mask = sum(1 << s for s in squares if s >= 0)
            sources.append((f"({{b}} & {mask}) * {_DIAGONAL_GATHER} >> 56 & 255", tuple(squares)))
    return sources


def _cover(squares: Sequence[int], sources: list[tuple[str, tuple[int, ...]]]) -> list[int]:
    """The fewest sources (among one line, the rows or the columns) that hold all `squares`."""
    wanted = set(squares)
    for number, (_, bits) in enumerate(sources):
        if wanted <= set(bits):
            return [number]
    by_rows = sorted({s // 8 for s in squares})
    by_columns = sorted({8 + s % 8 for s in squares})
    return by_rows if len(by_rows) <= len(by_columns) else by_columns


def _generate() -> tuple[Callable[[int, int], list[int]], Callable[..., int]]:
    """Write and compile `indices(player, opponent)` and `score(player, opponent, *tables)`."""
    sources = _sources()
    namespace: dict[str, object] = {}
    used: dict[int, str] = {}
    terms = []
    for number, (family, squares) in enumerate(INSTANCES):
        parts = []
        for source in _cover(squares, sources):
            bits = sources[source][1]
            table = [0] * 256
            for byte in range(256):
                for bit in range(8):
                    if byte >> bit & 1 and bits[bit] in squares:
                        table[byte] += 3 ** squares.index(bits[bit])
            namespace[f"T{number}_{source}"] = table
            namespace[f"U{number}_{source}"] = [2 * v for v in table]
            used[source] = sources[source][0]
            parts.append(f"T{number}_{source}[p{source}] + U{number}_{source}[o{source}]")
        terms.append((family, " + ".join(parts)))
    lines = []
    for source, expression in sorted(used.items()):
        lines.append(f"    p{source} = {expression.format(b='player')}")
        lines.append(f"    o{source} = {expression.format(b='opponent')}")
    body = "\n".join(lines)
    listed = ",\n        ".join(term for _, term in terms)
    weighed = "\n        + ".join(f"w{family}[{term}]" for family, term in terms)
    tables = ", ".join(f"w{n}" for n in range(len(FAMILIES)))
    source_code = (
        f"def indices(player, opponent):\n{body}\n    return [\n        {listed},\n    ]\n\n"
        f"def score(player, opponent, {tables}):\n{body}\n    return (\n        {weighed}\n    )\n"
    )
    exec(compile(source_code, "<patterns>", "exec"), namespace)
    return namespace["indices"], namespace["score"]  # type: ignore[return-value]


indices, score = _generate()
"""`indices(player, opponent)`: every instance's index, in the order of `INSTANCES`.
`score(player, opponent, *tables)`: the sum of each instance's weight, one table per family."""
