"""Build positions from small drawings, rows 1..8 top to bottom, as players see the board."""

from bot.engine import Position


def board(drawing: str, to_move: str = "X") -> Position:
    """Rows of eight `X`, `O` or `.` characters; missing rows at the bottom are empty."""
    rows = [line.strip().replace(" ", "") for line in drawing.strip().splitlines()]
    rows += ["........"] * (8 - len(rows))
    assert all(len(row) == 8 for row in rows), rows
    return Position.from_string("".join(rows).replace(".", "-") + " " + to_move)
