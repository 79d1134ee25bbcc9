"""A puzzle's message from constructed records: a position with more moves than buttons lists
them in menus, with the Hint button still under them."""

from __future__ import annotations

from bot.domain.puzzles import Attempt, AttemptStatus, Line, Shown
from bot.engine import Game, Position, square_name
from bot.engine.puzzle_bank import Entry
from bot.engine.puzzles import MAX_EMPTIES
from cogs.boards import MAX_BUTTONS
from cogs.puzzles import message
from cogs.puzzles.buttons import PuzzleHintButton, PuzzleMoveButton, PuzzleMoveSelect
from tests.aimed_puzzles import THREE_MOVES
from tests.gameplay.play import mobile_opening


def shown_at(transcript: str) -> Shown:
    return shown_in(Game.from_transcript(transcript).position)


def shown_in(position: Position) -> Shown:
    entry = Entry("0f", position.to_string(), (position.legal_moves()[0],), 0, 4, frozenset(), 1500)
    attempt = Attempt(7, 1, 2, entry.id, 0, False, AttemptStatus.OPEN, None, None, 0.0, None)
    return Shown(attempt, Line.of(entry))


async def test_more_moves_than_buttons_are_listed_in_menus_beside_the_hint() -> None:
    shown = shown_at(mobile_opening(20, seed=3))
    moves = [square_name(square) for square in shown.position.legal_moves()]
    assert len(moves) > MAX_BUTTONS
    built = await message.question(shown)
    items = built.view.children
    selects = [item for item in items if isinstance(item, PuzzleMoveSelect)]
    assert not any(isinstance(item, PuzzleMoveButton) for item in items)
    listed = [option.value for select in selects for option in select.item.options]
    assert listed == moves
    assert selects[0].item.custom_id == "reversi:puzzle-pick:7:0:0"
    assert [select.item.placeholder for select in selects] == [
        f"Choose your move ({moves[0]}-{moves[-1]})"
    ]
    assert sum(isinstance(item, PuzzleHintButton) for item in items) == 1


async def test_a_few_moves_get_a_button_each() -> None:
    shown = shown_at("f5d6c3")
    built = await message.question(shown)
    labels = [item.item.label for item in built.view.children]
    moves = [square_name(square) for square in shown.position.legal_moves()]
    assert labels == [*moves, "Hint"]


async def test_a_puzzle_verified_by_search_says_it_is_not_proven() -> None:
    deep = shown_at("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1")
    assert deep.position.empties > MAX_EMPTIES
    endgame = shown_in(Position.from_string(THREE_MOVES.position))
    said = "Checked by a deep search, not proven"
    assert said in (await message.question(deep)).content
    assert said not in (await message.question(endgame)).content
