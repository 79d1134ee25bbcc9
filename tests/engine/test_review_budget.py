"""A review's budget follows the core that runs: the native core's reviews are exact from 20
empties and search far deeper, the pure-Python engine keeps the budget it always had, and the
two never share stored reviews."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from bot.engine import Game, native, parse_transcript
from bot.engine.ai.analysis import (
    CONFIRM_ABOVE,
    NATIVE_BUDGET,
    PYTHON_BUDGET,
    ReviewBudget,
    analyse_position,
    default_budget,
)
from bot.engine.ai.endgame import solve_bitboards
from bot.engine.ai.evaluation import evaluate
from bot.engine.position import Position
from bot.engine.review import THRESHOLDS
from bot.services.reviews import ReviewService

from .native_core import native_core

WTHOR = Path(__file__).parents[1] / "data" / "wthor" / "wthor_sample_games.csv"


def first_game() -> str:
    with WTHOR.open(newline="") as handle:
        return str(next(csv.DictReader(handle))["moves"])


def test_each_core_has_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "core", None)
    assert default_budget() == PYTHON_BUDGET == ReviewBudget(5_000, 14, 16)
    assert PYTHON_BUDGET.attempt_nodes == 5_000
    service = ReviewService(None, None, None, None)  # type: ignore[arg-type]
    assert service.engine == PYTHON_BUDGET.key
    monkeypatch.setattr(native, "core", native_core())
    assert default_budget() == NATIVE_BUDGET
    assert NATIVE_BUDGET.nodes >= 50 * PYTHON_BUDGET.nodes
    assert NATIVE_BUDGET.exact_empties >= 18 and NATIVE_BUDGET.attempt_empties >= 20
    assert NATIVE_BUDGET.key != PYTHON_BUDGET.key


def test_native_reviews_are_exact_from_20_empties(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "core", native_core())
    transcript = first_game()
    before = Game.from_transcript(transcript[:80]).position
    after = Game.from_transcript(transcript[:82]).position
    played = parse_transcript(transcript[80:82])[0]
    assert before.empties == 20 and after.turn is not before.turn
    analysis = analyse_position(before.to_string(), played, NATIVE_BUDGET)
    assert analysis.exact and analysis.depth == 20
    best = solve_bitboards(before.player, before.opponent, all_best=False)
    reply = solve_bitboards(after.player, after.opponent, all_best=False)
    assert analysis.best_score == best.score and analysis.played_score == -reply.score


def test_a_solve_over_its_node_budget_falls_back_to_the_midgame_search() -> None:
    position = Game.from_transcript(first_game()[:80]).position.to_string()
    capped = ReviewBudget(nodes=200, exact_empties=10, attempt_empties=20, exact_nodes=50)
    analysis = analyse_position(position, None, capped)
    assert not analysis.exact and analysis.depth < 20
    assert capped.key != ReviewBudget(200, 10, 20).key


def test_a_budget_that_cuts_forward_sees_deeper_for_the_same_nodes_and_is_stored_apart() -> None:
    position = Game.from_transcript(first_game()[:40]).position.to_string()
    full = ReviewBudget(nodes=20_000)
    cutting = ReviewBudget(nodes=20_000, probcut=True)
    assert NATIVE_BUDGET.probcut and not PYTHON_BUDGET.probcut
    assert cutting.key != full.key
    assert (
        analyse_position(position, None, cutting).depth
        > analyse_position(position, None, full).depth
    )


def worst_move(position: Position) -> int:
    """The legal move the static evaluation likes least: a clear loss to confirm."""

    def value_after(square: int) -> int:
        child = position.play(square)
        return evaluate(child.player, child.opponent)

    return max(position.legal_moves(), key=value_after)


def test_a_loss_that_could_earn_a_mark_is_confirmed_deeper_on_the_two_moves_alone() -> None:
    assert THRESHOLDS[0][0] == CONFIRM_ABOVE
    position = Game.from_transcript(first_game()[:40]).position
    played = worst_move(position)
    plain = ReviewBudget(nodes=20_000, probcut=True)
    confirming = ReviewBudget(nodes=20_000, probcut=True, confirm_nodes=40_000)
    assert NATIVE_BUDGET.confirm_nodes and not PYTHON_BUDGET.confirm_nodes
    assert confirming.key != plain.key
    first = analyse_position(position.to_string(), played, plain)
    confirmed = analyse_position(position.to_string(), played, confirming)
    assert first.loss > CONFIRM_ABOVE and not first.exact
    assert confirmed.depth > first.depth and confirmed.nodes > first.nodes
    assert confirmed.best_move in (first.best_move, played)
    assert confirmed == analyse_position(position.to_string(), played, confirming)


def test_the_best_move_played_costs_no_confirmation() -> None:
    position = Game.from_transcript(first_game()[:40]).position
    plain = ReviewBudget(nodes=20_000, probcut=True)
    best = analyse_position(position.to_string(), None, plain).best_move
    confirming = ReviewBudget(nodes=20_000, probcut=True, confirm_nodes=40_000)
    assert analyse_position(position.to_string(), best, confirming) == analyse_position(
        position.to_string(), best, plain
    )


def test_a_negative_confirmation_budget_is_refused() -> None:
    with pytest.raises(ValueError, match="confirm_nodes"):
        ReviewBudget(confirm_nodes=-1)
