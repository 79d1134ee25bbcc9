"""Board PNGs: format, size, and the colours found at known squares in every theme."""

from __future__ import annotations

import re

import pytest
from PIL import Image, ImageChops

from bot.engine import Color, Game, Position, parse_square, square_name
from bot.engine.bitboard import squares_of
from rendering import THEMES, board, render_board
from rendering.assets import get_assets
from rendering.board import board_image
from rendering.gallery import GAME, PASS_PLY
from rendering.layout import DEFAULT_SIZE, Layout
from rendering.themes import Theme
from rendering.words import ENGLISH
from tests.rendering.images import (
    HINT_SPOT,
    cell_colors,
    centre,
    color_at,
    decode,
    distance,
    marked_squares,
)

themes = pytest.mark.parametrize("theme", list(THEMES.values()), ids=list(THEMES))


def sq(name: str) -> int:
    return parse_square(name)


@themes
def test_initial_position_colors(theme: Theme) -> None:
    image = decode(render_board(Position.initial(), theme=theme.name))
    layout = Layout.for_width(DEFAULT_SIZE)
    assert image.mode == "P"
    assert image.size == (DEFAULT_SIZE, layout.height)
    assert distance(color_at(image, centre(layout, sq("e4"))), theme.black_disc) <= 20
    assert distance(color_at(image, centre(layout, sq("d5"))), theme.black_disc) <= 20
    assert distance(color_at(image, centre(layout, sq("d4"))), theme.white_disc) <= 24
    assert distance(color_at(image, centre(layout, sq("a1"))), theme.board) <= 6
    assert distance(color_at(image, centre(layout, sq("h8"))), theme.board) <= 6
    for hint in ("d3", "c4", "f5", "e6"):
        spot = centre(layout, sq(hint), dy=HINT_SPOT)
        assert distance(color_at(image, spot), theme.hint_black) <= 10, hint
    assert distance(color_at(image, centre(layout, sq("e3"), dy=HINT_SPOT)), theme.board) <= 6


@themes
def test_last_move_flips_and_white_hints(theme: Theme) -> None:
    game = Game.from_transcript("f5")
    ply = game.plies[0]
    image = decode(
        render_board(ply.after, last_move=ply.square, flipped=ply.flipped, theme=theme.name)
    )
    layout = Layout.for_width(DEFAULT_SIZE)
    assert distance(color_at(image, centre(layout, sq("f5"))), theme.last_move) <= 16
    assert distance(color_at(image, centre(layout, sq("f5"), dy=0.3)), theme.black_disc) <= 30

    def marked(name: str) -> bool:
        return any(distance(c, theme.flipped) <= 16 for c in cell_colors(image, layout, sq(name)))

    assert marked("e5")  # flipped by f5
    assert not marked("e4")
    assert not marked("d4")
    for hint in ("d6", "f4", "f6"):  # white to move
        spot = centre(layout, sq(hint), dy=HINT_SPOT)
        assert distance(color_at(image, spot), theme.hint_white) <= 10, hint


@themes
def test_every_move_the_player_to_move_missed_is_marked(theme: Theme) -> None:
    game = Game.from_transcript(GAME)
    passing, again = game.plies[PASS_PLY - 1], game.plies[PASS_PLY]  # White passed between
    image = decode(
        render_board(
            again.after,
            last_move=again.square,
            earlier_moves=[passing.square],
            flipped=passing.flipped | again.flipped,
            theme=theme.name,
        )
    )
    layout = Layout.for_width(DEFAULT_SIZE)
    assert marked_squares(image, theme) == sorted([sq("h7"), sq("a7")])  # not b2, b1 before
    for square in squares_of(passing.flipped | again.flipped):
        colors = cell_colors(image, layout, square)
        assert any(distance(c, theme.flipped) <= 16 for c in colors), square_name(square)


def test_hints_can_be_hidden() -> None:
    theme = THEMES["classic"]
    image = decode(render_board(Position.initial(), show_legal=False))
    layout = Layout.for_width(DEFAULT_SIZE)
    for name in ("d3", "c4", "f5", "e6"):
        assert distance(color_at(image, centre(layout, sq(name), dy=HINT_SPOT)), theme.board) <= 6


def test_the_side_to_move_is_underlined_in_the_header() -> None:
    theme = THEMES["classic"]
    layout = Layout.for_width(DEFAULT_SIZE)
    black = decode(render_board(Position.initial())).convert("RGB")
    white = decode(render_board(Game.from_transcript("f5").position)).convert("RGB")
    left = (layout.board_x + layout.cell, 0, layout.width // 2 - layout.cell, layout.header_height)
    right = (layout.width // 2 + layout.cell, 0, layout.width - layout.cell, layout.header_height)

    def underlined(image: Image.Image, box: tuple[int, int, int, int]) -> bool:
        return theme.last_move in set(image.crop(box).get_flattened_data())

    assert underlined(black, left) and not underlined(black, right)
    assert underlined(white, right) and not underlined(white, left)


ALIKE_NAMES = [  # names that used to be cut to the same few letters
    ("Maria Clara Santos", "Maria Clara Reyes"),
    ("Maximilian", "Maximiliano"),
    ("Uwimana Jeanne", "Uwimana Jeannette"),
    ("முத்துக்குமார் ராஜா", "முத்துக்குமார் ராணி"),
]


@pytest.mark.parametrize("clocks", [None, (62.0, 283.4)])
@pytest.mark.parametrize("size", [240, 432, DEFAULT_SIZE])
def test_a_name_takes_a_smaller_size_or_two_lines_before_it_is_cut(
    size: int, clocks: tuple[float, float] | None
) -> None:
    """Two players whose names differ only at the end are told apart on every board, and the
    name keeps clear of the underline under the side to move (and of the clocks' row)."""
    layout = Layout.for_width(size, clocks=clocks is not None)
    running = Color.BLACK if clocks else None
    half = (0, 0, layout.width // 2, layout.header_height)

    def header(name: str) -> Image.Image:
        data = render_board(
            Position.initial(), black_name=name, clocks=clocks, clock_running=running, size=size
        )
        return decode(data).convert("RGB").crop(half)

    short = header("A")
    underline_top = layout.header_height - max(2, layout.cell // 16) - layout.cell // 12
    row_bottom = underline_top if layout.clocks_y is None else layout.clocks_y - layout.cell // 4
    for first, second in ALIKE_NAMES:
        one, other = header(first), header(second)
        assert one.tobytes() != other.tobytes(), (first, second)
        for image in (one, other):
            ink = ImageChops.difference(image, short).getbbox()
            assert ink is not None and ink[3] <= row_bottom, (first, second)


@pytest.mark.parametrize("size", [240, 350, 1000, 1600])
def test_sizes(size: int) -> None:
    image = decode(render_board(Position.initial(), size=size, theme="dark"))
    layout = Layout.for_width(size)
    assert image.size == (size, layout.height)
    assert distance(color_at(image, centre(layout, sq("e4"))), THEMES["dark"].black_disc) <= 20


def test_status_text_changes_the_footer() -> None:
    layout = Layout.for_width(DEFAULT_SIZE)
    box = (0, layout.footer_y, layout.width, layout.height)
    plain = decode(render_board(Position.initial())).convert("RGB").crop(box)
    custom = decode(render_board(Position.initial(), status="Ann resigned")).convert("RGB")
    assert plain.tobytes() != custom.crop(box).tobytes()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"theme": "neon"}, "unknown theme 'neon': choose one of classic, dark, high-contrast"),
        ({"size": 100}, "size must be between 240 and 1600 pixels, not 100"),
        ({"size": 500.5}, "size must be a whole number of pixels"),
        ({"last_move": 64}, "last_move must be a square index 0..63 or None, not 64"),
        ({"last_move": "d3"}, "last_move must be a square index"),
        ({"flipped": -1}, "flipped must be a 64-bit mask of squares, not -1"),
        ({"flipped": 1 << 64}, "flipped must be a 64-bit mask"),
        ({"last_move": 1, "earlier_moves": [64]}, "earlier_moves must be square indexes 0..63"),
        ({"earlier_moves": [1]}, "earlier_moves come before a last_move: pass last_move too"),
    ],
)
def test_bad_options_are_refused_clearly(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        render_board(Position.initial(), **options)  # type: ignore[arg-type]


def test_png_is_small() -> None:
    game = Game.from_transcript("f5d6c3d3c4f4f6f3e6e7f7c5b6g5e3")
    data = render_board(game.position, last_move=game.last.square if game.last else None)
    assert len(data) <= 60_000


@themes
@pytest.mark.parametrize("clocks", [None, (65.0, 7.3)])
def test_a_board_put_together_from_indexed_tiles_is_the_whole_board_mapped_at_once(
    theme: Theme, clocks: tuple[float, float] | None
) -> None:
    """The cached static layers change nothing: the same pixels as drawing the whole board in
    RGB and mapping it to the palette in one go."""
    game = Game.from_transcript(GAME[: 2 * PASS_PLY + 2])
    last = game.last
    assert last is not None
    status = "A status long enough to be set smaller, or even on two lines, under the board"
    drawn = board_image(
        game.position,
        last_move=last.square,
        earlier_moves=[game.plies[-2].square],
        flipped=last.flipped | game.plies[-2].flipped,
        black_name="Alice",
        status=status,
        clocks=clocks,
        clock_running=game.position.turn if clocks else None,
        theme=theme,
    )

    assets = get_assets(theme, DEFAULT_SIZE, clocks is not None)
    whole = assets.background.copy()
    origin, sprites = assets.layout.square_origin, assets.sprites
    for tiles, mask in ((sprites.black, game.position.black), (sprites.white, game.position.white)):
        for square in squares_of(mask):
            whole.paste(tiles[square], origin(square))
    for square in squares_of(last.flipped | game.plies[-2].flipped):
        whole.paste(sprites.flipped, origin(square), sprites.flipped)
    for square in (game.plies[-2].square, last.square):
        whole.paste(sprites.last_move, origin(square), sprites.last_move)
    hints = sprites.black_hints if game.position.turn is Color.BLACK else sprites.white_hints
    for square in game.position.legal_moves():
        whole.paste(hints[square], origin(square))
    sides = board._Sides(game.position.turn, None, False)
    board._draw_header(
        whole, assets, game.position, ("Alice", ""), sides, clocks, sides.to_move, ENGLISH
    )
    board._draw_status(whole, assets, status, 0)

    assert drawn.tobytes() == assets.index(whole).tobytes()
    assert drawn.getpalette() == assets.palette.getpalette()
