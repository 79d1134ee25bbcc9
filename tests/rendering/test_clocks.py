"""Clocks on the board: their text, where they are drawn, which one runs, a fallen flag."""

from __future__ import annotations

import re
from functools import partial

import pytest
from PIL import Image, ImageChops

from bot.engine import Color, Game, Position
from rendering import THEMES, board_alt_text, clock_text, render_board
from rendering.layout import DEFAULT_SIZE, Layout
from rendering.themes import RGB, Theme
from tests.rendering.images import decode, distance

themes = pytest.mark.parametrize("theme", list(THEMES.values()), ids=list(THEMES))
LONG_NAME = "Aurélien-Maximilian de la Fontai"  # 32 characters


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [
        (299.95, "4:59"),
        (60, "1:00"),
        (59.99, "0:59"),
        (10, "0:10"),
        (9.99, "0:09.9"),
        (7.3, "0:07.3"),
        (7.35, "0:07.3"),
        (0.04, "0:00.0"),
        (0, "0:00"),
        (-3.2, "0:00"),
        (3599.9, "59:59"),
        (3600, "1:00:00"),
        (3725.5, "1:02:05"),
        (36000, "10:00:00"),
    ],
)
def test_clock_text(seconds: float, shown: str) -> None:
    assert clock_text(seconds) == shown


def test_clock_text_refuses_what_is_not_a_time() -> None:
    with pytest.raises(ValueError, match=r"^a clock must be a finite number of seconds"):
        clock_text(float("nan"))


def clock_rows(data: bytes) -> tuple[Image.Image, Image.Image]:
    """Black's and White's halves of the clocks' row, short of the counts in the middle."""
    layout = Layout.for_width(DEFAULT_SIZE, clocks=True)
    assert layout.clocks_y is not None
    image = decode(data).convert("RGB")
    assert image.size == (DEFAULT_SIZE, layout.height)
    top, bottom = layout.clocks_y - layout.cell // 4, layout.clocks_y + layout.cell // 4
    end = layout.width // 2 - round(1.4 * layout.cell)
    left = image.crop((layout.board_x, top, end, bottom))
    right = image.crop((layout.width - end, top, layout.width - layout.board_x, bottom))
    return left, right


def share(image: Image.Image, color: RGB, tolerance: int = 8) -> float:
    """The share of the image's pixels within `tolerance` of `colour`."""
    pixels = list(image.get_flattened_data())
    near = sum(1 for pixel in pixels if distance(pixel, color) <= tolerance)  # type: ignore[arg-type]
    return near / len(pixels)


MIDGAME = Game.from_transcript("f5d6c3d3c4f4f6f3e6e7").position  # black to move


@themes
def test_the_running_clock_is_highlighted(theme: Theme) -> None:
    black_runs = render_board(
        MIDGAME, clocks=(283.4, 7.3), clock_running=Color.BLACK, theme=theme.name
    )
    white_runs = render_board(
        MIDGAME, clocks=(283.4, 7.3), clock_running=Color.WHITE, theme=theme.name
    )
    left, right = clock_rows(black_runs)
    assert share(left, theme.clock_running) > 0.08  # the filled label
    assert share(right, theme.clock_running) < 0.01
    left, right = clock_rows(white_runs)
    assert share(right, theme.clock_running) > 0.08
    assert share(left, theme.clock_running) < 0.01
    for data in (black_runs, white_runs):
        assert all(share(half, theme.flag) == 0 for half in clock_rows(data))


@themes
def test_a_fallen_flag_shows_in_the_flag_color(theme: Theme) -> None:
    data = render_board(MIDGAME, clocks=(0.0, 42.0), theme=theme.name)
    left, right = clock_rows(data)
    assert share(left, theme.flag) > 0.01
    assert share(right, theme.flag) == 0
    assert share(left, theme.clock_running) < 0.01 and share(right, theme.clock_running) < 0.01


def test_each_clock_is_drawn_where_its_time_changes() -> None:
    base = clock_rows(render_board(MIDGAME, clocks=(283.4, 7.3)))
    black_later = clock_rows(render_board(MIDGAME, clocks=(282.4, 7.3)))
    white_later = clock_rows(render_board(MIDGAME, clocks=(283.4, 7.2)))
    assert base[0].tobytes() != black_later[0].tobytes()
    assert base[1].tobytes() == black_later[1].tobytes()
    assert base[1].tobytes() != white_later[1].tobytes()
    assert base[0].tobytes() == white_later[0].tobytes()


def test_clocks_add_a_row_to_the_header_and_leave_the_board_alone() -> None:
    plain, timed = Layout.for_width(DEFAULT_SIZE), Layout.for_width(DEFAULT_SIZE, clocks=True)
    assert timed.header_height > plain.header_height
    assert plain.clocks_y is None and timed.clocks_y is not None
    assert timed.names_y < timed.clocks_y < timed.header_height
    no_clocks = decode(render_board(MIDGAME)).convert("RGB")
    with_clocks = decode(render_board(MIDGAME, clocks=(60, 60))).convert("RGB")
    assert no_clocks.size == (DEFAULT_SIZE, plain.height)
    assert with_clocks.size == (DEFAULT_SIZE, timed.height)
    side = 8 * plain.cell
    boards = [
        image.crop((layout.board_x, layout.board_y, layout.board_x + side, layout.board_y + side))
        for image, layout in ((no_clocks, plain), (with_clocks, timed))
    ]
    difference = ImageChops.difference(*boards).convert("L")
    changed = sum(1 for value in difference.get_flattened_data() if value > 12)  # type: ignore[operator]
    assert changed / (side * side) < 0.002  # the same board, up to the palette's shades


def header_ink(first: bytes, second: bytes) -> tuple[Box, Box]:
    """Where two boards' headers differ, in Black's half and in White's half."""
    layout = Layout.for_width(DEFAULT_SIZE, clocks=True)
    middle = layout.width // 2
    a, b = (decode(data).convert("RGB") for data in (first, second))
    boxes = []
    for x0, x1 in ((0, middle), (middle, layout.width)):
        box = ImageChops.difference(
            a.crop((x0, 0, x1, layout.header_height)), b.crop((x0, 0, x1, layout.header_height))
        ).getbbox()
        assert box is not None
        boxes.append((box[0] + x0, box[1], box[2] + x0, box[3]))
    return boxes[0], boxes[1]


Box = tuple[int, int, int, int]
TWENTY_EACH = Position.from_string("X" * 20 + "O" * 20 + "-" * 24 + " X")
THIRTEEN_EACH = Position.from_string("X" * 13 + "O" * 13 + "-" * 38 + " X")  # as wide as 20


def test_long_names_and_long_clocks_stay_clear_of_each_other_and_of_the_counts() -> None:
    """Each name (32 characters: cut with an ellipsis), each clock (`9:59:59`) and each count
    (two digits) found where the images differ when only it changes: nothing overlaps."""
    board = partial(render_board, TWENTY_EACH, show_legal=False, clock_running=Color.BLACK)
    long_names = {"black_name": LONG_NAME, "white_name": "W" * 32}
    short_names = {"black_name": "A", "white_name": "B"}
    names = header_ink(
        board(clocks=(35999.9, 35999.9), **long_names),
        board(clocks=(35999.9, 35999.9), **short_names),
    )
    clocks = header_ink(
        board(clocks=(35999.9, 35999.9), **long_names), board(clocks=(1, 1), **long_names)
    )
    counts = header_ink(
        board(clocks=(35999.9, 35999.9), **long_names),
        render_board(
            THIRTEEN_EACH,
            show_legal=False,
            clocks=(35999.9, 35999.9),
            clock_running=Color.BLACK,
            **long_names,
        ),
    )
    black, white = 0, 1
    assert names[black][2] < counts[black][0] and clocks[black][2] < counts[black][0]
    assert names[white][0] > counts[white][2] and clocks[white][0] > counts[white][2]
    for side in (black, white):
        assert names[side][3] <= clocks[side][1]  # the clock's row is under the name's


def test_a_running_clock_is_said_to_be_the_time_left_as_the_turn_began() -> None:
    """The image does not tick, so its status line says when its clocks were read; a stopped
    clock (a finished game's) needs no such word."""
    clocks = (283.4, 7.3)
    running = render_board(MIDGAME, clocks=clocks, clock_running=Color.BLACK)
    assert running == render_board(
        MIDGAME,
        clocks=clocks,
        clock_running=Color.BLACK,
        status="Black to move · clocks as the turn began",
    )
    stopped = render_board(MIDGAME, clocks=clocks)
    assert stopped == render_board(MIDGAME, clocks=clocks, status="Black to move")


def test_clocks_in_the_alt_text() -> None:
    assert board_alt_text(
        Position.initial(), black_name="Ann", clocks=(299.95, 7.36), clock_running=Color.BLACK
    ) == (
        "Reversi board. Black (Ann) 2 discs, White 2 discs. "
        "Clocks as the turn began: Black 4:59 (running), White 0:07.3. "
        "Black to move. Legal moves: d3, c4, f5, e6."
    )
    fallen = board_alt_text(Position.initial(), clocks=(3725, 0), show_legal=False)
    assert "Clocks: Black 1:02:05, White 0:00 (out of time)." in fallen


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"clocks": (1.0,)}, "clocks must be Black's and White's seconds left"),
        ({"clocks": (1.0, float("inf"))}, "clocks must be Black's and White's seconds left"),
        ({"clocks": (True, 3.0)}, "clocks must be Black's and White's seconds left"),
        ({"clock_running": Color.BLACK}, "clock_running must be a Color of a board with clocks"),
        ({"clocks": (1, 2), "clock_running": "black"}, "clock_running must be a Color"),
    ],
)
def test_bad_clocks_are_refused_clearly(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        render_board(Position.initial(), **options)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        board_alt_text(Position.initial(), **options)  # type: ignore[arg-type]
