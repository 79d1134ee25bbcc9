"""Choosing a move: the entry point for the bot, the CLI and the benchmarks.

`choose_move` takes and returns plain values (a position string in, a `SearchResult` out), so it
can run in a worker process.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from bot.engine import native
from bot.engine.ai.book import book_move
from bot.engine.ai.endgame import solve_bitboards
from bot.engine.ai.evaluation import evaluate, to_discs
from bot.engine.ai.levels import LEVELS, Level
from bot.engine.ai.native_search import new_search
from bot.engine.ai.search import DeepeningResult, iterate
from bot.engine.ai.timing import Deadline, SearchTimeout
from bot.engine.bitboard import FULL, flips, legal_moves
from bot.engine.position import Position

# Share of the budget the search aims to use: the rest covers the last node, unwinding and
# returning, so a move never takes more than the budget plus 10%.
_BUDGET_SHARE = 0.9
# Before an exact solve under a budget, a short midgame search gets this share of it, so a solve
# that runs out of time still leaves a sound move.
_FALLBACK_SHARE = 0.15
# Estimated solving time, measured on the FFO suite (benchmarks/ai.py, benchmarks/native.py):
# about a second at 16 empties in Python, a fiftieth of that with the native core, and three
# times as long for each further empty square.
_SOLVE_SECONDS_AT_16 = 1.0
_NATIVE_SOLVE_SECONDS_AT_16 = 0.02
_SOLVE_GROWTH = 3.0


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The move chosen and what the search knows about it.

    `move` is a square index (`a1` = 0) or None for a forced pass. `score` is the expected final
    disc difference for the side to move (exact when `exact`, else the evaluation's estimate).
    `depth` is the last depth fully searched (the number of empties when solved exactly).
    """

    move: int | None
    score: float
    exact: bool
    depth: int
    nodes: int
    elapsed_ms: float
    book: bool = False
    """The move came from the opening book (`depth` and `nodes` are then 0)."""


def choose_move(
    position_string: str,
    *,
    level: int = 5,
    budget_ms: int | None = None,
    depth: int | None = None,
    seed: int | None = None,
    until_budget: bool = False,
) -> SearchResult:
    """Choose a move for the side to move in `position_string` (`Position.from_string` form).

    With `depth`, the search goes exactly that deep whatever the time (deterministic for a given
    seed); otherwise it goes to the level's depth but stops within `budget_ms` (the level's own
    time limit by default), and the levels with a book play from it while the position is in
    it. With `until_budget`, the search deepens until `budget_ms` whatever the level's depth:
    the engine at full strength for a given time, as matches at equal time per move need.
    `seed` fixes the randomness of the weaker levels' noise and of the book's choice. Raises
    ValueError for a bad position, level, budget or depth, or a finished game.
    """
    started = time.perf_counter()
    strength = LEVELS.get(level)
    if strength is None:
        raise ValueError(f"level must be one of {', '.join(map(str, LEVELS))}, not {level}")
    if budget_ms is not None and budget_ms <= 0:
        raise ValueError("the time budget must be a positive number of milliseconds")
    if depth is not None and depth < 1:
        raise ValueError("the search depth must be at least 1")
    position = Position.from_string(position_string)
    if position.is_game_over():
        raise ValueError("the game is over: there is no move to choose")
    player, opponent = position.player, position.opponent
    seconds = (budget_ms if budget_ms is not None else strength.budget_ms) / 1000
    deadline = Deadline(None if depth is not None else seconds * _BUDGET_SHARE)
    moves = legal_moves(player, opponent)
    if not moves:
        return _result(started, None, to_discs(-evaluate(opponent, player)), False, 0, 0)
    if not moves & (moves - 1):
        square = moves.bit_length() - 1
        flipped = flips(player, opponent, square)
        score = to_discs(-evaluate(opponent ^ flipped, player | flipped | moves))
        return _result(started, square, score, False, 1, 1)
    rng = random.Random(seed)
    if strength.book and depth is None:
        known = book_move(player, opponent, rng)
        if known is not None:
            elapsed = (time.perf_counter() - started) * 1000
            return SearchResult(known.square, known.value, False, 0, 0, elapsed, book=True)
    empties = (~(player | opponent) & FULL).bit_count()
    if depth is not None:
        if empties <= min(depth, strength.exact_empties):
            solution = solve_bitboards(player, opponent, all_best=False)
            return _result(
                started, solution.moves[0], float(solution.score), True, empties, solution.nodes
            )
        return _midgame(started, strength, player, opponent, deadline, depth, rng)
    deepest = 60 if until_budget else strength.max_depth
    if empties <= strength.exact_empties and _solve_estimate(empties) <= seconds * _BUDGET_SHARE:
        return _exact_within(started, strength, player, opponent, deadline, seconds, deepest, rng)
    return _midgame(started, strength, player, opponent, deadline, deepest, rng)


def _midgame(
    started: float,
    strength: Level,
    player: int,
    opponent: int,
    deadline: Deadline,
    max_depth: int,
    rng: random.Random,
) -> SearchResult:
    search = new_search(deadline, strength.evaluation, probcut=strength.probcut)
    deepened = iterate(search, player, opponent, max_depth=max_depth, noise=strength.noise, rng=rng)
    return _from_deepening(started, deepened, search.nodes)


def _exact_within(
    started: float,
    strength: Level,
    player: int,
    opponent: int,
    deadline: Deadline,
    seconds: float,
    max_depth: int,
    rng: random.Random,
) -> SearchResult:
    """Solve exactly before the deadline, after a short midgame search kept as a fallback."""
    search = new_search(
        Deadline(seconds * _FALLBACK_SHARE), strength.evaluation, probcut=strength.probcut
    )
    fallback = iterate(search, player, opponent, max_depth=max_depth, noise=strength.noise, rng=rng)
    if fallback.exact and not strength.noise:
        return _from_deepening(started, fallback, search.nodes)
    try:
        solution = solve_bitboards(player, opponent, all_best=False, deadline=deadline)
    except SearchTimeout:
        return _from_deepening(started, fallback, search.nodes)
    empties = (~(player | opponent) & FULL).bit_count()
    nodes = search.nodes + solution.nodes
    return _result(started, solution.moves[0], float(solution.score), True, empties, nodes)


def _solve_estimate(empties: int) -> float:
    at_16 = _SOLVE_SECONDS_AT_16 if native.core is None else _NATIVE_SOLVE_SECONDS_AT_16
    return at_16 * _SOLVE_GROWTH ** (empties - 16)


def _from_deepening(started: float, deepened: DeepeningResult, nodes: int) -> SearchResult:
    return _result(
        started, deepened.move, to_discs(deepened.score), deepened.exact, deepened.depth, nodes
    )


def _result(
    started: float, move: int | None, score: float, exact: bool, depth: int, nodes: int
) -> SearchResult:
    elapsed = (time.perf_counter() - started) * 1000
    return SearchResult(move, score, exact, depth, nodes, elapsed)
