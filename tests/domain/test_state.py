"""GameState: which moves the player to move has not seen."""

from __future__ import annotations

from bot.domain import GameState
from bot.engine import square_name
from rendering.gallery import GAME, PASS_PLY
from tests.cogs.test_game_texts import record


def unseen(transcript: str) -> list[str]:
    return [square_name(ply.square) for ply in GameState.of(record(transcript, None)).unseen]


def test_the_last_move_alone_is_unseen_after_a_move() -> None:
    assert unseen("") == []
    assert unseen("f5") == ["f5"]
    assert unseen("f5d6") == ["d6"]


def test_every_move_made_while_the_other_side_passed_is_unseen_until_it_moves() -> None:
    passing = GAME[: 2 * PASS_PLY]  # Black's h7 leaves White without a move
    assert unseen(passing) == ["h7"]
    assert unseen(GAME[: 2 * (PASS_PLY + 1)]) == ["h7", "a7"]
    assert unseen(GAME[: 2 * (PASS_PLY + 2)]) == ["a8"]  # White moved again
