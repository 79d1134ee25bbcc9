"""A tournament's standings as an image: the title, then one row per player with rank, name,
points, Brightwell quotient, discs and a crosstable cell per round (the opponent's rank, a disc
of the colour played, the result), the winner crowned once the standings are final.

Made to be read on a phone: 20-pixel text in rows 33 pixels tall (room for Tamil's tall
letters), each column as wide as its header and its widest cell, so that only a name too long
for its column is ever shortened (with an ellipsis). The image is `MIN_WIDTH` (room for the
title) to `MAX_WIDTH` pixels wide: past that the name column narrows, then the earliest rounds
are left out (the round headers say which are shown). 200 players make an image about 6,700
pixels tall; a caller that wants pages draws a slice of the rows, each row carrying its rank.

The same numbers and letters recur all down a table, so each distinct text is rendered once
into a mask and then pasted (`_Pen`): 200 players draw in a small fraction of a second.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from bot.engine import Color
from rendering import sprites
from rendering.standings_table import BYE, Outcome, RoundResult, StandingsRow, StandingsWords
from rendering.text import (
    BOLD,
    REGULAR,
    drawable_name,
    drawable_text,
    fit_text,
    fit_words,
    font_for,
    load_font,
    wrap_text,
)
from rendering.themes import RGB, Theme, get_theme, mix

TITLE_SIZES = (26, 22)
"""The title's font, and a smaller one for a long title, before it goes onto a second line."""
TEXT_SIZE = 20
HEADER_SIZE = 16
MARK_SIZE = 14  # the forfeit mark after a result
ROW_HEIGHT = 33
HEADER_HEIGHT = 28
PAD = 8
"""Pixels at each side of every cell that nothing is drawn in."""
GAP = 4  # between the parts of a round's cell
MARGIN = 16
NAME_WIDTH = (200, 300)
"""The name column's width is its widest name's, within these bounds."""
MIN_WIDTH, MAX_WIDTH = 640, 1600
DISC_SIZE = 18  # the square a round's disc is drawn in
CROWN_SIZE = 22
CAP_HEIGHT = 0.73  # of the font size: the text's middle is a row's middle
PNG_COMPRESS_LEVEL = 3

Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Text:
    """A text drawn on the image: its ink's box, and the box of the cell it belongs in."""

    text: str
    box: Box
    cell: Box


@dataclass(frozen=True, slots=True)
class StandingsImage:
    """The image, every text on it, and which rounds it shows."""

    image: Image.Image
    texts: tuple[Text, ...]
    rounds: range


def points_text(half_points: int) -> str:
    """Points from half-points: `0`, `½`, `2`, `2½`."""
    whole, half = divmod(half_points, 2)
    if not half:
        return str(whole)
    return f"{whole}\u00bd" if whole else "\u00bd"


def render_standings(
    title: str,
    rows: Sequence[StandingsRow],
    *,
    rounds: int | None = None,
    final: bool = False,
    theme: str | Theme = "classic",
    words: StandingsWords = StandingsWords(),  # noqa: B008 (frozen, so shared safely)
) -> bytes:
    """A PNG of the standings; `standings_image` explains the options."""
    chosen = get_theme(theme)
    drawn = standings_image(title, rows, rounds=rounds, final=final, theme=chosen, words=words)
    image = drawn.image.quantize(palette=_palette(chosen), dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


_SAMPLE = (
    StandingsRow(1, "Ann", 3, 70.5, 96, (RoundResult(2, Color.BLACK, Outcome.WIN), BYE)),
    StandingsRow(2, "Bo", 1, 60.0, 64, (RoundResult(1, Color.WHITE, Outcome.LOSS), BYE)),
    StandingsRow(
        3, "Cy", 1, 50.0, 32, (RoundResult(4, Color.WHITE, Outcome.DRAW, forfeit=True), None)
    ),
)


@cache
def _palette(theme: Theme) -> Image.Image:
    """A 256-colour palette fitted to a small final table in `theme`, with every colour of text
    on every row's background. Saved as a palette image, a PNG encodes several times faster
    and has half the bytes (as the boards do)."""
    sample = standings_image("Sample 0123", _SAMPLE, final=True, theme=theme).image
    return sample.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def standings_image(
    title: str,
    rows: Sequence[StandingsRow],
    *,
    rounds: int | None = None,
    final: bool = False,
    theme: str | Theme = "classic",
    words: StandingsWords = StandingsWords(),  # noqa: B008
) -> StandingsImage:
    """The standings of `rows`, in their order, under `title` (the tournament's name and round
    as the caller words them, e.g. `Autumn Swiss · round 3 of 4`, put on two lines if it must).

    `rounds` is the number of round columns (e.g. 4 while round 3 of 4 is played; the last one
    then empty), by default as many as the longest row has. With `final`, the players ranked
    first are crowned and their rows highlighted. `words` are the table's words in the reader's
    language. Raises ValueError for an unknown theme, a rank or an opponent's rank below 1,
    negative points or more rounds than `rounds`.
    """
    chosen = get_theme(theme)
    round_count = max((len(row.rounds) for row in rows), default=0) if rounds is None else rounds
    _check(rows, round_count)
    words = StandingsWords(*(drawable_text(getattr(words, f.name)) for f in fields(words)))
    fonts, masks = _Fonts.load(), _Masks()
    grid = _Grid.plan(rows, round_count, final, fonts, masks, words)
    title_font, title_lines = wrap_text(
        drawable_text(title), fonts.titles, grid.width - 2 * MARGIN - 2 * PAD
    )
    spacing = round(title_font.size * 1.3)
    table_top = MARGIN + spacing * len(title_lines) + MARGIN // 2
    rows_top = table_top + HEADER_HEIGHT + 1
    height = rows_top + ROW_HEIGHT * len(rows) + MARGIN
    image = Image.new("RGB", (grid.width, height), chosen.background)
    pen = _Pen(image, masks)
    title_cell = (MARGIN, MARGIN // 2, grid.width - MARGIN, table_top)
    for number, line in enumerate(title_lines):
        baseline = MARGIN + spacing * number + round(title_font.size * 0.95)
        pen.text(line, title_font, chosen.text, (MARGIN + PAD, baseline), "l", title_cell)
    _draw_headers(pen, grid, fonts, chosen, table_top)
    draw = ImageDraw.Draw(image)
    rule = mix(chosen.background, chosen.muted_text, 0.5)
    draw.line((MARGIN, rows_top - 1, grid.width - MARGIN - 1, rows_top - 1), fill=rule)
    discs = {
        color: sprites.disc(chosen, color is Color.BLACK, DISC_SIZE, shadow=False)
        for color in Color
    }
    ring = mix(chosen.background, chosen.text, 0.5)  # the black disc stands out on any row
    discs[Color.BLACK].alpha_composite(
        sprites.dot(ring, DISC_SIZE, sprites.DISC_DIAMETER, ring=True)
    )
    crown = sprites.crown(chosen.winner, chosen.background, CROWN_SIZE)
    stripe = mix(chosen.background, chosen.text, 0.06)
    highlight = mix(chosen.background, chosen.winner, 0.3)
    for index, row in enumerate(rows):
        top = rows_top + index * ROW_HEIGHT
        crowned = final and row.rank == 1
        fill = highlight if crowned else stripe if index % 2 else None
        if fill is not None:
            draw.rectangle((MARGIN, top, grid.width - MARGIN - 1, top + ROW_HEIGHT - 1), fill)
        baseline = top + round((ROW_HEIGHT + CAP_HEIGHT * TEXT_SIZE) / 2)
        middle = top + ROW_HEIGHT // 2
        cells = grid.cells(top)
        rank_cell = cells[0]
        if crowned:
            at = (rank_cell[0] + PAD, middle - CROWN_SIZE // 2 - 1)
            image.paste(crown, at, crown)
        rank_at = (rank_cell[2] - PAD, baseline)
        pen.text(str(row.rank), fonts.figures, chosen.text, rank_at, "r", rank_cell)
        name_font = fonts.bold if crowned else fonts.regular
        name = fit_text(_name(row, words), name_font, grid.name_width)
        pen.text(name, name_font, chosen.text, (cells[1][0] + PAD, baseline), "l", cells[1])
        figures = (
            (points_text(row.half_points), fonts.bold_figures, chosen.text),
            (f"{row.brightwell:.1f}", fonts.figures, chosen.muted_text),
            (str(row.discs), fonts.figures, chosen.muted_text),
        )
        for (text, font, colour), cell in zip(figures, cells[2:5], strict=True):
            pen.text(text, font, colour, (cell[2] - PAD, baseline), "r", cell)
        for number, cell in zip(grid.rounds, cells[5:], strict=True):
            result = row.rounds[number - 1] if number <= len(row.rounds) else None
            if result is not None:
                _draw_result(pen, grid, fonts, chosen, words, result, cell, baseline, discs)
    return StandingsImage(image, tuple(pen.texts), grid.rounds)


def _check(rows: Sequence[StandingsRow], round_count: int) -> None:
    for row in rows:
        if row.rank < 1 or row.half_points < 0:
            raise ValueError(f"a rank starts at 1 and points at 0: {row}")
        if len(row.rounds) > round_count:
            raise ValueError(f"{len(row.rounds)} rounds for a table of {round_count}: {row}")
        for result in row.rounds:
            rank = None if result is None else result.opponent_rank
            if rank is not None and rank < 1:
                raise ValueError(f"an opponent's rank starts at 1: {row}")


@dataclass(frozen=True, slots=True)
class _Fonts:
    regular: ImageFont.FreeTypeFont
    bold: ImageFont.FreeTypeFont
    figures: ImageFont.FreeTypeFont  # for numbers, which need no shaping: several times faster
    bold_figures: ImageFont.FreeTypeFont
    header: ImageFont.FreeTypeFont
    mark: ImageFont.FreeTypeFont
    titles: tuple[ImageFont.FreeTypeFont, ...]

    @classmethod
    def load(cls) -> _Fonts:
        """Fonts of this image's own, so that no other thread draws with them at once."""
        basic = ImageFont.Layout.BASIC
        return cls(
            load_font(False, TEXT_SIZE),
            load_font(True, TEXT_SIZE),
            ImageFont.truetype(str(REGULAR), TEXT_SIZE, layout_engine=basic),
            ImageFont.truetype(str(BOLD), TEXT_SIZE, layout_engine=basic),
            load_font(True, HEADER_SIZE),
            load_font(False, MARK_SIZE),
            tuple(load_font(True, size) for size in TITLE_SIZES),
        )


def _name(row: StandingsRow, words: StandingsWords) -> str:
    """The row's name as it can be drawn; `Player 7` for a name with nothing to draw."""
    return drawable_name(row.name, f"{words.player} {row.rank}")


def _width(text: str, font: ImageFont.FreeTypeFont) -> int:
    return math.ceil(font_for(text, font).getlength(text))


@dataclass(frozen=True, slots=True)
class _Grid:
    """The columns: rank, name, points, BQ, discs, then the rounds shown."""

    headers: tuple[str, ...]
    lefts: tuple[int, ...]  # each column's left edge, and the right edge of the last
    rounds: range
    digits: int  # the width of the widest opponent's rank in a round's cell

    @property
    def width(self) -> int:
        return self.lefts[-1] + MARGIN

    @property
    def name_width(self) -> int:
        return self.lefts[2] - self.lefts[1] - 2 * PAD

    def cells(self, top: int) -> list[Box]:
        bottom = top + ROW_HEIGHT
        return [
            (left, top, right, bottom)
            for left, right in zip(self.lefts, self.lefts[1:], strict=False)
        ]

    @classmethod
    def plan(
        cls,
        rows: Sequence[StandingsRow],
        round_count: int,
        final: bool,
        fonts: _Fonts,
        masks: _Masks,
        words: StandingsWords,
    ) -> _Grid:
        regular, bold, header = fonts.regular, fonts.bold, fonts.header
        figures, bold_figures = fonts.figures, fonts.bold_figures
        crown = final and any(row.rank == 1 for row in rows)
        ranks = max((masks.advance(str(row.rank), figures) for row in rows), default=0)
        names = max(
            (_width(_name(row, words), bold if crown else regular) for row in rows), default=0
        )
        points = max(
            (masks.advance(points_text(r.half_points), bold_figures) for r in rows), default=0
        )
        quotients = max((masks.advance(f"{r.brightwell:.1f}", figures) for r in rows), default=0)
        discs = max((masks.advance(str(row.discs), figures) for row in rows), default=0)
        opponents = [
            result.opponent_rank
            for row in rows
            for result in row.rounds
            if result is not None and result.opponent_rank is not None
        ]
        digits = max((masks.advance(str(rank), figures) for rank in set(opponents)), default=0)
        letters = {outcome: _width(*_result(outcome, words, fonts)) for outcome in Outcome}
        forfeit, bye = _width(words.forfeit, fonts.mark), _width(words.bye, regular)

        def needs(result: RoundResult) -> int:
            if result.opponent_rank is None:
                return bye
            width = DISC_SIZE + GAP + digits
            if result.outcome is not None:
                width += GAP + letters[result.outcome]
            return width + (GAP + forfeit if result.forfeit else 0)

        typical = DISC_SIZE + GAP + digits + GAP + max(letters.values())
        needed = [max(typical, _width(str(number), header)) for number in range(1, round_count + 1)]
        for row in rows:
            for index, result in enumerate(row.rounds):
                if result is not None:
                    needed[index] = max(needed[index], needs(result))
        round_widths = [width + 2 * PAD for width in needed]
        headers: tuple[str, ...] = (
            words.rank,
            words.player,
            words.points,
            words.brightwell,
            words.discs,
        )
        fixed = [
            max(_width(words.rank, header), ranks + (CROWN_SIZE + 2 * GAP if crown else 0)),
            max(_width(words.player, header), min(max(names, NAME_WIDTH[0]), NAME_WIDTH[1])),
            max(_width(words.points, header), points),
            max(_width(words.brightwell, header), quotients),
            max(_width(words.discs, header), discs),
        ]
        widths = [width + 2 * PAD for width in fixed]
        room = MAX_WIDTH - 2 * MARGIN - sum(widths)
        if sum(round_widths) > room:  # the names narrow first, then the earliest rounds go
            narrowest = max(_width(words.player, header), NAME_WIDTH[0]) + 2 * PAD
            widths[1] = max(narrowest, widths[1] - (sum(round_widths) - room))
            room = MAX_WIDTH - 2 * MARGIN - sum(widths)
        shown = 0
        while shown < round_count and (not shown or round_widths[-shown - 1] <= room):
            room -= round_widths[-shown - 1]
            shown += 1
        widths += round_widths[round_count - shown :]
        widths[1] += max(0, MIN_WIDTH - 2 * MARGIN - sum(widths))  # room for the title
        lefts = [MARGIN]
        for width in widths:
            lefts.append(lefts[-1] + width)
        rounds = range(round_count - shown + 1, round_count + 1)
        headers += tuple(str(number) for number in rounds)
        return cls(headers, tuple(lefts), rounds, digits)


def _draw_headers(pen: _Pen, grid: _Grid, fonts: _Fonts, theme: Theme, top: int) -> None:
    """Each column's header: over the names on the left, over the numbers on the right, over a
    round's results in the middle."""
    baseline = top + round((HEADER_HEIGHT + CAP_HEIGHT * HEADER_SIZE) / 2)
    cells = grid.cells(top)
    for index, (text, cell) in enumerate(zip(grid.headers, cells, strict=True)):
        cell = (cell[0], top, cell[2], top + HEADER_HEIGHT)
        width = cell[2] - cell[0] - 2 * PAD
        text = fit_words(text, fonts.header, width)
        if index == 1:
            at, align = (cell[0] + PAD, baseline), "l"
        elif index < 5:
            at, align = (cell[2] - PAD, baseline), "r"
        else:
            at, align = ((cell[0] + cell[2]) // 2, baseline), "m"
        pen.text(text, fonts.header, theme.muted_text, at, align, cell)


def _draw_result(
    pen: _Pen,
    grid: _Grid,
    fonts: _Fonts,
    theme: Theme,
    words: StandingsWords,
    result: RoundResult,
    cell: Box,
    baseline: int,
    discs: dict[Color, Image.Image],
) -> None:
    """`● 5 W`: the colour played, the opponent's rank, the result (bold for a win, muted for a
    loss) and the forfeit mark; or the words' bye. The ranks are right-aligned, the results
    left-aligned, down the column."""
    x = cell[0] + PAD
    if result.opponent_rank is None:
        pen.text(words.bye, fonts.regular, theme.muted_text, (x, baseline), "l", cell)
        return
    x += DISC_SIZE + GAP + grid.digits
    number = str(result.opponent_rank)
    width = pen.text(number, fonts.figures, theme.text, (x, baseline), "r", cell)
    if result.colour is not None:
        disc = discs[result.colour]
        at = (x - width - GAP - DISC_SIZE, (cell[1] + cell[3] - DISC_SIZE) // 2)
        pen.image.paste(disc, at, disc)
    if result.outcome is None:
        return
    text, font = _result(result.outcome, words, fonts)
    colour = theme.muted_text if result.outcome is Outcome.LOSS else theme.text
    x += GAP + pen.text(text, font, colour, (x + GAP, baseline), "l", cell)
    if result.forfeit:
        pen.text(words.forfeit, fonts.mark, theme.muted_text, (x + GAP, baseline), "l", cell)


def _result(
    outcome: Outcome, words: StandingsWords, fonts: _Fonts
) -> tuple[str, ImageFont.FreeTypeFont]:
    """A result's letter, bold for a win."""
    match outcome:
        case Outcome.WIN:
            return words.win, fonts.bold
        case Outcome.DRAW:
            return words.draw, fonts.regular
        case Outcome.LOSS:
            return words.loss, fonts.regular


class _Masks:
    """Each text rendered once per font, as a mask with its box (from the origin, on the
    baseline) and its advance."""

    def __init__(self) -> None:
        self._found: dict[tuple[str, ImageFont.FreeTypeFont], tuple[Image.Image, Box, int]] = {}

    def get(self, text: str, font: ImageFont.FreeTypeFont) -> tuple[Image.Image, Box, int]:
        key = (text, font)
        found = self._found.get(key)
        if found is None:
            left, top, right, bottom = (
                math.floor(v) if i < 2 else math.ceil(v)
                for i, v in enumerate(font.getbbox(text, anchor="ls"))
            )
            mask = Image.new("L", (right - left, bottom - top), 0)
            ImageDraw.Draw(mask).text((-left, -top), text, font=font, fill=255, anchor="ls")
            found = (mask, (left, top, right, bottom), math.ceil(font.getlength(text)))
            self._found[key] = found
        return found

    def advance(self, text: str, font: ImageFont.FreeTypeFont) -> int:
        return self.get(text, font)[2]


class _Pen:
    """Draws texts from `_Masks` and keeps each text's box."""

    def __init__(self, image: Image.Image, masks: _Masks) -> None:
        self.image = image
        self.masks = masks
        self.texts: list[Text] = []

    def text(
        self,
        text: str,
        font: ImageFont.FreeTypeFont,
        fill: RGB,
        at: tuple[int, int],
        align: str,
        cell: Box | None = None,
    ) -> int:
        """Draws `text` with its baseline at `at`, starting there (`align` `l`), ending there
        (`r`) or centred on it (`m`); returns its advance. `cell` is recorded with it."""
        if not text:
            return 0
        mask, (left, top, right, bottom), advance = self.masks.get(text, font_for(text, font))
        x = at[0] - (advance if align == "r" else advance // 2 if align == "m" else 0)
        box = (x + left, at[1] + top, x + right, at[1] + bottom)
        self.image.paste(fill, box, mask)
        self.texts.append(Text(text, box, box if cell is None else cell))
        return advance
