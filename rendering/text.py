"""The shipped fonts, which characters they can draw, and names made safe to draw.

DejaVu Sans covers Latin, Greek, Cyrillic, Arabic, Hebrew and many symbols, but no CJK and few
emoji, and no fallback font is on the machines or small enough to ship. So before drawing,
each run of characters the font lacks becomes one middle dot (never a tofu box), and a name
with no letter or digit left falls back to the colour's name. Pillow lays out right-to-left
text.

DejaVu has no Tamil: a text with Tamil letters is drawn whole in Noto Sans Tamil (which also
has Latin letters, digits and punctuation), shaped by libraqm as Tamil needs, and its
characters are checked against that font instead (`font_for`).
"""

from __future__ import annotations

import logging
import struct
import unicodedata
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
TAMIL_REGULAR = FONT_DIR / "NotoSansTamil-Regular.ttf"
TAMIL_BOLD = FONT_DIR / "NotoSansTamil-Bold.ttf"
TAMIL = range(0x0B80, 0x0C00)

SUBSTITUTE = "\u00b7"  # middle dot: neutral, and present in the font
ELLIPSIS = "\u2026"
MAX_TEXT_CHARS = 200  # longer text is cut before measuring, to bound the work
LINE_SPACING = 1.2  # between the middles of two lines, in font sizes
BREAK_AFTER = "\u00b7:,;"  # a line breaks best after these: `Black wins · 34-30`

log = logging.getLogger(__name__)


def load_font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


@cache
def drawable_codepoints(tamil: bool = False) -> frozenset[int]:
    """The characters both weights of the shipped font (the Tamil one if `tamil`) can draw."""
    if tamil:
        return font_codepoints(TAMIL_REGULAR) & font_codepoints(TAMIL_BOLD)
    return font_codepoints(REGULAR) & font_codepoints(BOLD)


def is_tamil(text: str) -> bool:
    return any(ord(char) in TAMIL for char in text)


def font_for(text: str, font: ImageFont.FreeTypeFont) -> ImageFont.FreeTypeFont:
    """The font to draw `text` with: `font`, or for Tamil text the Tamil font of its size and
    weight (`font` itself if it is one)."""
    if not is_tamil(text):
        return font
    return _tamil_font(Path(str(font.path)) in (BOLD, TAMIL_BOLD), int(font.size))


@cache
def _tamil_font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(TAMIL_BOLD if bold else TAMIL_REGULAR), size)


def font_codepoints(path: Path) -> frozenset[int]:
    """The characters a TrueType font maps to glyphs, read from its `cmap` table."""
    data = path.read_bytes()
    (num_tables,) = struct.unpack_from(">H", data, 4)
    tables = {
        data[12 + 16 * i : 16 + 16 * i]: struct.unpack_from(">I", data, 20 + 16 * i)[0]
        for i in range(num_tables)
    }
    cmap = tables[b"cmap"]
    (count,) = struct.unpack_from(">H", data, cmap + 2)
    subtables = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables[(platform, encoding)] = cmap + offset
    if (3, 10) in subtables:
        return frozenset(_format12(data, subtables[(3, 10)]))
    return frozenset(_format4(data, subtables[(3, 1)]))


def _format4(data: bytes, start: int) -> set[int]:
    segments = struct.unpack_from(">H", data, start + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, start + 14)
    starts_at = start + 16 + 2 * segments
    starts = struct.unpack_from(f">{segments}H", data, starts_at)
    deltas = struct.unpack_from(f">{segments}h", data, starts_at + 2 * segments)
    range_at = starts_at + 4 * segments
    ranges = struct.unpack_from(f">{segments}H", data, range_at)
    found: set[int] = set()
    for i in range(segments):
        for code in range(starts[i], ends[i] + 1):
            if code == 0xFFFF:
                continue
            if ranges[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:
                at = range_at + 2 * i + ranges[i] + 2 * (code - starts[i])
                glyph = struct.unpack_from(">H", data, at)[0]
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                found.add(code)
    return found


def _format12(data: bytes, start: int) -> set[int]:
    (groups,) = struct.unpack_from(">I", data, start + 12)
    found: set[int] = set()
    for i in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * i)
        found.update(range(first + (glyph == 0), last + 1))
    return found


def _is_invisible(char: str) -> bool:
    """Marks, joiners, variation selectors, emoji modifiers: they join the character before."""
    return unicodedata.category(char) in ("Mn", "Me", "Cf") or 0x1F3FB <= ord(char) <= 0x1F3FF


def drawable_text(text: str) -> str:
    """`text` on one line, with each run of characters the font cannot draw as one dot."""
    covered = drawable_codepoints(is_tamil(text))
    out: list[str] = []
    for char in unicodedata.normalize("NFC", text)[:MAX_TEXT_CHARS]:
        if char.isspace() or unicodedata.category(char) == "Cc":
            if out and out[-1] != " ":
                out.append(" ")
        elif _is_invisible(char):
            if ord(char) in covered and out and out[-1] != SUBSTITUTE:
                out.append(char)
        elif ord(char) in covered:
            out.append(char)
        elif out[-2:] == [SUBSTITUTE, " "]:
            out.pop()  # `山田 太郎` is one run, not `· ·`
        elif not out or out[-1] != SUBSTITUTE:
            out.append(SUBSTITUTE)
    return "".join(out).strip()


def drawable_name(name: str, fallback: str) -> str:
    """`drawable_text(name)`, or `fallback` if it has no letter or digit left."""
    text = drawable_text(name)
    return text if any(char.isalnum() for char in text) else fallback


def fit_text(text: str, font: ImageFont.FreeTypeFont, width: float) -> str:
    """`text`, or its longest prefix plus an ellipsis, that is at most `width` pixels wide (in
    `font`, or the Tamil font for Tamil text)."""
    font = font_for(text, font)
    if font.getlength(text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with the ellipsis
        middle = (low + high + 1) // 2
        if font.getlength(text[:middle].rstrip() + ELLIPSIS) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def fit_words(text: str, font: ImageFont.FreeTypeFont, width: float) -> str:
    """`fit_text` for the bot's own words (not a player's name): shortening them is a fault of
    the catalogue, so it is logged."""
    fitted = fit_text(text, font, width)
    if fitted != text:
        log.warning("text cut to fit %.0f pixels: %r", width, text)
    return fitted


def wrap_words(
    text: str, fonts: Sequence[ImageFont.FreeTypeFont], width: float, max_lines: int = 2
) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """The bot's words laid out in at most `width` pixels: on one line in the first of `fonts`
    (largest first) that fits, else on up to `max_lines` lines in the last, broken at spaces,
    after punctuation where it can be and as evenly as it can. Only text too long for that is
    cut (`fit_words`, which logs it). Returns the font to draw with and the lines."""
    return _wrap(text, fonts, width, max_lines, fit_words)


def wrap_text(
    text: str, fonts: Sequence[ImageFont.FreeTypeFont], width: float, max_lines: int = 2
) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """`wrap_words` for a text the bot's users wrote (a tournament's name): cut, if it must
    be, without a word in the log."""
    return _wrap(text, fonts, width, max_lines, fit_text)


def wrap_name(
    text: str, fonts: Sequence[ImageFont.FreeTypeFont], width: float
) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """`wrap_text` on up to two lines for a player's name, where the end tells two players
    apart: a name too long even for two lines fills the first (broken after a space, or after
    a hyphen inside a long word) and is cut on the second."""
    font, lines = wrap_text(text, fonts, width)
    if len(lines) > 1 or lines[0] == text:
        return font, lines
    breaks = [(text[:at], text[at + 1 :]) for at, char in enumerate(text) if char == " "]
    breaks += [(text[: at + 1], text[at + 1 :]) for at, char in enumerate(text) if char == "-"]
    for first, rest in sorted(breaks, key=lambda parts: -len(parts[0])):
        if first.strip() and rest.strip() and font.getlength(first) <= width:
            return font, [first, fit_text(rest, font, width)]
    return font, lines


def _wrap(
    text: str,
    fonts: Sequence[ImageFont.FreeTypeFont],
    width: float,
    max_lines: int,
    fit: Callable[[str, ImageFont.FreeTypeFont, float], str],
) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    for font in fonts:
        font = font_for(text, font)
        if font.getlength(text) <= width:
            return font, [text]
    font = font_for(text, fonts[-1])
    lines = _wrapped(text, font, width, max_lines)
    return font, [fit(text, font, width)] if lines is None else lines


def _wrapped(
    text: str, font: ImageFont.FreeTypeFont, width: float, max_lines: int
) -> list[str] | None:
    """`text` broken into at most `max_lines` lines no wider than `width`, or None."""
    if font.getlength(text) <= width:
        return [text]
    if max_lines < 2:
        return None
    words = text.split(" ")
    best: tuple[bool, float, list[str]] | None = None
    for cut in range(1, len(words)):
        first = " ".join(words[:cut])
        rest = _wrapped(" ".join(words[cut:]), font, width, max_lines - 1)
        if rest is None or font.getlength(first) > width:
            continue
        lines = [first, *rest]
        score = (first[-1] not in BREAK_AFTER, max(font.getlength(line) for line in lines))
        if best is None or score < best[:2]:
            best = (*score, lines)
    return None if best is None else best[2]
