"""Puzzles from tournament games' endgames, each step checked against a plain minimax on the
reference board (which shares no code with the engine), and themes read from crafted boards."""

from __future__ import annotations

import copy
import csv
import itertools
from functools import cache
from pathlib import Path

import pytest

from bot.engine import Game, Position, puzzles
from bot.engine.puzzles import (
    MARGIN,
    MAX_VERIFIED_EMPTIES,
    VERIFY_DEPTHS,
    WIDE_MARGIN,
    PuzzleTheme,
    decisive,
    estimated_values,
    find,
    puzzle_id,
    refutation,
    region_sizes,
)

from .reference import BLACK, EMPTY, WHITE, ReferenceBoard

GAMES = Path(__file__).parents[1] / "data" / "wthor" / "wthor_sample_games.csv"


def reference_board(position: Position) -> ReferenceBoard:
    board = ReferenceBoard()
    text = position.board_string()
    board.cells = [[text[r * 8 + c].replace("-", EMPTY) for c in range(8)] for r in range(8)]
    board.turn = BLACK if position.to_string().endswith("X") else WHITE
    return board


def exact(board: ReferenceBoard) -> int:
    """The final disc difference for the side to move with perfect play, empties to the
    winner."""
    me = board.turn
    moves = board.moves(me)
    if not moves:
        if board.over():
            mine, theirs = board.count(me), board.count(board.other(me))
            empties = 64 - mine - theirs
            diff = mine - theirs
            return diff + empties if diff > 0 else diff - empties if diff < 0 else 0
        passed = copy.deepcopy(board)
        passed.pass_turn()
        return -exact(passed)
    best = -65
    for row, col in moves:
        child = copy.deepcopy(board)
        child.play(row, col)
        best = max(best, -exact(child))
    return best


def reference_values(position: Position) -> dict[int, int]:
    board = reference_board(position)
    values = {}
    for row, col in board.moves(board.turn):
        child = copy.deepcopy(board)
        child.play(row, col)
        values[row * 8 + col] = -exact(child)
    return values


@cache
def endgames(empties: int, count: int) -> list[Position]:
    """Positions with `empties` empty squares from the sample's games, their side to move
    able to move."""
    found = []
    with GAMES.open() as file:
        for row in itertools.islice(csv.DictReader(file), 200):
            moves = row["moves"]
            for end in range(0, len(moves), 2):
                position = Game.from_transcript(moves[:end]).position
                if position.empties == empties and position.has_legal_move():
                    found.append(position)
                    break
            if len(found) == count:
                break
    return found


@pytest.mark.parametrize("position", endgames(9, 12), ids=lambda p: puzzle_id(p.to_string()))
def test_every_step_is_the_one_move_that_keeps_the_best_result(position: Position) -> None:
    puzzle = find(position)
    values = reference_values(position)
    ranked = sorted(values.values(), reverse=True)
    if len(ranked) < 2 or not decisive(ranked[0], ranked[1]):
        assert puzzle is None
        return
    assert puzzle is not None
    current = position
    for step in puzzle.steps:
        values = reference_values(current)
        assert values[step.solution] == step.score == max(values.values())
        others = [value for square, value in values.items() if square != step.solution]
        assert max(others) == step.runner_up
        assert decisive(step.score, step.runner_up)
        after = current.play(step.solution)
        if step.reply is None:
            assert not after.has_legal_move()
            current = after.pass_turn() if not after.is_game_over() else after
            continue
        replies = reference_values(after)
        assert replies[step.reply] == max(replies.values())
        current = after.play(step.reply)
    assert puzzle.score == puzzle.steps[0].score
    assert puzzle.margin >= min(MARGIN, 1)


def test_the_sample_gives_puzzles_and_not_every_position_is_one() -> None:
    positions = endgames(9, 12)
    found = [find(position) for position in positions]
    assert 0 < sum(puzzle is not None for puzzle in found) < len(positions)


def test_a_puzzle_is_known_by_its_position() -> None:
    position = endgames(9, 12)[0]
    assert puzzle_id(position.to_string()) == puzzle_id(position.to_string())
    assert len(puzzle_id(position.to_string())) == 10
    other = endgames(9, 12)[1]
    assert puzzle_id(position.to_string()) != puzzle_id(other.to_string())


def test_regions_join_empty_squares_through_their_sides() -> None:
    rows = [
        "--XXXXX-",  # a1 b1 together (2), h1 alone but joined to h2
        "XXXXXXX-",
        "XXXXXXXX",
        "XXXXXXXX",
        "XXXXXXXX",
        "XXXXXXXX",
        "XXXXXXOX",
        "XXXXXXX-",  # h8 alone: g7 (a disc) does not join it to anything
    ]
    sizes = region_sizes(Position.from_string("".join(rows) + " O"))
    assert sizes == {0: 2, 1: 2, 7: 2, 15: 2, 63: 1}


def test_themes_are_read_from_the_position() -> None:
    """White takes the corner a1 with the move that flips least, Black has no answer, and
    White then takes h8: a two-step line won by 8 discs. Every empty square is a region of
    one, so there is no parity to play for."""
    position = Position.from_string(
        "-OXXXOXOOXXXX-XOXXXXXXXXOXOOXXXXXXXXOXOXOOXOOXOXXXXXXXXXXXXXXXX- O"
    )
    puzzle = find(position)

    assert puzzle is not None
    assert [step.solution for step in puzzle.steps] == [0, 63]
    assert reference_values(position)[0] == puzzle.score == 8
    assert puzzle.themes == {PuzzleTheme.CORNER, PuzzleTheme.PASS, PuzzleTheme.QUIET}
    assert puzzle.line == (0, 63)


MIDDLE_GAME = "-------------O---OOOOO---OOOOOOX--OOOOXX--OOOXXX--OXOO----XXXOO- X"
"""30 empty squares, from a tournament game: Black takes h8, and every other move falls far
behind by every search."""


def test_a_middle_game_puzzle_is_verified_by_searches_that_agree_by_a_wide_margin() -> None:
    position = Position.from_string(MIDDLE_GAME)
    puzzle = find(position)

    assert puzzle is not None
    assert not puzzle.proven
    assert puzzle.steps[0].solution == 63
    for depth in VERIFY_DEPTHS:
        values = estimated_values(position, depth)
        others = [value for square, value in values.items() if square != 63]
        assert values[63] - max(others) >= WIDE_MARGIN
    assert puzzle.score == estimated_values(position, VERIFY_DEPTHS[-1])[63]


def test_searches_that_disagree_make_no_puzzle(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deepest search alone would keep h8, by a wide margin; a shallower one prefers
    another move."""
    position = Position.from_string(MIDDLE_GAME)
    searched = estimated_values

    def shallow_prefers_another(at: Position, depth: int) -> dict[int, int]:
        values = searched(at, depth)
        if depth == VERIFY_DEPTHS[0] and at == position:
            values[min(values)] = values[63] + WIDE_MARGIN
        return values

    monkeypatch.setattr(puzzles, "estimated_values", shallow_prefers_another)
    assert find(position) is None


def test_an_opening_is_too_deep_to_verify() -> None:
    position = Game.from_transcript("f5d6c3d3c4").position
    assert position.empties > MAX_VERIFIED_EMPTIES
    assert find(position) is None


@pytest.mark.parametrize("position", endgames(9, 4), ids=lambda p: puzzle_id(p.to_string()))
def test_a_move_in_an_endgame_is_refuted_exactly(position: Position) -> None:
    values = reference_values(position)
    for move, value in values.items():
        reply, score, exact = refutation(position, move)
        assert exact
        assert score == value
        after = position.play(move)
        if reply is None:
            assert not after.has_legal_move()
            continue
        replies = reference_values(after)
        assert replies[reply] == max(replies.values())
        assert reply == min(square for square, v in replies.items() if v == replies[reply])


def test_a_wrong_move_in_a_middle_game_puzzle_is_refuted_by_the_search() -> None:
    position = Position.from_string(MIDDLE_GAME)
    puzzle = find(position)
    assert puzzle is not None
    wrong = min(square for square in position.legal_moves() if square != 63)

    reply, score, exact = refutation(position, wrong)

    assert not exact
    assert reply is not None and position.play(wrong).is_legal(reply)
    assert score <= puzzle.score - WIDE_MARGIN
