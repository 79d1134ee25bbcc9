"""Replays: the start, one frame per move showing that move, and how the game ended."""

from __future__ import annotations

import pytest
from PIL import Image, ImageSequence

from bot.engine import Color, Game, IllegalMoveError, InvalidMoveError
from bot.i18n.catalogues import translations
from rendering import THEMES, render_board, render_replay
from rendering.alt_text import MAX_ALT_TEXT
from rendering.gallery import GAME
from rendering.layout import Layout
from rendering.replay import FRAME_MS, LAST_MS, REPLAY_SIZE, replay_alt_text
from tests.rendering.images import centre, color_at, decode, distance


@pytest.mark.parametrize("transcript", ["", "f5", "f5d6c3d3"])
def test_a_game_that_goes_on_has_its_moves_plus_the_start(transcript: str) -> None:
    image = decode(render_replay(transcript), "GIF")
    assert sum(1 for _ in ImageSequence.Iterator(image)) == len(transcript) // 2 + 1
    assert image.size == (REPLAY_SIZE, Layout.for_width(REPLAY_SIZE).height)


def test_whole_game_marks_each_move() -> None:
    game = Game.from_transcript(GAME)
    data = render_replay(game, black_name="Ann", white_name="山田", theme="high-contrast")
    assert len(data) <= 2_000_000
    image = decode(data, "GIF")
    assert image.info["loop"] == 0
    layout, theme = Layout.for_width(REPLAY_SIZE), THEMES["high-contrast"]
    durations = []
    for index, frame in enumerate(ImageSequence.Iterator(image)):
        durations.append(frame.info["duration"])
        if index in (1, 30, 60):
            square = game.plies[index - 1].square
            marker = color_at(frame, centre(layout, square))
            assert distance(marker, theme.last_move) <= 16, index
    assert len(durations) == len(game.plies) + 2 == 62  # the start, 60 moves, the result
    assert durations[1:-1] == [FRAME_MS] * 60
    assert durations[-1] == LAST_MS


def frames(data: bytes) -> list[tuple[Image.Image, int]]:
    image = decode(data, "GIF")
    return [
        (frame.convert("RGB"), frame.info["duration"]) for frame in ImageSequence.Iterator(image)
    ]


def footer(image: Image.Image) -> bytes:
    layout = Layout.for_width(REPLAY_SIZE)
    return image.crop((0, layout.footer_y, layout.width, layout.height)).tobytes()


def header_half(image: Image.Image, color: Color) -> Image.Image:
    layout = Layout.for_width(REPLAY_SIZE)
    middle = layout.width // 2
    x0, x1 = (0, middle) if color is Color.BLACK else (middle, layout.width)
    return image.crop((x0, 0, x1, layout.header_height))


def winner_pixels(image: Image.Image) -> int:
    gold = THEMES["classic"].winner
    return sum(1 for p in image.get_flattened_data() if distance(p, gold) <= 8)  # type: ignore[arg-type]


def test_the_last_frame_states_how_a_game_ended_off_the_board_and_stays_longest() -> None:
    game = Game.from_transcript("f5d6c3d3c4f4f6f3e6e7")
    ending = "White wins by resignation \u00b7 6-58 (6-8 on the board)"
    shown = frames(render_replay(game, ending=ending, winner=Color.WHITE))
    assert len(shown) == len(game.plies) + 2
    last_move, final = shown[-2], shown[-1]
    assert last_move[1] == FRAME_MS and final[1] == LAST_MS
    assert footer(final[0]) != footer(last_move[0])
    # The final frame is the final board with that status, the winner crowned.
    expected = render_board(
        game.position,
        status=ending,
        ended=True,
        winner=Color.WHITE,
        show_legal=False,
        size=REPLAY_SIZE,
    )
    assert footer(final[0]) == footer(decode(expected).convert("RGB"))
    assert winner_pixels(header_half(final[0], Color.WHITE)) > 50
    assert winner_pixels(header_half(final[0], Color.BLACK)) == 0
    assert winner_pixels(final[0]) > winner_pixels(last_move[0]) == 0


def test_a_game_without_a_result_ends_on_a_frame_saying_so() -> None:
    game = Game.from_transcript("f5d6")
    cancelled, aborted = (
        frames(render_replay(game, ending=text)) for text in ("Game cancelled", "Game aborted")
    )
    assert len(cancelled) == len(aborted) == 4
    assert footer(cancelled[-1][0]) != footer(aborted[-1][0])
    assert winner_pixels(cancelled[-1][0]) == winner_pixels(aborted[-1][0]) == 0


def test_a_game_played_out_ends_on_its_result() -> None:
    game = Game.from_transcript(GAME)
    shown = frames(render_replay(game))
    expected = render_board(game.position, show_legal=False, size=REPLAY_SIZE)
    assert footer(shown[-1][0]) == footer(decode(expected).convert("RGB"))  # Black wins 34-30
    assert winner_pixels(header_half(shown[-1][0], Color.BLACK)) > 50


def test_bad_transcripts_are_refused() -> None:
    with pytest.raises(InvalidMoveError):
        render_replay("f5z9")
    with pytest.raises(IllegalMoveError):
        render_replay("a1")
    with pytest.raises(ValueError, match="frame_ms must be between 20 and 60000"):
        render_replay("f5", frame_ms=5)
    with pytest.raises(ValueError, match=r"^winner is for a game that ended off the board"):
        render_replay("f5", winner=Color.BLACK)


def test_the_alt_text_says_who_played_the_moves_and_how_it_ended() -> None:
    assert replay_alt_text("") == "Animated replay of 0 moves, Black against White."
    one = replay_alt_text("f5", black_name="Ann", white_name="White")
    assert one == "Animated replay of 1 move, Black (Ann) against White. Moves: f5."
    ended = replay_alt_text(
        "f5d6c3", black_name="Ann\n" * 30, white_name="Bo", ending="White wins on time · 0-64"
    )
    assert ended.startswith("Animated replay of 3 moves, Black (Ann Ann")
    assert ended.endswith("against White (Bo). Moves: f5 d6 c3. White wins on time · 0-64.")
    whole = replay_alt_text(GAME, black_name="A" * 32, white_name="B" * 32, ending="x" * 2000)
    assert len(whole) == MAX_ALT_TEXT and whole.endswith("…")


def test_the_alt_text_marks_each_forced_pass_in_the_reader_s_words() -> None:
    """White has no move after h7 nor after a1: Black plays twice running, and it shows."""
    english = replay_alt_text(GAME)
    assert english.endswith(
        "Moves: f5 d6 c3 f3 f4 d3 c4 g6 f6 e6 c5 c6 d7 d8 e7 g5 e3 d2 g4 h3 "
        "f7 b5 h5 g3 b4 b6 c8 b8 c7 e8 f8 g8 h4 h6 e2 d1 c1 a3 a6 a5 e1 f2 g7 c2 a4 h8 a2 b7 f1 "
        "b3 b1 b2 h7 pass a7 a8 a1 pass g1 g2 h2 h1."
    )
    tagalog = replay_alt_text(GAME, words=translations("tl"))
    assert " b2 h7 laktaw a7 a8 a1 laktaw g1 " in tagalog
