"""Alt text: short, complete, and within Discord's 1024 characters."""

from __future__ import annotations

import pytest

from bot.engine import Color, Game, Position
from rendering import board_alt_text
from rendering.alt_text import MAX_ALT_TEXT
from rendering.gallery import GAME, PASS_PLY


def test_initial_position() -> None:
    assert board_alt_text(Position.initial()) == (
        "Reversi board. Black 2 discs, White 2 discs. Black to move. Legal moves: d3, c4, f5, e6."
    )


def test_names_last_move_and_hidden_hints() -> None:
    game = Game.from_transcript("f5")
    text = board_alt_text(
        game.position,
        last_move=game.plies[0].square,
        black_name="Ann\nLee",
        white_name="Bo",
        show_legal=False,
    )
    assert text == (
        "Reversi board. Black (Ann Lee) 4 discs, White (Bo) 1 disc. Last move f5. White to move."
    )


def test_pass_and_result() -> None:
    game = Game.from_transcript(GAME)
    ply = game.plies[PASS_PLY - 1]
    assert "White has no move: Black to move again." in board_alt_text(
        ply.after, passed=Color.WHITE
    )
    final = board_alt_text(game.position)
    assert final.endswith("Black 34 discs, White 30 discs. Black wins 34-30.")
    assert "Legal moves" not in final


def test_the_moves_missed_while_passing() -> None:
    game = Game.from_transcript(GAME)
    passing, again = game.plies[PASS_PLY - 1], game.plies[PASS_PLY]
    text = board_alt_text(again.after, last_move=again.square, earlier_moves=[passing.square])
    assert "Last move a7. White had no move; Black played h7, a7. Legal moves:" in text


def test_huge_inputs_stay_within_the_limit() -> None:
    text = board_alt_text(
        Position.initial(), black_name="名" * 5000, white_name="x" * 5000, status="s" * 5000
    )
    assert len(text) <= MAX_ALT_TEXT
    assert "Black (" + "名" * 39 + "\u2026) 2 discs" in text


def test_bad_last_move() -> None:
    with pytest.raises(ValueError, match=r"^last_move must be a square index 0\.\.63"):
        board_alt_text(Position.initial(), last_move=99)
    with pytest.raises(ValueError, match=r"^earlier_moves come before a last_move"):
        board_alt_text(Position.initial(), earlier_moves=[19])
