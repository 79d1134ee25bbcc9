"""Wall-clock deadlines for searches: a search that runs out of time raises `SearchTimeout`."""

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

    def remaining(self) -> float:
        return float("inf") if self.at is None else self.at - time.perf_counter()

    def check(self) -> None:
        if self.at is not None and time.perf_counter() > self.at:
            raise SearchTimeout


MIN_BUDGET_MS = 10
RESERVE = 0.1
"""Share of a live clock kept back for the moves' round trips and the queue before a search."""


def clock_budget(remaining: float, increment: float, empties: int, budget_ms: int) -> int:
    """Milliseconds to think about one move on a live clock with `remaining` seconds left: the
    level's usual `budget_ms`, but no more than an even share of the clock (its reserve kept
    back) over the moves still to make, plus most of the `increment` each of them earns."""
    moves_left = max(1, (empties + 1) // 2)
    share = remaining * (1 - RESERVE) / moves_left + 0.8 * increment
    return max(MIN_BUDGET_MS, min(budget_ms, int(share * 1000)))
