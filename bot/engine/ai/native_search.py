"""The midgame search with its nodes in the native core (bot/engine/native/search.c), when built.

`NativeNegamax` is `Negamax` with `value` in C: the same algorithm node for node (the same pattern
evaluation to the unit, the same move order, the same transposition table semantics), so a
fixed-depth search returns the same values and moves, and a review's node budget stops it at the
same node. The root (iterative deepening, the weaker levels' noise, a review's played move) stays
in `search.py`, which calls `value` once per root move and depth. `new_search` is what the
player and the reviews call: native when the core is built (and not turned off with
`REVERSI_ENGINE=python`) and the level uses the pattern evaluation, else the Python search.
"""

from __future__ import annotations

import math
import time
from array import array

from bot.engine.ai.clock import Deadline, NodeBudget, SearchTimeout
from bot.engine.ai.evaluation import STAGE_WEIGHTS, STAGE_WIDTH, Evaluation, evaluate
from bot.engine.ai.patterns import FAMILIES, INSTANCES
from bot.engine.ai.search import Negamax
from bot.engine.native import Core, core


def _configure(native: Core) -> None:
    """Hand the patterns and the weights read by the Python engine over to the native one."""
    weights = b"".join(
        b"".join(table.tobytes() for table in tables) + array("h", scalars).tobytes()
        for tables, scalars in STAGE_WEIGHTS
    )
    native.configure_evaluation(
        INSTANCES, [family.size for family in FAMILIES], STAGE_WIDTH, weights
    )


if core is not None:
    _configure(core)


class NativeNegamax(Negamax):
    """`Negamax` whose nodes are searched by the native core, with its own transposition table.

    The deadline is handed over at each call: the seconds left on a `Deadline`, or the interior
    nodes left on a `NodeBudget` (counted down there as `NodeBudget.check` would), and running
    out raises `SearchTimeout` here, as in the Python search. `nodes` counts the same nodes.
    """

    __slots__ = ("_core", "_search")

    def __init__(self, native: Core, deadline: Deadline) -> None:
        super().__init__(deadline, evaluate)
        self._core = native
        self._search = native.new_search()

    def value(self, player: int, opponent: int, depth: int, alpha: int, beta: int) -> int:
        deadline = self.deadline
        budget = deadline if isinstance(deadline, NodeBudget) else None
        seconds = math.inf if deadline.at is None else deadline.at - time.perf_counter()
        result, self.nodes, left = self._core.search_value(
            self._search,
            player,
            opponent,
            depth,
            alpha,
            beta,
            seconds,
            -1 if budget is None else budget.left,
        )
        if budget is not None:
            budget.left = left
        if result is None:
            raise SearchTimeout
        return result


def new_search(deadline: Deadline, evaluation: Evaluation = evaluate) -> Negamax:
    """A search under `deadline`: the native one when it can play the same, else Python's."""
    if core is not None and evaluation is evaluate:
        return NativeNegamax(core, deadline)
    return Negamax(deadline, evaluation)
