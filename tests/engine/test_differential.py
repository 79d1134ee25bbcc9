"""The bitboard engine against the plain reference, ply by ply, over many seeded random games."""

import random

from bot.engine import Color, Game, square_name

from .reference import BLACK, ReferenceBoard

GAMES = 2000


def play_both(seed: int) -> tuple[int, int]:
    """Play one random game on both implementations, comparing everything.

    Returns the game's length and its number of passes.
    """
    rng = random.Random(seed)
    game = Game()
    reference = ReferenceBoard()
    moves = reference.moves(reference.turn)
    plies = passes = 0
    while True:
        position = game.position
        expected_turn = Color.BLACK if reference.turn == BLACK else Color.WHITE
        assert position.turn is expected_turn, (seed, plies)
        assert position.board_string() == reference.board_string(), (seed, plies)
        assert position.legal_moves() == [r * 8 + c for r, c in moves], (seed, plies)
        if not moves:  # after forced passes are made, no move for the side to move means the end
            assert reference.over() and position.is_game_over()
            result = position.result()
            assert result is not None
            assert result.black_discs == reference.count("X")
            assert result.white_discs == reference.count("O")
            return plies, passes
        assert not position.is_game_over()
        row, col = rng.choice(moves)
        square = row * 8 + col
        expected_flips = sum(1 << (r * 8 + c) for r, c in reference.flips(row, col, reference.turn))
        assert position.flips(square) == expected_flips, (seed, plies, square_name(square))
        reference.play(row, col)
        ply = game.play(square)
        assert ply.flipped == expected_flips
        moves = reference.moves(reference.turn)
        if not moves and reference.moves(reference.other(reference.turn)):
            assert ply.passed is expected_turn.opponent
            reference.pass_turn()
            passes += 1
            moves = reference.moves(reference.turn)
        else:
            assert ply.passed is None
        plies += 1


def test_engine_matches_reference_over_random_games() -> None:
    lengths, passes = zip(*(play_both(seed) for seed in range(GAMES)), strict=True)
    # The sample reaches short and full games, and games with passes.
    assert min(lengths) < 55 and max(lengths) == 60
    assert sum(1 for count in passes if count) > 50
