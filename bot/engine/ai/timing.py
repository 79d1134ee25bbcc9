"""The search's time: wall-clock deadlines (a search that runs out of time raises
`SearchTimeout`) and the share of a live clock one move may think for."""

from __future__ import annotations

import time


class SearchTimeout(Exception):
    """Raised inside a search when its deadline has passed; the caller keeps its last result."""


class Deadline:
    """A point in time (from `time.perf_counter`) after which a search must stop.

    `check` is called at every interior node, so a search overshoots by at most the cost of
    one small subtree; `None` means no limit (fixed-depth searches).
    """

    __slots__ = ("at",)

    def __init__(self, seconds: float | None) -> None:
        self.at = None if seconds is None else time.perf_counter() + seconds

    def check(self) -> None:
        if self.at is not None and time.perf_counter() > self.at:
            raise SearchTimeout

    def native_limits(self) -> tuple[float | None, int | None]:
        """The limits for a native search, which keeps its own clock and count: seconds left
        and interior nodes left (None where there is no limit)."""
        return (None if self.at is None else self.at - time.perf_counter()), None

    def native_spent(self, nodes_left: int | None) -> None:
        """Takes back the count of interior nodes a native search left over, for the next
        `check` (a deadline in seconds keeps no count)."""


MIN_BUDGET_MS = 10
RESERVE = 0.1
"""Share of a live clock kept back for the moves' round trips and the queue before a search."""
SOLVING = range(14, 21)
"""Empty squares at which the top levels try to solve the game exactly (`levels.py`): the moves
where more time turns an estimate into perfect play."""
SOLVING_STRETCH = 3.0
"""How far past its level's usual budget a move in `SOLVING` may think, when the clock allows."""


def phase_weight(empties: int) -> float:
    """The share of the clock a move with `empties` empty squares deserves, against a middle
    game move's 1: the opening, often played from the book, and the last moves, solved at once,
    need little; the moves where the endgame solve becomes possible, the most."""
    if empties >= 48:
        return 0.5
    if empties in SOLVING:
        return 1.5
    return 1.0 if empties >= SOLVING.stop else 0.25


def clock_budget(remaining: float, increment: float, empties: int, budget_ms: int) -> int:
    """Milliseconds to think about one move on a live clock with `remaining` seconds left.

    The clock (its reserve kept back) is shared among the moves still to make by their
    `phase_weight`, plus most of the `increment` each earns. A move thinks no longer than its
    level's usual `budget_ms`, except in `SOLVING`, where up to `SOLVING_STRETCH` times that
    buys an exact endgame a few moves earlier.
    """
    ahead = sum(phase_weight(e) for e in range(empties, 0, -2))  # this move and our next ones
    share = remaining * (1 - RESERVE) * phase_weight(empties) / ahead + 0.8 * increment
    cap = budget_ms * (SOLVING_STRETCH if empties in SOLVING else 1.0)
    return max(MIN_BUDGET_MS, int(min(cap, share * 1000)))
