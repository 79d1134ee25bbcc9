"""The native exact solver: the published values and best moves of FFO #1-#19, and the Python
solver's every answer (score, best moves, nodes visited) on positions both can solve, with the
same time limits, node budgets and window bounds."""

from __future__ import annotations

import json
import random
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

from bot.engine import Position, native, square_name
from bot.engine.ai.analysis import NodeBudget, ReviewBudget, analyse_position
from bot.engine.ai.endgame import (
    EndgameSearch,
    NativeEndgameSearch,
    endgame_search,
    solve_bitboards,
    solve_with,
)
from bot.engine.ai.timing import Deadline, SearchTimeout

from .native_core import native_core

FFO = Path(__file__).resolve().parent.parent / "data" / "ffo" / "ffo_endgame_1_79.jsonl"


@pytest.fixture(autouse=True)
def _built() -> None:
    native_core()


def _ffo() -> dict[int, dict[str, object]]:
    with FFO.open() as handle:
        return {entry["id"]: entry for entry in map(json.loads, handle)}


def _ffo_position(number: int) -> Position:
    entry = _ffo()[number]
    return Position.from_string(f"{entry['board']} {entry['to_move']}")


def _random_positions(count: int, empties: int, seed: int) -> Iterator[Position]:
    rng = random.Random(seed)
    found = 0
    while found < count:
        position = Position.initial()
        while position.empties > empties and not position.is_game_over():
            if position.must_pass():
                position = position.pass_turn()
            else:
                position = position.play(rng.choice(position.legal_moves()))
        if not position.is_game_over():
            found += 1
            yield position


@pytest.mark.parametrize("number", range(1, 20))
def test_native_solver_finds_the_published_score_and_best_moves_of_ffo(number: int) -> None:
    entry = _ffo()[number]
    position = _ffo_position(number)
    solution = solve_with(NativeEndgameSearch(), position.player, position.opponent)
    assert solution.score == entry["best_score"]
    assert sorted(square_name(s) for s in solution.moves) == entry["best_moves"]


@pytest.mark.parametrize("number", [5, 7, 17])
def test_native_and_python_solvers_agree_node_for_node_on_ffo(number: int) -> None:
    position = _ffo_position(number)
    python = solve_with(EndgameSearch(), position.player, position.opponent)
    assert solve_with(NativeEndgameSearch(), position.player, position.opponent) == python


def test_native_and_python_solvers_agree_node_for_node_on_random_endgames() -> None:
    """Positions of 4 to 13 empties, passes and early ends among them: the same score, the same
    best moves, and the same number of nodes, which shows the same search."""
    for empties in range(4, 14):
        for position in _random_positions(4, empties, seed=empties):
            python = solve_with(EndgameSearch(), position.player, position.opponent)
            native_solution = solve_with(NativeEndgameSearch(), position.player, position.opponent)
            assert native_solution == python, position


def test_native_and_python_solvers_return_the_same_bounds_outside_the_window() -> None:
    windows = [(-65, 65), (-3, 3), (10, 11), (-20, -19), (0, 1), (-65, -64), (63, 65)]
    for position in _random_positions(6, 12, seed=99):
        python, native_search = EndgameSearch(), NativeEndgameSearch()
        for alpha, beta in windows:  # one search each, its table carried over as in Python
            expected = python.score(position.player, position.opponent, alpha, beta)
            got = native_search.score(position.player, position.opponent, alpha, beta)
            assert got == expected, (position, alpha, beta)
        assert native_search.nodes == python.nodes


def test_a_review_budget_runs_out_at_the_same_node_in_both(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reviews count nodes, not seconds, so that the same position gets the same analysis on
    any machine: with or without the native core too."""
    budget = ReviewBudget(nodes=1_000, exact_empties=10, attempt_empties=16)
    analyses = []
    for position in _random_positions(5, 13, seed=15):
        played = position.legal_moves()[-1]
        analyses.append(analyse_position(position.to_string(), played, budget))
    assert {analysis.exact for analysis in analyses} == {True, False}  # solved, or ran out
    monkeypatch.setattr(native, "core", None)
    python = [
        analyse_position(position.to_string(), position.legal_moves()[-1], budget)
        for position in _random_positions(5, 13, seed=15)
    ]
    assert analyses == python


def test_the_node_budget_left_over_is_the_same_in_both() -> None:
    position = _ffo_position(1)
    for nodes in (10, 1_000, 20_000):
        python_budget, native_budget = NodeBudget(nodes), NodeBudget(nodes)
        outcomes = []
        for search in (EndgameSearch(python_budget), NativeEndgameSearch(native_budget)):
            try:
                outcomes.append(search.score(position.player, position.opponent, -65, 65))
            except SearchTimeout:
                outcomes.append(None)
        assert outcomes[0] == outcomes[1]
        assert native_budget.left == python_budget.left


def test_a_passed_deadline_stops_the_native_solver() -> None:
    position = _ffo_position(50)  # 26 empties: far beyond what finishes at once
    with pytest.raises(SearchTimeout):
        solve_bitboards(position.player, position.opponent, deadline=Deadline(0.0))


class _Stop(Exception):
    pass


def test_a_signal_interrupts_a_long_native_solve() -> None:
    """A worker told to stop, or Ctrl-C, is not kept waiting for the end of a long solve."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise _Stop

    position = _ffo_position(55)  # 29 empties: minutes of work
    previous = signal.signal(signal.SIGALRM, stop)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(_Stop):
            solve_with(NativeEndgameSearch(), position.player, position.opponent)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_the_solver_is_native_where_the_core_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "core", native_core())
    assert type(endgame_search()) is NativeEndgameSearch
    monkeypatch.setattr(native, "core", None)
    assert type(endgame_search()) is EndgameSearch


def test_the_native_search_refuses_a_window_outside_the_scores() -> None:
    with pytest.raises(ValueError):
        native_core().Endgame().score(1, 2, 3, 3, None, None)
    with pytest.raises(ValueError):
        native_core().Endgame().score(1, 1, -65, 65, None, None)
