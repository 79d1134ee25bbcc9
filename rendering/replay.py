"""A whole game as an animated GIF: the start, one frame per move, and how it ended.

GIF rather than APNG because every Discord client animates it. All frames share the theme's
palette, so the encoder only stores the part of each frame that changed.
"""

from __future__ import annotations

import io
from functools import partial

from bot.engine import Color, Game, Ply, Position, square_name
from rendering.alt_text import MAX_ALT_TEXT, MAX_NAME, clean, shorten
from rendering.board import board_image
from rendering.themes import Theme
from rendering.transcript import written_moves
from rendering.words import ENGLISH, Words, color_name

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
    words: Words = ENGLISH,
) -> bytes:
    """A looping GIF of `game` (or of a transcript such as `f5d6c3`): the start, one frame per
    move, then for a finished game a frame that states how it ended.

    Each move's frame marks the move and the discs it flipped; its status line names the move
    and a forced pass. A game played out ends on its result (`Black wins 34-30`), its winner
    crowned. For a game that ended off the board, pass `ending`, the sentence to show (e.g.
    `White wins by resignation · 30-34 (30-12 on the board)` or `Game aborted`), and `winner`,
    the side crowned (None for a game without a result); `ending` also replaces the result of a
    game played out. A game that goes on ends on its last move. The first and last frames stay
    longer. `words` are the words of the captions (see `rendering.words`). Raises ValueError for
    a bad transcript, theme or size, or a winner without an ending.
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
        words=words,
    )
    frames = [frame(Position.initial(), status=words.gettext("Start"))]
    for number, ply in enumerate(game.plies, 1):
        caption = _caption(number, ply, words)
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


def replay_alt_text(
    game: Game | str,
    *,
    black_name: str | None = None,
    white_name: str | None = None,
    ending: str | None = None,
    words: Words = ENGLISH,
) -> str:
    """What the replay shows, for screen readers: e.g. `Animated replay of 60 moves, Black (Ann)
    against White (Bo). Moves: f5 d6 c3 … h7 pass a7 …. Black wins 34-30.` (forced passes
    marked, `written_moves`; `ending` as for `render_replay`;
    at most Discord's 1024 characters)."""
    if isinstance(game, str):
        game = Game.from_transcript(game)
    count = len(game.plies)
    text = words.ngettext(
        "Animated replay of {count} move, {black} against {white}.",
        "Animated replay of {count} moves, {black} against {white}.",
        count,
    )
    parts = [
        text.format(
            count=count,
            black=_player(Color.BLACK, black_name, words),
            white=_player(Color.WHITE, white_name, words),
        )
    ]
    if count:
        moves = " ".join(written_moves(game, words))
        parts.append(words.gettext("Moves: {moves}.").format(moves=moves))
    if ending:
        shown = clean(ending)
        parts.append(shown if shown[-1] in ".!?" else f"{shown}.")
    return shorten(" ".join(parts), MAX_ALT_TEXT)


def _player(color: Color, name: str | None, words: Words) -> str:
    """`Black (Ann)`, or `Black` without a name."""
    color_text = color_name(color, words)
    shown = shorten(clean(name or ""), MAX_NAME)
    return f"{color_text} ({shown})" if shown and shown != color_text else color_text


def _caption(number: int, ply: Ply, words: Words) -> str:
    """E.g. `12. Black f5`, `13. White c4 · Black passes`."""
    caption = words.gettext("{number}. {color} {square}").format(
        number=number, color=color_name(ply.color, words), square=square_name(ply.square)
    )
    if ply.passed is not None:
        passes = words.gettext("{color} passes").format(color=color_name(ply.passed, words))
        return f"{caption} \u00b7 {passes}"
    return caption
