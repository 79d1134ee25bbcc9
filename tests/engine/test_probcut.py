"""Multi-ProbCut: what it cuts, what it keeps exact, and how close its values stay."""

from __future__ import annotations

import statistics

import pytest

from bot.engine.ai.endgame import solve_bitboards
from bot.engine.ai.native_search import new_search
from bot.engine.ai.probcut import FIRST, MARGINS, margin, shallow
from bot.engine.ai.search import iterate
from bot.engine.ai.timing import Deadline
from tests.engine.test_ai_play import _sample


def test_the_shallow_search_is_about_half_as_deep_and_of_the_same_parity() -> None:
    for depth in range(FIRST, 61):
        assert 1 <= shallow(depth) <= depth - 2
        assert shallow(depth) % 2 == depth % 2
        assert abs(shallow(depth) - depth / 2) <= 2


def test_the_margins_start_at_the_first_depth_and_hold_past_the_last() -> None:
    assert MARGINS and all(value > 0 for value in MARGINS)
    assert margin(FIRST - 1) == 0
    assert margin(FIRST) == MARGINS[0]
    assert margin(60) == MARGINS[-1]


def test_a_search_to_the_end_of_the_game_cuts_nothing_and_stays_exact() -> None:
    endgames = [p for p in _sample(300, seed=11) if 8 <= p.empties <= 11 and p.legal_moves()]
    assert len(endgames) >= 20
    for position in endgames[:20]:
        search = new_search(Deadline(None), probcut=True)
        outcome = iterate(search, position.player, position.opponent, max_depth=position.empties)
        assert outcome.exact
        solution = solve_bitboards(position.player, position.opponent, all_best=False)
        assert outcome.score == 100 * solution.score


@pytest.mark.parametrize("depth", [6, 8])
def test_probcut_searches_a_fraction_of_the_nodes_and_keeps_the_value_close(depth: int) -> None:
    positions = [p for p in _sample(200, seed=12) if 20 <= p.empties <= 44 and p.legal_moves()]
    spared, differences, agreed = [], [], 0
    for position in positions[:20]:
        full = new_search(Deadline(None))
        cut = new_search(Deadline(None), probcut=True)
        exact = iterate(full, position.player, position.opponent, max_depth=depth)
        pruned = iterate(cut, position.player, position.opponent, max_depth=depth)
        spared.append(cut.nodes / full.nodes)
        differences.append(abs(exact.score - pruned.score) / 100)
        agreed += exact.move == pruned.move
    assert statistics.mean(spared) < 0.6
    assert statistics.mean(differences) < 1.5
    assert agreed >= 12
