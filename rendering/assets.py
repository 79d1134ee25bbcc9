"""Everything that does not change between boards, built once per theme and size.

Renders run in a thread pool, so the cache is filled under a lock and its entries are never
changed after they are built. FreeType faces are not documented as safe to share between
threads, so drawing text with the shared fonts goes through `text_lock`.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from PIL import Image, ImageDraw, ImageFont

from bot.engine import SQUARE_NAMES
from rendering import sprites
from rendering.layout import Layout
from rendering.text import load_font
from rendering.themes import Theme

CACHE_LIMIT = 12  # (theme, size, clocks) kept; a board needs one, so this is plenty
CLOCK_CHARS = "0123456789:."


@dataclass(frozen=True, slots=True)
class Fonts:
    name: ImageFont.FreeTypeFont  # bold: the players in play, and the winner
    plain_name: ImageFont.FreeTypeFont  # the loser of a finished game
    small_name: ImageFont.FreeTypeFont  # `name` and `plain_name` for a name too long for them
    small_plain_name: ImageFont.FreeTypeFont
    count: ImageFont.FreeTypeFont
    status: ImageFont.FreeTypeFont
    small_status: ImageFont.FreeTypeFont  # for a status too long for `status`
    clock: ImageFont.FreeTypeFont


@dataclass(frozen=True, slots=True)
class Sprites:
    """Tiles are RGB, one per square (a cell of the background with the piece on it), so
    they are pasted without blending; markers and icons are RGBA, pasted with their alpha."""

    black: tuple[Image.Image, ...]
    white: tuple[Image.Image, ...]
    black_hints: tuple[Image.Image, ...]  # the hints when black is to move
    white_hints: tuple[Image.Image, ...]
    last_move: Image.Image
    flipped: Image.Image
    black_icon: Image.Image  # small discs for the header
    white_icon: Image.Image
    black_crowned: Image.Image  # the small discs with the winner's crown on them
    white_crowned: Image.Image


@dataclass(frozen=True, slots=True)
class ClockGlyphs:
    """The clock font's characters as masks, pasted in a colour: a clock is drawn without
    FreeType (and without `text_lock`) in a fraction of the time."""

    masks: Mapping[str, Image.Image]  # "L", `height` tall, the character's origin at (0, 0)
    advances: Mapping[str, float]
    height: int  # ascender to descender, as the `m` anchor centres text

    def width(self, text: str) -> float:
        return sum(self.advances[char] for char in text)


@dataclass(frozen=True, slots=True)
class Indexed:
    """The background and the square tiles already mapped to the palette, so a board is put
    together from them: only what changes from board to board (the header, the status and a
    square with a mark on its disc) is mapped anew. Mapping without dithering is per pixel, so
    the image is the one a whole RGB board mapped at once would be."""

    background: Image.Image
    black: tuple[Image.Image, ...]
    white: tuple[Image.Image, ...]
    black_hints: tuple[Image.Image, ...]
    white_hints: tuple[Image.Image, ...]


@dataclass(frozen=True)
class Assets:
    """The cached parts of a board image. Never mutate them: they are shared across threads."""

    theme: Theme
    layout: Layout
    fonts: Fonts
    background: Image.Image  # RGB: strips, frame, board, grid, dots, coordinates
    sprites: Sprites
    palette: Image.Image  # a "P" image whose palette every PNG uses
    clock_glyphs: ClockGlyphs
    indexed: Indexed
    text_lock: threading.Lock = field(default_factory=threading.Lock, compare=False)
    # The status strips drawn lately, indexed, by their text: the same few lines ("Black to
    # move") end most boards. Read and written under `text_lock`.
    footers: OrderedDict[str, Image.Image] = field(default_factory=OrderedDict, compare=False)

    def index(self, image: Image.Image) -> Image.Image:
        """`image` (RGB) mapped to the boards' palette."""
        return image.quantize(palette=self.palette, dither=Image.Dither.NONE)


_cache: OrderedDict[tuple[Theme, int, bool], Assets] = OrderedDict()
_cache_lock = threading.Lock()


def get_assets(theme: Theme, size: int, clocks: bool = False) -> Assets:
    """The assets for `theme` at `size` pixels wide (with a row for clocks in the header, or
    not), built on first use."""
    key = (theme, size, clocks)
    with _cache_lock:
        assets = _cache.get(key)
        if assets is None:
            assets = _build(theme, Layout.for_width(size, clocks=clocks))
            _cache[key] = assets
            if len(_cache) > CACHE_LIMIT:
                _cache.popitem(last=False)
        else:
            _cache.move_to_end(key)
        return assets


def _build(theme: Theme, layout: Layout) -> Assets:
    cell = layout.cell
    fonts = Fonts(
        name=load_font(True, round(cell * 0.34)),
        plain_name=load_font(False, round(cell * 0.34)),
        small_name=load_font(True, round(cell * 0.27)),
        small_plain_name=load_font(False, round(cell * 0.27)),
        count=load_font(True, round(cell * 0.48)),
        status=load_font(False, round(cell * 0.34)),
        small_status=load_font(False, round(cell * 0.27)),
        clock=load_font(True, round(cell * 0.3)),
    )
    hint_font = load_font(True, max(9, round(cell * 0.27)))
    icon = round(cell * 0.62)
    background = _background(theme, layout)
    black, white = sprites.disc(theme, True, cell), sprites.disc(theme, False, cell)
    black_hints = [
        sprites.hint(theme.hint_black, theme.hint_black_text, label, hint_font, cell)
        for label in SQUARE_NAMES
    ]
    white_hints = [
        sprites.hint(theme.hint_white, theme.hint_white_text, label, hint_font, cell)
        for label in SQUARE_NAMES
    ]
    black_icon = sprites.disc(theme, True, icon, shadow=False)
    white_icon = sprites.disc(theme, False, icon, shadow=False)
    crown = sprites.crown(theme.winner, theme.background, round(icon * 0.7))
    pieces = Sprites(
        black=_tiles(background, layout, [black] * 64),
        white=_tiles(background, layout, [white] * 64),
        black_hints=_tiles(background, layout, black_hints),
        white_hints=_tiles(background, layout, white_hints),
        last_move=sprites.dot(theme.last_move, cell, sprites.LAST_MOVE_DIAMETER),
        flipped=sprites.dot(theme.flipped, cell, sprites.FLIPPED_DIAMETER, ring=True),
        black_icon=black_icon,
        white_icon=white_icon,
        black_crowned=_crowned(black_icon, crown),
        white_crowned=_crowned(white_icon, crown),
    )
    palette = _palette(theme, layout, fonts, background, pieces)

    def index(images: tuple[Image.Image, ...]) -> tuple[Image.Image, ...]:
        return tuple(image.quantize(palette=palette, dither=Image.Dither.NONE) for image in images)

    indexed = Indexed(
        index((background,))[0],
        index(pieces.black),
        index(pieces.white),
        index(pieces.black_hints),
        index(pieces.white_hints),
    )
    glyphs = _clock_glyphs(fonts.clock)
    return Assets(theme, layout, fonts, background, pieces, palette, glyphs, indexed)


def _clock_glyphs(font: ImageFont.FreeTypeFont) -> ClockGlyphs:
    ascent, descent = font.getmetrics()
    masks, advances = {}, {}
    for char in CLOCK_CHARS:
        advances[char] = font.getlength(char)
        mask = Image.new("L", (math.ceil(advances[char]) + 2, ascent + descent), 0)
        ImageDraw.Draw(mask).text((0, 0), char, font=font, fill=255)
        masks[char] = mask
    return ClockGlyphs(MappingProxyType(masks), MappingProxyType(advances), ascent + descent)


def _tiles(
    background: Image.Image, layout: Layout, pieces: list[Image.Image]
) -> tuple[Image.Image, ...]:
    """Each square's cell of the background with its piece blended in once, ahead of time."""
    tiles = []
    for square, piece in enumerate(pieces):
        x, y = layout.square_origin(square)
        tile = background.crop((x, y, x + layout.cell, y + layout.cell))
        tile.paste(piece, (0, 0), piece)
        tiles.append(tile)
    return tuple(tiles)


def _background(theme: Theme, layout: Layout) -> Image.Image:
    """Strips, board, grid and the four dots, drawn at 4x for smooth dots, then coordinates."""
    scale = sprites.SCALE
    cell, x0, y0 = layout.cell, layout.board_x, layout.board_y
    big = Image.new("RGB", (layout.width * scale, layout.height * scale), theme.background)
    draw = ImageDraw.Draw(big)
    board = (x0 * scale, y0 * scale, (x0 + 8 * cell) * scale - 1, (y0 + 8 * cell) * scale - 1)
    draw.rectangle(board, fill=theme.board)
    line = max(1, round(cell / 40)) * scale
    for i in range(9):
        offset = i * cell * scale - (line // 2 if 0 < i < 8 else 0 if i == 0 else line)
        x, y = x0 * scale + offset, y0 * scale + offset
        draw.rectangle((x, board[1], x + line - 1, board[3]), fill=theme.grid)
        draw.rectangle((board[0], y, board[2], y + line - 1), fill=theme.grid)
    radius = cell * 0.085 * scale
    for col, row in ((2, 2), (6, 2), (2, 6), (6, 6)):
        cx, cy = (x0 + col * cell) * scale, (y0 + row * cell) * scale
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=theme.dots)
    image = big.resize((layout.width, layout.height), Image.Resampling.BOX)
    draw = ImageDraw.Draw(image)
    font = load_font(False, round(cell * 0.32))
    for i in range(8):
        centre = i * cell + cell // 2
        draw.text(
            (x0 + centre, y0 - x0 / 2),
            "abcdefgh"[i],
            font=font,
            fill=theme.coordinates,
            anchor="mm",
        )
        draw.text((x0 / 2, y0 + centre), str(i + 1), font=font, fill=theme.coordinates, anchor="mm")
    return image


def _crowned(icon: Image.Image, crown: Image.Image) -> Image.Image:
    """A small disc with the crown in its middle."""
    crowned = icon.copy()
    offset = ((icon.width - crown.width) // 2, (icon.height - crown.height) // 2)
    crowned.alpha_composite(crown, offset)
    return crowned


def _palette(
    theme: Theme, layout: Layout, fonts: Fonts, background: Image.Image, pieces: Sprites
) -> Image.Image:
    """A 256-colour palette fitted to a sample of everything a board can show.

    PNGs are saved as palette images: a third of the data of RGB, so encoding is several
    times faster and files smaller, while the sample keeps the anti-aliasing ramps.
    """
    cell = layout.cell
    sample = background.copy()
    singles = (pieces.black, pieces.white, pieces.black_hints, pieces.white_hints)
    for i, tiles in enumerate(singles):
        sample.paste(tiles[i], layout.square_origin(i))
    for i, marker in enumerate((pieces.last_move, pieces.flipped)):
        for j, tiles in enumerate((pieces.black, pieces.white)):
            square = 8 + 2 * i + j
            origin = layout.square_origin(square)
            sample.paste(tiles[square], origin)
            sample.paste(marker, origin, marker)
    sample.paste(pieces.black_icon, (0, 0), pieces.black_icon)
    sample.paste(pieces.white_icon, (cell, 0), pieces.white_icon)
    for i, crowned in enumerate((pieces.black_crowned, pieces.white_crowned)):
        sample.paste(crowned, ((2 + i) * cell, 0), crowned)
    draw = ImageDraw.Draw(sample)
    for i, color in enumerate((theme.text, theme.muted_text, theme.last_move, theme.winner)):
        y = layout.header_height // 4 + i * cell // 3
        draw.text((4 * cell, y), "Sample 0123 abc", font=fonts.name, fill=color)
    y = layout.board_y + cell // 4
    for i, (fill, color) in enumerate(
        ((theme.clock_running, theme.clock_running_text), (theme.background, theme.flag))
    ):
        box = (i * 3 * cell, y, (i * 3 + 2) * cell, y + cell // 2)
        draw.rounded_rectangle(box, radius=cell // 8, fill=fill, outline=theme.flag)
        draw.text((box[0] + cell // 8, y), "1:23:45.6", font=fonts.clock, fill=color)
    draw.text((0, layout.footer_y), "Black to move 64", font=fonts.status, fill=theme.text)
    return sample.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
