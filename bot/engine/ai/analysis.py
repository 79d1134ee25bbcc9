"""One position of a game under review: the best move, its value and the value of the move played.

`analyse_position` takes and returns plain values, so it runs in a worker process like
`choose_move`. It is deterministic: its budget counts nodes, not seconds, so the same position,
move and budget always give the same answer, on any machine and however busy it is.

With few empty squares the position is solved exactly (perfect play from both sides); above
that an exact solve is tried within a node budget, and if it does not finish a midgame search
(iterative deepening, as the bot's own) gives estimates. How much of each depends on the core
that runs (`default_budget`): the native core affords some 100 times the search of the Python
engine in the same time. In both, the played move is searched
first with a full window, so its value is exact for the depth reached, and every other move is
tested against the best so far with a null window and searched again only if it beats it: that
costs hardly more than finding the best move alone. A played move as good as the best one is
reported as the best move.

A loss taken as the difference of two such estimates is overstated: the best move is the largest
of several estimates, each off by some discs, so it is mostly one whose error lifts it. Where the
loss found could earn a mark (`CONFIRM_ABOVE`) and the budget says so (`confirm_nodes`), the
search goes on deepening the played and the best move alone: their values then come from a
search several plies deeper that picked neither, and the marks from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engine import native
from bot.engine.ai.endgame import endgame_search
from bot.engine.ai.evaluation import to_discs
from bot.engine.ai.native_search import new_search
from bot.engine.ai.search import INFINITY, Negamax
from bot.engine.ai.timing import Deadline, SearchTimeout
from bot.engine.bitboard import FULL, flips, legal_moves
from bot.engine.position import Position

ANALYSIS_VERSION = 4
"""Bumped whenever the analysis (search, evaluation, budget meaning) changes its answers, so that
stored reviews made by an older engine are not taken for the current one's."""

_EXACT_INFINITY = 65

CONFIRM_ABOVE = 2.0
"""A loss, in discs, above which the played and best moves are searched on (`confirm_nodes`): the
least loss that earns a mark in a review (`review.THRESHOLDS`)."""


@dataclass(frozen=True, slots=True)
class ReviewBudget:
    """How much search one position of a review gets.

    Positions with `exact_empties` empty squares or fewer are always solved exactly; up to
    `attempt_empties` an exact solve is tried within `exact_nodes` interior nodes (`nodes` if
    None); otherwise, or if that solve does not finish, a midgame search deepens one ply at a
    time until it has visited `nodes` interior nodes, and its last complete depth counts; with
    `probcut` that search cuts forward (`probcut.py`), to see deeper for the same nodes. With
    `confirm_nodes`, a midgame search that finds the played move losing more than
    `CONFIRM_ABOVE` goes on for that many nodes more, deepening that move and the best alone.
    """

    nodes: int = 5_000
    exact_empties: int = 14
    attempt_empties: int = 16
    exact_nodes: int | None = None
    probcut: bool = False
    confirm_nodes: int = 0

    def __post_init__(self) -> None:
        if self.nodes < 1 or (self.exact_nodes is not None and self.exact_nodes < 1):
            raise ValueError("a review needs at least one node of search per position")
        if self.confirm_nodes < 0:
            raise ValueError("confirm_nodes cannot be negative")
        if not 0 <= self.exact_empties <= 60 or self.attempt_empties < self.exact_empties:
            raise ValueError("exact_empties must be 0-60 and attempt_empties at least as many")

    @property
    def attempt_nodes(self) -> int:
        """The interior nodes an exact solve may take above `exact_empties`."""
        return self.nodes if self.exact_nodes is None else self.exact_nodes

    @property
    def key(self) -> str:
        """Names the engine and budget that made a review: the same key, the same review."""
        return (
            f"analysis-{ANALYSIS_VERSION}/nodes-{self.nodes}/exact-{self.exact_empties}"
            f"/attempt-{self.attempt_empties}-{self.attempt_nodes}"
            + ("/probcut" if self.probcut else "")
            + (f"/confirm-{self.confirm_nodes}" if self.confirm_nodes else "")
        )


PYTHON_BUDGET = ReviewBudget()
"""Where the engine runs in pure Python: about 0.4 s of search a midgame position (5-8 plies),
exact from 14 empties, so that a 60-move game is reviewed within 30 s on a 2-core machine."""
NATIVE_BUDGET = ReviewBudget(
    nodes=250_000,
    exact_empties=18,
    attempt_empties=21,
    exact_nodes=1_500_000,
    probcut=True,
    confirm_nodes=500_000,
)
"""Where the native core runs: 50 times the nodes, cutting forward (16-17 plies in the midgame),
a loss that could earn a mark confirmed by 500,000 nodes more on the two moves, exact from 18
empties and from 19-21 when the solve takes at most 1,500,000 interior nodes (about 1.5 s):
about 15 CPU seconds for a 60-move game (`benchmarks/review_quality.py`)."""


def default_budget() -> ReviewBudget:
    """The budget of the engine that runs here (`bot.engine.native`): a review's answers depend
    only on its budget, never on the core that searched it, so each core gets its own."""
    return NATIVE_BUDGET if native.core is not None else PYTHON_BUDGET


class NodeBudget(Deadline):
    """A deadline counted in interior nodes rather than seconds: the search stops (raising
    `SearchTimeout`) at the same node whatever the machine, so its results are reproducible."""

    __slots__ = ("left",)

    def __init__(self, nodes: int) -> None:
        super().__init__(None)
        self.left = nodes

    def check(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise SearchTimeout

    def native_limits(self) -> tuple[float | None, int | None]:
        return None, self.left

    def native_spent(self, nodes_left: int | None) -> None:
        if nodes_left is not None:
            self.left = nodes_left


@dataclass(frozen=True, slots=True)
class PositionAnalysis:
    """The engine's verdict on a position, from the side to move's view, in discs of the final
    disc difference (official scoring: the empties go to the winner).

    `best_score` is the value of the position with best play, reached by `best_move`;
    `played_score` the value of `played` (None when no move was given). With `exact`, both are
    what perfect play gives; otherwise estimates of a search `depth` plies deep. Either way they
    lie within -64..+64, as a final disc difference does, so a loss is at most 128.
    """

    best_move: int
    best_score: float
    played: int | None
    played_score: float | None
    exact: bool
    depth: int
    nodes: int

    @property
    def loss(self) -> float:
        """What the played move gave away, in discs (0 for the best move)."""
        if self.played_score is None:
            return 0.0
        return max(0.0, self.best_score - self.played_score)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (`from_dict` reads them back)."""
        return {
            "best": self.best_move,
            "best_score": self.best_score,
            "played": self.played,
            "played_score": self.played_score,
            "exact": self.exact,
            "depth": self.depth,
            "nodes": self.nodes,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PositionAnalysis:
        played = data["played"]
        played_score = data["played_score"]
        return cls(
            best_move=int(data["best"]),
            best_score=float(data["best_score"]),
            played=None if played is None else int(played),
            played_score=None if played_score is None else float(played_score),
            exact=bool(data["exact"]),
            depth=int(data["depth"]),
            nodes=int(data["nodes"]),
        )


def analyse_position(
    position_string: str, played: int | None = None, budget: ReviewBudget | None = None
) -> PositionAnalysis:
    """Analyse the position (`Position.from_string` form) and, if given, the move `played` in it.

    The budget is `default_budget()` unless given. Raises ValueError for a bad position, a side
    to move without a legal move (a pass), or a played move that is not legal.
    """
    budget = budget or default_budget()
    player, opponent, moves, empties = _checked(position_string, played)
    if empties <= budget.exact_empties:
        return _exact(player, opponent, moves, played, None)
    if empties <= budget.attempt_empties:
        try:
            return _exact(player, opponent, moves, played, NodeBudget(budget.attempt_nodes))
        except SearchTimeout:
            pass
    deadline = NodeBudget(budget.nodes)
    return _midgame(
        player,
        opponent,
        moves,
        played,
        deadline,
        empties,
        probcut=budget.probcut,
        confirm_nodes=budget.confirm_nodes,
    )


def analyse_to_depth(
    position_string: str, played: int | None, depth: int, *, probcut: bool = False
) -> PositionAnalysis:
    """`analyse_position` by a midgame search of exactly `depth` plies (or to the end, if
    nearer), cutting forward with `probcut`, however long it takes: a reference to measure
    reviews against."""
    player, opponent, moves, empties = _checked(position_string, played)
    return _midgame(player, opponent, moves, played, Deadline(None), empties, depth, probcut)


def _checked(position_string: str, played: int | None) -> tuple[int, int, int, int]:
    """The position's bitboards, legal moves and empty squares, or ValueError (see above)."""
    position = Position.from_string(position_string)
    player, opponent = position.player, position.opponent
    moves = legal_moves(player, opponent)
    if not moves:
        raise ValueError("the side to move has no legal move: there is nothing to analyse")
    if played is not None and not (0 <= played < 64 and moves >> played & 1):
        raise ValueError(f"square {played} is not a legal move in this position")
    return player, opponent, moves, (~(player | opponent) & FULL).bit_count()


def _children(player: int, opponent: int, squares: list[int]) -> list[tuple[int, int, int]]:
    """`(square, child player, child opponent)` for each square, in the order given."""
    result = []
    for square in squares:
        flipped = flips(player, opponent, square)
        result.append((square, opponent ^ flipped, player | flipped | (1 << square)))
    return result


def _exact(
    player: int, opponent: int, moves: int, played: int | None, deadline: Deadline | None
) -> PositionAnalysis:
    search = endgame_search(deadline)
    hint = -1 if played is None else played
    order = [square for _, square, _, _ in search.ordered_children(player, opponent, moves, hint)]
    best, best_move, played_score = _root(
        lambda p, o, alpha, beta: search.score(p, o, alpha, beta),
        _children(player, opponent, order),
        played,
        _EXACT_INFINITY,
        {},
    )
    empties = (~(player | opponent) & FULL).bit_count()
    return PositionAnalysis(
        best_move,
        float(best),
        played,
        None if played_score is None else float(played_score),
        True,
        empties,
        search.nodes,
    )


def _midgame(
    player: int,
    opponent: int,
    moves: int,
    played: int | None,
    deadline: Deadline,
    empties: int,
    max_depth: int = 60,
    probcut: bool = False,
    confirm_nodes: int = 0,
) -> PositionAnalysis:
    search = new_search(deadline, probcut=probcut)
    order = [square for _, square, _, _ in search.children(player, opponent, moves, 3, -1)]
    if played is not None:
        order.remove(played)
    found = _deepen(search, player, opponent, order, played, empties, 1, max_depth)
    assert found is not None  # depth 1 never runs out: its children are evaluated, not searched
    best, best_move, played_score, depth = found
    if (
        confirm_nodes
        and played_score is not None
        and depth < min(empties, max_depth)
        and to_discs(best - played_score) > CONFIRM_ABOVE
    ):
        search.deadline = NodeBudget(confirm_nodes)
        pair = [best_move]  # with the played move searched first, as `_deepen` does
        confirmed = _deepen(search, player, opponent, pair, played, empties, depth + 1, max_depth)
        if confirmed is not None:
            best, best_move, played_score, depth = confirmed
    return PositionAnalysis(
        best_move,
        round(to_discs(best), 2),
        played,
        None if played_score is None else round(to_discs(played_score), 2),
        depth >= empties,
        depth,
        search.nodes,
    )


def _deepen(
    search: Negamax,
    player: int,
    opponent: int,
    order: list[int],
    played: int | None,
    empties: int,
    first: int,
    max_depth: int,
) -> tuple[int, int, int | None, int] | None:
    """Search the played move and the moves of `order` one ply deeper at a time, from `first` to
    `max_depth` or the end of the game, until the search's deadline; `order` is kept sorted best
    first. Returns the best value and move, the played move's value and the depth of the deepest
    search completed, or None if none was."""
    found: tuple[int, int, int | None, int] | None = None
    for depth in range(first, max_depth + 1):
        scores: dict[int, int] = {}
        children = _children(player, opponent, order if played is None else [played, *order])
        try:
            best, best_move, played_score = _root(
                lambda p, o, alpha, beta, d=depth: search.value(p, o, d - 1, alpha, beta),
                children,
                played,
                INFINITY,
                scores,
            )
        except SearchTimeout:
            break
        found = (best, best_move, played_score, depth)
        order.sort(key=lambda square: -scores[square])
        if depth >= empties:
            break
    return found


def _root(
    value: Any,
    children: list[tuple[int, int, int]],
    played: int | None,
    infinity: int,
    scores: dict[int, int],
) -> tuple[int, int, int | None]:
    """Search the root's children in order: the first (the played move, when there is one) with
    a full window, the others with a null window around the best so far, again in full only when
    they beat it. Returns the best value and move, and the played move's value.

    `value(player, opponent, alpha, beta)` is the child's value from its side to move's view;
    `scores` receives each child's value (exact, or a bound for those that did not beat the best).
    """
    best, best_move = -infinity, -1
    played_score: int | None = None
    for index, (square, child_player, child_opponent) in enumerate(children):
        if index == 0:
            score = -value(child_player, child_opponent, -infinity, infinity)
        else:
            score = -value(child_player, child_opponent, -best - 1, -best)
            if score > best:
                score = -value(child_player, child_opponent, -infinity, -best)
        scores[square] = score
        if square == played:
            played_score = score
        if score > best:
            best, best_move = score, square
    return best, best_move, played_score
