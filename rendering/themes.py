"""Board themes as plain data: every colour an image uses, so a new theme needs no new code."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

RGB = tuple[int, int, int]


def mix(color: RGB, towards: RGB, amount: float) -> RGB:
    """`colour` moved `amount` (0 to 1) of the way towards `towards`."""
    r, g, b = (round(c + (t - c) * amount) for c, t in zip(color, towards, strict=True))
    return r, g, b


@dataclass(frozen=True, slots=True)
class Theme:
    """The colours of one look. Hint colours are solid (already blended with the board colour)
    so that tests and palettes can rely on exact values."""

    name: str
    background: RGB  # frame, header and footer
    board: RGB
    grid: RGB
    dots: RGB  # the four small marks around the central area
    coordinates: RGB
    text: RGB
    muted_text: RGB
    black_disc: RGB
    black_rim: RGB
    white_disc: RGB
    white_rim: RGB
    hint_black: RGB  # where black may play, when black is to move
    hint_black_text: RGB
    hint_white: RGB
    hint_white_text: RGB
    last_move: RGB  # dot on the disc just played, and the underline of the side to move
    flipped: RGB  # smaller ring on the discs that move flipped
    winner: RGB  # the crown on the winner's disc and the bar under their side
    clock_running: RGB  # behind the clock that runs
    clock_running_text: RGB
    flag: RGB  # a clock that ran out
    shadow_alpha: int = 90  # 0..255: the soft shadow under each disc


CLASSIC = Theme(
    name="classic",
    background=(22, 44, 33),
    board=(34, 122, 72),
    grid=(20, 80, 46),
    dots=(16, 60, 35),
    coordinates=(205, 226, 210),
    text=(240, 244, 238),
    muted_text=(170, 196, 178),
    black_disc=(28, 28, 30),
    black_rim=(0, 0, 0),
    white_disc=(244, 244, 238),
    white_rim=(150, 150, 142),
    hint_black=(27, 92, 55),
    hint_black_text=(215, 235, 220),
    hint_white=(95, 163, 124),
    hint_white_text=(18, 58, 35),
    last_move=(232, 72, 60),
    flipped=(232, 72, 60),
    winner=(246, 196, 52),
    clock_running=(240, 244, 238),
    clock_running_text=(22, 44, 33),
    flag=(255, 110, 92),
)

DARK = Theme(
    name="dark",
    background=(30, 31, 34),
    board=(54, 62, 74),
    grid=(34, 39, 47),
    dots=(24, 27, 33),
    coordinates=(170, 178, 190),
    text=(235, 237, 240),
    muted_text=(150, 156, 166),
    black_disc=(14, 15, 17),
    black_rim=(110, 118, 130),
    white_disc=(236, 238, 242),
    white_rim=(120, 126, 136),
    hint_black=(40, 46, 56),
    hint_black_text=(200, 206, 216),
    hint_white=(96, 104, 117),
    hint_white_text=(22, 25, 30),
    last_move=(255, 140, 66),
    flipped=(255, 140, 66),
    winner=(250, 204, 21),
    clock_running=(235, 237, 240),
    clock_running_text=(30, 31, 34),
    flag=(248, 81, 73),
    shadow_alpha=120,
)

# Blue board, pure black and white discs with strong rims, vermillion markers, a yellow crown,
# a sky-blue running clock and a reddish-purple fallen flag (Okabe-Ito): colours that stay
# distinct for the common colour-vision deficiencies; the markers also differ in shape (dot vs
# ring), and a fallen flag reads 0:00.
HIGH_CONTRAST = Theme(
    name="high-contrast",
    background=(0, 0, 0),
    board=(0, 84, 166),
    grid=(0, 24, 60),
    dots=(0, 0, 0),
    coordinates=(255, 255, 255),
    text=(255, 255, 255),
    muted_text=(210, 210, 210),
    black_disc=(0, 0, 0),
    black_rim=(255, 255, 255),
    white_disc=(255, 255, 255),
    white_rim=(0, 0, 0),
    hint_black=(0, 40, 90),
    hint_black_text=(255, 255, 255),
    hint_white=(150, 200, 245),
    hint_white_text=(0, 0, 0),
    last_move=(213, 94, 0),
    flipped=(213, 94, 0),
    winner=(240, 228, 66),
    clock_running=(86, 180, 233),
    clock_running_text=(0, 0, 0),
    flag=(204, 121, 167),
    shadow_alpha=0,
)

THEMES: Mapping[str, Theme] = MappingProxyType(
    {theme.name: theme for theme in (CLASSIC, DARK, HIGH_CONTRAST)}
)


def get_theme(theme: str | Theme) -> Theme:
    """A theme by name (or the theme itself); raises ValueError naming the known themes."""
    if isinstance(theme, Theme):
        return theme
    found = THEMES.get(theme)
    if found is None:
        raise ValueError(f"unknown theme {theme!r}: choose one of {', '.join(THEMES)}")
    return found
