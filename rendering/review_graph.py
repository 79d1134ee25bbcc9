"""The evaluation graph of a review: Black's advantage in discs across the game.

Above the zero line the area is filled in the black disc's colour (Black ahead), below it in the
white disc's (White ahead). Each move is a dot in its mark's colour, larger the worse it is; the
part of the game the engine solved exactly is marked under the axis, and the turning point by a
dashed line. Drawn at twice the size and scaled down, for smooth lines.
"""

from __future__ import annotations

import io
import itertools
import math
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.engine import Color, square_name
from bot.engine.review import Mark, Review
from rendering.alt_text import MAX_ALT_TEXT
from rendering.marks import mark_count, mark_name
from rendering.text import drawable_name, fit_text, font_for, load_font
from rendering.themes import RGB, Theme, get_theme
from rendering.words import ENGLISH, Words, colour_name

WIDTH, HEIGHT = 800, 420
SUPERSAMPLE = 2
MARK_COLOURS: dict[Mark, RGB] = {
    Mark.BEST: (86, 204, 242),
    Mark.GOOD: (196, 206, 200),
    Mark.INACCURACY: (242, 201, 76),
    Mark.MISTAKE: (242, 153, 74),
    Mark.BLUNDER: (235, 87, 87),
}
MARK_RADIUS = {Mark.BEST: 3, Mark.GOOD: 3, Mark.INACCURACY: 4, Mark.MISTAKE: 5, Mark.BLUNDER: 6}
_EXACT_BAND = (86, 204, 242)
_LINE = (250, 214, 120)


def render_review_graph(
    review: Review,
    *,
    black_name: str | None = None,
    white_name: str | None = None,
    theme: str | Theme = "classic",
    words: Words = ENGLISH,
) -> bytes:
    """A PNG of the review's values after each move (`Review.values`), WIDTH x HEIGHT."""
    image = _draw(review, black_name, white_name, get_theme(theme), words)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=3)
    return buffer.getvalue()


def _scale_for(values: tuple[float, ...]) -> int:
    """The axis reaches ±this many discs: a multiple of 8 that holds every value, 8 to 64."""
    largest = max((abs(v) for v in values), default=0.0)
    return int(min(64, max(8, math.ceil(largest / 8) * 8)))


def _draw(
    review: Review, black_name: str | None, white_name: str | None, theme: Theme, words: Words
) -> Image.Image:
    s = SUPERSAMPLE
    width, height = WIDTH * s, HEIGHT * s
    image = Image.new("RGB", (width, height), theme.background)
    draw = ImageDraw.Draw(image)
    title_font, label_font, small_font = (
        load_font(True, 17 * s),
        load_font(False, 13 * s),
        load_font(False, 12 * s),
    )
    left, right, top, bottom = 58 * s, width - 18 * s, 46 * s, height - 78 * s
    values = review.values
    count = max(1, len(values) - 1)
    scale = _scale_for(values)

    def x_of(move: float) -> float:
        return left + (right - left) * move / count

    def y_of(value: float) -> float:
        clamped = max(-scale, min(scale, value))
        return top + (bottom - top) * (scale - clamped) / (2 * scale)

    def text(at: tuple[float, float], words: str, font: ImageFont.FreeTypeFont, **how: Any) -> None:
        draw.text(at, words, font=font_for(words, font), **how)

    title = fit_text(_players(black_name, white_name, words), title_font, right - left)
    text((left, 24 * s), title, title_font, fill=theme.text, anchor="lm")

    draw.rectangle((left, top, right, bottom), fill=theme.board)
    step = 8 if scale <= 16 else 16 if scale <= 32 else 32
    for level in range(-scale, scale + 1, step):
        y = y_of(level)
        draw.line((left, y, right, y), fill=theme.grid, width=s)
        label = "0" if level == 0 else f"{level:+d}".replace("-", "\u2212")
        draw.text((left - 8 * s, y), label, font=label_font, fill=theme.coordinates, anchor="rm")
    text(
        (left + 8 * s, top + 6 * s),
        words.gettext("Black ahead"),
        small_font,
        fill=theme.text,
        anchor="lt",
    )
    text(
        (left + 8 * s, bottom - 6 * s),
        words.gettext("White ahead"),
        small_font,
        fill=theme.text,
        anchor="lb",
    )

    points = [(x_of(k), y_of(v)) for k, v in enumerate(values)]
    zero = y_of(0)
    for polygon, colour in _areas(points, zero, theme):
        draw.polygon(polygon, fill=colour)
    draw.line((left, zero, right, zero), fill=theme.coordinates, width=s)

    turning = review.turning_point
    if turning is not None:
        x = x_of(turning)
        for y in range(int(top), int(bottom), 10 * s):
            draw.line((x, y, x, min(y + 5 * s, bottom)), fill=theme.text, width=s)
        anchor = "rt" if x > (left + right) / 2 else "lt"
        text(
            (x + (-5 if anchor == "rt" else 5) * s, top + 22 * s),
            words.gettext("turning point: move {number}").format(number=turning),
            small_font,
            fill=theme.text,
            anchor=anchor,
        )
    if len(points) > 1:
        draw.line(points, fill=_LINE, width=2 * s, joint="curve")
    for move in review.moves:
        x, y = points[move.number]
        radius = MARK_RADIUS[move.mark] * s
        draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius),
            fill=MARK_COLOURS[move.mark],
            outline=theme.background,
            width=s,
        )

    axis_y = bottom + 6 * s
    exact_from = review.exact_from
    if exact_from is not None:
        x0 = x_of(exact_from - 1)
        draw.rectangle((x0, bottom + 2 * s, right, bottom + 5 * s), fill=_EXACT_BAND)
        text(
            (right, axis_y + 18 * s),
            words.gettext("exact from move {number}").format(number=exact_from),
            small_font,
            fill=_EXACT_BAND,
            anchor="rt",
        )
    tick = 10 if count > 20 else 5 if count > 8 else 1
    for number in range(0, count + 1, tick):
        draw.text(
            (x_of(number), axis_y),
            str(number),
            font=label_font,
            fill=theme.coordinates,
            anchor="mt",
        )
    text(
        (left, axis_y + 18 * s),
        words.gettext("move"),
        small_font,
        fill=theme.muted_text,
        anchor="lt",
    )

    x = left
    legend_y = height - 16 * s
    for mark in Mark:
        radius = MARK_RADIUS[Mark.BLUNDER] * s
        draw.ellipse(
            (x, legend_y - radius, x + 2 * radius, legend_y + radius), fill=MARK_COLOURS[mark]
        )
        x += 2 * radius + 6 * s
        name = mark_name(mark, words=words)
        text((x, legend_y), name, label_font, fill=theme.text, anchor="lm")
        x += font_for(name, label_font).getlength(name) + 22 * s
    return image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)


def _areas(
    points: list[tuple[float, float]], zero: float, theme: Theme
) -> list[tuple[list[tuple[float, float]], RGB]]:
    """The area between the curve and the zero line, split where it crosses: above the line
    (Black ahead) in the black disc's colour, below in the white disc's."""
    if len(points) < 2:
        return []
    pieces: list[tuple[list[tuple[float, float]], RGB]] = []
    run: list[tuple[float, float]] = [points[0]]

    def close(run: list[tuple[float, float]]) -> None:
        above = sum(y for _, y in run) / len(run) < zero
        polygon = [(run[0][0], zero), *run, (run[-1][0], zero)]
        pieces.append((polygon, theme.black_disc if above else theme.white_disc))

    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        if (y1 - zero) * (y2 - zero) < 0:
            crossing = x1 + (x2 - x1) * (zero - y1) / (y2 - y1)
            run.append((crossing, zero))
            close(run)
            run = [(crossing, zero)]
        run.append((x2, y2))
    close(run)
    return pieces


def _players(black_name: str | None, white_name: str | None, words: Words) -> str:
    """`Ann (Black) vs Bo (White)`."""
    return words.gettext("{black} (Black) vs {white} (White)").format(
        black=drawable_name(black_name or "", colour_name(Color.BLACK, words)),
        white=drawable_name(white_name or "", colour_name(Color.WHITE, words)),
    )


def _value(value: float, exact: bool, words: Words) -> str:
    shown = f"{value:+.0f}".replace("+0", "0").replace("-0", "0")
    return shown if exact else words.gettext("about {value}").format(value=shown)


def review_graph_alt_text(
    review: Review,
    *,
    black_name: str | None = None,
    white_name: str | None = None,
    words: Words = ENGLISH,
) -> str:
    """What the graph shows, for screen readers (at most 1024 characters)."""
    values, exact = review.values, review.exact_values
    parts = [
        words.ngettext(
            "Graph of Black's advantage in discs after the {count} move of {players}, "
            "positive when Black is ahead.",
            "Graph of Black's advantage in discs after each of the {count} moves of {players}, "
            "positive when Black is ahead.",
            len(review.moves),
        ).format(count=len(review.moves), players=_players(black_name, white_name, words)),
        words.gettext("It starts at {start} and ends at {end}.").format(
            start=_value(values[0], exact[0], words), end=_value(values[-1], exact[-1], words)
        ),
    ]
    high = max(range(len(values)), key=lambda k: values[k])
    low = min(range(len(values)), key=lambda k: values[k])
    black_lead, white_lead = round(values[high]), round(-values[low])
    if black_lead > 0:
        text = words.ngettext(
            "Black is furthest ahead after move {number}, by {discs} disc.",
            "Black is furthest ahead after move {number}, by {discs} discs.",
            black_lead,
        )
        parts.append(text.format(number=high, discs=black_lead))
    if white_lead > 0:
        text = words.ngettext(
            "White is furthest ahead after move {number}, by {discs} disc.",
            "White is furthest ahead after move {number}, by {discs} discs.",
            white_lead,
        )
        parts.append(text.format(number=low, discs=white_lead))
    if review.exact_from is not None:
        text = words.gettext("Values are exact from move {number}, estimated before.")
        parts.append(text.format(number=review.exact_from))
    if review.turning_point is not None:
        move = review.move(review.turning_point)
        parts.append(
            words.gettext("Turning point: move {number}, {color} {square}.").format(
                number=move.number,
                color=colour_name(move.color, words),
                square=square_name(move.square),
            )
        )
    for color in (Color.BLACK, Color.WHITE):
        summary = review.player(color)
        counts = ", ".join(
            mark_count(mark, summary.marks[mark], words=words)
            for mark in (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)
        )
        parts.append(
            words.gettext("{color}: {counts}.").format(
                color=colour_name(color, words), counts=counts
            )
        )
    text = " ".join(parts)
    return text if len(text) <= MAX_ALT_TEXT else text[: MAX_ALT_TEXT - 1] + "\u2026"
