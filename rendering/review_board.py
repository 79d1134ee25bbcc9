"""One move of a review on the board: the position before it, the move played and the best move.

The move played shows as a see-through disc of its player's colour ringed in its mark's colour,
the best move (when it is another) as one ringed in the best mark's colour, each labelled under
the disc; the status line says who played what, and what it cost.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.engine import Color, square_name
from bot.engine.review import Mark, ReviewedMove, format_loss, format_value
from rendering.alt_text import MAX_ALT_TEXT, board_alt_text
from rendering.board import board_image, png_bytes
from rendering.layout import DEFAULT_SIZE, Layout
from rendering.marks import mark_name
from rendering.review_graph import MARK_COLORS
from rendering.text import font_for, load_font
from rendering.themes import RGB, Theme, get_theme
from rendering.words import ENGLISH, Words, color_name

REVIEW_BOARD_SIZE = DEFAULT_SIZE
"""The size of the game's own boards: their drawing parts are built already (`get_assets`)."""


def move_caption(move: ReviewedMove, *, words: Words = ENGLISH) -> str:
    """E.g. `23. Black e6: blunder, lost 12 (best c4)` or `24. White d3: best`."""
    played = {
        "number": move.number,
        "color": color_name(move.color, words),
        "square": square_name(move.square),
        "mark": mark_name(move.mark, words=words),
    }
    if move.mark is Mark.BEST:
        return words.gettext("{number}. {color} {square}: {mark}").format(**played)
    return words.gettext("{number}. {color} {square}: {mark}, lost {loss} (best {best})").format(
        **played, loss=format_loss(move.loss, move.exact), best=square_name(move.best_move)
    )


def render_review_board(
    move: ReviewedMove,
    *,
    black_name: str | None = None,
    white_name: str | None = None,
    theme: str | Theme = "classic",
    size: int = REVIEW_BOARD_SIZE,
    words: Words = ENGLISH,
) -> bytes:
    """A PNG of the position before `move`, with the move played and the best move marked."""
    chosen = get_theme(theme)
    image = board_image(
        move.before,
        show_legal=False,
        black_name=black_name,
        white_name=white_name,
        status=move_caption(move, words=words),
        theme=chosen,
        size=size,
        words=words,
    ).convert("RGB")
    layout = Layout.for_width(size)
    marks = [(move.square, MARK_COLORS[move.mark], words.gettext("played"))]
    if move.best_move != move.square:
        marks.append((move.best_move, MARK_COLORS[Mark.BEST], mark_name(Mark.BEST, words=words)))
    for square, ring, label in marks:
        _ghost(image, layout, chosen, square, move.color, ring, label)
    return png_bytes(image)


def _ghost(
    image: Image.Image,
    layout: Layout,
    theme: Theme,
    square: int,
    color: Color,
    ring: RGB,
    label: str,
) -> None:
    """A see-through disc of `color` on `square`, ringed in `ring`, labelled under it."""
    scale = 4
    cell = layout.cell
    body = theme.black_disc if color is Color.BLACK else theme.white_disc
    big = Image.new("RGBA", (cell * scale, cell * scale), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    inset = cell * scale * 0.1
    box = (inset, inset, cell * scale - inset, cell * scale - inset)
    draw.ellipse(box, fill=(*body, 150), outline=(*ring, 255), width=round(cell * scale * 0.07))
    sprite = big.resize((cell, cell), Image.Resampling.LANCZOS)
    x, y = layout.square_origin(square)
    image.paste(sprite, (x, y), sprite)
    font = font_for(label, load_font(True, max(8, round(cell * 0.2))))
    text = (0, 0, 0) if sum(ring) > 380 else (255, 255, 255)
    width = font.getlength(label) + cell * 0.1
    centre_x, bottom = x + cell / 2, y + cell - 2
    ImageDraw.Draw(image).rounded_rectangle(
        (centre_x - width / 2, bottom - cell * 0.24, centre_x + width / 2, bottom),
        radius=cell * 0.06,
        fill=ring,
    )
    ImageDraw.Draw(image).text(
        (centre_x, bottom - cell * 0.12), label, font=font, fill=text, anchor="mm"
    )


def review_board_alt_text(
    move: ReviewedMove,
    *,
    black_name: str | None = None,
    white_name: str | None = None,
    words: Words = ENGLISH,
) -> str:
    """The board before the move, then the move played and the best move with their values."""
    board = board_alt_text(
        move.before,
        show_legal=False,
        black_name=black_name,
        white_name=white_name,
        status=words.gettext("Move {number}, {color} to play").format(
            number=move.number, color=color_name(move.color, words)
        ),
        words=words,
    )
    values = {
        "square": square_name(move.square),
        "mark": mark_name(move.mark, words=words),
        "value": format_value(move.played_value, move.exact),
    }
    if move.mark is Mark.BEST and move.exact:
        detail = words.gettext("Played {square}, {mark}: {value} for Black (exact).").format(
            **values
        )
    elif move.mark is Mark.BEST:
        detail = words.gettext("Played {square}, {mark}: {value} for Black (estimated).").format(
            **values
        )
    else:
        values |= {
            "loss": format_loss(move.loss, move.exact),
            "best": square_name(move.best_move),
            "best_value": format_value(move.best_value, move.exact),
        }
        if move.exact:
            text = words.ngettext(
                "Played {square}, {mark}: {value} for Black, losing {loss} disc; best {best}, "
                "{best_value} for Black (exact).",
                "Played {square}, {mark}: {value} for Black, losing {loss} discs; best {best}, "
                "{best_value} for Black (exact).",
                round(move.loss),
            )
        else:
            text = words.gettext(
                "Played {square}, {mark}: {value} for Black, losing {loss} discs; best {best}, "
                "{best_value} for Black (estimated)."
            )
        detail = text.format(**values)
    text = f"{board} {detail}"
    return text if len(text) <= MAX_ALT_TEXT else text[: MAX_ALT_TEXT - 1] + "\u2026"
