"""Images for the bot: PNG boards, GIF replays and alt text, a tournament's standings, and the
texts of results and clocks that the bot's messages share with them. Depends on the engine only:
the language of their words is the caller's `words` (English by default), never a language in
force.

>>> from bot.engine import Position
>>> png = render_board(Position.initial(), black_name="Ann", white_name="Bo", theme="dark")

Every function is safe to call from several threads at once (e.g. `asyncio.to_thread`).
"""

from rendering.alt_text import board_alt_text
from rendering.board import board_image, render_board
from rendering.clocks import clock_text
from rendering.replay import render_replay, replay_alt_text
from rendering.results import DISC_MARKS, WonBy, result_text, score_text
from rendering.standings import points_text, quotient_text, render_standings
from rendering.standings_table import BYE, Outcome, RoundResult, StandingsRow, round_result
from rendering.status import describe_status, missed_turns
from rendering.themes import THEMES, Theme
from rendering.transcript import written_moves
from rendering.words import ENGLISH, Words

__all__ = [
    "BYE",
    "DISC_MARKS",
    "ENGLISH",
    "THEMES",
    "Outcome",
    "RoundResult",
    "StandingsRow",
    "Theme",
    "WonBy",
    "Words",
    "board_alt_text",
    "board_image",
    "clock_text",
    "describe_status",
    "missed_turns",
    "points_text",
    "quotient_text",
    "render_board",
    "render_replay",
    "render_standings",
    "replay_alt_text",
    "result_text",
    "round_result",
    "score_text",
    "written_moves",
]
