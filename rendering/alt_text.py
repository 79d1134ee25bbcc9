"""A short description of a board for screen readers (Discord attachment descriptions)."""

from __future__ import annotations

import unicodedata

from bot.engine import Color, Position, square_name
from bot.i18n import _, ngettext
from rendering.clocks import clock_text, flag_fallen
from rendering.colours import colour_name
from rendering.options import check_clocks, check_last_move
from rendering.status import describe_status

MAX_ALT_TEXT = 1024  # Discord's limit for an attachment description
MAX_NAME = 40
_ELLIPSIS = "\u2026"


def board_alt_text(
    position: Position,
    *,
    last_move: int | None = None,
    show_legal: bool = True,
    black_name: str | None = None,
    white_name: str | None = None,
    status: str | None = None,
    passed: Color | None = None,
    clocks: tuple[float, float] | None = None,
    clock_running: Color | None = None,
) -> str:
    """E.g. `Reversi board. Black (Ann) 4 discs, White (Bo) 1 disc. Clocks: Black 4:59
    (running), White 0:07.3. Last move f5. Black to move. Legal moves: d3, f3.` Options mean
    what they mean for `render_board`."""
    check_last_move(last_move)
    check_clocks(clocks, clock_running)
    sides = _("{black}, {white}.").format(
        black=_side(Color.BLACK, black_name, position),
        white=_side(Color.WHITE, white_name, position),
    )
    parts = [_("Reversi board."), sides]
    if clocks is not None:
        black, white = (
            _clock(color, seconds, color is clock_running)
            for color, seconds in zip((Color.BLACK, Color.WHITE), clocks, strict=True)
        )
        parts.append(_("Clocks: {black}, {white}.").format(black=black, white=white))
    if last_move is not None:
        parts.append(_("Last move {square}.").format(square=square_name(last_move)))
    shown_status = _clean(
        status if status is not None else describe_status(position, passed=passed)
    )
    if shown_status:
        parts.append(shown_status if shown_status[-1] in ".!?" else f"{shown_status}.")
    moves = position.legal_moves()
    if show_legal and moves:
        listed = ", ".join(square_name(s) for s in moves)
        parts.append(_("Legal moves: {moves}.").format(moves=listed))
    return _shorten(" ".join(parts), MAX_ALT_TEXT)


def _side(color: Color, name: str | None, position: Position) -> str:
    count = position.count(color)
    shown = _shorten(_clean(name or ""), MAX_NAME)
    colour = colour_name(color)
    if not shown or shown == colour:
        text = ngettext("{color} {count} disc", "{color} {count} discs", count)
        return text.format(color=colour, count=count)
    text = ngettext("{color} ({name}) {count} disc", "{color} ({name}) {count} discs", count)
    return text.format(color=colour, name=shown, count=count)


def _clock(color: Color, seconds: float, running: bool) -> str:
    """`Black 4:59`, `Black 4:59 (running)`, `White 0:00 (out of time)`."""
    clock = clock_text(seconds)
    if flag_fallen(seconds):
        text = _("{color} {clock} (out of time)")
    elif running:
        text = _("{color} {clock} (running)")
    else:
        text = _("{color} {clock}")
    return text.format(color=colour_name(color), clock=clock)


def _clean(text: str) -> str:
    """One line: control characters become spaces, runs of spaces one space."""
    spaced = "".join(" " if unicodedata.category(c) == "Cc" else c for c in text)
    return " ".join(spaced.split())


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + _ELLIPSIS
