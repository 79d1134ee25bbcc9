"""The review's pictures: the evaluation graph and the board of a move, with their alt text."""

from __future__ import annotations

import itertools
import math

import pytest
from PIL import Image

from bot.engine import Color, Game, parse_square
from bot.engine.ai.analysis import PositionAnalysis
from bot.engine.review import Mark, Review, build_review
from bot.i18n.catalogues import translations
from bot.language_codes import LANGUAGES
from rendering.alt_text import MAX_ALT_TEXT
from rendering.assets import get_assets
from rendering.gallery import GAME
from rendering.layout import DEFAULT_SIZE, Layout
from rendering.review_board import (
    REVIEW_BOARD_SIZE,
    render_review_board,
    review_board_alt_text,
)
from rendering.review_graph import (
    CURVE,
    HEIGHT,
    MARK_COLORS,
    MARK_RADIUS,
    TITLE_SIZE,
    WIDTH,
    render_review_graph,
    review_graph_alt_text,
    review_graph_image,
)
from rendering.themes import RGB, THEMES
from tests.rendering.images import cell_colors, decode, distance

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


def share(image: Image.Image, color: RGB) -> float:
    pixels = list(image.convert("RGB").get_flattened_data())
    return sum(distance(pixel, color) <= 3 for pixel in pixels) / len(pixels)


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
    assert share(blundered, MARK_COLORS[Mark.BLUNDER]) > share(quiet, MARK_COLORS[Mark.BLUNDER])
    assert share(quiet, MARK_COLORS[Mark.BEST]) > share(blundered, MARK_COLORS[Mark.BEST])


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
    blundered = review([(2.0, 2.0)] * 4 + [(3.0, -15.0), (1.0, 1.0)])
    move = blundered.move(5)
    assert move.mark is Mark.BLUNDER and move.best_move != move.square
    image = decode(render_review_board(move, black_name="Ann", white_name="Bo"))
    layout = Layout.for_width(REVIEW_BOARD_SIZE)

    def ringed(image: Image.Image, square: int, color: RGB) -> bool:
        return any(distance(c, color) <= 12 for c in cell_colors(image, layout, square))

    assert ringed(image, parse_square("c4"), MARK_COLORS[Mark.BLUNDER])
    assert ringed(image, move.best_move, MARK_COLORS[Mark.BEST])
    assert not ringed(image, parse_square("a1"), MARK_COLORS[Mark.BEST])

    best = decode(render_review_board(blundered.move(6)))
    assert ringed(best, parse_square("f4"), MARK_COLORS[Mark.BEST])
    assert best.size == image.size

    text = review_board_alt_text(move, black_name="Ann", white_name="Bo")
    assert text.startswith("Reversi board. Black (Ann)")
    assert "Played c4, blunder: ≈-15.0 for Black, losing 18.0 discs; best " in text


def segment_meets_box(
    a: tuple[float, float], b: tuple[float, float], box: tuple[float, float, float, float]
) -> bool:
    """Whether the segment from `a` to `b` passes through `box` (sampled every half pixel)."""
    steps = max(1, round(2 * max(abs(b[0] - a[0]), abs(b[1] - a[1]))))
    left, top, right, bottom = box
    for i in range(steps + 1):
        x, y = a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps
        if left <= x <= right and top <= y <= bottom:
            return True
    return False


@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("turning", [2, 30, 58])
def test_the_graph_reads_on_a_phone_and_no_label_lies_on_the_curve(code: str, turning: int) -> None:
    """At 320 pixels wide every text is as large as a board's status line (13 pixels), and each
    label keeps clear of the curve, of its dots and of the other labels."""
    game = Game.from_transcript(GAME)
    values = [40.0 * ((-1) ** k) * (k < turning) + 64.0 * (k >= turning) for k in range(61)]
    analyses = []
    for ply, value in zip(game.plies, values[1:], strict=True):
        sign = 1 if ply.color is Color.BLACK else -1
        analyses.append(
            PositionAnalysis(ply.square, sign * value, ply.square, sign * value, False, 5, 9)
        )
    reviewed = build_review(game, analyses, 1)
    assert reviewed.turning_point is not None

    graph = review_graph_image(
        reviewed, black_name="Ann", white_name="Bo", words=translations(code)
    )

    board_text = get_assets(CLASSIC, DEFAULT_SIZE).fonts.status.size / DEFAULT_SIZE
    assert min(label.size for label in graph.labels) / WIDTH >= board_text
    assert min(label.size for label in graph.labels) * 320 / WIDTH >= 13
    pixels = graph.image.convert("RGB")
    for label in graph.labels:
        left, top, right, bottom = label.box
        assert left >= 0 and right <= WIDTH and top >= 0 and bottom <= HEIGHT, label
        line = (left - 1, top - 1, right + 1, bottom + 1)  # the curve is 3 pixels wide
        assert not any(segment_meets_box(a, b, line) for a, b in itertools.pairwise(graph.curve))
        for x, y in graph.curve:  # nor under a move's dot
            nearest = (min(max(x, left), right), min(max(y, top), bottom))
            assert math.dist((x, y), nearest) > MARK_RADIUS[Mark.BLUNDER], label
        crop = pixels.crop(tuple(round(v) for v in label.box))
        assert all(distance(pixel, CURVE) > 40 for pixel in crop.get_flattened_data()), label
        for other in graph.labels:
            if other is not label and other.text != label.text:
                o_left, o_top, o_right, o_bottom = other.box
                apart = right <= o_left or o_right <= left or bottom <= o_top or o_bottom <= top
                assert apart, (label, other)


def lightness(color: RGB) -> float:
    r, g, b = color
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_best_and_good_moves_tell_apart_on_a_phone() -> None:
    """Shown 320 pixels wide, each best move's dot keeps its colour and differs from a good
    move's in lightness too (what a small or colour-blind view still sees)."""
    game = Game.from_transcript(GAME)
    analyses = []
    for number, ply in enumerate(game.plies):
        other = next((s for s in ply.before.legal_moves() if s != ply.square), None)
        loss = 1.0 if number % 2 and other is not None else 0.0  # good, then best
        value = 4.0 if ply.color is Color.BLACK else -4.0
        best = ply.square if not loss else other
        analyses.append(PositionAnalysis(best, value + loss, ply.square, value, False, 5, 9))
    reviewed = build_review(game, analyses, None)
    graph = review_graph_image(reviewed)
    phone = graph.image.resize((320, HEIGHT * 320 // WIDTH), Image.Resampling.LANCZOS)
    scale = 320 / WIDTH
    seen: dict[Mark, list[RGB]] = {Mark.BEST: [], Mark.GOOD: []}
    for move in reviewed.moves:
        if move.mark in seen:
            x, y = graph.curve[move.number]
            seen[move.mark].append(phone.getpixel((round(x * scale), round(y * scale))))  # type: ignore[arg-type]
    assert len(seen[Mark.BEST]) > 20 and len(seen[Mark.GOOD]) > 20
    best, good = MARK_COLORS[Mark.BEST], MARK_COLORS[Mark.GOOD]
    for color in seen[Mark.BEST]:
        assert distance(color, best) < distance(color, good), color
    darkest_good = min(lightness(color) for color in seen[Mark.GOOD])
    assert max(lightness(color) for color in seen[Mark.BEST]) < darkest_good - 30


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_long_names_and_the_exact_endgame_find_room_on_the_graph(code: str) -> None:
    """The title takes two lines before it cuts a name, and the exact endgame's words take a
    row of their own where they do not fit beside the axis's: no text cut short of the room,
    none outside the image, none over another."""
    game = Game.from_transcript(GAME)
    analyses = []
    for number, ply in enumerate(game.plies):
        value = 30 * math.sin(number / 7)
        analyses.append(PositionAnalysis(ply.square, value, ply.square, value, number >= 40, 9, 9))
    reviewed = build_review(game, analyses, None)
    assert reviewed.exact_from == 41
    black, white = "Uwimana Jeanne-Claire Mukamana", "Maria Clara Fernandez de la Cruz"

    graph = review_graph_image(
        reviewed, black_name=black, white_name=white, words=translations(code)
    )

    title = " ".join(label.text for label in graph.labels if label.size == TITLE_SIZE)
    assert "Uwimana Jeanne-Cla" in title and "Maria Clara Fernand" in title
    for label in graph.labels:
        left, top, right, bottom = label.box
        assert left >= 0 and right <= WIDTH and top >= 0 and bottom <= HEIGHT, label
        for other in graph.labels:
            if other is not label:
                o_left, o_top, o_right, o_bottom = other.box
                apart = right <= o_left or o_right <= left or bottom <= o_top or o_bottom <= top
                assert apart, (label, other)
