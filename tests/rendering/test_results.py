"""How a result reads (one score format) and how the final image shows the winner."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.engine import Color, Game, Position, Result
from rendering import (
    DISC_MARKS,
    THEMES,
    WonBy,
    board_alt_text,
    render_board,
    result_text,
    score_text,
)
from rendering.gallery import GAME
from rendering.layout import DEFAULT_SIZE, Layout
from rendering.themes import RGB, Theme
from tests.rendering.images import decode, distance

themes = pytest.mark.parametrize("theme", list(THEMES.values()), ids=list(THEMES))


@pytest.mark.parametrize(
    ("result", "score"),
    [
        (Result(34, 30), "34-30"),
        (Result(33, 31), "33-31"),
        (Result(36, 24), "40-24 (36-24 on the board)"),
        (Result(20, 30), "20-44 (20-30 on the board)"),
        (Result(32, 32), "32-32"),
        (Result(30, 30), "32-32 (30-30 on the board)"),
        (Result(30, 12, forfeited_by=Color.BLACK), "30-34 (30-12 on the board)"),
        (Result(40, 10, forfeited_by=Color.BLACK), "31-33 (40-10 on the board)"),
        (Result(34, 30, forfeited_by=Color.WHITE), "34-30"),
        (Result(2, 2, forfeited_by=Color.WHITE), "62-2 (2-2 on the board)"),
    ],
)
def test_score_text_is_black_first_official_then_the_board(result: Result, score: str) -> None:
    assert score_text(result) == score
    official, _, rest = score.partition(" ")
    marked = f"⚫ {official} ⚪" + (f" {rest}" if rest else "")
    assert score_text(result, DISC_MARKS) == marked


def test_result_text_names_the_winner_and_how() -> None:
    assert result_text(Result(34, 30)) == "Black wins 34-30"
    assert result_text(Result(24, 36)) == "White wins 24-40 (24-36 on the board)"
    assert result_text(Result(30, 30)) == "Draw 32-32 (30-30 on the board)"
    resigned = Result(30, 12, forfeited_by=Color.BLACK)
    assert result_text(resigned, WonBy.RESIGNATION) == (
        "White wins by resignation \u00b7 30-34 (30-12 on the board)"
    )
    flagged = Result(40, 10, forfeited_by=Color.BLACK)
    assert (
        result_text(flagged, WonBy.TIME) == "White wins on time \u00b7 31-33 (40-10 on the board)"
    )


def test_a_result_with_empties_reads_the_same_in_the_status_and_the_alt_text() -> None:
    # Black wipes out white with 59 squares empty: the game ends with 5-0 on the board.
    position = Position.from_string("XXXXX" + "-" * 59 + " O")
    assert position.is_game_over()
    assert board_alt_text(position).endswith("Black wins 64-0 (5-0 on the board).")


LAYOUT = Layout.for_width(DEFAULT_SIZE)
MIDDLE = LAYOUT.width // 2


def header(data: bytes) -> tuple[Image.Image, Image.Image, Image.Image, Image.Image]:
    """Black's and White's small discs, then Black's and White's halves of the header."""
    image = decode(data).convert("RGB")
    icon = round(LAYOUT.cell * 0.62)
    top = LAYOUT.names_y - icon // 2
    x_white = LAYOUT.width - LAYOUT.board_x - icon
    return (
        image.crop((LAYOUT.board_x, top, LAYOUT.board_x + icon, top + icon)),
        image.crop((x_white, top, x_white + icon, top + icon)),
        image.crop((0, 0, MIDDLE, LAYOUT.header_height)),
        image.crop((MIDDLE, 0, LAYOUT.width, LAYOUT.header_height)),
    )


def has(image: Image.Image, color: RGB, tolerance: int = 6, at_least: int = 12) -> bool:
    pixels = image.get_flattened_data()
    return sum(1 for p in pixels if distance(p, color) <= tolerance) >= at_least  # type: ignore[arg-type]


MIDGAME = Game.from_transcript("f5d6c3d3c4f4f6f3e6e7").position  # black to move, 6-8


@themes
def test_a_resigned_game_crowns_and_underlines_the_winner(theme: Theme) -> None:
    data = render_board(
        MIDGAME,
        show_legal=False,
        ended=True,
        winner=Color.WHITE,
        status="White wins by resignation · 6-58 (6-8 on the board)",
        black_name="Ann",
        white_name="Bo",
        theme=theme.name,
    )
    black_icon, white_icon, black_half, white_half = header(data)
    assert has(white_icon, theme.winner) and not has(black_icon, theme.winner, at_least=1)
    assert has(white_half, theme.winner, at_least=200)  # the crown and the bar
    assert not has(black_half, theme.winner, at_least=1)
    # Nobody is to move: no side-to-move bar, though Black would be to move on this board.
    assert not has(black_half, theme.last_move, at_least=1)


@themes
def test_a_game_played_out_crowns_its_winner_and_a_draw_nobody(theme: Theme) -> None:
    won = header(render_board(Game.from_transcript(GAME).position, theme=theme.name))
    assert has(won[0], theme.winner) and not has(won[1], theme.winner, at_least=1)
    assert has(won[2], theme.winner, at_least=200) and not has(won[3], theme.winner, at_least=1)
    draw = header(render_board(Position.from_string("X" * 32 + "O" * 32 + " X"), theme=theme.name))
    for part in draw:
        assert not has(part, theme.winner, at_least=1)
        assert not has(part, theme.last_move, at_least=1)


def test_the_winner_is_bright_and_the_loser_muted() -> None:
    theme = THEMES["classic"]
    data = render_board(
        MIDGAME,
        ended=True,
        winner=Color.BLACK,
        black_name="WWWWWW",
        white_name="WWWWWW",
        show_legal=False,
    )
    image = decode(data).convert("RGB")
    box = LAYOUT.cell // 5
    left = image.crop(
        (
            LAYOUT.board_x + LAYOUT.cell,
            LAYOUT.names_y - box,
            MIDDLE - 2 * LAYOUT.cell,
            LAYOUT.names_y + box,
        )
    )
    right = image.crop(
        (
            MIDDLE + 2 * LAYOUT.cell,
            LAYOUT.names_y - box,
            LAYOUT.width - LAYOUT.board_x - LAYOUT.cell,
            LAYOUT.names_y + box,
        )
    )
    assert has(left, theme.text, tolerance=4, at_least=40) and not has(
        right, theme.text, tolerance=4, at_least=1
    )
    assert has(right, theme.muted_text, tolerance=4, at_least=20)
    # The same name, bold for the winner, regular for the loser: more ink on the left.
    ink = [
        sum(1 for p in half.get_flattened_data() if distance(p, theme.background) > 40)
        for half in (left, right)
    ]  # type: ignore[arg-type]
    assert ink[0] > ink[1] * 1.15


def test_a_game_without_a_result_highlights_nobody() -> None:
    theme = THEMES["classic"]
    aborted = render_board(MIDGAME, ended=True, status="Game aborted", show_legal=False)
    for part in header(aborted):
        assert not has(part, theme.winner, at_least=1)
        assert not has(part, theme.last_move, at_least=1)


def test_a_winner_needs_a_finished_game() -> None:
    with pytest.raises(ValueError, match=r"^winner is for a game that ended off the board"):
        render_board(MIDGAME, winner=Color.BLACK)


def test_a_long_result_is_drawn_whole_in_a_smaller_font() -> None:
    """The longest result is too wide for the usual font at the default size, yet its last
    word is drawn: changing it changes the footer (a cut text would end in an ellipsis)."""
    long = "White wins by resignation · 30-34 (30-12 on the board)"
    footer = (0, LAYOUT.footer_y, LAYOUT.width, LAYOUT.height)

    def status(text: str) -> bytes:
        return decode(render_board(MIDGAME, status=text)).convert("RGB").crop(footer).tobytes()

    assert status(long) != status(long.replace("board)", "boarD)"))
