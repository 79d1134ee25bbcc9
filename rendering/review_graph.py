"""The evaluation graph of a review: Black's advantage in discs across the game.

Above the zero line the area is filled in the black disc's colour (Black ahead), below it in the
white disc's (White ahead). Each move is a dot in its mark's colour, larger the worse it is; the
part of the game the engine solved exactly is marked under the axis, and the turning point by a
dashed line. Drawn at twice the size and scaled down, for smooth lines.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from bot.engine import Color, square_name
from bot.engine.review import Mark, Review
from rendering.alt_text import MAX_ALT_TEXT
from rendering.board import png_bytes
from rendering.marks import mark_count, mark_name
from rendering.text import drawable_name, fit_text, fit_words, font_for, load_font, wrap_text
from rendering.themes import RGB, Theme, get_theme
from rendering.words import ENGLISH, Words, color_name

WIDTH, HEIGHT = 640, 600
TITLE_SIZE, TEXT_SIZE = 30, 26
"""Font sizes in pixels: relative to the width, as large as a board's status line, so that a
phone showing the graph 320 pixels wide draws its smallest text 13 pixels high."""
SUPERSAMPLE = 2
MARK_COLORS: dict[Mark, RGB] = {  # best and good differ in lightness too, which survives a phone
    Mark.BEST: (47, 150, 255),
    Mark.GOOD: (196, 206, 200),
    Mark.INACCURACY: (242, 201, 76),
    Mark.MISTAKE: (242, 153, 74),
    Mark.BLUNDER: (235, 87, 87),
}
MARK_RADIUS = {Mark.BEST: 5, Mark.GOOD: 4, Mark.INACCURACY: 5, Mark.MISTAKE: 6, Mark.BLUNDER: 7}
_EXACT_BAND = (86, 204, 242)
CURVE = (250, 214, 120)
_PAD = 12
_ROW = round(TEXT_SIZE * 1.45)  # a row of text, with room for Tamil's tall letters
_TITLE_ROW = round(TITLE_SIZE * 1.3)

Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Label:
    """A text drawn on the graph, its box in the image's pixels and its font size."""

    text: str
    box: Box
    size: int


@dataclass(frozen=True, slots=True)
class GraphImage:
    """The graph, the texts on it, and the curve's points (in the image's pixels)."""

    image: Image.Image
    labels: tuple[Label, ...]
    curve: tuple[tuple[float, float], ...]


def render_review_graph(
    review: Review,
    *,
    black_name: str | None = None,
    white_name: str | None = None,
    theme: str | Theme = "classic",
    words: Words = ENGLISH,
) -> bytes:
    """A PNG of the review's values after each move (`Review.values`), WIDTH x HEIGHT."""
    graph = review_graph_image(
        review, black_name=black_name, white_name=white_name, theme=theme, words=words
    )
    return png_bytes(graph.image)


def graph_scale(values: tuple[float, ...]) -> int:
    """The axis reaches ±this many discs: a multiple of 8 that holds every value, 8 to 64."""
    largest = max((abs(v) for v in values), default=0.0)
    return int(min(64, max(8, math.ceil(largest / 8) * 8)))


class _Canvas:
    """Draws at SUPERSAMPLE times the size, in the final image's pixels, and keeps each text's
    box."""

    def __init__(self, theme: Theme) -> None:
        self.image = Image.new("RGB", (WIDTH * SUPERSAMPLE, HEIGHT * SUPERSAMPLE), theme.background)
        self.draw = ImageDraw.Draw(self.image)
        self.labels: list[Label] = []

    def font(self, text: str, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
        return font_for(text, load_font(bold, size * SUPERSAMPLE))

    def width(self, text: str, size: int, bold: bool = False) -> float:
        return self.font(text, size, bold).getlength(text) / SUPERSAMPLE

    def fit(self, text: str, size: int, width: float, bold: bool = False) -> str:
        """The bot's words, shortened (and reported) only if they cannot fit in `width`."""
        return fit_words(text, self.font(text, size, bold), width * SUPERSAMPLE)

    def text(
        self,
        at: tuple[float, float],
        text: str,
        size: int,
        fill: RGB,
        anchor: str,
        bold: bool = False,
    ) -> None:
        font, s = self.font(text, size, bold), SUPERSAMPLE
        self.draw.text((at[0] * s, at[1] * s), text, font=font, fill=fill, anchor=anchor)
        left, top, right, bottom = self.draw.textbbox(
            (at[0] * s, at[1] * s), text, font=font, anchor=anchor
        )
        self.labels.append(Label(text, (left / s, top / s, right / s, bottom / s), size))

    def line(self, points: list[tuple[float, float]], fill: RGB, width: float) -> None:
        s = SUPERSAMPLE
        self.draw.line(
            [(x * s, y * s) for x, y in points], fill=fill, width=round(width * s), joint="curve"
        )

    def rectangle(self, box: Box, fill: RGB) -> None:
        self.draw.rectangle(tuple(v * SUPERSAMPLE for v in box), fill=fill)

    def dot(self, at: tuple[float, float], radius: float, fill: RGB, outline: RGB | None) -> None:
        s, (x, y) = SUPERSAMPLE, at
        box = ((x - radius) * s, (y - radius) * s, (x + radius) * s, (y + radius) * s)
        self.draw.ellipse(box, fill=fill, outline=outline, width=s)


def review_graph_image(
    review: Review,
    *,
    black_name: str | None = None,
    white_name: str | None = None,
    theme: str | Theme = "classic",
    words: Words = ENGLISH,
) -> GraphImage:
    """The graph, from the top: the players; the turning point's label, over the plot so that
    it never lies on the curve; the plot, with a band at its top (Black ahead) and bottom
    (White ahead) that the curve never reaches; the moves; the exact endgame; the marks."""
    chosen = get_theme(theme)
    canvas = _Canvas(chosen)
    left_edge, right = _PAD, float(WIDTH - _PAD)
    legend = _legend_rows(canvas, words, right - left_edge)
    title = _title(canvas, black_name, white_name, words, right - left_edge)
    for number, line in enumerate(title):
        canvas.text(
            (left_edge, _PAD + number * _TITLE_ROW), line, TITLE_SIZE, chosen.text, "lt", bold=True
        )
    turning_y = _PAD + len(title) * _TITLE_ROW + _TITLE_ROW // 4
    turning = review.turning_point
    top = turning_y + (_ROW if turning is not None else 0)
    band = _ROW + MARK_RADIUS[Mark.BLUNDER]
    values = review.values
    count = max(1, len(values) - 1)
    right -= canvas.width(str(count), TEXT_SIZE) / 2  # room for the last move's number
    scale = graph_scale(values)
    ticks = [f"{level:+d}".replace("-", "\u2212") if level else "0" for level in (scale, -scale)]
    left = left_edge + max(canvas.width(tick, TEXT_SIZE) for tick in ticks) + 8
    move_word = words.gettext("move")
    exact_from = review.exact_from
    exact = None
    if exact_from is not None:
        exact = words.gettext("exact from move {number}").format(number=exact_from)
    # The exact endgame's words share the axis word's row if they fit beside it.
    apart = (
        exact is not None
        and canvas.width(move_word, TEXT_SIZE) + 18 + canvas.width(exact, TEXT_SIZE) > right - left
    )
    bottom = HEIGHT - _PAD - _ROW * (2 + apart + len(legend))

    def x_of(move: float) -> float:
        return left + (right - left) * move / count

    def y_of(value: float) -> float:
        clamped = max(-scale, min(scale, value))
        return top + band + (bottom - top - 2 * band) * (scale - clamped) / (2 * scale)

    canvas.rectangle((left, top, right, bottom), chosen.board)
    step = 8 if scale <= 16 else 16 if scale <= 32 else 32
    while step < scale and y_of(0) - y_of(step) < 2 * _ROW:  # fewer labels where they crowd
        step *= 2
    for level in range(-(scale // step) * step, scale + 1, step):  # 0 among them
        y = y_of(level)
        canvas.line([(left, y), (right, y)], chosen.grid, 1)
        label = "0" if level == 0 else f"{level:+d}".replace("-", "\u2212")
        canvas.text((left - 8, y), label, TEXT_SIZE, chosen.coordinates, "rm")
    inside = right - left - 12
    canvas.text(
        (left + 6, top + 3),
        canvas.fit(words.gettext("Black ahead"), TEXT_SIZE, inside),
        TEXT_SIZE,
        chosen.text,
        "lt",
    )
    canvas.text(
        (left + 6, bottom - 3),
        canvas.fit(words.gettext("White ahead"), TEXT_SIZE, inside),
        TEXT_SIZE,
        chosen.text,
        "lb",
    )

    points = [(x_of(k), y_of(v)) for k, v in enumerate(values)]
    zero = y_of(0)
    for polygon, color in _areas(points, zero, chosen):
        canvas.draw.polygon([(x * SUPERSAMPLE, y * SUPERSAMPLE) for x, y in polygon], fill=color)
    canvas.line([(left, zero), (right, zero)], chosen.coordinates, 1)

    if turning is not None:
        x = x_of(turning)
        for y in range(int(turning_y), int(bottom), 10):
            canvas.line([(x, y), (x, min(y + 5, bottom))], chosen.text, 1)
        label = words.gettext("turning point: move {number}").format(number=turning)
        end = WIDTH - _PAD  # over the plot and the axis' labels: the whole width
        label = canvas.fit(label, TEXT_SIZE, end - left_edge)
        width = canvas.width(label, TEXT_SIZE)
        at = (
            min(max(x + 5, left_edge), end - width)
            if x < (left + right) / 2
            else max(x - 5 - width, left_edge)
        )
        canvas.text((at, turning_y), label, TEXT_SIZE, chosen.text, "lt")
    if len(points) > 1:
        canvas.line(points, CURVE, 3)
    for move in review.moves:
        radius = MARK_RADIUS[move.mark]
        canvas.dot(points[move.number], radius, MARK_COLORS[move.mark], chosen.background)

    axis_y = bottom + 4
    tick = 10 if count > 20 else 5 if count > 8 else 1
    for number in range(0, count + 1, tick):
        canvas.text((x_of(number), axis_y), str(number), TEXT_SIZE, chosen.coordinates, "mt")
    row_y = axis_y + _ROW
    canvas.text((left, row_y), move_word, TEXT_SIZE, chosen.muted_text, "lt")
    if exact_from is not None and exact is not None:
        row_y += _ROW * apart
        x0 = x_of(exact_from - 1)
        canvas.rectangle((x0, bottom + 1, right, bottom + 3), _EXACT_BAND)
        canvas.text((right, row_y), exact, TEXT_SIZE, _EXACT_BAND, "rt")

    legend_y = row_y + _ROW + _ROW // 2
    radius = MARK_RADIUS[Mark.BLUNDER]
    for row in legend:
        x = left_edge
        for mark, name in row:
            canvas.dot((x + radius, legend_y), radius, MARK_COLORS[mark], None)
            x += 2 * radius + 6
            canvas.text((x, legend_y), name, TEXT_SIZE, chosen.text, "lm")
            x += canvas.width(name, TEXT_SIZE) + 18
        legend_y += _ROW
    image = canvas.image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)
    return GraphImage(image, tuple(canvas.labels), tuple(points))


def _legend_rows(canvas: _Canvas, words: Words, width: float) -> list[list[tuple[Mark, str]]]:
    """The marks with their names, in as many rows as they need to fit in `width`."""
    rows: list[list[tuple[Mark, str]]] = [[]]
    used = 0.0
    for mark in Mark:
        name = mark_name(mark, words=words)
        item = 2 * MARK_RADIUS[Mark.BLUNDER] + 6 + canvas.width(name, TEXT_SIZE)
        if rows[-1] and used + item > width:
            rows.append([])
            used = 0.0
        rows[-1].append((mark, name))
        used += item + 18
    return rows


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


def _title(
    canvas: _Canvas, black_name: str | None, white_name: str | None, words: Words, width: float
) -> list[str]:
    """`_players` on one line or two, `width` wide; names too long for that are shortened
    alike, each to as much as lets the title fit on two lines."""
    template = words.gettext("{black} (Black) vs {white} (White)")
    names = [
        drawable_name(name or "", color_name(color, words))
        for name, color in ((black_name, Color.BLACK), (white_name, Color.WHITE))
    ]
    share = max(canvas.width(name, TITLE_SIZE, True) for name in names)
    while share >= TITLE_SIZE:
        black, white = (
            fit_text(name, canvas.font(name, TITLE_SIZE, True), share * SUPERSAMPLE)
            for name in names
        )
        title = template.format(black=black, white=white)
        _, lines = wrap_text(title, (canvas.font(title, TITLE_SIZE, True),), width * SUPERSAMPLE)
        if " ".join(lines) == title:
            return lines
        share *= 0.9
    return [canvas.fit(title, TITLE_SIZE, width, bold=True)]


def _players(black_name: str | None, white_name: str | None, words: Words) -> str:
    """`Ann (Black) vs Bo (White)`."""
    return words.gettext("{black} (Black) vs {white} (White)").format(
        black=drawable_name(black_name or "", color_name(Color.BLACK, words)),
        white=drawable_name(white_name or "", color_name(Color.WHITE, words)),
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
                color=color_name(move.color, words),
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
                color=color_name(color, words), counts=counts
            )
        )
    text = " ".join(parts)
    return text if len(text) <= MAX_ALT_TEXT else text[: MAX_ALT_TEXT - 1] + "\u2026"
