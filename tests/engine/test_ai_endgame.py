"""The exact solver against the FFO endgame suite and against a plain minimax."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.engine import Position, square_name
from bot.engine.ai import solve
from bot.engine.ai.endgame import EndgameSearch, final_score, solve_bitboards
from bot.engine.bitboard import flips, legal_moves

FFO = Path(__file__).resolve().parent.parent / "data" / "ffo" / "ffo_endgame_1_79.jsonl"
# The quicker of FFO #1-#19 (about five seconds together); benchmarks/ai.py solves all 19.
QUICK = (1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 17)


def _ffo() -> dict[int, dict[str, object]]:
    with FFO.open() as handle:
        return {entry["id"]: entry for entry in map(json.loads, handle)}


@pytest.mark.parametrize("number", QUICK)
def test_solver_finds_the_exact_score_and_every_best_move_of_ffo(number: int) -> None:
    entry = _ffo()[number]
    solution = solve(f"{entry['board']} {entry['to_move']}")
    assert solution.score == entry["best_score"]
    assert sorted(square_name(s) for s in solution.moves) == entry["best_moves"]


def _minimax(player: int, opponent: int) -> int:
    """Every line to the end, no pruning: the reference the solver must agree with."""
    moves = legal_moves(player, opponent)
    if not moves:
        if not legal_moves(opponent, player):
            return final_score(player, opponent)
        return -_minimax(opponent, player)
    best = -65
    for square in range(64):
        if moves >> square & 1:
            flipped = flips(player, opponent, square)
            best = max(best, -_minimax(opponent ^ flipped, player | flipped | 1 << square))
    return best


def _random_endgames(count: int, empties: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = Position.initial()
        while position.empties > empties and not position.is_game_over():
            if position.must_pass():
                position = position.pass_turn()
            else:
                position = position.play(rng.choice(position.legal_moves()))
        if not position.is_game_over():
            found.append(position)
    return found


@pytest.mark.parametrize("empties", [1, 2, 5, 7, 8])
def test_solver_agrees_with_minimax_on_random_endgames(empties: int) -> None:
    for position in _random_endgames(10, empties, seed=empties):
        expected = _minimax(position.player, position.opponent)
        solution = solve(position)
        assert solution.score == expected, position
        for move in solution.moves:
            child = position.play(move)
            assert -_minimax(child.player, child.opponent) == expected


def test_bounds_outside_the_window_point_the_right_way() -> None:
    for position in _random_endgames(6, 8, seed=99):
        exact = _minimax(position.player, position.opponent)
        for alpha, beta in [(-65, 65), (-3, 3), (10, 11), (-20, -19), (exact - 1, exact + 1)]:
            value = EndgameSearch().score(position.player, position.opponent, alpha, beta)
            if value <= alpha:
                assert exact <= value
            elif value >= beta:
                assert exact >= value
            else:
                assert exact == value


def test_final_score_gives_the_empties_to_the_winner() -> None:
    assert final_score(0b111, 0b1) == 64 - 2
    assert final_score(0b1, 0b111) == 2 - 64
    assert final_score(0b11, 0b1100) == 0


def test_a_forced_pass_has_no_best_move_but_an_exact_score() -> None:
    # White to move has no move on this board; black takes h8 and wins 64-0.
    position = Position.from_string("X" * 61 + "O--" + " O")
    assert position.must_pass()
    solution = solve(position)
    assert solution.moves == ()
    assert solution.score == -64


def test_solver_rejects_a_malformed_position() -> None:
    with pytest.raises(ValueError, match="64 characters"):
        solve("XO X")


def test_single_best_mode_returns_one_of_the_best_moves() -> None:
    entry = _ffo()[4]
    position = Position.from_string(f"{entry['board']} {entry['to_move']}")
    solution = solve_bitboards(position.player, position.opponent, all_best=False)
    assert len(solution.moves) == 1
    assert square_name(solution.moves[0]) in entry["best_moves"]
    assert solution.score == entry["best_score"]
