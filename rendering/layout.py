"""Where everything goes in an image of a given width: whole-pixel cells, margins and strips."""

from __future__ import annotations

from dataclasses import dataclass

MIN_SIZE = 240
MAX_SIZE = 1600
DEFAULT_SIZE = 576


@dataclass(frozen=True, slots=True)
class Layout:
    """Geometry for an image `width` pixels wide: a header strip (players and counts, and with
    `clocks` a second row for each player's clock), the column letters, the board, and a footer
    strip (status). Cells are whole pixels so that cached sprites land exactly on every square."""

    width: int
    cell: int
    board_x: int
    board_y: int
    header_height: int
    footer_y: int
    height: int
    names_y: int  # the middle of the names' row (and of the counts, without clocks)
    clocks_y: int | None = None  # the middle of the clocks' row, when the header has one

    @classmethod
    def for_width(cls, width: int, *, clocks: bool = False) -> Layout:
        if isinstance(width, bool) or not isinstance(width, int):
            raise ValueError(f"size must be a whole number of pixels, not {width!r}")
        if not MIN_SIZE <= width <= MAX_SIZE:
            raise ValueError(f"size must be between {MIN_SIZE} and {MAX_SIZE} pixels, not {width}")
        cell = width // 9
        margin = (width - 8 * cell) // 2
        header = round(cell * (1.6 if clocks else 1.05))
        board_y = header + margin
        footer_y = board_y + 8 * cell + cell // 5
        height = footer_y + round(cell * 0.8)
        if clocks:
            names_y, clocks_y = round(cell * 0.5), round(cell * 1.08)
            return cls(width, cell, margin, board_y, header, footer_y, height, names_y, clocks_y)
        names_y = header // 2 + cell // 10
        return cls(width, cell, margin, board_y, header, footer_y, height, names_y)

    def square_origin(self, square: int) -> tuple[int, int]:
        """The top-left pixel of a square's cell (`a1` is top-left)."""
        row, col = divmod(square, 8)
        return self.board_x + col * self.cell, self.board_y + row * self.cell
