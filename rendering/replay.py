"""A whole game as an animated GIF: the start, then one frame per move.

GIF rather than APNG because every Discord client animates it. All frames share the theme's
palette, so the encoder only stores the part of each frame that changed.
"""

from __future__ import annotations

import io
from functools import partial

from bot.engine import Game, Ply, Position, square_name
from rendering.board import board_image
from rendering.status import describe_status
from rendering.themes import Theme

REPLAY_SIZE = 432
FRAME_MS = 900
FIRST_MS = 1500
LAST_MS = 4000


def render_replay(
    game: Game | str,
    *,
    black_name: str = "Black",
    white_name: str = "White",
    show_legal: bool = False,
    theme: str | Theme = "classic",
    size: int = REPLAY_SIZE,
    frame_ms: int = FRAME_MS,
) -> bytes:
    """A looping GIF of `game` (or of a transcript such as `f5d6c3`): len(moves) + 1 frames.

    Each frame marks the move just played and the discs it flipped; its status line names the
    move, a forced pass and, on the last frame of a finished game, the result. The first and
    last frames stay longer. Raises ValueError for a bad transcript, theme or size.
    """
    if isinstance(game, str):
        game = Game.from_transcript(game)
    if not 20 <= frame_ms <= 60_000:
        raise ValueError(f"frame_ms must be between 20 and 60000, not {frame_ms}")
    frame = partial(
        board_image,
        show_legal=show_legal,
        black_name=black_name,
        white_name=white_name,
        theme=theme,
        size=size,
    )
    frames = [frame(Position.initial(), status="Start")]
    for number, ply in enumerate(game.plies, 1):
        caption = _caption(number, ply)
        frames.append(frame(ply.after, last_move=ply.square, flipped=ply.flipped, status=caption))
    durations = [frame_ms] * len(frames)
    durations[0] = max(frame_ms, FIRST_MS)
    durations[-1] = max(frame_ms, LAST_MS)
    buffer = io.BytesIO()
    frames[0].save(
        buffer, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0
    )
    return buffer.getvalue()


def _caption(number: int, ply: Ply) -> str:
    """E.g. `12. Black f5`, `13. White c4 · Black passes`, `60. White h8 · Draw 32-32`."""
    caption = f"{number}. {ply.color.title} {square_name(ply.square)}"
    if ply.after.is_game_over():
        return f"{caption} \u00b7 {describe_status(ply.after)}"
    if ply.passed is not None:
        return f"{caption} \u00b7 {ply.passed.title} passes"
    return caption
