"""A game from the start: its moves, its forced passes and its positions."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.engine.notation import format_transcript, parse_square, parse_transcript
from bot.engine.position import Color, Position, Result


@dataclass(frozen=True, slots=True)
class Ply:
    """One move as played: who played where, what flipped, and whether the opponent then passed."""

    color: Color
    square: int
    flipped: int
    before: Position
    after: Position
    passed: Color | None


class Game:
    """A game played from the initial position.

    `play` applies a move and then, if the next side has no legal move while the game goes on,
    makes its forced pass at once and records it on the ply (`Ply.passed`), so the position
    always has a side that can move, or is over. Transcripts leave passes out, as tournament
    records do.
    """

    def __init__(self, moves: Iterable[int | str] = ()) -> None:
        self.position = Position.initial()
        self.plies: list[Ply] = []
        for move in moves:
            self.play(move)

    @classmethod
    def from_transcript(cls, text: str) -> Game:
        """Replay a transcript like `f5d6c3`; raises `InvalidMoveError` or `IllegalMoveError`."""
        return cls(parse_transcript(text))

    def play(self, move: int | str) -> Ply:
        """Play `move` for the side to move; raises `InvalidMoveError` or `IllegalMoveError`."""
        square = parse_square(move) if isinstance(move, str) else move
        before = self.position
        after = before.play(square)
        passed = None
        if after.must_pass():
            passed = after.turn
            after = after.pass_turn()
        ply = Ply(before.turn, square, before.flips(square), before, after, passed)
        self.plies.append(ply)
        self.position = after
        return ply

    @property
    def moves(self) -> list[int]:
        return [ply.square for ply in self.plies]

    @property
    def last(self) -> Ply | None:
        return self.plies[-1] if self.plies else None

    def transcript(self) -> str:
        return format_transcript(self.moves)

    def is_over(self) -> bool:
        return self.position.is_game_over()

    def result(self) -> Result | None:
        return self.position.result()

    @property
    def turn(self) -> Color:
        return self.position.turn

    def __len__(self) -> int:
        return len(self.plies)
