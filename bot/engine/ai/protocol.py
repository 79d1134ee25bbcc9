"""A line protocol so that other programs can play against the engine at full strength.

Each request `position <64 chars a1..h8 X/O/-> <X|O> <milliseconds>` is answered by
`move <square>` (`move pass` when the side to move has none); a malformed request gets
`error <reason>` and the session goes on. `quit` (or the end of input) ends it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.engine.ai.player import choose_move
from bot.engine.notation import SQUARE_NAMES

_USAGE = "expected: position <64 chars a1..h8 of X, O, -> <X|O> <milliseconds>"


def answer(line: str) -> str:
    """The reply to one request line."""
    parts = line.split()
    if len(parts) != 4 or parts[0] != "position":
        return f"error {_USAGE}"
    try:
        budget_ms = int(parts[3])
    except ValueError:
        return f"error the time must be a whole number of milliseconds, not {parts[3]!r}"
    try:
        result = choose_move(
            f"{parts[1]} {parts[2]}", level=5, budget_ms=budget_ms, until_budget=True
        )
    except ValueError as error:
        return f"error {error}"
    return "move pass" if result.move is None else f"move {SQUARE_NAMES[result.move]}"


def serve(lines: Iterable[str], write: Callable[[str], None]) -> None:
    """Answer each request in `lines` until `quit`; blank lines are ignored."""
    for line in lines:
        request = line.strip()
        if not request:
            continue
        if request == "quit":
            return
        write(answer(request))
