"""The one-line status under a board: whose turn, a pass, or the result."""

from __future__ import annotations

from bot.engine import Color, Position
from bot.i18n import _
from rendering.colours import colour_name
from rendering.results import result_text


def describe_status(position: Position, *, passed: Color | None = None) -> str:
    """E.g. `Black to move`, `White has no move: Black to move again`, `Black wins 34-30`,
    `Black wins 40-24 (36-24 on the board)`.

    `passed` names the side that just had to pass (as `Ply.passed` records it). A position
    whose side to move must pass now says so too.
    """
    result = position.result()
    if result is not None:
        return result_text(result)
    turn = colour_name(position.turn)
    if position.must_pass():
        return _("{color} has no move and must pass").format(color=turn)
    if passed is not None:
        text = _("{passed} has no move: {color} to move again")
        return text.format(passed=colour_name(passed), color=turn)
    return _("{color} to move").format(color=turn)
