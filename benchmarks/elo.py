"""The Elo difference a match result implies, with a 95% interval."""

from __future__ import annotations

import math

Z = 1.96  # two-sided 95% of the normal distribution


def elo(wins: int, draws: int, losses: int) -> tuple[float, float, float]:
    """`(difference, low, high)` in Elo points for the side with these wins, draws and losses.

    The score s (draws counting half) gives 400 log10(s / (1 - s)), the logistic Elo model.
    The interval is Wilson's score interval for s put through the same formula: unlike s plus
    or minus two standard errors, it stays inside 0-100% and does not shrink to nothing after a
    clean sweep (counting draws as two half games makes it a little wide, never too narrow).
    Scores are kept half a game inside 0-100%, where the formula is infinite, so an end at that
    limit means the games set no bound on that side.
    """
    games = wins + draws + losses
    if not games:
        raise ValueError("no games played")
    score = (wins + draws / 2) / games
    spread = Z * Z / games
    centre = (score + spread / 2) / (1 + spread)
    half = Z * math.sqrt(score * (1 - score) / games + spread / (4 * games)) / (1 + spread)
    limit = 0.5 / games

    def to_elo(s: float) -> float:
        s = min(max(s, limit), 1 - limit)
        return 400 * math.log10(s / (1 - s))

    return to_elo(score), to_elo(centre - half), to_elo(centre + half)


def describe(wins: int, draws: int, losses: int) -> str:
    """`+W =D -L, 62.5%, Elo +89 [+12, +170]`."""
    games = wins + draws + losses
    difference, low, high = elo(wins, draws, losses)
    return (
        f"+{wins} ={draws} -{losses}, {100 * (wins + draws / 2) / games:.1f}%,"
        f" Elo {difference:+.0f} [{low:+.0f}, {high:+.0f}]"
    )
