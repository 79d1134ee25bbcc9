"""The midgame search with its nodes in the native core (bot/engine/native/search.c), when built.

`NativeNegamax` is `Negamax` with `value` in C: the same algorithm node for node (the same pattern
evaluation to the unit, the same move order, the same transposition table semantics), so a
fixed-depth search returns the same values and moves, and a review's node budget stops it at the
same node. The root (iterative deepening, the weaker levels' noise, a review's played move) stays
in `search.py`, which calls `value` once per root move and depth. `new_search` is what the
player and the reviews call: native when the core runs (built, and not turned off with
`REVERSI_ENGINE=python`) and the level uses the pattern evaluation, else the Python search.
"""

from __future__ import annotations

from array import array

from bot.engine import native
from bot.engine.ai.evaluation import STAGE_WEIGHTS, STAGE_WIDTH, Evaluation, evaluate
from bot.engine.ai.patterns import FAMILIES, INSTANCES
from bot.engine.ai.probcut import margin, shallow
from bot.engine.ai.search import Negamax
from bot.engine.ai.timing import Deadline, SearchTimeout


def _configured() -> native.Core | None:
    """The native core, given the patterns and the weights read by the Python engine, if built."""
    extension = native.built()
    if extension is not None:
        weights = b"".join(
            b"".join(table.tobytes() for table in tables) + array("h", scalars).tobytes()
            for tables, scalars in STAGE_WEIGHTS
        )
        sizes = [family.size for family in FAMILIES]
        extension.configure_evaluation(INSTANCES, sizes, STAGE_WIDTH, weights)
        depths = range(61)  # every depth a search can have, 0-60
        extension.configure_probcut([margin(d) for d in depths], [shallow(d) for d in depths])
    return extension


_EXTENSION = _configured()


class NativeNegamax(Negamax):
    """`Negamax` whose nodes are searched by the native core, with its own transposition table.

    The deadline's limits are handed over at each call (`Deadline.native_limits`) and what is
    left taken back (`native_spent`); running out raises `SearchTimeout` here, as in the Python
    search. `nodes` counts the same nodes. Only where the native core is built.
    """

    __slots__ = ("_core", "_search")

    def __init__(self, deadline: Deadline, *, probcut: bool = False) -> None:
        super().__init__(deadline, evaluate, probcut=probcut)
        assert _EXTENSION is not None, "the native core is not built"
        self._core = _EXTENSION
        self._search = _EXTENSION.new_search(probcut)

    def value(self, player: int, opponent: int, depth: int, alpha: int, beta: int) -> int:
        seconds, nodes_left = self.deadline.native_limits()
        result, self.nodes, nodes_left = self._core.search_value(
            self._search, player, opponent, depth, alpha, beta, seconds, nodes_left
        )
        self.deadline.native_spent(nodes_left)
        if result is None:
            raise SearchTimeout
        return result


def new_search(
    deadline: Deadline, evaluation: Evaluation = evaluate, *, probcut: bool = False
) -> Negamax:
    """A search under `deadline`, cutting forward with `probcut`: the native one when the core
    runs (`bot.engine.native`) and the level uses the pattern evaluation, which it has too; else
    the Python one."""
    if native.core is not None and evaluation is evaluate:
        return NativeNegamax(deadline, probcut=probcut)
    return Negamax(deadline, evaluation, probcut=probcut)
