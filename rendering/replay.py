"""A whole game as an animated GIF: the start, one frame per move, and how it ended.

GIF rather than APNG because every Discord client animates it. All frames share the theme's
palette, so the encoder only stores the part of each frame that changed.
"""

from __future__ import annotations

import io
from functools import partial

from bot.engine import Color, Game, Ply, Position, square_name
from bot.i18n import _
from rendering.board import board_image
from rendering.colours import colour_name
from rendering.themes import Theme

REPLAY_SIZE = 432
FRAME_MS = 900
FIRST_MS = 1500
LAST_MS = 4000


def render_replay(
    game: Game | str,
    *,
    black_name: str | None = None,
    white_name: str | None = None,
    show_legal: bool = False,
    ending: str | None = None,
    winner: Color | None = None,
    theme: str | Theme = "classic",
    size: int = REPLAY_SIZE,
    frame_ms: int = FRAME_MS,
) -> bytes:
    """A looping GIF of `game` (or of a transcript such as `f5d6c3`): the start, one frame per
    move, then for a finished game a frame that states how it ended.

    Each move's frame marks the move and the discs it flipped; its status line names the move
    and a forced pass. A game played out ends on its result (`Black wins 34-30`), its winner
    crowned. For a game that ended off the board, pass `ending`, the sentence to show (e.g.
    `White wins by resignation · 30-34 (30-12 on the board)` or `Game aborted`), and `winner`,
    the side crowned (None for a game without a result); `ending` also replaces the result of a
    game played out. A game that goes on ends on its last move. The first and last frames stay
    longer. Raises ValueError for a bad transcript, theme or size, or a winner without an
    ending.
    """
    if isinstance(game, str):
        game = Game.from_transcript(game)
    if not 20 <= frame_ms <= 60_000:
        raise ValueError(f"frame_ms must be between 20 and 60000, not {frame_ms}")
    if winner is not None and ending is None:
        raise ValueError("winner is for a game that ended off the board: pass its ending too")
    frame = partial(
        board_image,
        show_legal=show_legal,
        black_name=black_name,
        white_name=white_name,
        theme=theme,
        size=size,
    )
    frames = [frame(Position.initial(), status=_("Start"))]
    for number, ply in enumerate(game.plies, 1):
        caption = _caption(number, ply)
        frames.append(frame(ply.after, last_move=ply.square, flipped=ply.flipped, status=caption))
    final = game.position
    if ending is not None:
        frames.append(frame(final, status=ending, ended=True, winner=winner, show_legal=False))
    elif final.is_game_over():
        frames.append(frame(final, show_legal=False))
    durations = [frame_ms] * len(frames)
    durations[0] = max(frame_ms, FIRST_MS)
    durations[-1] = max(frame_ms, LAST_MS)
    buffer = io.BytesIO()
    frames[0].save(
        buffer, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0
    )
    return buffer.getvalue()


def _caption(number: int, ply: Ply) -> str:
    """E.g. `12. Black f5`, `13. White c4 · Black passes`."""
    caption = _("{number}. {color} {square}").format(
        number=number, color=colour_name(ply.color), square=square_name(ply.square)
    )
    if ply.passed is not None:
        passes = _("{color} passes").format(color=colour_name(ply.passed))
        return f"{caption} \u00b7 {passes}"
    return caption
