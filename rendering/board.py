"""One board image: the cached background and square tiles, already in the palette, pasted per
square; then the players' strip (names, counts, clocks) and the status line, drawn in RGB on
their strips of the background and mapped to the palette alone."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import ParamSpec

from PIL import Image, ImageDraw, ImageFont

from bot.engine import Color, Position
from bot.engine.bitboard import squares_of
from rendering.assets import Assets, get_assets
from rendering.clocks import clock_text, flag_fallen
from rendering.layout import DEFAULT_SIZE
from rendering.options import check_clocks, check_earlier_moves, check_last_move, check_mask
from rendering.status import describe_status
from rendering.text import (
    LINE_SPACING,
    drawable_name,
    drawable_text,
    fit_words,
    font_for,
    wrap_name,
    wrap_words,
)
from rendering.themes import Theme, get_theme
from rendering.words import ENGLISH, Words, color_name

P = ParamSpec("P")
PNG_COMPRESS_LEVEL = 3  # palette images: level 3 is about twice as fast as 6 for 15% more bytes


def _as_png(draw: Callable[P, Image.Image]) -> Callable[P, bytes]:
    """`draw`, its image saved as a PNG: one signature for the image and its file."""

    @wraps(draw)
    def render(*args: P.args, **kwargs: P.kwargs) -> bytes:
        return png_bytes(draw(*args, **kwargs))

    render.__doc__ = f"A PNG of `{draw.__name__}` (which explains the options)."
    return render


def png_bytes(image: Image.Image) -> bytes:
    """`image` as the bytes of a PNG file."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def board_image(
    position: Position,
    *,
    last_move: int | None = None,
    earlier_moves: Sequence[int] = (),
    flipped: int = 0,
    show_legal: bool = True,
    black_name: str | None = None,
    white_name: str | None = None,
    status: str | None = None,
    passed: Color | None = None,
    ended: bool = False,
    winner: Color | None = None,
    clocks: tuple[float, float] | None = None,
    clock_running: Color | None = None,
    theme: str | Theme = "classic",
    size: int = DEFAULT_SIZE,
    words: Words = ENGLISH,
) -> Image.Image:
    """The board of `position` as a palette ("P") image, `size` pixels wide.

    `last_move` is the square just played (marked with a dot); `flipped` is the bitmask of the
    discs it flipped (as `Ply.flipped`), marked with a ring. `earlier_moves` are the moves the
    same side played before it while the other side had to pass, oldest first: marked alike,
    with what they flipped in `flipped`, since the side to move has seen none of them.
    `show_legal` marks each legal move of the side to move with its name. `status` defaults to
    whose turn it is, the pass (`passed`: the side that just had to pass, as `Ply.passed`), the
    moves missed while passing, or the result.

    A game played out ends by itself. One that ended off the board (a resignation, a flag, a
    cancelled or aborted game) needs `ended=True`, and `winner` for the side that won, if any.
    Nobody is to move in a finished game; the winner's disc wears a crown, their side of the
    header is underlined and their name drawn bright and bold, the loser's plain and muted; a
    draw, or a game without a result, highlights nobody.

    `clocks` are Black's and White's time left in seconds: each is shown under its player's name
    (`m:ss`, `h:mm:ss` from an hour, tenths under ten seconds), the one of `clock_running`
    highlighted, and one that ran out as `0:00` in the theme's flag colour. The header is then a
    row taller. A running clock is shown as it stood when the turn began (an image does not
    tick), and the default status says so. Raises ValueError for an unknown theme, a size out
    of range, a bad square, bad clocks or a winner of a game that goes on.

    `words` are the words of the names' fallbacks (the colours) and of the default status (see
    `rendering.words`); a `status` given is drawn as it is.
    """
    check_last_move(last_move)
    check_earlier_moves(earlier_moves, last_move)
    check_mask(flipped)
    check_clocks(clocks, clock_running)
    if winner is not None and not ended:
        raise ValueError("winner is for a game that ended off the board: pass ended=True too")
    assets = get_assets(get_theme(theme), size, clocks is not None)
    layout, indexed = assets.layout, assets.indexed
    image = indexed.background.copy()
    marked = [*earlier_moves, last_move] if last_move is not None else []
    _paste_discs(image, assets, position, marked, flipped)
    if show_legal:
        black_to_move = position.turn is Color.BLACK
        hints = indexed.black_hints if black_to_move else indexed.white_hints
        for square in position.legal_moves():
            image.paste(hints[square], layout.square_origin(square))
    if status is None:
        status = describe_status(
            position,
            passed=passed,
            last_move=last_move,
            earlier_moves=earlier_moves,
            words=words,
        )
        if clock_running is not None:  # the image stays as drawn while that clock runs on
            status = words.gettext("{status} · clocks as the turn began").format(status=status)
    result = None if ended else position.result()
    if ended:
        sides = _Sides(None, winner, True)
    elif result is not None:
        sides = _Sides(None, result.winner, True)
    else:
        sides = _Sides(position.turn, None, False)
    names = (black_name or "", white_name or "")  # empty: the colour's name
    header = assets.background.crop((0, 0, layout.width, layout.board_y))
    _draw_header(header, assets, position, names, sides, clocks, clock_running, words)
    image.paste(assets.index(header), (0, 0))
    image.paste(_footer(assets, status), (0, layout.board_y + 8 * layout.cell))
    return image


render_board = _as_png(board_image)


def _paste_discs(
    image: Image.Image, assets: Assets, position: Position, marked: Sequence[int], flipped: int
) -> None:
    """The discs from the indexed tiles; a square with a mark (a flip's ring, a move's dot) is
    blended in RGB and mapped on its own."""
    indexed, origin = assets.indexed, assets.layout.square_origin
    for square in squares_of(position.black):
        image.paste(indexed.black[square], origin(square))
    for square in squares_of(position.white):
        image.paste(indexed.white[square], origin(square))
    for square in sorted(set(squares_of(flipped)) | set(marked)):
        image.paste(
            assets.index(_marked_tile(assets, position, square, marked, flipped)), origin(square)
        )


def _marked_tile(
    assets: Assets, position: Position, square: int, marked: Sequence[int], flipped: int
) -> Image.Image:
    """The square's cell in RGB: its disc (or the empty board), its ring if a disc flipped
    there, and a dot for each move marked there."""
    sprites, layout = assets.sprites, assets.layout
    bit = 1 << square
    if position.black & bit:
        tile = sprites.black[square].copy()
    elif position.white & bit:
        tile = sprites.white[square].copy()
    else:
        x, y = layout.square_origin(square)
        tile = assets.background.crop((x, y, x + layout.cell, y + layout.cell))
    if flipped & bit:
        tile.paste(sprites.flipped, (0, 0), sprites.flipped)
    for _ in range(marked.count(square)):
        tile.paste(sprites.last_move, (0, 0), sprites.last_move)
    return tile


@dataclass(frozen=True, slots=True)
class _Sides:
    to_move: Color | None  # underlined, and its name bright (others muted)
    winner: Color | None  # crowned and underlined, its name bright and bold (the loser's plain)
    over: bool  # a finished game: without a winner, both names are drawn alike


def _draw_header(
    image: Image.Image,
    assets: Assets,
    position: Position,
    names: tuple[str, str],
    sides: _Sides,
    clocks: tuple[float, float] | None,
    clock_running: Color | None,
    words: Words,
) -> None:
    """Each side's disc, name and count, and under the name its clock when there are clocks;
    the side to move, or the winner, stands out (see `_Sides`)."""
    theme, layout, fonts, sprites = assets.theme, assets.layout, assets.fonts, assets.sprites
    cell, width, middle = layout.cell, layout.width, layout.width // 2
    names_y = layout.names_y
    counts_y = names_y if layout.clocks_y is None else (names_y + layout.clocks_y) // 2
    icon = sprites.black_icon.width
    left_icon = layout.board_x
    right_icon = width - layout.board_x - icon
    for side, x in ((Color.BLACK, left_icon), (Color.WHITE, right_icon)):
        if side is sides.winner:
            disc = sprites.black_crowned if side is Color.BLACK else sprites.white_crowned
        else:
            disc = sprites.black_icon if side is Color.BLACK else sprites.white_icon
        image.paste(disc, (x, names_y - icon // 2), disc)
    bar = max(2, cell // 16)
    bar_y = layout.header_height - bar - cell // 12
    # A name on two lines fills the strip above the clocks' row, or above the underline.
    two_lines_y = (bar_y if layout.clocks_y is None else layout.clocks_y - _clock_half(cell)) / 2
    gap = cell // 5
    count_gap = round(cell * 0.3)
    left_name, right_name = left_icon + icon + gap, right_icon - gap
    draw = ImageDraw.Draw(image)
    with assets.text_lock:
        black_count, white_count = (
            str(position.count(Color.BLACK)),
            str(position.count(Color.WHITE)),
        )
        count_width = max(fonts.count.getlength(black_count), fonts.count.getlength(white_count))
        name_width = middle - count_gap - count_width - gap - left_name
        for side, name, x, anchor in (
            (Color.BLACK, names[0], left_name, "lm"),
            (Color.WHITE, names[1], right_name, "rm"),
        ):
            lost = sides.winner is side.opponent
            plain = (fonts.plain_name, fonts.small_plain_name)
            sizes = plain if lost else (fonts.name, fonts.small_name)
            bright = side in (sides.to_move, sides.winner) or (sides.over and not lost)
            color = theme.text if bright else theme.muted_text
            text = drawable_name(name, "")  # a player's name may be shortened, a colour not
            if text:  # smaller, then on two lines, before it is cut
                font, lines = _name_lines(text, sizes, name_width)
            else:
                font = sizes[0]
                lines = (fit_words(color_name(side, words), font, name_width),)
            middle_y = names_y if len(lines) == 1 else two_lines_y
            spacing = font.size * LINE_SPACING
            for number, line in enumerate(lines):
                y = round(middle_y + (number - (len(lines) - 1) / 2) * spacing)
                draw.text((x, y), line, font=font_for(line, font), fill=color, anchor=anchor)
        draw.text(
            (middle - count_gap, counts_y),
            black_count,
            font=fonts.count,
            fill=theme.text,
            anchor="rm",
        )
        draw.text(
            (middle + count_gap, counts_y),
            white_count,
            font=fonts.count,
            fill=theme.text,
            anchor="lm",
        )
        draw.text((middle, counts_y), "\u2013", font=fonts.name, fill=theme.muted_text, anchor="mm")
    if clocks is not None and layout.clocks_y is not None:
        for side, seconds, x, anchor in (
            (Color.BLACK, clocks[0], left_name, "l"),
            (Color.WHITE, clocks[1], right_name, "r"),
        ):
            running = side is clock_running
            _draw_clock(image, draw, assets, seconds, running, (x, layout.clocks_y), anchor)
    for side, x0, x1 in (
        (Color.BLACK, left_icon, middle - count_gap // 2),
        (Color.WHITE, middle + count_gap // 2, right_icon + icon),
    ):
        if side is sides.to_move or side is sides.winner:
            color = theme.winner if side is sides.winner else theme.last_move
            draw.rectangle((x0, bar_y, x1 - 1, bar_y + bar - 1), fill=color)


def _draw_clock(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    assets: Assets,
    seconds: float,
    running: bool,
    at: tuple[int, int],
    anchor: str,
) -> None:
    """One clock as a rounded label starting (anchor `l`) or ending (`r`) at `at`: filled when
    it runs, outlined and muted when it waits, in the flag colour once it ran out."""
    theme, glyphs, cell = assets.theme, assets.clock_glyphs, assets.layout.cell
    text = clock_text(seconds)
    pad, half = round(cell * 0.13), _clock_half(cell)
    text_width = glyphs.width(text)
    width = round(text_width) + 2 * pad
    x, y = at
    box = (
        (x, y - half, x + width, y + half) if anchor == "l" else (x - width, y - half, x, y + half)
    )
    if flag_fallen(seconds):
        fill, outline, color = None, theme.flag, theme.flag
    elif running:
        fill, outline, color = theme.clock_running, None, theme.clock_running_text
    else:
        fill, outline, color = None, theme.muted_text, theme.muted_text
    draw.rounded_rectangle(box, radius=half, fill=fill, outline=outline, width=max(1, cell // 32))
    left, top = (box[0] + box[2] - text_width) / 2, y - glyphs.height // 2
    for char in text:
        mask = glyphs.masks[char]
        image.paste(color, (round(left), top, round(left) + mask.width, top + mask.height), mask)
        left += glyphs.advances[char]


@lru_cache(maxsize=512)
def _name_lines(
    name: str, sizes: tuple[ImageFont.FreeTypeFont, ...], width: float
) -> tuple[ImageFont.FreeTypeFont, tuple[str, ...]]:
    """`wrap_name`, remembered: a game's every board draws the same two names, and measuring
    a long one again would cost a click a good share of its render."""
    font, lines = wrap_name(name, sizes, width)
    return font, tuple(lines)


def _clock_half(cell: int) -> int:
    """Half a clock label's height."""
    return round(cell * 0.21)


FOOTERS_KEPT = 32  # per theme and size: the statuses of a click are few


def _footer(assets: Assets, status: str) -> Image.Image:
    """The strip below the board with `status` on it, indexed; drawn once per text."""
    with assets.text_lock:
        footer = assets.footers.get(status)
        if footer is not None:
            assets.footers.move_to_end(status)
            return footer
    layout = assets.layout
    footer_y = layout.board_y + 8 * layout.cell
    strip = assets.background.crop((0, footer_y, layout.width, layout.height))
    _draw_status(strip, assets, status, footer_y)
    footer = assets.index(strip)
    with assets.text_lock:
        assets.footers[status] = footer
        if len(assets.footers) > FOOTERS_KEPT:
            assets.footers.popitem(last=False)
    return footer


def _draw_status(image: Image.Image, assets: Assets, status: str, top: int) -> None:
    """The status line on the image's strip below the board, which starts `top` pixels down the
    board image: in a smaller font if it is too long for the usual one, on two lines if it is
    too long for that too (`wrap_words`)."""
    theme, layout, fonts = assets.theme, assets.layout, assets.fonts
    width = layout.width - 2 * layout.board_x
    draw = ImageDraw.Draw(image)
    with assets.text_lock:
        font, lines = wrap_words(drawable_text(status), (fonts.status, fonts.small_status), width)
        spacing = font.size * LINE_SPACING
        first_y = (layout.footer_y + layout.height) / 2 - spacing * (len(lines) - 1) / 2
        for number, line in enumerate(lines):
            at = (layout.width // 2, round(first_y + number * spacing) - top)
            draw.text(at, line, font=font, fill=theme.text, anchor="mm")
