"""Anti-aliased pieces drawn once per theme and size: discs, move markers and legal-move hints.

Shapes are drawn at four times their size and downsampled once with LANCZOS, which gives
smooth edges; each sprite is an RGBA image one cell square, pasted with its own alpha.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from rendering.themes import RGB, Theme, mix

SCALE = 4
DISC_DIAMETER = 0.84  # of a cell
HINT_DIAMETER = 0.62
LAST_MOVE_DIAMETER = 0.24
FLIPPED_DIAMETER = 0.2


def _circle_box(size: int, diameter: float) -> tuple[float, float, float, float]:
    """The bounding box of a centred circle `diameter` (fraction of `size`) wide."""
    inset = size * (1 - diameter) / 2
    return inset, inset, size - inset, size - inset


def _downsample(big: Image.Image, size: int) -> Image.Image:
    return big.resize((size, size), Image.Resampling.LANCZOS)


def disc(theme: Theme, black: bool, size: int, *, shadow: bool = True) -> Image.Image:
    """A disc with a rim, a soft top-to-bottom shading and (if the theme has one) a shadow."""
    body, rim = (
        (theme.black_disc, theme.black_rim) if black else (theme.white_disc, theme.white_rim)
    )
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (*body, 0))
    outer = _circle_box(big, DISC_DIAMETER)
    if shadow and theme.shadow_alpha:
        layer = Image.new("L", (big, big), 0)
        offset = big * 0.035
        box = (outer[0] + offset, outer[1] + offset * 1.4, outer[2] + offset, outer[3] + offset)
        ImageDraw.Draw(layer).ellipse(box, fill=theme.shadow_alpha)
        layer = layer.filter(ImageFilter.GaussianBlur(big * 0.03))
        image.paste((0, 0, 0, 255), (0, 0), layer)
    ImageDraw.Draw(image).ellipse(outer, fill=(*rim, 255))
    rim_width = big * 0.035
    inner = (outer[0] + rim_width, outer[1] + rim_width, outer[2] - rim_width, outer[3] - rim_width)
    top, bottom = mix(body, (255, 255, 255), 0.12), mix(body, (0, 0, 0), 0.12)
    gradient = Image.linear_gradient("L").resize((big, big))
    shading = Image.composite(
        Image.new("RGB", (big, big), bottom), Image.new("RGB", (big, big), top), gradient
    )
    mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(mask).ellipse(inner, fill=255)
    image.paste(shading, (0, 0), mask)
    return _downsample(image, size)


def dot(colour: RGB, size: int, diameter: float, *, ring: bool = False) -> Image.Image:
    """A small filled dot, or a ring, centred in a cell: the last-move and flipped markers."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (*colour, 0))
    draw = ImageDraw.Draw(image)
    box = _circle_box(big, diameter)
    if ring:
        draw.ellipse(box, outline=(*colour, 255), width=max(SCALE, round(big * 0.035)))
    else:
        draw.ellipse(box, fill=(*colour, 255))
    return _downsample(image, size)


CROWN = (  # a crown's outline in a unit box: band, then three points with the middle one tallest
    (0.1, 0.92),
    (0.9, 0.92),
    (0.97, 0.22),
    (0.7, 0.52),
    (0.5, 0.08),
    (0.3, 0.52),
    (0.03, 0.22),
)


def crown(fill: RGB, outline: RGB, size: int) -> Image.Image:
    """The winner's crown, `size` pixels square, with an outline that keeps it visible on
    either disc."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (*fill, 0))
    draw = ImageDraw.Draw(image)
    points = [(x * big, y * big) for x, y in CROWN]
    draw.polygon(points, fill=(*fill, 255), outline=(*outline, 255), width=round(big * 0.07))
    tip = big * 0.075
    for x, y in (CROWN[2], CROWN[4], CROWN[6]):
        box = (x * big - tip, y * big - tip, x * big + tip, y * big + tip)
        draw.ellipse(box, fill=(*fill, 255), outline=(*outline, 255), width=round(big * 0.035))
    return _downsample(image, size)


def hint(
    fill: RGB, text_colour: RGB, label: str, font: ImageFont.FreeTypeFont, size: int
) -> Image.Image:
    """A legal-move hint: a flat circle carrying the square's name, e.g. `d3`."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (*fill, 0))
    ImageDraw.Draw(image).ellipse(_circle_box(big, HINT_DIAMETER), fill=(*fill, 255))
    image = _downsample(image, size)
    ImageDraw.Draw(image).text(
        (size / 2, size / 2), label, font=font, fill=text_colour, anchor="mm"
    )
    return image
