"""A game as GGF text, the Generic Game Format of the Othello servers (GGS) and of NBoard and
Edax: `(;GM[Othello]PC[...]DT[...]PB[...]PW[...]TI[...]TY[8]RE[...]BO[8 ... *]B[f5]W[d6]...;)`.

Its properties, as GGS writes them: `DT` the start as `year.month.day_hour:minute:second.zone`,
`TI` each player's clock as `time/increment/grace`, `TY[8]` the standard 8x8 game, `RE` the
result as Black's official score less White's (`+6.00`), with `:r` after a resignation and `:t`
after a loss on time, or `?` while unknown; `BO` the starting board row by row from a1 (`*`
black, `O` white, `-` empty) and the side to move; then the moves, each `B[...]` or `W[...]`,
a forced pass written `PA` in the passer's turn.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.engine.notation import square_name
from bot.engine.position import Color, Position, Result

PLACE = "reversi-bot"
PASS = "PA"
MOVER = {Color.BLACK: "B", Color.WHITE: "W"}
SQUARE_MARKS = {Color.BLACK: "*", Color.WHITE: "O"}
_UNSAFE = re.compile(r"[\x00-\x1f\x7f]+")
_BRACKETS = str.maketrans({"[": "(", "]": ")", "\\": "/"})


class WonBy(StrEnum):
    """How a game was won off the board: GGF's flag after the result."""

    RESIGNATION = "r"
    TIME = "t"


@dataclass(frozen=True, slots=True)
class GgfGame:
    """What a GGF record says of a game played from the initial position."""

    moves: Sequence[int]
    """The squares played, passes left out: each forced pass is found by replaying them."""
    black: str
    white: str
    started: float
    """When the game began (Unix time), written in UTC."""
    clock: tuple[float, float] | None = None
    """Each player's time and the seconds added after each move, in a live game; None for a
    time per move, which GGF has no clock for."""
    result: Result | None = None
    """None while the game goes on, or when it stopped without a result."""
    won_by: WonBy | None = None


def name(text: str) -> str:
    """A name that stays one value: GGF has no escapes, and its readers (NBoard, Edax) end a
    value at the first `]`, so brackets become parentheses and a backslash a slash; control
    characters become a space."""
    return _UNSAFE.sub(" ", text.translate(_BRACKETS)).strip()


def clock_time(seconds: float) -> str:
    """`hh:mm:ss`, or `mm:ss` under an hour: GGS's clock notation."""
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours:02d}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def board(position: Position) -> str:
    """`8 <row 1> ... <row 8> <side to move>`, as `BO` holds it."""
    rows = []
    for row in range(8):
        marks = ""
        for column in range(8):
            color = position.piece_at(row * 8 + column)
            marks += "-" if color is None else SQUARE_MARKS[color]
        rows.append(marks)
    return " ".join(["8", *rows, SQUARE_MARKS[position.turn]])


def result(game: GgfGame) -> str:
    if game.result is None:
        return "?"
    black, white = game.result.official_score
    flag = "" if game.won_by is None else f":{game.won_by.value}"
    return f"{black - white:+.2f}{flag}"


def moves(squares: Sequence[int]) -> str:
    """`B[f5]W[d6]...`, with `PA` in the turn of each forced pass."""
    position = Position.initial()
    written = []
    for square in squares:
        written.append(f"{MOVER[position.turn]}[{square_name(square)}]")
        position = position.play(square)
        if position.must_pass():
            written.append(f"{MOVER[position.turn]}[{PASS}]")
            position = position.pass_turn()
    return "".join(written)


def ggf(game: GgfGame) -> str:
    """The game's GGF record, one line."""
    started = time.strftime("%Y.%m.%d_%H:%M:%S.UTC", time.gmtime(game.started))
    parts = [
        f"GM[Othello]PC[{PLACE}]DT[{started}]PB[{name(game.black)}]PW[{name(game.white)}]",
    ]
    if game.clock is not None:
        base, increment = game.clock
        parts.append(f"TI[{clock_time(base)}/{clock_time(increment)}/00:00]")
    parts.append(f"TY[8]RE[{result(game)}]BO[{board(Position.initial())}]")
    parts.append(moves(game.moves))
    return "(;" + "".join(parts) + ";)\n"
