"""Rendering writes in the words it is handed, never in a language in force: one task draws the
same board in two languages, and the language in force changes nothing."""

from __future__ import annotations

import ast
from functools import partial
from pathlib import Path

import rendering
from bot.engine import Color, Game, Position, Result
from bot.i18n import current, using
from bot.i18n.catalogues import translations
from rendering import ENGLISH, Words, board_alt_text, render_board, render_replay, result_text
from rendering.review_graph import review_graph_alt_text
from tests.rendering.test_review_images import review

HAUSA, TAMIL = translations("ha"), translations("ta")


def test_one_task_draws_a_board_in_two_languages() -> None:
    """The status line is the words' own `Black to move`; the names are given, so it is all
    that differs."""
    assert current() == "en"  # nobody set a language
    position = Position.initial()
    board = partial(render_board, position, black_name="Ann", white_name="Bo")
    to_move = {
        words: words.gettext("{color} to move").format(color=words.gettext("Black"))
        for words in (HAUSA, TAMIL)
    }
    assert to_move[HAUSA] != to_move[TAMIL]

    hausa, tamil = board(words=HAUSA), board(words=TAMIL)

    assert hausa == board(status=to_move[HAUSA]) != board(status="Black to move")
    assert tamil == board(status=to_move[TAMIL]) != board(status="Black to move")
    assert hausa != tamil
    hausa_alt = board_alt_text(position, words=HAUSA)
    tamil_alt = board_alt_text(position, words=TAMIL)
    assert hausa_alt.startswith(HAUSA.gettext("Reversi board.")) and to_move[HAUSA] in hausa_alt
    assert tamil_alt.startswith(TAMIL.gettext("Reversi board.")) and to_move[TAMIL] in tamil_alt


def everything(words: Words) -> tuple[object, ...]:
    """A board, its alt text, a result, a replay and a review's alt text, in `words`."""
    position = Game.from_transcript("f5d6c3").position
    return (
        render_board(position, words=words),
        board_alt_text(position, words=words),
        result_text(Result(30, 12, forfeited_by=Color.BLACK), words=words),
        render_replay("f5d6", words=words),
        review_graph_alt_text(review([(0.0, 0.0)] * 6), words=words),
    )


def test_the_language_in_force_changes_nothing() -> None:
    english, tamil = everything(ENGLISH), everything(TAMIL)
    assert all(a != b for a, b in zip(english, tamil, strict=True))
    with using("ha"):
        assert everything(ENGLISH) == english
        assert everything(TAMIL) == tamil
        assert render_board(Position.initial()) == render_board(Position.initial(), words=ENGLISH)


def test_rendering_imports_no_language_in_force() -> None:
    """Neither the bot's translations (which read the language in force) nor context variables."""
    for path in Path(rendering.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        } | {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not {m for m in modules if m.startswith("bot.i18n") or m == "contextvars"}, path
