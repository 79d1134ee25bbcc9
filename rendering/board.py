"""One board image: cached background and sprites pasted per square, then the players' strip."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from bot.engine import Color, Position
from bot.engine.bitboard import squares_of
from rendering.assets import Assets, get_assets
from rendering.layout import DEFAULT_SIZE
from rendering.options import check_last_move, check_mask
from rendering.status import describe_status
from rendering.text import drawable_name, drawable_text, fit_text
from rendering.themes import Theme, get_theme

PNG_COMPRESS_LEVEL = 3  # palette images: level 3 is about twice as fast as 6 for 15% more bytes


def render_board(
    position: Position,
    *,
    last_move: int | None = None,
    flipped: int = 0,
    show_legal: bool = True,
    black_name: str = "Black",
    white_name: str = "White",
    status: str | None = None,
    passed: Color | None = None,
    theme: str | Theme = "classic",
    size: int = DEFAULT_SIZE,
) -> bytes:
    """A PNG of `position`, `size` pixels wide.

    `last_move` is the square just played (marked with a dot); `flipped` is the bitmask of the
    discs it flipped (as `Ply.flipped`), marked with a ring. `show_legal` marks each legal move
    of the side to move with its name. `status` defaults to whose turn it is, the pass
    (`passed`: the side that just had to pass, as `Ply.passed`) or the result.
    Raises ValueError for an unknown theme, a size out of range or a bad square.
    """
    image = board_image(
        position,
        last_move=last_move,
        flipped=flipped,
        show_legal=show_legal,
        black_name=black_name,
        white_name=white_name,
        status=status,
        passed=passed,
        theme=theme,
        size=size,
    )
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def board_image(
    position: Position,
    *,
    last_move: int | None = None,
    flipped: int = 0,
    show_legal: bool = True,
    black_name: str = "Black",
    white_name: str = "White",
    status: str | None = None,
    passed: Color | None = None,
    theme: str | Theme = "classic",
    size: int = DEFAULT_SIZE,
) -> Image.Image:
    """The board as a palette ("P") image; `render_board` explains the options."""
    check_last_move(last_move)
    check_mask(flipped)
    assets = get_assets(get_theme(theme), size)
    image = assets.background.copy()
    _paste_discs(image, assets, position, last_move, flipped)
    if show_legal:
        black_to_move = position.turn is Color.BLACK
        hints = assets.sprites.black_hints if black_to_move else assets.sprites.white_hints
        for square in position.legal_moves():
            image.paste(hints[square], assets.layout.square_origin(square))
    if status is None:
        status = describe_status(position, passed=passed)
    _draw_strips(image, assets, position, black_name, white_name, status)
    return image.quantize(palette=assets.palette, dither=Image.Dither.NONE)


def _paste_discs(
    image: Image.Image, assets: Assets, position: Position, last_move: int | None, flipped: int
) -> None:
    sprites, origin = assets.sprites, assets.layout.square_origin
    for square in squares_of(position.black):
        image.paste(sprites.black[square], origin(square))
    for square in squares_of(position.white):
        image.paste(sprites.white[square], origin(square))
    for square in squares_of(flipped):
        image.paste(sprites.flipped, origin(square), sprites.flipped)
    if last_move is not None:
        image.paste(sprites.last_move, origin(last_move), sprites.last_move)


def _draw_strips(
    image: Image.Image,
    assets: Assets,
    position: Position,
    black_name: str,
    white_name: str,
    status: str,
) -> None:
    """Header: each side's disc, name and count; the side to move (or the winner) is drawn
    brighter and the side to move underlined. Footer: the status line."""
    theme, layout, fonts, sprites = assets.theme, assets.layout, assets.fonts, assets.sprites
    cell, width, middle = layout.cell, layout.width, layout.width // 2
    centre_y = layout.header_height // 2 + cell // 10
    icon = sprites.black_icon.width
    left_icon = layout.board_x
    right_icon = width - layout.board_x - icon
    image.paste(sprites.black_icon, (left_icon, centre_y - icon // 2), sprites.black_icon)
    image.paste(sprites.white_icon, (right_icon, centre_y - icon // 2), sprites.white_icon)
    gap = cell // 5
    count_gap = round(cell * 0.3)
    result = position.result()
    to_move = None if result else position.turn
    shown = result.winner if result else position.turn  # the name drawn brighter
    draw = ImageDraw.Draw(image)
    with assets.text_lock:
        black_count, white_count = (
            str(position.count(Color.BLACK)),
            str(position.count(Color.WHITE)),
        )
        count_width = max(fonts.count.getlength(black_count), fonts.count.getlength(white_count))
        name_width = middle - count_gap - count_width - gap - (left_icon + icon + gap)
        black = fit_text(drawable_name(black_name, Color.BLACK.title), fonts.name, name_width)
        white = fit_text(drawable_name(white_name, Color.WHITE.title), fonts.name, name_width)
        for text, x, anchor, side in (
            (black, left_icon + icon + gap, "lm", Color.BLACK),
            (white, right_icon - gap, "rm", Color.WHITE),
        ):
            colour = theme.text if side is shown else theme.muted_text
            draw.text((x, centre_y), text, font=fonts.name, fill=colour, anchor=anchor)
        draw.text(
            (middle - count_gap, centre_y),
            black_count,
            font=fonts.count,
            fill=theme.text,
            anchor="rm",
        )
        draw.text(
            (middle + count_gap, centre_y),
            white_count,
            font=fonts.count,
            fill=theme.text,
            anchor="lm",
        )
        draw.text((middle, centre_y), "\u2013", font=fonts.name, fill=theme.muted_text, anchor="mm")
        status_text = fit_text(drawable_text(status), fonts.status, width - 2 * layout.board_x)
        status_y = (layout.footer_y + layout.height) // 2
        draw.text((middle, status_y), status_text, font=fonts.status, fill=theme.text, anchor="mm")
    bar = max(2, cell // 16)
    bar_y = layout.header_height - bar - cell // 12
    for side, x0, x1 in (
        (Color.BLACK, left_icon, middle - count_gap // 2),
        (Color.WHITE, middle + count_gap // 2, right_icon + icon),
    ):
        if side is to_move:
            draw.rectangle((x0, bar_y, x1 - 1, bar_y + bar - 1), fill=theme.last_move)
