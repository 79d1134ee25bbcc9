"""Thinking on a live clock: the time goes where the game is decided, and never runs out."""

from __future__ import annotations

import pytest

from bot.engine.ai import LEVELS, clock_budget
from bot.engine.ai.timing import MIN_BUDGET_MS, RESERVE, SOLVING, SOLVING_STRETCH

MASTER = LEVELS[5].budget_ms


def game_budgets(base: float, increment: float, level_ms: int) -> dict[int, float]:
    """The bot's budget (seconds) at each of its moves, at 60, 58, ... empties, when it uses all
    of each one."""
    remaining, budgets = float(base), {}
    for empties in range(60, 0, -2):
        budgets[empties] = clock_budget(remaining, increment, empties, level_ms) / 1000
        assert budgets[empties] <= remaining * (1 - RESERVE) + 0.8 * increment
        remaining += increment - budgets[empties]
        assert remaining > 0
    return budgets


@pytest.mark.parametrize(("base", "increment"), [(60, 0), (60, 1), (180, 2), (300, 0), (900, 10)])
def test_a_whole_game_on_the_clock_never_flags(base: float, increment: float) -> None:
    budgets = game_budgets(base, increment, MASTER)
    assert sum(budgets.values()) < base + increment * len(budgets)


def test_the_middle_game_and_the_solve_get_more_than_the_opening_and_the_last_moves() -> None:
    budgets = game_budgets(60, 0, 10**6)  # a short clock: it, not the level, sets each budget
    opening, middle = budgets[56], budgets[30]
    solving, last = budgets[18], budgets[8]
    assert opening < middle < solving and last < middle


def test_only_the_solving_moves_may_think_past_the_levels_budget() -> None:
    ample = 3600.0
    for empties in range(60, 0, -1):
        budget = clock_budget(ample, 0, empties, MASTER)
        if empties in SOLVING:
            assert MASTER < budget <= MASTER * SOLVING_STRETCH
        else:
            assert budget == MASTER
    assert clock_budget(0.0, 0, 30, MASTER) == MIN_BUDGET_MS
