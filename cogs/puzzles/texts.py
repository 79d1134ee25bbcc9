"""The words of puzzles: their themes, the quarters of the board a hint names, a rating and its
change, the solution line and why a wrong move loses."""

from __future__ import annotations

from bot.domain.glicko2 import Rating
from bot.domain.puzzles import Attempt, Line, Quadrant, Refutation
from bot.engine import square_name
from bot.engine.puzzles import PuzzleTheme
from bot.i18n import N_, _, ngettext
from cogs.play.versus_bot import outlook

THEMES = {
    # TRANSLATORS: puzzle themes, named by a hint: what the puzzle is about.
    PuzzleTheme.CORNER: N_("a corner"),
    PuzzleTheme.WIPEOUT: N_("a wipe-out"),
    PuzzleTheme.PASS: N_("leaving the opponent no move"),
    PuzzleTheme.QUIET: N_("a quiet move"),
    PuzzleTheme.SACRIFICE: N_("a sacrifice"),
    PuzzleTheme.EDGE: N_("an edge"),
    PuzzleTheme.PARITY: N_("parity (the last odd region)"),
}
QUADRANTS = {
    Quadrant.TOP_LEFT: N_("the top-left quarter (a1-d4)"),
    Quadrant.TOP_RIGHT: N_("the top-right quarter (e1-h4)"),
    Quadrant.BOTTOM_LEFT: N_("the bottom-left quarter (a5-d8)"),
    Quadrant.BOTTOM_RIGHT: N_("the bottom-right quarter (e5-h8)"),
}


def rating_text(rating: Rating) -> str:
    """The rounded rating, with `?` while it is provisional, as the leaderboard shows it."""
    return f"{round(rating.rating)}{'?' if rating.provisional else ''}"


def rating_change(before: Rating, after: Rating) -> str:
    """`Puzzle rating 1532 (+14)`."""
    delta = round(after.rating) - round(before.rating)
    return _("Puzzle rating {rating} ({change})").format(
        rating=rating_text(after), change=f"{delta:+d}"
    )


def hint_text(quadrant: Quadrant, themes: frozenset[PuzzleTheme]) -> str:
    """Where to look and, if the puzzle has themes, what it is about; never the square."""
    text = _("💡 Look in {quarter}.").format(quarter=_(QUADRANTS[quadrant]))
    if themes:
        named = ", ".join(_(THEMES[theme]) for theme in sorted(themes))
        text += " " + _("Think of {themes}.").format(themes=named)
    return text


def solution_text(line: Line) -> str:
    """The line in notation, the solver's moves in bold and the replies plain."""
    return " ".join(
        f"**{square_name(square)}**" if ours else square_name(square)
        for square, ours in zip(line.entry.line, line.ours, strict=True)
    )


def refutation_text(refutation: Refutation) -> str:
    """`After b7, a8 leaves you 6 discs short (with best play you lose by 2).`"""
    move, short = square_name(refutation.move), refutation.short
    if refutation.reply is None:
        text = ngettext(
            "After {move} the opponent must pass, yet it leaves you {count} disc short",
            "After {move} the opponent must pass, yet it leaves you {count} discs short",
            short,
        ).format(move=move, count=short)
    else:
        text = ngettext(
            "After {move}, {reply} leaves you {count} disc short",
            "After {move}, {reply} leaves you {count} discs short",
            short,
        ).format(move=move, reply=square_name(refutation.reply), count=short)
    return f"{text} ({outlook(refutation.score, exact=refutation.exact)})."


def done_text(attempt: Attempt) -> str:
    """What a member who met the daily puzzle before is told: how it went."""
    rating = round(attempt.rating_after or 0)
    if attempt.solved:
        return _("✅ You've already solved this puzzle (puzzle rating {rating} after it).").format(
            rating=rating
        )
    return _(
        "❌ You've already tried this puzzle without solving it (puzzle rating {rating} after "
        "it). The next day's post shows its solution."
    ).format(rating=rating)
