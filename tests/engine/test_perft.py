"""Perft from the start against the published numbers, and against the reference implementation."""

import random

import pytest

from bot.engine import Game, Position, perft
from bot.engine.bitboard import legal_moves, nonempty_slots

from .reference import ReferenceBoard

PUBLISHED = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216]


@pytest.mark.parametrize("depth", range(len(PUBLISHED)))
def test_perft_matches_published_numbers(depth: int) -> None:
    assert perft(depth) == PUBLISHED[depth]


def reference_perft(board: ReferenceBoard, depth: int) -> int:
    if depth == 0:
        return 1
    moves = board.moves(board.turn)
    if not moves:
        if board.over():
            return 1
        child = ReferenceBoard()
        child.cells = [row[:] for row in board.cells]
        child.turn = board.turn
        child.pass_turn()
        return reference_perft(child, depth - 1)
    total = 0
    for row, col in moves:
        child = ReferenceBoard()
        child.cells = [line[:] for line in board.cells]
        child.turn = board.turn
        child.play(row, col)
        total += reference_perft(child, depth - 1)
    return total


def test_perft_matches_reference_from_late_positions_with_passes_and_endings() -> None:
    """Late positions are where passes and early ends fall inside the counted tree."""
    rng = random.Random(7)
    for _ in range(12):
        game = Game()
        for _ in range(rng.randrange(44, 54)):
            if game.is_over():
                break
            game.play(rng.choice(game.position.legal_moves()))
        reference = ReferenceBoard()
        rows = game.position.board_string()
        reference.cells = [list(rows[r * 8 : r * 8 + 8].replace("-", ".")) for r in range(8)]
        reference.turn = game.position.turn.symbol
        assert perft(4, game.position) == reference_perft(reference, 4)


def test_packed_positions_get_the_moves_each_gets_alone() -> None:
    """Perft's last ply packs sibling positions into one integer: no move may leak between them."""
    rng = random.Random(11)
    positions = []
    while len(positions) < 400:
        game = Game()
        for _ in range(rng.randrange(0, 60)):
            if game.is_over():
                break
            game.play(rng.choice(game.position.legal_moves()))
        positions.append(game.position)
    for _ in range(200):
        group = rng.sample(positions, rng.randrange(1, 34))
        players = sum(p.player << 64 * i for i, p in enumerate(group))
        opponents = sum(p.opponent << 64 * i for i, p in enumerate(group))
        moves = legal_moves(players, opponents, len(group))
        alone = [legal_moves(p.player, p.opponent) for p in group]
        assert moves == sum(m << 64 * i for i, m in enumerate(alone))
        assert nonempty_slots(moves, len(group)) == sum(1 for m in alone if m)


def test_perft_of_a_finished_game_is_one_leaf() -> None:
    finished = Position.from_string("X" * 64 + " O")
    assert perft(5, finished) == 1


@pytest.mark.parametrize("depth", [-1, 61])
def test_perft_rejects_a_depth_outside_0_to_60(depth: int) -> None:
    """The native core's bound, checked before either engine counts."""
    with pytest.raises(ValueError, match="depth must be from 0 to 60"):
        perft(depth)
