"""A short description of a board for screen readers (Discord attachment descriptions)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from bot.engine import Color, Position, square_name
from rendering.clocks import clock_text, flag_fallen
from rendering.options import check_clocks, check_earlier_moves, check_last_move
from rendering.status import describe_status
from rendering.words import ENGLISH, Words, color_name

MAX_ALT_TEXT = 1024  # Discord's limit for an attachment description
MAX_NAME = 40
_ELLIPSIS = "\u2026"


def board_alt_text(
    position: Position,
    *,
    last_move: int | None = None,
    earlier_moves: Sequence[int] = (),
    show_legal: bool = True,
    black_name: str | None = None,
    white_name: str | None = None,
    status: str | None = None,
    passed: Color | None = None,
    clocks: tuple[float, float] | None = None,
    clock_running: Color | None = None,
    words: Words = ENGLISH,
) -> str:
    """E.g. `Reversi board. Black (Ann) 4 discs, White (Bo) 1 disc. Clocks as the turn began:
    Black 4:59 (running), White 0:07.3. Last move f5. Black to move. Legal moves: d3, f3.`
    Options mean what they mean for `render_board`; `words` are the words it is written in."""
    check_last_move(last_move)
    check_earlier_moves(earlier_moves, last_move)
    check_clocks(clocks, clock_running)
    sides = words.gettext("{black}, {white}.").format(
        black=_side(Color.BLACK, black_name, position, words),
        white=_side(Color.WHITE, white_name, position, words),
    )
    parts = [words.gettext("Reversi board."), sides]
    if clocks is not None:
        black, white = (
            _clock(color, seconds, color is clock_running, words)
            for color, seconds in zip((Color.BLACK, Color.WHITE), clocks, strict=True)
        )
        if clock_running is None:
            clocks_text = words.gettext("Clocks: {black}, {white}.")
        else:  # the text, like the image, does not tick
            clocks_text = words.gettext("Clocks as the turn began: {black}, {white}.")
        parts.append(clocks_text.format(black=black, white=white))
    if last_move is not None:
        parts.append(words.gettext("Last move {square}.").format(square=square_name(last_move)))
    if status is None:
        status = describe_status(
            position,
            passed=passed,
            last_move=last_move,
            earlier_moves=earlier_moves,
            words=words,
        )
    shown_status = clean(status)
    if shown_status:
        parts.append(shown_status if shown_status[-1] in ".!?" else f"{shown_status}.")
    moves = position.legal_moves()
    if show_legal and moves:
        listed = ", ".join(square_name(s) for s in moves)
        parts.append(words.gettext("Legal moves: {moves}.").format(moves=listed))
    return shorten(" ".join(parts), MAX_ALT_TEXT)


def _side(color: Color, name: str | None, position: Position, words: Words) -> str:
    count = position.count(color)
    shown = shorten(clean(name or ""), MAX_NAME)
    color_text = color_name(color, words)
    if not shown or shown == color_text:
        text = words.ngettext("{color} {count} disc", "{color} {count} discs", count)
        return text.format(color=color_text, count=count)
    text = words.ngettext("{color} ({name}) {count} disc", "{color} ({name}) {count} discs", count)
    return text.format(color=color_text, name=shown, count=count)


def _clock(color: Color, seconds: float, running: bool, words: Words) -> str:
    """`Black 4:59`, `Black 4:59 (running)`, `White 0:00 (out of time)`."""
    clock = clock_text(seconds)
    if flag_fallen(seconds):
        text = words.gettext("{color} {clock} (out of time)")
    elif running:
        text = words.gettext("{color} {clock} (running)")
    else:
        text = words.gettext("{color} {clock}")
    return text.format(color=color_name(color, words), clock=clock)


def clean(text: str) -> str:
    """One line: control characters become spaces, runs of spaces one space."""
    spaced = "".join(" " if unicodedata.category(c) == "Cc" else c for c in text)
    return " ".join(spaced.split())


def shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + _ELLIPSIS
