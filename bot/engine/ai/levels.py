"""The five levels of the computer opponent, from beginner to full strength.

Each level is defined by how deep it looks (`max_depth`), which gives the same strength on any
machine, and by a time limit (`budget_ms`) that a move never exceeds. With the native core a
search reaches its depth in a small share of that limit (level 5: about 0.3 s of its 3 s;
`benchmarks/native_search.py`), so a move costs only what the level needs. The pure-Python
engine, about 70 times slower, reaches levels 4 and 5's depths only in easy positions: the time
limit stops it first, so there the top levels play as they did before the native core, thinking
for 1 s and 3 s a move, and a player never waits longer than that.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.ai.evaluation import Evaluation, count_discs, evaluate


@dataclass(frozen=True, slots=True)
class Level:
    """How one level plays.

    `max_depth` is how deep the midgame search goes; `noise` is the spread (standard deviation,
    in discs) added to each move's score before choosing, so weaker levels sometimes prefer a
    worse move; the exact solver takes over at `exact_empties` empty squares or fewer, when the
    time limit allows; `budget_ms` is that limit, the most a move thinks (a search that has not
    reached `max_depth` by then plays its deepest result); with `book`, the opening is played
    from the book (`book.py`) while the position is in it; with `probcut`, the midgame search
    cuts forward (`probcut.py`), to go deeper in the same time.
    """

    number: int
    name: str
    description: str
    max_depth: int
    noise: float
    exact_empties: int
    budget_ms: int
    evaluation: Evaluation = evaluate
    book: bool = False
    probcut: bool = False


LEVELS: dict[int, Level] = {
    level.number: level
    for level in (
        Level(
            1,
            "Beginner",
            "Grabs as many discs as it can and often gives away corners.",
            max_depth=1,
            noise=3.0,
            exact_empties=0,
            budget_ms=500,
            evaluation=count_discs,
        ),
        Level(
            2,
            "Casual",
            "Looks two moves ahead and knows corners matter, but is careless.",
            max_depth=2,
            noise=4.0,
            exact_empties=6,
            budget_ms=1000,
        ),
        Level(
            3,
            "Club player",
            "Looks four moves ahead and plays the last ten moves perfectly.",
            max_depth=4,
            noise=1.0,
            exact_empties=10,
            budget_ms=1500,
        ),
        Level(
            4,
            "Expert",
            "Knows the openings, looks eight moves ahead, plays the last fourteen moves perfectly.",
            max_depth=8,
            noise=0.0,
            exact_empties=14,
            budget_ms=1000,
            book=True,
        ),
        Level(
            5,
            "Master",
            "Full strength: tournament openings, its deepest search and a perfect endgame.",
            max_depth=18,
            noise=0.0,
            exact_empties=20,
            budget_ms=3000,
            book=True,
            probcut=True,
        ),
    )
}
