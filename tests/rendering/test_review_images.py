"""The review's pictures: the evaluation graph and the board of a move, with their alt text."""

from __future__ import annotations

from PIL import Image

from bot.engine import Game, parse_square
from bot.engine.ai.analysis import PositionAnalysis
from bot.engine.review import Mark, Review, build_review
from rendering.alt_text import MAX_ALT_TEXT
from rendering.layout import Layout
from rendering.review_board import (
    REVIEW_BOARD_SIZE,
    render_review_board,
    review_board_alt_text,
)
from rendering.review_graph import (
    HEIGHT,
    MARK_COLOURS,
    WIDTH,
    render_review_graph,
    review_graph_alt_text,
)
from rendering.themes import RGB, THEMES
from tests.rendering.images import cell_colours, decode, distance

TIGER = "f5d6c3d3c4f4"
CLASSIC = THEMES["classic"]


def review(values: list[tuple[float, float]], *, outcome: int | None = None) -> Review:
    """A review of the Tiger's six moves with the given (best, played) values, from the side to
    move's view; the best move is always the one played unless the values differ."""
    game = Game.from_transcript(TIGER)
    analyses = []
    for ply, (best, played) in zip(game.plies, values, strict=True):
        other = next(s for s in ply.before.legal_moves() if s != ply.square)
        best_move = ply.square if best == played else other
        analyses.append(PositionAnalysis(best_move, best, ply.square, played, False, 5, 99))
    return build_review(game, analyses, outcome)


def share(image: Image.Image, colour: RGB) -> float:
    pixels = list(image.convert("RGB").get_flattened_data())
    return sum(distance(pixel, colour) <= 3 for pixel in pixels) / len(pixels)


def test_the_graph_fills_black_s_advantage_black_and_white_s_white() -> None:
    black_ahead = review([(12.0, 12.0), (-12.0, -12.0)] * 3)
    white_ahead = review([(-12.0, -12.0), (12.0, 12.0)] * 3)

    ahead = decode(render_review_graph(black_ahead))
    behind = decode(render_review_graph(white_ahead))

    assert ahead.size == behind.size == (WIDTH, HEIGHT)
    assert share(ahead, CLASSIC.black_disc) > 0.1 > share(ahead, CLASSIC.white_disc)
    assert share(behind, CLASSIC.white_disc) > 0.1 > share(behind, CLASSIC.black_disc)


def test_the_graph_marks_moves_by_their_marks() -> None:
    quiet = decode(render_review_graph(review([(2.0, 2.0), (-2.0, -2.0)] * 3)))
    blundered = decode(render_review_graph(review([(2.0, 2.0), (-2.0, -2.0)] * 2 + [(2, -20)] * 2)))

    # The legend shows every mark's colour once; a blunder adds its dots to the graph.
    assert share(blundered, MARK_COLOURS[Mark.BLUNDER]) > share(quiet, MARK_COLOURS[Mark.BLUNDER])
    assert share(quiet, MARK_COLOURS[Mark.BEST]) > share(blundered, MARK_COLOURS[Mark.BEST])


def test_the_graph_alt_text_tells_the_story() -> None:
    blundered = review(
        [(2.0, 2.0), (-2.0, -2.0), (3.0, 3.0), (-3, -3), (3, -20), (20, 20)], outcome=-1
    )
    text = review_graph_alt_text(blundered, black_name="Ann", white_name="Bo\n" * 400)

    assert len(text) <= MAX_ALT_TEXT
    assert text.startswith("Graph of Black's advantage in discs after each of the 6 moves of Ann")
    long_names = review_graph_alt_text(blundered, black_name="Ann", white_name="Bo")
    assert "Turning point: move 5, Black c4." in long_names
    assert "White is furthest ahead after move 5, by 20 discs." in long_names
    assert "Black: 0 inaccuracies, 0 mistakes, 1 blunder." in long_names


def test_a_move_s_board_shows_the_move_played_and_the_best_one() -> None:
    blundered = review([(2.0, 2.0)] * 4 + [(3.0, -9.0), (1.0, 1.0)])
    move = blundered.move(5)
    assert move.mark is Mark.BLUNDER and move.best_move != move.square
    image = decode(render_review_board(move, black_name="Ann", white_name="Bo"))
    layout = Layout.for_width(REVIEW_BOARD_SIZE)

    def ringed(image: Image.Image, square: int, colour: RGB) -> bool:
        return any(distance(c, colour) <= 12 for c in cell_colours(image, layout, square))

    assert ringed(image, parse_square("c4"), MARK_COLOURS[Mark.BLUNDER])
    assert ringed(image, move.best_move, MARK_COLOURS[Mark.BEST])
    assert not ringed(image, parse_square("a1"), MARK_COLOURS[Mark.BEST])

    best = decode(render_review_board(blundered.move(6)))
    assert ringed(best, parse_square("f4"), MARK_COLOURS[Mark.BEST])
    assert best.size == image.size

    text = review_board_alt_text(move, black_name="Ann", white_name="Bo")
    assert text.startswith("Reversi board. Black (Ann)")
    assert "Played c4, blunder: ≈-9.0 for Black, losing 12.0 discs; best " in text
