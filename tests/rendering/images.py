"""Helpers to read rendered images back: decode, and sample colours at known places."""

from __future__ import annotations

import io
from collections.abc import Callable

from PIL import Image

from rendering.layout import Layout
from rendering.themes import CLASSIC, RGB, Theme


def decode(data: bytes, image_format: str = "PNG") -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == image_format
    image.load()
    return image


def color_at(image: Image.Image, point: tuple[float, float]) -> RGB:
    r, g, b = image.convert("RGB").getpixel((round(point[0]), round(point[1])))  # type: ignore[misc]
    return r, g, b


def distance(a: RGB, b: RGB) -> int:
    return max(abs(x - y) for x, y in zip(a, b, strict=True))


def square_centre(layout: Layout, square: int) -> tuple[int, int]:
    """The pixel at the centre of a square's cell."""
    x, y = layout.square_origin(square)
    return x + layout.cell // 2, y + layout.cell // 2


def centre(layout: Layout, square: int, dx: float = 0, dy: float = 0) -> tuple[float, float]:
    """A square's centre, moved by fractions of a cell."""
    x, y = square_centre(layout, square)
    return x + dx * layout.cell, y + dy * layout.cell


def cell_colors(image: Image.Image, layout: Layout, square: int) -> set[RGB]:
    x, y = layout.square_origin(square)
    crop = image.convert("RGB").crop((x, y, x + layout.cell, y + layout.cell))
    return {(r, g, b) for r, g, b in crop.get_flattened_data()}  # type: ignore[misc]


HINT_SPOT = 0.22  # of a cell below a hint's centre: inside the circle, below the label


def hinted_squares(image: Image.Image, theme: Theme = CLASSIC) -> list[int]:
    """The squares of a board image (without clocks) that show a legal move."""
    hints = (theme.hint_black, theme.hint_white)
    return _squares(image, lambda c: any(distance(c, hint) <= 10 for hint in hints), HINT_SPOT)


def marked_squares(image: Image.Image, theme: Theme = CLASSIC) -> list[int]:
    """The squares of a board image (without clocks) whose disc wears the last-move dot."""
    return _squares(image, lambda c: distance(c, theme.last_move) <= 16)


def _squares(image: Image.Image, test: Callable[[RGB], bool], dy: float = 0) -> list[int]:
    layout, rgb = Layout.for_width(image.width), image.convert("RGB")
    return [square for square in range(64) if test(color_at(rgb, centre(layout, square, dy=dy)))]
