"""What a puzzle's message says and shows: the board the member is to move on (legal moves
marked, a button for each) with a Hint button, or the end of the attempt: solved, or the board
of the reply that refutes the wrong move, with the solution line and a Next puzzle button."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import discord

from bot.domain.puzzles import Finished, Line, Shown
from bot.engine import Position, square_name
from bot.i18n import _, in_force, ngettext
from cogs.boards import BoardMessage, add_moves
from cogs.puzzles.buttons import (
    NextPuzzleButton,
    PuzzleHintButton,
    PuzzleMoveButton,
    PuzzleMoveSelect,
)
from cogs.puzzles.texts import rating_change, refutation_text, solution_text
from rendering import board_alt_text, describe_status, render_board
from rendering.words import color_name

PuzzleMessage = BoardMessage
"""A puzzle's message is a board's: text, the image with its alt text, and components."""


@dataclass(frozen=True, slots=True)
class _Board:
    """What the image shows: a position, the moves just made on it and the status line."""

    position: Position
    moves: tuple[int, ...] = ()
    """The moves that led to it, the last one's flips ringed; all of them dotted."""
    before: Position | None = None
    """The position before the last of `moves`."""
    status: str | None = None
    show_legal: bool = False


def _draw(board: _Board) -> tuple[bytes, str]:
    words = in_force()
    last = board.moves[-1] if board.moves else None
    earlier = list(board.moves[:-1])
    flipped = board.before.flips(last) if board.before is not None and last is not None else 0
    # Said outright: the default would read the dotted moves as turns missed while passing.
    status = board.status or describe_status(board.position, words=words)
    image = render_board(
        board.position,
        last_move=last,
        earlier_moves=earlier,
        flipped=flipped,
        show_legal=board.show_legal,
        status=status,
        words=words,
    )
    alt = board_alt_text(
        board.position,
        last_move=last,
        earlier_moves=earlier,
        show_legal=board.show_legal,
        status=status,
        words=words,
    )
    return image, alt


async def _built(name: str, board: _Board, content: str, view: discord.ui.View) -> PuzzleMessage:
    """Draw off the event loop, so that nobody's game waits for this image."""
    image, alt = await asyncio.to_thread(_draw, board)
    return PuzzleMessage(content, image, f"{name}.png", alt, view)


async def drawn(position: Position) -> tuple[bytes, str]:
    """A puzzle's starting board, its legal moves marked, and its alt text."""
    return await asyncio.to_thread(_draw, _Board(position, show_legal=True))


def moves_to_find(line: Line, step: int) -> int:
    return sum(line.ours[step:])


def moves_left(shown: Shown) -> int:
    return moves_to_find(shown.line, shown.attempt.step)


async def question(
    shown: Shown, note: str | None = None, *, origin: str | None = None
) -> PuzzleMessage:
    """The position to find a move in, the game it comes from (`origin`, for a puzzle of the
    server's games), and `note` (the last answer's outcome, a hint)."""
    attempt, line, position = shown.attempt, shown.line, shown.position
    step = attempt.step
    left = moves_left(shown)
    header = ngettext(
        "🧩 **Puzzle** · {color} to move · {count} move to find",
        "🧩 **Puzzle** · {color} to move · {count} moves to find",
        left,
    ).format(color=color_name(position.turn, in_force()), count=left)
    lines = [header]
    if origin:
        lines.append(origin)
    if note:
        lines.append(note)
    if step == 0:
        lines.append(
            _("Find the one move that keeps the best result: every other gives some away.")
        )
        if not line.entry.proven:
            # TRANSLATORS: a middle-game puzzle, too deep for the exact solver.
            lines.append(_("🔎 Checked by a deep search, not proven to the end of the game."))
    board = _Board(
        position,
        moves=shown.played,
        before=line.positions[step - 1] if shown.played else None,
        show_legal=True,
    )
    return await _built(f"puzzle-{attempt.id}-{step}", board, "\n".join(lines), _view(shown))


def right_note(shown: Shown) -> str:
    """`✅ a4 is right; White answered a7.`"""
    mine, *replies = shown.played
    move = square_name(mine)
    if not replies:
        return _("✅ {move} is right, and the opponent must pass.").format(move=move)
    return _("✅ {move} is right; the opponent answered {replies}.").format(
        move=move, replies=", ".join(square_name(square) for square in replies)
    )


def _view(shown: Shown) -> discord.ui.View:
    attempt_id, step = shown.attempt.id, shown.attempt.step
    view = discord.ui.View(timeout=None)
    moves = [square_name(square) for square in shown.position.legal_moves()]
    add_moves(view, moves, attempt_id, step, PuzzleMoveButton, PuzzleMoveSelect)
    view.add_item(PuzzleHintButton(attempt_id, step, row=4))
    return view


async def finished(done: Finished) -> PuzzleMessage:
    """Solved, or the refutation of the wrong move; the rating change and the solution."""
    attempt, line, refutation = done.attempt, done.line, done.refutation
    change = rating_change(*done.changes.solver)
    view = discord.ui.View(timeout=None)
    view.add_item(NextPuzzleButton())
    solution = _("Solution: {line}").format(line=solution_text(line))
    if refutation is None:
        headline = _("🎉 **Solved!** {change}").format(change=change)
        if attempt.hinted:
            headline += " · " + _("with a hint, it counts as half a win")
        last = len(line.entry.line) - 1
        board = _Board(
            line.positions[-1],
            moves=(line.entry.line[last],),
            before=line.positions[last],
            status=_("Solved!"),
        )
        return await _built(f"puzzle-{attempt.id}-solved", board, f"{headline}\n{solution}", view)
    start = line.positions[attempt.step]
    after = start.play(refutation.move)
    moves: tuple[int, ...] = (refutation.move,)
    before = start
    if refutation.reply is not None:
        before, after = after, after.play(refutation.reply)
        moves += (refutation.reply,)
    short = refutation.short
    status = ngettext(
        "{count} disc short of the best", "{count} discs short of the best", short
    ).format(count=short)
    board = _Board(after, moves=moves, before=before, status=status)
    content = f"❌ {refutation_text(refutation)}\n{change}\n{solution}"
    return await _built(f"puzzle-{attempt.id}-refuted", board, content, view)
