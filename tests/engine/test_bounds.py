"""Every value the engine gives in discs is one a game can end with: a final disc difference
within -64..+64, and so a move's loss at most the best value plus 64 (128 at most), even where
the pattern evaluation of a lopsided position adds up to more."""

from __future__ import annotations

import pytest

from bot.engine import Position
from bot.engine.ai import choose_move
from bot.engine.ai.analysis import ReviewBudget, analyse_position
from bot.engine.ai.evaluation import MAX_DISCS, SCALE, evaluate

LOPSIDED = (
    # White, with a disc or two against a board of Black's, evaluates its position beyond +64.
    "--XXXOX----XX----X-XXX--XX-XX-X----XX-XO-XOXXX---XXXX-X--XX----- O",
    "----O-X---XXXX-X-----OX--X-X-XXXXXX-XXX-X--X-XX--X--XXXX-----XX- O",
    "--X-XXX--XXX-XX---X-XX----XXX---XX-XX-XXOX----------X-----X--X-- O",
)
SINGLE_MOVE = "---XXO---XX----------X---X-XX------X-X------------X-XXX--------- O"
"""White's only move, which the bot plays without a search: valued by the evaluation alone."""
BUDGET = ReviewBudget(nodes=300, exact_empties=6, attempt_empties=6)


def test_the_positions_evaluate_beyond_the_bounds() -> None:
    for string in (*LOPSIDED, SINGLE_MOVE):
        position = Position.from_string(string)
        assert evaluate(position.player, position.opponent) > MAX_DISCS * SCALE


@pytest.mark.parametrize("string", [*LOPSIDED, SINGLE_MOVE])
def test_the_bot_s_estimate_stays_within_a_final_disc_difference(string: str) -> None:
    for level in (1, 5):
        result = choose_move(string, level=level, depth=3)
        assert -MAX_DISCS <= result.score <= MAX_DISCS


@pytest.mark.parametrize("string", LOPSIDED)
def test_review_values_and_losses_stay_within_what_a_game_allows(string: str) -> None:
    position = Position.from_string(string)
    for square in position.legal_moves():
        analysis = analyse_position(string, square, BUDGET)
        assert analysis.played_score is not None
        assert -MAX_DISCS <= analysis.played_score <= analysis.best_score <= MAX_DISCS
        assert 0 <= analysis.loss <= analysis.best_score + MAX_DISCS <= 2 * MAX_DISCS
