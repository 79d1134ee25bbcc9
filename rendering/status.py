"""The one-line status under a board: whose turn, a pass, or the result."""

from __future__ import annotations

from bot.engine import Color, Position
from rendering.results import result_text
from rendering.words import ENGLISH, Words, colour_name


def describe_status(
    position: Position, *, passed: Color | None = None, words: Words = ENGLISH
) -> str:
    """E.g. `Black to move`, `White has no move: Black to move again`, `Black wins 34-30`,
    `Black wins 40-24 (36-24 on the board)`.

    `passed` names the side that just had to pass (as `Ply.passed` records it). A position
    whose side to move must pass now says so too.
    """
    result = position.result()
    if result is not None:
        return result_text(result, words=words)
    turn = colour_name(position.turn, words)
    if position.must_pass():
        return words.gettext("{color} has no move and must pass").format(color=turn)
    if passed is not None:
        text = words.gettext("{passed} has no move: {color} to move again")
        return text.format(passed=colour_name(passed, words), color=turn)
    return words.gettext("{color} to move").format(color=turn)
