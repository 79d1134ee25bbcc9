"""A puzzle's message from constructed records: a position with more moves than buttons lists
them in menus, with the Hint button still under them."""

from __future__ import annotations

from bot.domain.puzzles import Attempt, AttemptStatus, Line, Shown
from bot.engine import Game, square_name
from bot.engine.puzzle_bank import Entry
from cogs.puzzles import message
from cogs.puzzles.buttons import PuzzleHintButton, PuzzleMoveButton, PuzzleMoveSelect
from tests.gameplay.play import mobile_opening


def shown_at(transcript: str) -> Shown:
    position = Game.from_transcript(transcript).position
    entry = Entry("0f", position.to_string(), (position.legal_moves()[0],), 0, 4, frozenset(), 1500)
    attempt = Attempt(7, 1, 2, entry.id, 0, False, AttemptStatus.OPEN, None, None, 0.0, None)
    return Shown(attempt, Line.of(entry))


async def test_more_moves_than_buttons_are_listed_in_menus_beside_the_hint() -> None:
    shown = shown_at(mobile_opening(20, seed=3))
    moves = [square_name(square) for square in shown.position.legal_moves()]
    assert len(moves) > message.MAX_BUTTONS
    built = await message.question(shown)
    items = built.view.children
    selects = [item for item in items if isinstance(item, PuzzleMoveSelect)]
    assert not any(isinstance(item, PuzzleMoveButton) for item in items)
    listed = [option.value for select in selects for option in select.item.options]
    assert listed == moves
    assert selects[0].item.custom_id == "reversi:puzzle-pick:7:0:0"
    assert sum(isinstance(item, PuzzleHintButton) for item in items) == 1


async def test_a_few_moves_get_a_button_each() -> None:
    shown = shown_at("f5d6c3")
    built = await message.question(shown)
    labels = [item.item.label for item in built.view.children]
    moves = [square_name(square) for square in shown.position.legal_moves()]
    assert labels == [*moves, "Hint"]
