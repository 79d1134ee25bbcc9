"""The one-line status under a board: whose turn, a pass, or the result."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Color, Position, square_name
from rendering.results import result_text
from rendering.words import ENGLISH, Words, color_name


def describe_status(
    position: Position,
    *,
    passed: Color | None = None,
    last_move: int | None = None,
    earlier_moves: Sequence[int] = (),
    words: Words = ENGLISH,
) -> str:
    """E.g. `Black to move`, `White has no move: Black to move again`, `White had no move;
    Black played a1, h8`, `Black wins 34-30`, `Black wins 40-24 (36-24 on the board)`.

    `passed` names the side that just had to pass (as `Ply.passed` records it). A position
    whose side to move must pass now says so too. `earlier_moves`, the moves the other side
    played before `last_move` while the side to move had to pass, are named with it: the side
    to move has seen none of them.
    """
    result = position.result()
    if result is not None:
        return result_text(result, words=words)
    turn = color_name(position.turn, words)
    if position.must_pass():
        return words.gettext("{color} has no move and must pass").format(color=turn)
    if passed is not None:
        text = words.gettext("{passed} has no move: {color} to move again")
        return text.format(passed=color_name(passed, words), color=turn)
    if earlier_moves and last_move is not None:
        return missed_turns(position.turn, (*earlier_moves, last_move), words)
    # TRANSLATORS: the status line under the board image, drawn in one line the board's width.
    return words.gettext("{color} to move").format(color=turn)


def missed_turns(color: Color, moves: Sequence[int], words: Words) -> str:
    """`White had no move; Black played a1, h8`: what `color` missed while it had to pass,
    `moves` oldest first."""
    text = words.gettext("{passed} had no move; {color} played {moves}")
    return text.format(
        passed=color_name(color, words),
        color=color_name(color.opponent, words),
        moves=", ".join(square_name(square) for square in moves),
    )
