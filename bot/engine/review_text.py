"""A review as plain text: the table of moves and the summary `python -m bot.engine review`
prints."""

from __future__ import annotations

from bot.engine.game import Game
from bot.engine.notation import SQUARE_NAMES
from bot.engine.position import Color
from bot.engine.review import Mark, PlayerSummary, Review, format_loss, format_value


def review_lines(game: Game, review: Review) -> list[str]:
    """The table (one line a move) and the summary below it."""
    header = (
        f"{'#':>3}  {'Side':<5}  {'Played':<12}  {'Best':<12}  {'Loss':>5}  {'Mark':<10}  Values"
    )
    lines = [header, "-" * len(header)]
    for move in review.moves:
        exact = move.exact
        played = f"{SQUARE_NAMES[move.square]} {format_value(move.played_value, exact)}"
        best = f"{SQUARE_NAMES[move.best_move]} {format_value(move.best_value, exact)}"
        how = "exact" if exact else f"searched {move.depth} plies"
        if move.forced:
            how += ", only move"
        lines.append(
            f"{move.number:>3}  {move.color.title:<5}  {played:<12}  {best:<12}  "
            f"{format_loss(move.loss, exact):>5}  {move.mark.value:<10}  {how}"
        )
    lines.append("")
    lines.extend(summary_lines(game, review))
    return lines


def summary_lines(game: Game, review: Review) -> list[str]:
    lines = []
    if review.opening is not None:
        lines.append(f"Opening: {review.opening.name} ({review.opening.transcript})")
    for color in (Color.BLACK, Color.WHITE):
        lines.append(f"{color.title}: {player_line(review.player(color))}")
    lines.append(f"Turning point: {turning_line(review)}")
    lines.append(f"Values: {values_line(review)}")
    result = game.result()
    if result is not None:
        lines.append(f"Result: {result}")
    return lines


def player_line(summary: PlayerSummary) -> str:
    """E.g. `accuracy 85%, average loss 1.7 discs a move over 31 moves; 4 inaccuracies,
    3 mistakes, 2 blunders; worst: move 35 e2, lost 10.4`."""
    if summary.average_loss is None or summary.accuracy is None:
        return "no move with a choice"
    text = (
        f"accuracy {summary.accuracy:.0f}%, average loss {summary.average_loss:.1f} discs a move "
        f"over {summary.moves} move{'' if summary.moves == 1 else 's'}; "
        + ", ".join(
            f"{summary.marks[mark]} {mark.value if summary.marks[mark] == 1 else mark.plural}"
            for mark in (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)
        )
    )
    worst = summary.worst
    if worst is not None:
        text += (
            f"; worst: move {worst.number} {SQUARE_NAMES[worst.square]}, lost "
            f"{format_loss(worst.loss, worst.exact)} (best {SQUARE_NAMES[worst.best_move]})"
        )
    return text


def turning_line(review: Review) -> str:
    number = review.turning_point
    if number is None:
        if review.outcome is None:
            return "none (no result)"
        return "none: the result was never in doubt, or was decided off the board"
    move = review.move(number)
    after = review.values[number]
    if not review.outcome:
        outlook = "even for good"
    else:
        leader = Color.BLACK if review.outcome > 0 else Color.WHITE
        outlook = f"{leader.title} ahead for good"
    return (
        f"move {number}, {move.color.title} {SQUARE_NAMES[move.square]} "
        f"({format_value(review.values[number - 1], review.exact_values[number - 1])} → "
        f"{format_value(after, review.exact_values[number])}: {outlook})"
    )


def values_line(review: Review) -> str:
    first = review.exact_from
    if first is None:
        return "estimates of a midgame search (≈), none solved exactly"
    if first == 1:
        return "exact (perfect play) throughout"
    return f"estimates of a midgame search (≈) up to move {first - 1}, exact from move {first}"
