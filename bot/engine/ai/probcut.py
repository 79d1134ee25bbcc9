"""Multi-ProbCut: the midgame search's forward pruning (Buro, 1997).

A deep search's value is close to a shallow one's: at a node `depth` plies from the horizon, a
search `shallow(depth)` plies deep whose value clears beta (or falls below alpha) by the node's
margin predicts that the deep search would fail high (or low), and the node is cut without it.
The margins, in evaluation units, are 1.5 standard deviations of value(depth) minus
value(shallow(depth)) over 200 WTHOR positions (`benchmarks/fit_probcut.py`). A node whose
search reaches the end of the game is never cut, so a result that the search calls exact is.
"""

from __future__ import annotations

FIRST = 3
"""The shallowest depth at which a node may be cut."""

MARGINS: tuple[int, ...] = (499, 480, 439, 578, 508, 483, 434, 581, 551, 508)
"""The margin at depths FIRST, FIRST + 1, ...; deeper depths use the last."""


def shallow(depth: int) -> int:
    """The depth of the shallow search that predicts one `depth` plies deep: about half as
    deep, and of the same parity, since the evaluation swings with the side that moved last."""
    return depth // 4 * 2 + depth % 2


def margin(depth: int) -> int:
    """The margin at `depth` (0 for none: the node is never cut)."""
    if depth < FIRST:
        return 0
    return MARGINS[min(depth - FIRST, len(MARGINS) - 1)]
