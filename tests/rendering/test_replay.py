"""Replays: one frame per move plus the start, each showing that move."""

from __future__ import annotations

import pytest
from PIL import ImageSequence

from bot.engine import Game, IllegalMoveError, InvalidMoveError
from rendering import THEMES, render_replay
from rendering.gallery import GAME
from rendering.layout import Layout
from rendering.replay import FRAME_MS, LAST_MS, REPLAY_SIZE
from tests.rendering.images import centre, colour_at, decode, distance


@pytest.mark.parametrize("transcript", ["", "f5", "f5d6c3d3"])
def test_frame_count_is_moves_plus_one(transcript: str) -> None:
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
            marker = colour_at(frame, centre(layout, square))
            assert distance(marker, theme.last_move) <= 16, index
    assert len(durations) == len(game.plies) + 1 == 61
    assert durations[1:-1] == [FRAME_MS] * 59
    assert durations[-1] == LAST_MS


def test_bad_transcripts_are_refused() -> None:
    with pytest.raises(InvalidMoveError):
        render_replay("f5z9")
    with pytest.raises(IllegalMoveError):
        render_replay("a1")
    with pytest.raises(ValueError, match="frame_ms must be between 20 and 60000"):
        render_replay("f5", frame_ms=5)
