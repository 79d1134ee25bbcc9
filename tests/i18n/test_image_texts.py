"""No text of the bot's own is ever cut on an image, in any language.

Every image the bot makes is drawn here in every catalogue, with the words at their longest:
both colours, two-digit scores with the discs on the board beside them, move 60, a loss of
three digits, every mark, a turning point and the exact endgame on the graph, a tournament's
standings. The drawing code logs each text of the catalogue it had to shorten
(`rendering.text.fit_words`); none may be.
"""

from __future__ import annotations

import logging
import math

import pytest

from bot.engine import Color, Game, Position, Result
from bot.engine.ai.analysis import PositionAnalysis
from bot.engine.review import Review, build_review, verdict
from bot.i18n.catalogues import translations
from bot.language_codes import LANGUAGES
from rendering import WonBy, render_board, render_replay, render_standings, result_text
from rendering.gallery import GAME, PLAYERS, sample_standings
from rendering.replay import REPLAY_SIZE, replay_alt_text
from rendering.review_board import (
    REVIEW_BOARD_SIZE,
    render_review_board,
    review_board_alt_text,
)
from rendering.review_graph import render_review_graph, review_graph_alt_text
from rendering.status import missed_turns
from rendering.words import Words

from .messages import image_messages

BOARD_SIZES = (576, REPLAY_SIZE, 320)
"""Game boards, replays, and the picture of `/reversi rules`."""
LOSSES = (0.0, 1.5, 3.5, 7.5, 99.9)
"""One of each mark, and a loss wider than any real one."""
MISSED = (0, 7, 56)
"""Three moves made while the other side had to pass: a1, h1, a8."""
STOPPED = ("Game aborted", "Game cancelled", "Black wins by forfeit", "White wins by forfeit")
"""The last words of a game's image when it ended without a score (`final_status`)."""


class Recording:
    """Words that remember which messages they were asked for."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self.asked: set[str] = set()

    def gettext(self, message: str, /) -> str:
        self.asked.add(message)
        return self.words.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        self.asked.add(singular)
        return self.words.ngettext(singular, plural, n)


def results() -> list[tuple[Result, WonBy | None]]:
    """Every kind of result, each colour winning, with the discs on the board beside the score."""
    found: list[tuple[Result, WonBy | None]] = [(Result(32, 32), None), (Result(30, 30), None)]
    for black, white in ((34, 28), (28, 34)):
        found.append((Result(black, white), None))
        for how in WonBy:
            loser = Color.BLACK if black > white else Color.WHITE
            found.append((Result(black, white, forfeited_by=loser), how))
    return found


def review() -> Review:
    """A review of the gallery's game with every mark, a turning point and an exact end."""
    game = Game.from_transcript(GAME)
    analyses = []
    for number, ply in enumerate(game.plies):
        loss = LOSSES[number % len(LOSSES)]
        others = [s for s in ply.before.legal_moves() if s != ply.square]
        loss = loss if others else 0.0
        played = 30 * math.sin(number / 7) - loss / 2
        best = others[0] if loss else ply.square
        exact = number >= 40
        analyses.append(PositionAnalysis(best, played + loss, ply.square, played, exact, 9, 99))
    reviewed = build_review(game, analyses, None)
    return build_review(game, analyses, verdict(reviewed.values[-1], True))


def draw_everything(words: Words) -> None:
    game = Game.from_transcript(GAME)
    passing = next(ply for ply in game.plies if ply.passed is not None)
    stuck = Position(passing.after.black, passing.after.white, passing.passed or Color.WHITE)
    statuses = [result_text(result, how, words=words) for result, how in results()]
    statuses += [words.gettext(text) for text in STOPPED]
    missed = missed_turns(Color.WHITE, MISSED, words)
    for size in BOARD_SIZES:
        render_board(Position.initial(), size=size, words=words)
        render_board(stuck, size=size, words=words)
        render_board(passing.after, passed=passing.passed, size=size, words=words)
        render_board(  # a live game has passed already, never "must pass"
            passing.after,
            passed=passing.passed,
            clocks=(3725.0, 7.3),
            clock_running=passing.after.turn,
            size=size,
            words=words,
        )
        for status in statuses:
            render_board(game.position, status=status, ended=True, size=size, words=words)
        render_board(game.position, clocks=(0.0, 3725.0), size=size, words=words)
        render_board(game.position, status=missed, size=size, words=words)
    render_replay(game, words=words)
    render_replay(game, ending=statuses[-1], words=words)
    reviewed = review()
    for move in reviewed.moves[-len(LOSSES) :]:  # move 60, and a move of each mark
        render_review_board(move, size=REVIEW_BOARD_SIZE, words=words)
    render_review_graph(reviewed, words=words)
    render_review_graph(reviewed, black_name="W" * 32, white_name="W" * 32, words=words)
    render_standings("Autumn Swiss", sample_standings(PLAYERS, 4, 2), words=words)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_no_text_of_the_catalogue_is_cut_on_any_image(
    code: str, caplog: pytest.LogCaptureFixture
) -> None:
    words = Recording(translations(code))
    with caplog.at_level(logging.WARNING, logger="rendering"):
        draw_everything(words)

    assert [r.getMessage() for r in caplog.records if r.name.startswith("rendering")] == []
    alt = Recording(translations(code))
    review_graph_alt_text(review(), words=alt)
    replay_alt_text(GAME, words=alt)
    for move in review().moves:
        review_board_alt_text(move, words=alt)
    drawn = {message.ids[0] for message in image_messages()} - alt.asked
    assert drawn <= words.asked | set(STOPPED), "every text of the images was drawn"
    assert len(words.asked) >= 25


def test_a_text_too_long_for_its_place_is_reported(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="rendering"):
        render_board(Position.initial(), status="Black to move " * 20)
    assert any("cut to fit" in r.getMessage() for r in caplog.records)
