"""A deliberately plain Reversi implementation on an 8x8 list, to check the bitboard engine against.

It follows the rules sheet line by line and shares no code with `bot.engine`.
"""

from __future__ import annotations

EMPTY, BLACK, WHITE = ".", "X", "O"
DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


class ReferenceBoard:
    def __init__(self) -> None:
        self.cells = [[EMPTY] * 8 for _ in range(8)]
        self.cells[3][3] = self.cells[4][4] = WHITE  # d4, e5
        self.cells[3][4] = self.cells[4][3] = BLACK  # e4, d5
        self.turn = BLACK

    @staticmethod
    def other(color: str) -> str:
        return WHITE if color == BLACK else BLACK

    def flips(self, row: int, col: int, color: str) -> list[tuple[int, int]]:
        if self.cells[row][col] != EMPTY:
            return []
        flipped = []
        for dr, dc in DIRECTIONS:
            line = []
            r, c = row + dr, col + dc
            while 0 <= r < 8 and 0 <= c < 8 and self.cells[r][c] == self.other(color):
                line.append((r, c))
                r, c = r + dr, c + dc
            if line and 0 <= r < 8 and 0 <= c < 8 and self.cells[r][c] == color:
                flipped.extend(line)
        return flipped

    def moves(self, color: str) -> list[tuple[int, int]]:
        return [(r, c) for r in range(8) for c in range(8) if self.flips(r, c, color)]

    def play(self, row: int, col: int) -> list[tuple[int, int]]:
        flipped = self.flips(row, col, self.turn)
        assert flipped, "illegal move"
        self.cells[row][col] = self.turn
        for r, c in flipped:
            self.cells[r][c] = self.turn
        self.turn = self.other(self.turn)
        return flipped

    def pass_turn(self) -> None:
        assert not self.moves(self.turn)
        self.turn = self.other(self.turn)

    def over(self) -> bool:
        return not self.moves(BLACK) and not self.moves(WHITE)

    def count(self, color: str) -> int:
        return sum(row.count(color) for row in self.cells)

    def board_string(self) -> str:
        return "".join("".join(row) for row in self.cells).replace(EMPTY, "-")
