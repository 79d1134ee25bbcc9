"""The opening book: built from the tournament games, legal, symmetric, used by the top levels
with some variety, and left when the game leaves it."""

from __future__ import annotations

import csv
import random
from pathlib import Path

from bot.engine import Game, Position
from bot.engine.ai import LEVELS, choose_move
from bot.engine.ai.book import BOOK, book_move, book_moves, canonical, turn
from bot.engine.notation import SQUARE_NAMES, parse_transcript
from bot.engine.openings import SYMMETRIES

WTHOR = Path(__file__).parents[1] / "data" / "wthor" / "wthor_sample_games.csv"


def book_positions() -> list[tuple[int, int, list[int]]]:
    entries = []
    for line in BOOK.read_text(encoding="ascii").splitlines():
        player, opponent, *moves = line.split()
        squares = [int(move.split(":")[0]) for move in moves]
        entries.append((int(player, 16), int(opponent, 16), squares))
    return entries


def names(moves: list[int]) -> set[str]:
    return {SQUARE_NAMES[square] for square in moves}


def test_every_book_move_is_legal_in_its_position_of_the_opening() -> None:
    entries = book_positions()
    assert len(entries) > 1000
    for player, opponent, squares in entries:
        assert canonical(player, opponent)[0] == (player, opponent)
        assert not player & opponent and 4 <= (player | opponent).bit_count() <= 24
        position = Position(player, opponent)
        assert set(squares) <= set(position.legal_moves()), position


def test_the_book_holds_the_moves_the_games_played_most() -> None:
    with WTHOR.open(newline="") as handle:
        games = [row["moves"] for row in csv.DictReader(handle)]
    after_f5 = Game.from_transcript("f5").position
    replies = names([move.square for move in book_moves(after_f5.player, after_f5.opponent)])
    played = {game[2:4] for game in games}
    assert replies <= played and {"d6", "f6", "f4"} <= replies
    tiger = Game.from_transcript("f5d6c3").position  # the Tiger: d3 is its main line
    assert "d3" in names([m.square for m in book_moves(tiger.player, tiger.opponent)])


def test_a_turned_position_gets_the_turned_moves() -> None:
    position = Game.from_transcript("f5d6c3d3c4").position
    moves = book_moves(position.player, position.opponent)
    assert moves
    for symmetry in SYMMETRIES:
        turned = book_moves(turn(position.player, symmetry), turn(position.opponent, symmetry))
        assert {m.square: m for m in turned} == {
            symmetry(m.square): type(m)(symmetry(m.square), m.games, m.value) for m in moves
        }


def test_the_top_levels_play_the_opening_from_the_book_with_variety() -> None:
    start = Position.initial().to_string()
    assert [level for level, settings in LEVELS.items() if settings.book] == [4, 5]
    first = {choose_move(start, level=5, seed=seed).move for seed in range(20)}
    assert names(sorted(m for m in first if m is not None)) == {"d3", "c4", "f5", "e6"}

    lines = []
    for seed in range(30):
        game = Game()
        while True:
            position = game.position.to_string()
            result = choose_move(position, level=5, budget_ms=50, seed=seed * 61 + len(game))
            if not result.book:
                break
            assert result.nodes == 0 and result.move in game.position.legal_moves()
            game.play(result.move)
        assert not book_moves(game.position.player, game.position.opponent)
        lines.append(game.transcript())
    assert all(4 <= len(line) // 2 <= 20 for line in lines)  # the book covers 20 plies
    assert sum(len(line) // 2 for line in lines) / len(lines) >= 8
    assert len(set(lines)) >= 10  # not the same game every time


def test_out_of_book_and_at_a_fixed_depth_the_search_decides() -> None:
    rare = Game(parse_transcript("f5f4e3f6d3c2"))  # a move no game of the book played here
    assert not book_moves(rare.position.player, rare.position.opponent)
    assert not choose_move(rare.position.to_string(), level=5, budget_ms=50).book
    start = Position.initial().to_string()
    assert not choose_move(start, level=5, depth=2).book
    assert not choose_move(start, level=3, budget_ms=50).book


def test_the_book_prefers_the_better_moves() -> None:
    """Only moves within the margin of the best are drawn; the most played come most often."""
    tiger = Game.from_transcript("f5d6c3").position
    moves = book_moves(tiger.player, tiger.opponent)
    best = max(move.value for move in moves)
    rng = random.Random(1)
    drawn = [book_move(tiger.player, tiger.opponent, rng) for _ in range(200)]
    assert all(move is not None and move.value >= best - 2.0 for move in drawn)
