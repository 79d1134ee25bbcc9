"""A finished game in every text the bot writes about it, from constructed records: the board
message, its image and alt text, history and stats lines, `/reversi game` and replays."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image, ImageSequence

from bot.domain import (
    EndReason,
    FinishedGame,
    GameRecord,
    GameState,
    GameStatus,
    RatingChange,
    TimeControl,
)
from bot.domain.glicko2 import Rating
from bot.engine import Color, Game
from cogs.game_summary import ending, final_status, line, line_for, result_of, verdict_for
from cogs.play import board_message
from cogs.records.history import replay_gif, status
from rendering import render_board
from rendering.layout import Layout
from rendering.replay import REPLAY_SIZE

BLACK, WHITE, MODERATOR = 101, 202, 9
TEN_MOVES = "f5d6c3d3c4f4f6f3e6e7"  # black to move, 6-8 on the board
WIPEOUT = "e6f4e3f6g5d6e7f5c5"  # over after 9 moves: Black 13, White 0, 51 empty
PLAYED_OUT = (  # WTH_1977#1: 60 moves, Black wins 34-30
    "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2"
    "a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"
)


def record(
    transcript: str,
    reason: EndReason | None,
    winner: Color | None = None,
    *,
    cancelled_by: int | None = None,
    rated: bool = True,
) -> GameRecord:
    """A game of `transcript` that ended for `reason` (None: still playing), with the discs of
    its last position."""
    position = Game.from_transcript(transcript).position
    finished = reason is not None
    return GameRecord(
        id=12,
        guild_id=1,
        channel_id=2,
        message_id=3,
        black_id=BLACK,
        white_id=WHITE,
        transcript=transcript,
        ply=len(transcript) // 2,
        status=GameStatus.FINISHED if finished else GameStatus.ACTIVE,
        winner=winner,
        end_reason=reason,
        black_discs=position.count(Color.BLACK) if finished else None,
        white_discs=position.count(Color.WHITE) if finished else None,
        rated=rated,
        time_control=TimeControl(per_move=86400),
        deadline=None if finished else 1_700_086_400,
        cancelled_by=cancelled_by,
        created_at=1_699_990_000,
        updated_at=1_700_000_000,
        turn_started=1_700_000_000,
    )


PLAYED = record(PLAYED_OUT, EndReason.NORMAL, Color.BLACK)
WIPED_OUT = record(WIPEOUT, EndReason.NORMAL, Color.BLACK)
RESIGNED = record(TEN_MOVES, EndReason.RESIGNATION, Color.WHITE)  # Black resigned at 6-8
FLAGGED = record(TEN_MOVES, EndReason.TIMEOUT, Color.BLACK)  # White's flag fell at 6-8
CANCELLED = record(TEN_MOVES, EndReason.CANCELLED, cancelled_by=MODERATOR)
ABORTED = record("f5d6", EndReason.ABORTED)
ABORTED_BY = record("f5d6", EndReason.ABORTED, cancelled_by=BLACK)
DRAWN = dataclasses.replace(
    record(PLAYED_OUT, EndReason.NORMAL), black_discs=32, white_discs=32, winner=None
)


@pytest.mark.parametrize(
    ("game", "text"),
    [
        (PLAYED, "🏆 <@101> won · ⚫ 34-30 ⚪"),
        (WIPED_OUT, "🏆 <@101> won · ⚫ 64-0 ⚪ (13-0 on the board)"),
        (RESIGNED, "🏆 <@202> won by resignation · ⚫ 6-58 ⚪ (6-8 on the board)"),
        (FLAGGED, "🏆 <@101> won on time · ⚫ 56-8 ⚪ (6-8 on the board)"),
        (DRAWN, "Draw · ⚫ 32-32 ⚪"),
        (CANCELLED, "cancelled by <@9>"),
        (ABORTED, "aborted: <@101> ran out of time"),
        (ABORTED_BY, "aborted by <@101>"),
    ],
)
def test_how_a_game_ended_leads_with_the_winner(game: GameRecord, text: str) -> None:
    assert ending(game) == text
    assert status(game) == text  # `/reversi game` and the replay's caption
    assert line(game) == (
        f"[**#12**](https://discord.com/channels/1/2/3) <t:1700000000:d> · "
        f"⚫ <@101> vs ⚪ <@202> · {text}"
    )


def test_a_game_won_off_the_board_by_the_side_behind_scores_33_31() -> None:
    # Black leads 44-10 on the board and runs out of time: White wins, 31-33.
    game = dataclasses.replace(FLAGGED, winner=Color.WHITE, black_discs=44, white_discs=10)
    assert ending(game) == "🏆 <@202> won on time · ⚫ 31-33 ⚪ (44-10 on the board)"
    assert final_status(game) == "White wins on time · 31-33 (44-10 on the board)"
    result = result_of(game)
    assert result is not None and result.official_score == (31, 33)


def test_a_game_in_progress_has_no_result() -> None:
    game = record(TEN_MOVES, None)
    assert result_of(game) is None
    assert status(game) == "in progress"


@pytest.mark.parametrize(
    ("game", "black_line", "white_line"),
    [
        (PLAYED, "**Won** · ⚫ 34-30 ⚪", "**Lost** · ⚫ 34-30 ⚪"),
        (
            RESIGNED,
            "**Lost** by resignation · ⚫ 6-58 ⚪ (6-8 on the board)",
            "**Won** by resignation · ⚫ 6-58 ⚪ (6-8 on the board)",
        ),
        (
            FLAGGED,
            "**Won** on time · ⚫ 56-8 ⚪ (6-8 on the board)",
            "**Lost** on time · ⚫ 56-8 ⚪ (6-8 on the board)",
        ),
        (DRAWN, "**Draw** · ⚫ 32-32 ⚪", "**Draw** · ⚫ 32-32 ⚪"),
        (CANCELLED, "**Cancelled**", "**Cancelled**"),
        (ABORTED, "**Aborted**", "**Aborted**"),
    ],
)
def test_stats_lines_from_each_side(game: GameRecord, black_line: str, white_line: str) -> None:
    start = "[**#12**](https://discord.com/channels/1/2/3) <t:1700000000:R> · "
    assert line_for(game, BLACK) == f"{start}⚫ vs <@202> · {black_line}"
    assert line_for(game, WHITE) == f"{start}⚪ vs <@101> · {white_line}"


def test_unrated_is_said_of_results_only() -> None:
    assert line_for(dataclasses.replace(PLAYED, rated=False), BLACK).endswith(
        "**Won** · ⚫ 34-30 ⚪ · unrated"
    )
    for game in (CANCELLED, ABORTED):
        assert "unrated" not in line(dataclasses.replace(game, rated=False))
    assert verdict_for(ABORTED, BLACK) == verdict_for(ABORTED, WHITE) == "Aborted"


def rating(before: float, after: float, user_id: int) -> RatingChange:
    return RatingChange(user_id, Rating(before, 200, 0.06), Rating(after, 190, 0.06))


@pytest.mark.parametrize(
    ("game", "lines"),
    [
        (PLAYED, ["🏆 <@101> wins · ⚫ 34-30 ⚪"]),
        (RESIGNED, ["🏆 <@202> wins by resignation · ⚫ 6-58 ⚪ (6-8 on the board)"]),
        (FLAGGED, ["🏆 <@101> wins on time · ⚫ 56-8 ⚪ (6-8 on the board)"]),
        (DRAWN, ["Draw · ⚫ 32-32 ⚪"]),
        (CANCELLED, ["Game cancelled by <@9>; it is not rated."]),
        (ABORTED, ["Game aborted: <@101> ran out of time; it is not rated."]),
        (ABORTED_BY, ["Game aborted by <@101>; it is not rated."]),
    ],
)
def test_the_board_message_says_how_the_game_ended(game: GameRecord, lines: list[str]) -> None:
    state = GameState.of(game)
    assert board_message.ending_lines(state) == lines
    assert board_message.content(state).endswith("\n".join(lines))


def test_the_board_message_adds_the_rating_changes_of_a_rated_result() -> None:
    finished = FinishedGame(RESIGNED, rating(1500, 1480, BLACK), rating(1500, 1520, WHITE))
    assert board_message.ending_lines(GameState.of(RESIGNED, finished)) == [
        "🏆 <@202> wins by resignation · ⚫ 6-58 ⚪ (6-8 on the board)",
        "Ratings: <@101> 1500 → 1480 (-20) · <@202> 1500 → 1520 (+20)",
    ]


@pytest.mark.parametrize(
    ("game", "text", "winner"),
    [
        (PLAYED, "Black wins 34-30", Color.BLACK),
        (WIPED_OUT, "Black wins 64-0 (13-0 on the board)", Color.BLACK),
        (RESIGNED, "White wins by resignation · 6-58 (6-8 on the board)", Color.WHITE),
        (FLAGGED, "Black wins on time · 56-8 (6-8 on the board)", Color.BLACK),
        (DRAWN, "Draw 32-32", None),
        (CANCELLED, "Game cancelled", None),
        (ABORTED, "Game aborted", None),
    ],
)
def test_the_final_image_states_the_ending_and_crowns_the_winner(
    game: GameRecord, text: str, winner: Color | None
) -> None:
    assert final_status(game) == text
    state = GameState.of(game)
    image, alt = board_message._image(state, ("Ann", "Bo"))
    assert alt.endswith(f"{text}.")
    last = state.game.last
    assert last is not None
    expected = render_board(
        state.position,
        last_move=last.square,
        flipped=last.flipped,
        show_legal=False,
        black_name="Ann",
        white_name="Bo",
        status=text,
        ended=True,
        winner=winner,
    )
    assert image == expected


def replay_frames(game: GameRecord) -> list[Image.Image]:
    gif = Image.open(io.BytesIO(replay_gif(GameState.of(game), ("Ann", "Bo"))))
    return [frame.convert("RGB") for frame in ImageSequence.Iterator(gif)]


def footer(image: Image.Image) -> bytes:
    layout = Layout.for_width(REPLAY_SIZE)
    return image.crop((0, layout.footer_y, layout.width, layout.height)).tobytes()


@pytest.mark.parametrize("game", [RESIGNED, FLAGGED, PLAYED, ABORTED, CANCELLED])
def test_the_replay_ends_on_the_final_status_and_winner(game: GameRecord) -> None:
    """`/reversi game` and Replay: the replay's last frame is the final board stating how the
    game ended, the winner crowned."""
    frames = replay_frames(game)
    assert len(frames) == len(game.moves) + 2
    state = GameState.of(game)
    expected = render_board(
        state.position,
        show_legal=False,
        black_name="Ann",
        white_name="Bo",
        status=final_status(game),
        ended=True,
        winner=game.winner,
        size=REPLAY_SIZE,
    )
    final = Image.open(io.BytesIO(expected)).convert("RGB")
    assert frames[-1].tobytes() == final.tobytes()
    assert footer(frames[-1]) != footer(frames[-2])


def test_the_replay_of_a_game_in_progress_ends_on_its_last_move() -> None:
    frames = replay_frames(record(TEN_MOVES, None))
    assert len(frames) == 11
