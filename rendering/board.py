"""One board image: cached background and sprites pasted per square, then the players' strip."""

from __future__ import annotations

import io
from collections.abc import Iterable

from PIL import Image, ImageDraw

from bot.engine import Color, Position
from rendering.assets import Assets, get_assets
from rendering.layout import DEFAULT_SIZE
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
    _check_squares(last_move, flipped)
    assets = get_assets(get_theme(theme), size)
    image = assets.background.copy()
    _paste_discs(image, assets, position, last_move, flipped)
    if show_legal:
        hints = assets.sprites.black_hints
        if position.turn is Color.WHITE:
            hints = assets.sprites.white_hints
        _paste_each(image, assets, position.legal_moves(), hints)
    if status is None:
        status = describe_status(position, passed=passed)
    _draw_strips(image, assets, position, black_name, white_name, status)
    return image.quantize(palette=assets.palette, dither=Image.Dither.NONE)


def _check_squares(last_move: int | None, flipped: int) -> None:
    if last_move is not None and (
        isinstance(last_move, bool) or not isinstance(last_move, int) or not 0 <= last_move < 64
    ):
        raise ValueError(f"last_move must be a square index 0..63 or None, not {last_move!r}")
    if isinstance(flipped, bool) or not isinstance(flipped, int) or not 0 <= flipped < 1 << 64:
        raise ValueError(f"flipped must be a 64-bit mask of squares, not {flipped!r}")


def _squares(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _paste_each(
    image: Image.Image, assets: Assets, squares: Iterable[int], pieces: tuple[Image.Image, ...]
) -> None:
    for square in squares:
        piece = pieces[square]
        image.paste(piece, assets.layout.square_origin(square), piece)


def _paste_discs(
    image: Image.Image, assets: Assets, position: Position, last_move: int | None, flipped: int
) -> None:
    sprites = assets.sprites
    _paste_each(image, assets, _squares(position.black), (sprites.black,) * 64)
    _paste_each(image, assets, _squares(position.white), (sprites.white,) * 64)
    _paste_each(image, assets, _squares(flipped), (sprites.flipped,) * 64)
    if last_move is not None:
        _paste_each(image, assets, (last_move,), (sprites.last_move,) * 64)


def _draw_strips(
    image: Image.Image,
    assets: Assets,
    position: Position,
    black_name: str,
    white_name: str,
    status: str,
) -> None:
    """Header: each side's disc, name and count, the side to move underlined. Footer: status."""
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
    black_active = position.turn is Color.BLACK and not position.is_game_over()
    white_active = position.turn is Color.WHITE and not position.is_game_over()
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
        for text, x, anchor, active in (
            (black, left_icon + icon + gap, "lm", black_active),
            (white, right_icon - gap, "rm", white_active),
        ):
            colour = theme.text if active else theme.muted_text
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
    for active, x0, x1 in (
        (black_active, left_icon, middle - count_gap // 2),
        (white_active, middle + count_gap // 2, right_icon + icon),
    ):
        if active:
            draw.rectangle((x0, bar_y, x1 - 1, bar_y + bar - 1), fill=theme.last_move)
