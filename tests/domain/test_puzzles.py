"""A puzzle's line walked on the board, the hint's quadrant and an attempt's score."""

from __future__ import annotations

from bot.domain.puzzles import Line, Quadrant, attempt_score
from bot.engine.notation import parse_square
from bot.engine.puzzle_bank import bank

ENTRIES = {entry.id: entry for entry in bank()}


def test_a_line_alternates_moves_and_replies() -> None:
    line = Line.of(ENTRIES["1228751dac"])  # a4 a7 b2 b3 f1
    assert line.ours == (True, False, True, False, True)
    assert [line.next_move(step) for step in (0, 2, 4)] == [2, 4, None]
    assert line.replies(0) == (parse_square("a7"),)
    assert line.replies(4) == ()
    for step, square in enumerate(line.entry.line):
        assert line.positions[step].is_legal(square)
        assert line.positions[step + 1] == line.positions[step].play(square)


def test_a_line_passes_for_a_side_left_without_a_move() -> None:
    line = Line.of(ENTRIES["bbb5a7c3f2"])  # the first move leaves the opponent no move
    assert line.ours == (True, True, False, True)
    assert line.next_move(0) == 1 and line.replies(0) == ()
    assert line.next_move(1) == 3 and line.replies(1) == (line.entry.line[2],)
    assert line.positions[1].turn is line.positions[0].turn
    assert line.positions[1] == line.positions[0].play(line.entry.line[0]).pass_turn()


def test_a_hint_names_the_quarter_of_the_board() -> None:
    assert [Quadrant.of(parse_square(name)) for name in ("a1", "d4", "e1", "h4")] == [
        Quadrant.TOP_LEFT,
        Quadrant.TOP_LEFT,
        Quadrant.TOP_RIGHT,
        Quadrant.TOP_RIGHT,
    ]
    assert [Quadrant.of(parse_square(name)) for name in ("a5", "d8", "e5", "h8")] == [
        Quadrant.BOTTOM_LEFT,
        Quadrant.BOTTOM_LEFT,
        Quadrant.BOTTOM_RIGHT,
        Quadrant.BOTTOM_RIGHT,
    ]


def test_a_hinted_solve_counts_half() -> None:
    assert attempt_score(solved=True, hinted=False) == 1.0
    assert attempt_score(solved=True, hinted=True) == 0.5
    assert attempt_score(solved=False, hinted=True) == 0.0
