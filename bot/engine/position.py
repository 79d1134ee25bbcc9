"""An immutable Reversi position: two bitboards and the side to move."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.engine import bitboard
from bot.engine.errors import IllegalMoveError, MoveProblem
from bot.engine.notation import SQUARE_NAMES, parse_square


class Color(enum.Enum):
    """A side. Black (`X` in position strings) always moves first."""

    BLACK = "black"
    WHITE = "white"

    @property
    def opponent(self) -> Color:
        return Color.WHITE if self is Color.BLACK else Color.BLACK

    @property
    def symbol(self) -> str:
        """`X` for black, `O` for white, as in position strings."""
        return "X" if self is Color.BLACK else "O"

    @property
    def title(self) -> str:
        return self.value.capitalize()


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game.

    `black_discs`/`white_discs` are the discs on the board, what players see. The official score
    (`black_score`/`white_score`, as in tournament records) gives the empty squares to the
    winner; a draw stays 32-32.

    A game can also be won off the board: `forfeited_by` names the side that resigned or ran out
    of time, and the other side wins whatever the discs say. Its official score is counted the
    same way, the empties going to the winner; if the winner would still not have more discs
    than the loser, it is 33-31 for the winner (the World Othello Federation's score for a game
    won off the board).
    """

    black_discs: int
    white_discs: int
    forfeited_by: Color | None = None

    def __post_init__(self) -> None:
        if min(self.black_discs, self.white_discs) < 0 or self.black_discs + self.white_discs > 64:
            raise ValueError(
                f"disc counts must be 0 or more and at most 64 in all, "
                f"not {self.black_discs}-{self.white_discs}"
            )

    @property
    def winner(self) -> Color | None:
        if self.forfeited_by is not None:
            return self.forfeited_by.opponent
        if self.black_discs == self.white_discs:
            return None
        return Color.BLACK if self.black_discs > self.white_discs else Color.WHITE

    @property
    def empties(self) -> int:
        return 64 - self.black_discs - self.white_discs

    @property
    def black_score(self) -> int:
        """Black's official score: discs plus the empties when black wins (32 in a draw; at
        least 33 when black wins off the board, at most 31 when black loses there)."""
        winner = self.winner
        if winner is None:
            return 32
        if winner is Color.BLACK:
            return max(self.black_discs + self.empties, 33)
        return min(self.black_discs, 31)

    @property
    def white_score(self) -> int:
        return 64 - self.black_score

    @property
    def official_score(self) -> tuple[int, int]:
        """Black's and White's official scores."""
        return self.black_score, self.white_score

    def __str__(self) -> str:
        """E.g. `White wins 40-24` (winner's discs first), `Draw 32-32`, or for a forfeit
        `White wins by forfeit (discs 30-12)` (Black's first)."""
        discs = f"{self.black_discs}-{self.white_discs}"
        if self.forfeited_by is not None:
            return f"{self.forfeited_by.opponent.title} wins by forfeit (discs {discs})"
        winner = self.winner
        if winner is None:
            return f"Draw {discs}"
        high, low = sorted((self.black_discs, self.white_discs), reverse=True)
        return f"{winner.title} wins {high}-{low}"


_INITIAL_BLACK = (1 << 28) | (1 << 35)  # e4, d5
_INITIAL_WHITE = (1 << 27) | (1 << 36)  # d4, e5


class Position:
    """A board and the side to move. Immutable: `play` and `pass_turn` return new positions.

    Squares are indices 0..63 (`a1` = 0, `h1` = 7, `h8` = 63); methods that take a square also
    accept its name. A pass is only possible, and then required, when the side to move has no
    legal move and the opponent has one.
    """

    __slots__ = ("black", "turn", "white")

    black: int
    white: int
    turn: Color

    def __init__(self, black: int, white: int, turn: Color = Color.BLACK) -> None:
        if black & white:
            raise ValueError("a square cannot hold both a black and a white disc")
        if (black | white) & ~bitboard.FULL:
            raise ValueError("bitboards must fit in 64 bits")
        object.__setattr__(self, "black", black)
        object.__setattr__(self, "white", white)
        object.__setattr__(self, "turn", turn)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable")

    @classmethod
    def initial(cls) -> Position:
        """The start of every game: white on d4 and e5, black on d5 and e4, black to move."""
        return cls(_INITIAL_BLACK, _INITIAL_WHITE, Color.BLACK)

    # --- reading the board -------------------------------------------------------------

    @property
    def player(self) -> int:
        """The bitboard of the side to move."""
        return self.black if self.turn is Color.BLACK else self.white

    @property
    def opponent(self) -> int:
        return self.white if self.turn is Color.BLACK else self.black

    def piece_at(self, square: int | str) -> Color | None:
        bit = 1 << _square(square)
        if self.black & bit:
            return Color.BLACK
        if self.white & bit:
            return Color.WHITE
        return None

    def count(self, color: Color) -> int:
        """Discs of `color` on the board."""
        return (self.black if color is Color.BLACK else self.white).bit_count()

    @property
    def empties(self) -> int:
        return 64 - (self.black | self.white).bit_count()

    # --- moves -------------------------------------------------------------------------

    def legal_moves_mask(self) -> int:
        return bitboard.legal_moves(self.player, self.opponent)

    def legal_moves(self) -> list[int]:
        """The legal moves of the side to move, in board order (a1, b1, ..., h8)."""
        return bitboard.squares_of(self.legal_moves_mask())

    def is_legal(self, square: int | str) -> bool:
        return bool(self.legal_moves_mask() >> _square(square) & 1)

    def flips(self, square: int | str) -> int:
        """The mask of discs that playing `square` would flip (0 if it is not a legal move)."""
        index = _square(square)
        if (self.black | self.white) >> index & 1:
            return 0
        return bitboard.flips(self.player, self.opponent, index)

    def play(self, square: int | str) -> Position:
        """The position after the side to move plays `square`; raises `IllegalMoveError`."""
        index = _square(square)
        name = SQUARE_NAMES[index]
        if self.is_game_over():
            raise IllegalMoveError(
                f"{name} is not a legal move now: the game is over", MoveProblem.GAME_OVER, name
            )
        if (self.black | self.white) >> index & 1:
            raise IllegalMoveError(
                f"{name} is not a legal move now: the square is taken", MoveProblem.TAKEN, name
            )
        flipped = bitboard.flips(self.player, self.opponent, index)
        if not flipped:
            raise IllegalMoveError(
                f"{name} is not a legal move now: it flips no disc", MoveProblem.FLIPS_NOTHING, name
            )
        mover = self.player | flipped | (1 << index)
        other = self.opponent & ~flipped
        if self.turn is Color.BLACK:
            return Position(mover, other, Color.WHITE)
        return Position(other, mover, Color.BLACK)

    def has_legal_move(self) -> bool:
        return bool(self.legal_moves_mask())

    def must_pass(self) -> bool:
        """True when the side to move has no legal move but the opponent has: a forced pass."""
        return not self.has_legal_move() and bool(bitboard.legal_moves(self.opponent, self.player))

    def pass_turn(self) -> Position:
        """The position after a forced pass; raises `IllegalMoveError` if a pass is not allowed."""
        if self.has_legal_move():
            moves = ", ".join(SQUARE_NAMES[s] for s in self.legal_moves())
            raise IllegalMoveError(
                f"You cannot pass: you have a legal move ({moves})", MoveProblem.HAS_MOVES, moves
            )
        if self.is_game_over():
            raise IllegalMoveError(
                "You cannot pass: the game is over", MoveProblem.NO_PASS_GAME_OVER
            )
        return Position(self.black, self.white, self.turn.opponent)

    def is_game_over(self) -> bool:
        """True when neither side can move (the board may have empty squares)."""
        return not (
            bitboard.legal_moves(self.player, self.opponent)
            or bitboard.legal_moves(self.opponent, self.player)
        )

    def result(self) -> Result | None:
        """The result if the game is over, else None."""
        if not self.is_game_over():
            return None
        return Result(self.black.bit_count(), self.white.bit_count())

    # --- text --------------------------------------------------------------------------

    @classmethod
    def from_string(cls, text: str) -> Position:
        """Parse `<64 chars a1..h8: X black, O white, - empty> <X|O side to move>`."""
        parts = text.split()
        if not parts or len(parts[0]) != 64 or len(parts) > 2:
            raise ValueError(
                "a position is 64 characters (X, O or -) from a1 to h8, then X or O to move"
            )
        board, turn_text = parts[0], parts[1] if len(parts) == 2 else "X"
        black = white = 0
        for index, char in enumerate(board.upper()):
            if char == "X":
                black |= 1 << index
            elif char == "O":
                white |= 1 << index
            elif char not in "-.":
                raise ValueError(f"unexpected {char!r} at {SQUARE_NAMES[index]} in the position")
        turn = {"X": Color.BLACK, "O": Color.WHITE}.get(turn_text.upper().rstrip(";"))
        if turn is None:
            raise ValueError(f"the side to move must be X or O, not {turn_text!r}")
        return cls(black, white, turn)

    def board_string(self) -> str:
        return "".join(
            "X" if self.black >> i & 1 else "O" if self.white >> i & 1 else "-" for i in range(64)
        )

    def to_string(self) -> str:
        """The position string, e.g. `---...--- X`, as read by `from_string`."""
        return f"{self.board_string()} {self.turn.symbol}"

    def diagram(self, *, show_moves: bool = True) -> str:
        """A text board with coordinates; legal moves shown as `*`."""
        moves = self.legal_moves_mask() if show_moves else 0
        cells = self.board_string()
        lines = ["  a b c d e f g h"]
        for row in range(8):
            marks = []
            for col in range(8):
                index = row * 8 + col
                mark = cells[index]
                marks.append("*" if moves >> index & 1 else "." if mark == "-" else mark)
            lines.append(f"{row + 1} {' '.join(marks)}")
        return "\n".join(lines)

    # --- value semantics ---------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.black, self.white, self.turn) == (other.black, other.white, other.turn)

    def __hash__(self) -> int:
        return hash((self.black, self.white, self.turn))

    def __repr__(self) -> str:
        return f"Position.from_string({self.to_string()!r})"

    def __str__(self) -> str:
        return self.diagram()


def _square(square: int | str) -> int:
    if isinstance(square, str):
        return parse_square(square)
    if not 0 <= square < 64:
        raise ValueError(f"square index {square} is outside the board (0..63)")
    return square
