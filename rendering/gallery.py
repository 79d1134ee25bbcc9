"""Representative boards in every theme, plus one replay, written out for a person to look at."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from bot.engine import Color, Game, Position, Result
from rendering.board import render_board
from rendering.replay import render_replay
from rendering.results import WonBy, result_text
from rendering.themes import THEMES
from rendering.words import ENGLISH, Words

# A 1977 WTHOR tournament game that has two forced passes and ends 34-30.
GAME = (
    "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2"
    "a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"
)
MIDGAME_PLIES = 20
PASS_PLY = 53  # the 53rd move leaves white without a move


def write_gallery(directory: Path, *, words: Words = ENGLISH) -> list[Path]:
    """Write the gallery into `directory` (created if needed), in `words`; returns the files
    written."""
    directory.mkdir(parents=True, exist_ok=True)
    game = Game.from_transcript(GAME)
    mid, passing = game.plies[MIDGAME_PLIES - 1], game.plies[PASS_PLY - 1]
    last = game.plies[-1]
    black, white = mid.after.count(Color.BLACK), mid.after.count(Color.WHITE)
    resigned = Result(black, white, forfeited_by=Color.BLACK)
    cases = {
        "start": partial(render_board, Position.initial()),
        "midgame": partial(
            render_board,
            mid.after,
            last_move=mid.square,
            flipped=mid.flipped,
            black_name="Alice",
            white_name="Bob",
        ),
        "pass": partial(
            render_board,
            passing.after,
            last_move=passing.square,
            flipped=passing.flipped,
            passed=passing.passed,
        ),
        "final": partial(render_board, last.after, last_move=last.square, flipped=last.flipped),
        "long-names": partial(
            render_board,
            mid.after,
            last_move=mid.square,
            black_name="Aurélien-Maximilian de la Fontaine-Marchetti III",
            white_name="山田太郎 🎉 Taro",
        ),
        "rtl-names": partial(
            render_board, mid.after, black_name="محمد عبد الله", white_name="שרה לוי"
        ),
        "clocks": partial(
            render_board,
            mid.after,
            last_move=mid.square,
            flipped=mid.flipped,
            black_name="Aurélien-Maximilian de la Fontai",  # 32 characters
            white_name="Bob",
            clocks=(3725.0, 7.3),
            clock_running=Color.BLACK,
        ),
        "flag": partial(
            render_board,
            mid.after,
            black_name="Alice",
            white_name="Bob",
            show_legal=False,
            status=result_text(resigned, WonBy.TIME, words=words),
            ended=True,
            winner=Color.WHITE,
            clocks=(0.0, 42.0),
        ),
        "resigned": partial(
            render_board,
            mid.after,
            black_name="Alice",
            white_name="Bob",
            show_legal=False,
            status=result_text(resigned, WonBy.RESIGNATION, words=words),
            ended=True,
            winner=Color.WHITE,
        ),
    }
    written = []
    for theme in THEMES:
        for case, render in cases.items():
            path = directory / f"{theme}-{case}.png"
            path.write_bytes(render(theme=theme, words=words))
            written.append(path)
    replay = directory / "replay.gif"
    replay.write_bytes(render_replay(game, black_name="Alice", white_name="Bob", words=words))
    written.append(replay)
    return written
