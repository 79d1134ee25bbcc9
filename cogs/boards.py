"""What a game's message and a puzzle's share: the board image they attach, and the buttons (or
menus) of the moves to play on it."""

from __future__ import annotations

import io
from dataclasses import dataclass

import discord

from cogs.buttons import SquareButton, SquareSelect


@dataclass(frozen=True, slots=True)
class BoardMessage:
    """A rendered board's message; `file()` makes a fresh attachment each time it is sent."""

    content: str
    image: bytes
    filename: str
    description: str
    view: discord.ui.View

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.image), self.filename, description=self.description)


MAX_BUTTONS = 20
"""Four rows of five; the fifth row holds the message's own button (Resign, Hint)."""
SELECT_OPTIONS = 25
"""Discord's limit of options in a select menu."""


def add_moves(
    view: discord.ui.View,
    moves: list[str],
    record_id: int,
    step: int,
    button: type[SquareButton],
    select: type[SquareSelect],
) -> None:
    """A button for each move, in rows of five, or past `MAX_BUTTONS` menus of them."""
    if len(moves) <= MAX_BUTTONS:
        for index, name in enumerate(moves):
            view.add_item(button(record_id, step, name, row=index // 5))
    else:
        for part, start in enumerate(range(0, len(moves), SELECT_OPTIONS)):
            chunk = moves[start : start + SELECT_OPTIONS]
            view.add_item(select(record_id, step, part, chunk, row=part))
