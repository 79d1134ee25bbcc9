"""The default status line: turn, pass, result."""

from __future__ import annotations

from bot.engine import Color, Game, Position
from rendering import describe_status
from rendering.gallery import GAME, PASS_PLY


def test_turns() -> None:
    assert describe_status(Position.initial()) == "Black to move"
    assert describe_status(Game.from_transcript("f5").position) == "White to move"


def test_a_pass_just_made() -> None:
    ply = Game.from_transcript(GAME).plies[PASS_PLY - 1]
    assert ply.passed is Color.WHITE
    assert describe_status(ply.after, passed=ply.passed) == "White has no move: Black to move again"


def test_a_pass_to_make() -> None:
    # White to move has no move; black still has h1.
    position = Position.from_string("X" * 56 + "XXXXXXO- O")
    assert position.must_pass()
    assert describe_status(position) == "White has no move and must pass"


def test_results() -> None:
    assert describe_status(Game.from_transcript(GAME).position) == "Black wins 34-30"
    assert describe_status(Position.from_string("X" * 32 + "O" * 32 + " X")) == "Draw 32-32"
