"""Endgame puzzles proven by the exact solver: a position where one move alone keeps the best
result, the line that follows it, and what the position is about.

A position is a puzzle for the side to move when its best move (by exact solving) beats every
other move by at least `MARGIN` discs, or is the only one that keeps a win (or a draw). The line
goes on while that stays true: after each solution move the opponent answers with the solver's
best reply (the lowest square among equals, so that a line is always the same), and if the
side to move then again has one move alone that keeps the best result, it is the next step; a
line holds at most `MAX_STEPS` of the solver's side's moves. Every step is proven: its margin is
the least, over the line, of the gap between the solution and the best alternative.

Themes are read from the position and the line, never typed: a corner taken, a wipe-out, a move
that makes the opponent pass, a quiet move (it flips fewer discs than any other), a sacrifice
(fewer discs after the reply than before the move), an edge move, and parity (the solution
goes into an empty region of odd size while another move goes into an even one).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import StrEnum

from bot.engine import bitboard
from bot.engine.ai.endgame import solve_bitboards
from bot.engine.position import Position

MARGIN = 4
"""The fewest discs every other move must lose against the solution, short of losing the win
or the draw."""
MAX_STEPS = 3
"""The most moves of the solver's side in one puzzle's line."""
MAX_EMPTIES = 22
"""The deepest position proven exactly (the native solver takes well under a second there)."""
CORNERS = frozenset((0, 7, 56, 63))
EDGES = (
    frozenset(square for square in range(64) if square % 8 in (0, 7) or square // 8 in (0, 7))
    - CORNERS
)


class PuzzleTheme(StrEnum):
    CORNER = "corner"
    WIPEOUT = "wipeout"
    PASS = "pass"
    """The solution leaves the opponent without a move."""
    QUIET = "quiet"
    SACRIFICE = "sacrifice"
    EDGE = "edge"
    PARITY = "parity"


@dataclass(frozen=True, slots=True)
class Step:
    """One move of the solver's side in a puzzle's line, and the opponent's answer."""

    solution: int
    score: int
    """The exact final disc difference for the solver's side with best play (empties to the
    winner)."""
    runner_up: int
    """The best any other move reaches."""
    reply: int | None
    """The opponent's best reply; None when they must pass or the game is over."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    position: str
    """`Position.to_string()`: the board and the side to move, the solver's side."""
    steps: tuple[Step, ...]
    themes: frozenset[PuzzleTheme]

    @property
    def id(self) -> str:
        """Stable whatever else the bank holds: a digest of the position."""
        return puzzle_id(self.position)

    @property
    def score(self) -> int:
        return self.steps[0].score

    @property
    def margin(self) -> int:
        """The least any step's solution gains over its best alternative."""
        return min(step.score - step.runner_up for step in self.steps)

    @property
    def line(self) -> tuple[int, ...]:
        """The solution moves and the replies between them, passes left out."""
        moves: list[int] = []
        for step in self.steps:
            moves.append(step.solution)
            if step.reply is not None:
                moves.append(step.reply)
        if self.steps[-1].reply is not None:
            moves.pop()  # the last reply only ends the line
        return tuple(moves)


def puzzle_id(position: str) -> str:
    return hashlib.sha1(position.encode()).hexdigest()[:10]


def decisive(best: int, runner_up: int) -> bool:
    """Whether the best move alone keeps the best result: a margin of `MARGIN` discs, or the
    only win, or the only draw."""
    return best - runner_up >= MARGIN or (best > 0 >= runner_up) or (best == 0 > runner_up)


def move_values(position: Position) -> dict[int, int]:
    """Every legal move's exact final disc difference for the side to move."""
    values = {}
    for square in position.legal_moves():
        child = position.play(square)
        values[square] = -solve_bitboards(child.player, child.opponent, all_best=False).score
    return values


def find(position: Position) -> Puzzle | None:
    """The puzzle this position makes, or None: too deep to prove, fewer than two moves, or no
    move alone keeps the best result."""
    if position.empties > MAX_EMPTIES:
        return None
    steps: list[Step] = []
    current = position
    while len(steps) < MAX_STEPS:
        step = _step(current)
        if step is None:
            break
        steps.append(step)
        after = current.play(step.solution)
        if step.reply is None:
            if after.is_game_over():
                break
            current = after.pass_turn()
            continue
        current = after.play(step.reply)
        if not current.has_legal_move():
            break  # a pass or the end: the opponent's move again, or nothing left to find
    if not steps:
        return None
    return Puzzle(position.to_string(), tuple(steps), themes(position, steps))


def _step(position: Position) -> Step | None:
    values = move_values(position)
    if len(values) < 2:
        return None
    ranked = sorted(values, key=lambda square: (-values[square], square))
    best, second = ranked[0], ranked[1]
    if not decisive(values[best], values[second]):
        return None
    after = position.play(best)
    reply = None
    if after.has_legal_move():
        answers = solve_bitboards(after.player, after.opponent, all_best=True).moves
        reply = min(answers)
    return Step(best, values[best], values[second], reply)


def themes(position: Position, steps: list[Step]) -> frozenset[PuzzleTheme]:
    """What the puzzle is about, read from its first move and its line."""
    first = steps[0].solution
    found = set()
    if first in CORNERS:
        found.add(PuzzleTheme.CORNER)
    elif first in EDGES:
        found.add(PuzzleTheme.EDGE)
    if steps[0].score == 64:
        found.add(PuzzleTheme.WIPEOUT)
    after = position.play(first)
    if after.must_pass():
        found.add(PuzzleTheme.PASS)
    flips = {square: position.flips(square).bit_count() for square in position.legal_moves()}
    if all(flips[first] < count for square, count in flips.items() if square != first):
        found.add(PuzzleTheme.QUIET)
    if steps[0].reply is not None:
        answered = after.play(steps[0].reply)
        mine = answered.opponent if answered.turn is not position.turn else answered.player
        if mine.bit_count() < position.player.bit_count():
            found.add(PuzzleTheme.SACRIFICE)
    sizes = region_sizes(position)
    if sizes[first] % 2 and any(sizes[square] % 2 == 0 for square in flips):
        found.add(PuzzleTheme.PARITY)
    return frozenset(found)


def region_sizes(position: Position) -> dict[int, int]:
    """For each empty square, the size of its region: the empty squares joined to it through
    their sides (as parity in the endgame counts them)."""
    empty = bitboard.FULL & ~(position.black | position.white)
    sizes: dict[int, int] = {}
    for start in range(64):
        if not empty >> start & 1 or start in sizes:
            continue
        region, frontier = {start}, [start]
        while frontier:
            square = frontier.pop()
            row, col = divmod(square, 8)
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                near = r * 8 + c
                if 0 <= r < 8 and 0 <= c < 8 and empty >> near & 1 and near not in region:
                    region.add(near)
                    frontier.append(near)
        sizes.update(dict.fromkeys(region, len(region)))
    return sizes
