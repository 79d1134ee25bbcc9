"""A tournament's standings as an image: the title, then one row per player with rank, starting
number, name, points, Brightwell quotient, discs and a crosstable cell per round, as the World
Othello Federation's crosstables have them: the opponent's starting number on a disc of the
colour played, the player's disc score and the points (`1`, `½`, `0`; `+` and `-` for a game
won or lost without play). The winner is crowned once the standings are final; a withdrawn
player's row is greyed and marked.

Made to be read on a phone: 20-pixel text in rows 33 pixels tall (room for Tamil's tall
letters), each column as wide as its header and its widest cell, so that only a name too long
for its column is ever shortened (with an ellipsis). The rounds' cells hold figures and discs
alone, the same in every language, so that eleven rounds are under 1,500 pixels wide in each
(`PHONE_WIDTH`). The image is `MIN_WIDTH` (room for the title) to `MAX_WIDTH` pixels wide: past
that the name column narrows, then the earliest rounds are left out (the round headers say
which are shown). 200 players make an image about 6,700 pixels tall; a caller that wants pages
draws a slice of the rows, each row carrying its rank.

The same numbers and letters recur all down a table, so each distinct text is rendered once
into a mask and then pasted (`_Pen`): 200 players draw in a small fraction of a second.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from bot.engine import Color
from rendering import sprites
from rendering.board import png_bytes
from rendering.standings_table import BYE, Outcome, RoundResult, StandingsRow
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
from rendering.words import ENGLISH, Words

TITLE_SIZES = (26, 22)
"""The title's font, and a smaller one for a long title, before it goes onto a second line."""
TEXT_SIZE = 20
HEADER_SIZE = 16
MARK_SIZE = 14  # the bye and the withdrawal mark
NUMBER_SIZE = 13  # a starting number on its disc
CELL_SIZE = 18  # a round's disc score and points
ROW_HEIGHT = 33
HEADER_HEIGHT = 28
PAD = 8
"""Pixels at each side of every cell that nothing is drawn in."""
ROUND_PAD = 4
"""The same at each side of a round's cell, narrower: eleven rounds fit a phone's screen."""
GAP = 4  # between a name and its mark, and the crown and the rank
CELL_GAP = 3  # between the parts of a round's cell
MARGIN = 16
NAME_WIDTH = (200, 300)
"""The name column's width is its widest name's, within these bounds."""
MIN_WIDTH, MAX_WIDTH = 640, 1600
PHONE_WIDTH = 1500
"""Past this width the names narrow (to `NAME_WIDTH[0]`): the most an eleven-round table is wide
in any language. A phone shows it about 400 points wide, a little over one image pixel to a
screen pixel on a 3x screen: the whole table at a glance, sharp when zoomed into."""
NUMBER_HEIGHT = 20  # the rounded disc a starting number is drawn on
NUMBER_PAD = 4  # at each side of the number on it
CROWN_SIZE = 22
CAP_HEIGHT = 0.73  # of the font size: the text's middle is a row's middle
POINTS = {Outcome.WIN: "1", Outcome.DRAW: "\u00bd", Outcome.LOSS: "0"}
FORFEITS = {Outcome.WIN: "+", Outcome.LOSS: "\u2212"}
"""A game decided without play: won or lost, as chess and Othello crosstables mark it."""

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


@dataclass(frozen=True, slots=True)
class TableWords:
    """The words of the table, in the reader's language and as the fonts can draw them. The
    rounds' cells are figures and discs in every language, so that eleven rounds fit a phone's
    screen whatever the language; the words are the headers, the bye and the withdrawal mark
    (both drawn small)."""

    rank: str
    player: str
    points: str
    brightwell: str
    discs: str
    bye: str
    withdrawn: str

    @classmethod
    def of(cls, words: Words) -> TableWords:
        texts = (
            "#",
            # TRANSLATORS: a column header of the standings image; keep it short.
            words.gettext("Player"),
            # TRANSLATORS: the points column of the standings image (a win 1, a draw ½): a short
            # abbreviation, not the word for a rating.
            words.gettext("Pts"),
            "BQ",
            # TRANSLATORS: the discs column of the standings image; keep it short.
            words.gettext("Discs"),
            # TRANSLATORS: a round without a game for this player (a win without play), in a
            # cell of the standings image about 80 pixels wide.
            words.gettext("bye"),
            # TRANSLATORS: after the name of a player who left the tournament, on the image.
            words.gettext("(withdrawn)"),
        )
        return cls(*(drawable_text(text) for text in texts))


def points_text(half_points: int) -> str:
    """Points from half-points: `0`, `½`, `2`, `2½`."""
    whole, half = divmod(half_points, 2)
    if not half:
        return str(whole)
    return f"{whole}\u00bd" if whole else "\u00bd"


def quotient_text(quotient: float) -> str:
    """The Brightwell quotient as the standings' text and image both write it: `224`,
    `224.5`."""
    return f"{quotient:.1f}".removesuffix(".0")


def render_standings(
    title: str,
    rows: Sequence[StandingsRow],
    *,
    rounds: int | None = None,
    final: bool = False,
    theme: str | Theme = "classic",
    words: Words = ENGLISH,
) -> bytes:
    """A PNG of the standings; `standings_image` explains the options."""
    chosen = get_theme(theme)
    drawn = standings_image(title, rows, rounds=rounds, final=final, theme=chosen, words=words)
    image = drawn.image.quantize(palette=_palette(chosen), dither=Image.Dither.NONE)
    return png_bytes(image)


_SAMPLE = (
    StandingsRow(
        1,
        1,
        "Ann",
        3,
        70.5,
        96,
        (RoundResult(2, Color.BLACK, Outcome.WIN, 40), RoundResult(3, Color.WHITE)),
    ),
    StandingsRow(2, 3, "Bo", 1, 60.0, 64, (RoundResult(1, Color.WHITE, Outcome.LOSS, 24), BYE)),
    StandingsRow(
        3,
        2,
        "Cy",
        1,
        50.0,
        32,
        (RoundResult(4, None, Outcome.DRAW, 32, forfeit=True), None),
        withdrawn=True,
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
    words: Words = ENGLISH,
) -> StandingsImage:
    """The standings of `rows`, in their order, under `title` (the tournament's name and round
    as the caller words them, e.g. `Autumn Swiss · round 3 of 4`, put on two lines if it must).

    `rounds` is the number of round columns (e.g. 4 while round 3 of 4 is played; the last one
    then empty), by default as many as the longest row has. With `final`, the players ranked
    first are crowned and their rows highlighted. `words` is the reader's catalogue. Raises
    ValueError for an unknown theme, a rank or a starting number below 1, negative points or
    more rounds than `rounds`.
    """
    chosen = get_theme(theme)
    round_count = max((len(row.rounds) for row in rows), default=0) if rounds is None else rounds
    _check(rows, round_count)
    table = TableWords.of(words)
    fonts, masks = _Fonts.load(), _Masks()
    grid = _Grid.plan(rows, round_count, final, fonts, masks, table)
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
    numbers = _Numbers(pen, fonts.number, chosen, grid.number_width)
    crown = sprites.crown(chosen.winner, chosen.background, CROWN_SIZE)
    stripe = mix(chosen.background, chosen.text, 0.06)
    highlight = mix(chosen.background, chosen.winner, 0.3)
    grey = mix(chosen.background, chosen.muted_text, 0.2)
    for index, row in enumerate(rows):
        top = rows_top + index * ROW_HEIGHT
        crowned = final and row.rank == 1
        fill = highlight if crowned else grey if row.withdrawn else stripe if index % 2 else None
        if fill is not None:
            draw.rectangle((MARGIN, top, grid.width - MARGIN - 1, top + ROW_HEIGHT - 1), fill)
        ink = chosen.muted_text if row.withdrawn else chosen.text
        baseline = top + round((ROW_HEIGHT + CAP_HEIGHT * TEXT_SIZE) / 2)
        middle = top + ROW_HEIGHT // 2
        cells = grid.cells(top)
        rank_cell = cells[0]
        if crowned:
            at = (rank_cell[0] + PAD, middle - CROWN_SIZE // 2 - 1)
            image.paste(crown, at, crown)
        rank_at = (rank_cell[2] - PAD, baseline)
        pen.text(str(row.rank), fonts.figures, ink, rank_at, "r", rank_cell)
        numbers.draw(row.number, None, cells[1][0] + PAD, cells[1])
        _draw_name(pen, grid, fonts, table, row, crowned, ink, cells[2], baseline)
        figures = (
            (points_text(row.half_points), fonts.bold_figures, ink),
            (quotient_text(row.brightwell), fonts.figures, chosen.muted_text),
            (str(row.discs), fonts.figures, chosen.muted_text),
        )
        for (text, font, color), cell in zip(figures, cells[3:FIXED], strict=True):
            pen.text(text, font, color, (cell[2] - PAD, baseline), "r", cell)
        for number, cell in zip(grid.rounds, cells[FIXED:], strict=True):
            result = row.rounds[number - 1] if number <= len(row.rounds) else None
            if result is not None:
                _draw_result(pen, grid, fonts, chosen, table, result, cell, baseline, numbers)
    separator = mix(chosen.background, chosen.muted_text, 0.3)
    for left in grid.lefts[FIXED:-1]:  # keeps one round's disc score from the next's points
        draw.line((left, table_top, left, rows_top + ROW_HEIGHT * len(rows) - 1), separator)
    return StandingsImage(image, tuple(pen.texts), grid.rounds)


def _check(rows: Sequence[StandingsRow], round_count: int) -> None:
    for row in rows:
        if row.rank < 1 or row.number < 1 or row.half_points < 0:
            raise ValueError(f"a rank and a starting number start at 1, points at 0: {row}")
        if len(row.rounds) > round_count:
            raise ValueError(f"{len(row.rounds)} rounds for a table of {round_count}: {row}")
        for result in row.rounds:
            opponent = None if result is None else result.opponent
            if opponent is not None and opponent < 1:
                raise ValueError(f"a starting number starts at 1: {row}")


@dataclass(frozen=True, slots=True)
class _Fonts:
    regular: ImageFont.FreeTypeFont
    bold: ImageFont.FreeTypeFont
    figures: ImageFont.FreeTypeFont  # for numbers, which need no shaping: several times faster
    bold_figures: ImageFont.FreeTypeFont
    number: ImageFont.FreeTypeFont  # a starting number on its disc
    score: ImageFont.FreeTypeFont  # a round's disc score and points
    bold_score: ImageFont.FreeTypeFont
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
            ImageFont.truetype(str(BOLD), NUMBER_SIZE, layout_engine=basic),
            ImageFont.truetype(str(REGULAR), CELL_SIZE, layout_engine=basic),
            ImageFont.truetype(str(BOLD), CELL_SIZE, layout_engine=basic),
            load_font(True, HEADER_SIZE),
            load_font(False, MARK_SIZE),
            tuple(load_font(True, size) for size in TITLE_SIZES),
        )


FIXED = 6
"""The columns before the rounds: rank, starting number, name, points, BQ, discs."""


def _name(row: StandingsRow, words: TableWords) -> str:
    """The row's name as it can be drawn; `Player 7` (its number) for a name with nothing to
    draw."""
    return drawable_name(row.name, f"{words.player} {row.number}")


def _width(text: str, font: ImageFont.FreeTypeFont) -> int:
    return math.ceil(font_for(text, font).getlength(text))


@dataclass(frozen=True, slots=True)
class _Grid:
    """The columns: rank, starting number, name, points, BQ, discs, then the rounds shown."""

    headers: tuple[str, ...]
    lefts: tuple[int, ...]  # each column's left edge, and the right edge of the last
    rounds: range
    number_width: int  # of the disc a starting number is drawn on
    score_width: int  # of a two-figure disc score
    points_width: int  # of the widest points of a round

    @property
    def width(self) -> int:
        return self.lefts[-1] + MARGIN

    @property
    def name_width(self) -> int:
        return self.lefts[3] - self.lefts[2] - 2 * PAD

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
        words: TableWords,
    ) -> _Grid:
        regular, bold, header = fonts.regular, fonts.bold, fonts.header
        figures, bold_figures = fonts.figures, fonts.bold_figures
        crown = final and any(row.rank == 1 for row in rows)
        ranks = max((masks.advance(str(row.rank), figures) for row in rows), default=0)
        withdrawn = _width(words.withdrawn, fonts.mark) + GAP
        names = max(
            (
                _width(_name(row, words), bold if crown else regular)
                + (withdrawn if row.withdrawn else 0)
                for row in rows
            ),
            default=0,
        )
        points = max(
            (masks.advance(points_text(r.half_points), bold_figures) for r in rows), default=0
        )
        quotients = max(
            (masks.advance(quotient_text(r.brightwell), figures) for r in rows), default=0
        )
        discs = max((masks.advance(str(row.discs), figures) for row in rows), default=0)
        numbers = {row.number for row in rows} | {
            result.opponent
            for row in rows
            for result in row.rounds
            if result is not None and result.opponent is not None
        }
        digits = max((masks.advance(str(n), fonts.number) for n in numbers), default=0)
        number_width = digits + 2 * NUMBER_PAD
        score_width = masks.advance("64", fonts.score)  # figures are all as wide
        points_width = max(
            masks.advance(mark, fonts.bold_score) for mark in (*POINTS.values(), *FORFEITS.values())
        )
        bye = _width(words.bye, fonts.mark)
        typical = points_width + CELL_GAP + number_width + CELL_GAP + score_width
        needed = [max(typical, _width(str(number), header)) for number in range(1, round_count + 1)]
        for row in rows:
            for index, result in enumerate(row.rounds):
                if result is not None and result.opponent is None:
                    needed[index] = max(needed[index], bye)
        round_widths = [width + 2 * ROUND_PAD for width in needed]
        headers: tuple[str, ...] = (
            words.rank,
            "",
            words.player,
            words.points,
            words.brightwell,
            words.discs,
        )
        fixed = [
            max(_width(words.rank, header), ranks + (CROWN_SIZE + 2 * GAP if crown else 0)),
            number_width,
            max(_width(words.player, header), min(max(names, NAME_WIDTH[0]), NAME_WIDTH[1])),
            max(_width(words.points, header), points),
            max(_width(words.brightwell, header), quotients),
            max(_width(words.discs, header), discs),
        ]
        widths = [width + 2 * PAD for width in fixed]
        over = sum(widths) + sum(round_widths) - (PHONE_WIDTH - 2 * MARGIN)
        if over > 0:  # the names narrow first, then the earliest rounds go
            narrowest = max(_width(words.player, header), NAME_WIDTH[0]) + 2 * PAD
            widths[2] = max(narrowest, widths[2] - over)
        room = MAX_WIDTH - 2 * MARGIN - sum(widths)
        shown = 0
        while shown < round_count and (not shown or round_widths[-shown - 1] <= room):
            room -= round_widths[-shown - 1]
            shown += 1
        widths += round_widths[round_count - shown :]
        widths[2] += max(0, MIN_WIDTH - 2 * MARGIN - sum(widths))  # room for the title
        lefts = [MARGIN]
        for width in widths:
            lefts.append(lefts[-1] + width)
        rounds = range(round_count - shown + 1, round_count + 1)
        headers += tuple(str(number) for number in rounds)
        return cls(headers, tuple(lefts), rounds, number_width, score_width, points_width)


def _draw_headers(pen: _Pen, grid: _Grid, fonts: _Fonts, theme: Theme, top: int) -> None:
    """Each column's header: over the names on the left, over the numbers on the right, over a
    round's results in the middle."""
    baseline = top + round((HEADER_HEIGHT + CAP_HEIGHT * HEADER_SIZE) / 2)
    cells = grid.cells(top)
    for index, (text, cell) in enumerate(zip(grid.headers, cells, strict=True)):
        cell = (cell[0], top, cell[2], top + HEADER_HEIGHT)
        width = cell[2] - cell[0] - 2 * PAD
        text = fit_words(text, fonts.header, width)
        if index == 2:
            at, align = (cell[0] + PAD, baseline), "l"
        elif index < FIXED:
            at, align = (cell[2] - PAD, baseline), "r"
        else:
            at, align = ((cell[0] + cell[2]) // 2, baseline), "m"
        pen.text(text, fonts.header, theme.muted_text, at, align, cell)


def _draw_name(
    pen: _Pen,
    grid: _Grid,
    fonts: _Fonts,
    words: TableWords,
    row: StandingsRow,
    crowned: bool,
    ink: RGB,
    cell: Box,
    baseline: int,
) -> None:
    """The name, shortened only if it must be, and after it a withdrawn player's mark (whole)."""
    font = fonts.bold if crowned else fonts.regular
    mark = _width(words.withdrawn, fonts.mark) + GAP if row.withdrawn else 0
    name = fit_text(_name(row, words), font, grid.name_width - mark)
    x = cell[0] + PAD + pen.text(name, font, ink, (cell[0] + PAD, baseline), "l", cell)
    if row.withdrawn:
        pen.text(words.withdrawn, fonts.mark, ink, (x + GAP, baseline), "l", cell)


class _Numbers:
    """Starting numbers, each on a rounded disc of the colour its player had in the game (a
    ring alone for the row's own number and a game never played), the ring standing out on
    any row."""

    def __init__(self, pen: _Pen, font: ImageFont.FreeTypeFont, theme: Theme, width: int):
        self.pen, self.font, self.theme = pen, font, theme
        ring = mix(theme.background, theme.text, 0.5)
        self.discs = {
            color: _rounded(width, ring, None if color is None else _body(theme, color))
            for color in (Color.BLACK, Color.WHITE, None)
        }
        self.ink = {
            Color.BLACK: theme.white_disc,
            Color.WHITE: theme.black_disc,
            None: theme.text,
        }

    def draw(self, number: int, color: Color | None, left: int, cell: Box) -> int:
        """Draws `number` at `left`, centred on the row of `cell`; returns its width."""
        disc = self.discs[color]
        top = (cell[1] + cell[3] - NUMBER_HEIGHT) // 2
        self.pen.image.paste(disc, (left, top), disc)
        baseline = top + round((NUMBER_HEIGHT + CAP_HEIGHT * NUMBER_SIZE) / 2)
        at = (left + disc.width // 2, baseline)
        self.pen.text(str(number), self.font, self.ink[color], at, "m", cell)
        return disc.width


def _body(theme: Theme, color: Color) -> RGB:
    return theme.black_disc if color is Color.BLACK else theme.white_disc


def _rounded(width: int, ring: RGB, fill: RGB | None) -> Image.Image:
    """A rounded rectangle `width` by `NUMBER_HEIGHT`, anti-aliased as the sprites are."""
    scale = sprites.SCALE
    big = Image.new("RGBA", (width * scale, NUMBER_HEIGHT * scale), (*ring, 0))
    box = (0, 0, width * scale - 1, NUMBER_HEIGHT * scale - 1)
    ImageDraw.Draw(big).rounded_rectangle(
        box,
        radius=NUMBER_HEIGHT * scale // 2,
        fill=None if fill is None else (*fill, 255),
        outline=(*ring, 255),
        width=scale * 3 // 2,
    )
    return big.resize((width, NUMBER_HEIGHT), Image.Resampling.LANCZOS)


def _draw_result(
    pen: _Pen,
    grid: _Grid,
    fonts: _Fonts,
    theme: Theme,
    words: TableWords,
    result: RoundResult,
    cell: Box,
    baseline: int,
    numbers: _Numbers,
) -> None:
    """`1 (7) 38`: the points (bold for a win, muted for a loss; `+` or `-` for a game decided
    without play), the opponent's number on a disc of the colour played and the disc score,
    each aligned down the column, the disc keeping the figures apart; or the words' bye."""
    x = cell[0] + ROUND_PAD
    if result.opponent is None:
        pen.text(words.bye, fonts.mark, theme.muted_text, (x, baseline), "l", cell)
        return
    if result.outcome is not None:
        marks = FORFEITS if result.forfeit else POINTS
        mark = marks.get(result.outcome, POINTS[result.outcome])
        font = fonts.bold_score if result.outcome is Outcome.WIN else fonts.score
        ink = theme.muted_text if result.outcome is Outcome.LOSS else theme.text
        pen.text(mark, font, ink, (x + grid.points_width // 2, baseline), "m", cell)
    x += grid.points_width + CELL_GAP
    color = None if result.forfeit else result.color
    x += numbers.draw(result.opponent, color, x, cell) + CELL_GAP
    if result.discs is not None:
        at = (x + grid.score_width, baseline)
        pen.text(str(result.discs), fonts.score, theme.text, at, "r", cell)


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
