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


def test_the_moves_missed_while_passing() -> None:
    game = Game.from_transcript(GAME)
    passing, again = game.plies[PASS_PLY - 1], game.plies[PASS_PLY]
    assert passing.passed is Color.WHITE and again.color is Color.BLACK
    missed = describe_status(again.after, last_move=again.square, earlier_moves=[passing.square])
    assert missed == "White had no move; Black played h7, a7"
    three = describe_status(again.after, last_move=again.square, earlier_moves=[0, 1])
    assert three == "White had no move; Black played a1, b1, a7"
    assert describe_status(again.after, last_move=again.square) == "White to move"


def test_a_pass_to_make() -> None:
    # White to move has no move; black still has h1.
    position = Position.from_string("X" * 56 + "XXXXXXO- O")
    assert position.must_pass()
    assert describe_status(position) == "White has no move and must pass"


def test_results() -> None:
    assert describe_status(Game.from_transcript(GAME).position) == "Black wins 34-30"
    assert describe_status(Position.from_string("X" * 32 + "O" * 32 + " X")) == "Draw 32-32"
