"""How a result reads, everywhere the bot shows one: images, alt text and messages alike.

The score is Black's first, always: the official score (the empties go to the winner, see
`bot.engine.Result`), and beside it the discs as they stand on the board when those differ.
"""

from __future__ import annotations

from enum import Enum

from bot.domain import EndReason, GameRecord
from bot.engine import Result
from rendering.words import ENGLISH, Words, color_name

NO_MARKS = ("", "")
DISC_MARKS = ("⚫ ", " ⚪")
"""Marks around the official score in messages, to say which number is whose."""


class WonBy(Enum):
    """How a game was won off the board, for `result_text`."""

    RESIGNATION = "resignation"
    TIME = "time"


HOW = {EndReason.RESIGNATION: WonBy.RESIGNATION, EndReason.TIMEOUT: WonBy.TIME}
"""How a game was won other than on the board."""


def result_of(game: GameRecord) -> Result | None:
    """The result of a finished game, for its score; None while it goes on, and for a game
    that ended without a result (cancelled or aborted)."""
    reason = game.end_reason
    if reason is None or not reason.has_result:
        return None
    black, white = game.black_discs or 0, game.white_discs or 0
    if reason in HOW and game.winner is not None:
        return Result(black, white, forfeited_by=game.winner.opponent)
    return Result(black, white)


def how_won(game: GameRecord) -> WonBy | None:
    """How a game won off the board was won; None for any other."""
    return HOW.get(game.end_reason or EndReason.NORMAL)


def score_text(result: Result, marks: tuple[str, str] = NO_MARKS, *, words: Words = ENGLISH) -> str:
    """`34-30`, `40-24 (36-24 on the board)`, `32-32 (30-30 on the board)`; a game won off the
    board the same way: `30-34 (30-12 on the board)`, `33-31 (20-40 on the board)`.

    `marks` go before and after the official score: `DISC_MARKS` gives
    `⚫ 40-24 ⚪ (36-24 on the board)`.
    """
    before, after = marks
    text = f"{before}{result.black_score}-{result.white_score}{after}"
    if result.official_score != (result.black_discs, result.white_discs):
        on_board = words.gettext("({black}-{white} on the board)")
        text += " " + on_board.format(black=result.black_discs, white=result.white_discs)
    return text


def result_text(result: Result, how: WonBy | None = None, *, words: Words = ENGLISH) -> str:
    """Who won, how and the score: `Black wins 34-30`, `Draw 32-32`,
    `White wins by resignation · 30-34 (30-12 on the board)` (`how` being `WonBy.RESIGNATION`)."""
    winner = result.winner
    score = score_text(result, words=words)
    if winner is None:
        return words.gettext("Draw {score}").format(score=score)
    if how is WonBy.RESIGNATION:
        text = words.gettext("{color} wins by resignation · {score}")
    elif how is WonBy.TIME:
        text = words.gettext("{color} wins on time · {score}")
    else:
        text = words.gettext("{color} wins {score}")
    return text.format(color=color_name(winner, words), score=score)


def final_status(game: GameRecord, *, words: Words = ENGLISH) -> str:
    """A finished game's last word on its image, replay and page, with colours for names:
    `White wins by resignation · 30-34 (30-12 on the board)`, `Black wins 34-30`,
    `Game cancelled`, `Game aborted`."""
    result = result_of(game)
    if game.forfeited_by is not None:
        if game.forfeited_by == game.white_id:
            return words.gettext("Black wins by forfeit")
        return words.gettext("White wins by forfeit")
    if result is None:
        if game.end_reason is EndReason.ABORTED:
            return words.gettext("Game aborted")
        return words.gettext("Game cancelled")
    return result_text(result, how_won(game), words=words)
