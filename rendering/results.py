"""How a result reads, everywhere the bot shows one: images, alt text and messages alike.

The score is Black's first, always: the official score (the empties go to the winner, see
`bot.engine.Result`), and beside it the discs as they stand on the board when those differ.
"""

from __future__ import annotations

from bot.engine import Result

NO_MARKS = ("", "")
DISC_MARKS = ("⚫ ", " ⚪")
"""Marks around the official score in messages, to say which number is whose."""


def score_text(result: Result, marks: tuple[str, str] = NO_MARKS) -> str:
    """`34-30`, `40-24 (36-24 on the board)`, `32-32 (30-30 on the board)`; a game won off the
    board the same way: `30-34 (30-12 on the board)`, `33-31 (20-40 on the board)`.

    `marks` go before and after the official score: `DISC_MARKS` gives
    `⚫ 40-24 ⚪ (36-24 on the board)`.
    """
    before, after = marks
    text = f"{before}{result.black_score}-{result.white_score}{after}"
    if result.official_score != (result.black_discs, result.white_discs):
        text += f" ({result.black_discs}-{result.white_discs} on the board)"
    return text


def result_text(result: Result, how: str = "") -> str:
    """Who won, how and the score: `Black wins 34-30`, `Draw 32-32`,
    `White wins by resignation · 30-34 (30-12 on the board)` (`how` being `by resignation`)."""
    winner = result.winner
    if winner is None:
        return f"Draw {score_text(result)}"
    if how:
        return f"{winner.title} wins {how} \u00b7 {score_text(result)}"
    return f"{winner.title} wins {score_text(result)}"
