"""Puzzles: a position where one move alone keeps the best result, the line that follows it, and
what the position is about. Endgame puzzles are proven by the exact solver; middle-game ones are
only verified by a deep search, and say so.

A position is a puzzle for the side to move when its best move (by exact solving) beats every
other move by at least `MARGIN` discs, or is the only one that keeps a win (or a draw). The line
goes on while that stays true: after each solution move the opponent answers with the solver's
best reply (the lowest square among equals, so that a line is always the same), and if the
side to move then again has one move alone that keeps the best result, it is the next step; a
line holds at most `MAX_STEPS` of the solver's side's moves. Every step is proven: its margin is
the least, over the line, of the gap between the solution and the best alternative.

Up to `MAX_EMPTIES` empty squares every value is exact. Beyond, up to `MAX_VERIFIED_EMPTIES`, a
step is kept only where searches `VERIFY_DEPTHS` plies deep agree on the solution and each puts
it `WIDE_MARGIN` discs ahead of every other move; the values are then the deeper search's
estimates, and the opponent's reply its best. Such a puzzle is engine-verified, not proven.

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
from bot.engine.ai.analysis import analyse_to_depth
from bot.engine.ai.endgame import final_score, solve_bitboards
from bot.engine.position import Position

MARGIN = 4
"""The fewest discs every other move must lose against the solution, short of losing the win
or the draw."""
MAX_STEPS = 3
"""The most moves of the solver's side in one puzzle's line."""
MAX_EMPTIES = 22
"""The deepest position proven exactly (the native solver takes well under a second there)."""
MAX_VERIFIED_EMPTIES = 40
"""The deepest position verified by search: earlier, the book and the opening's many good moves
leave few positions with one move alone."""
VERIFY_DEPTHS = (8, 10)
"""The depths of the searches that must agree on a middle-game step."""
WIDE_MARGIN = 12
"""The fewest discs, by both searches, every other move of a middle-game step must lose: a
margin wide enough that a deeper search would not change the answer."""
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
    """The final disc difference for the solver's side with best play (empties to the winner):
    exact, or the deeper search's estimate in a middle-game step."""
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
    def proven(self) -> bool:
        """Proven by the exact solver, rather than verified by search."""
        return proven(self.position)

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


def proven(position: str) -> bool:
    """Whether a puzzle from `position` is proven exactly (otherwise verified by search)."""
    return Position.from_string(position).empties <= MAX_EMPTIES


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


def estimated_values(position: Position, depth: int) -> dict[int, int]:
    """Every legal move's final disc difference for the side to move, as a search `depth` plies
    deep estimates it (exact where the game ends within them)."""
    values = {}
    for square in position.legal_moves():
        child = position.play(square)
        if child.is_game_over():
            values[square] = -final_score(child.player, child.opponent)
        elif child.must_pass():
            passed = child.pass_turn().to_string()
            values[square] = round(analyse_to_depth(passed, None, depth - 1).best_score)
        else:
            values[square] = -round(analyse_to_depth(child.to_string(), None, depth - 1).best_score)
    return values


def find(position: Position) -> Puzzle | None:
    """The puzzle this position makes, or None: too deep to prove or verify, fewer than two
    moves, or no move alone keeps the best result."""
    if position.empties > MAX_VERIFIED_EMPTIES:
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
    exact = position.empties <= MAX_EMPTIES
    values = move_values(position) if exact else _searched(position)
    if values is None or len(values) < 2:
        return None
    best, second = _ranked(values)[:2]
    if exact and not decisive(values[best], values[second]):
        return None
    after = position.play(best)
    return Step(best, values[best], values[second], _reply(after, exact))


def _ranked(values: dict[int, int]) -> list[int]:
    """The moves best first, the lowest square first among equals."""
    return sorted(values, key=lambda square: (-values[square], square))


def _searched(position: Position) -> dict[int, int] | None:
    """The deepest search's values, if searches at every depth of `VERIFY_DEPTHS` (shallowest
    first: most positions fail there, cheaply) put the same move `WIDE_MARGIN` discs ahead of
    every other; otherwise None."""
    values: dict[int, int] = {}
    chosen = None
    for depth in VERIFY_DEPTHS:
        values = estimated_values(position, depth)
        if len(values) < 2:
            return None
        best, second = _ranked(values)[:2]
        if values[best] - values[second] < WIDE_MARGIN or chosen not in (None, best):
            return None
        chosen = best
    return values


def refutation(position: Position, move: int) -> tuple[int | None, int, bool]:
    """The opponent's best reply to `move` (None if they must pass or the game is over), the
    final disc difference it leads to for the side that played `move`, and whether that is
    exact (as in a proven puzzle) rather than the deeper search's estimate."""
    after = position.play(move)
    exact = position.empties <= MAX_EMPTIES
    if after.is_game_over():
        return None, final_score(after.opponent, after.player), True
    if not after.has_legal_move():
        passed = after.pass_turn()
        values = move_values(passed) if exact else estimated_values(passed, VERIFY_DEPTHS[-1])
        return None, max(values.values()), exact
    if exact:
        solution = solve_bitboards(after.player, after.opponent, all_best=True)
        return min(solution.moves), -solution.score, True
    replies = estimated_values(after, VERIFY_DEPTHS[-1])
    reply = _ranked(replies)[0]
    return reply, -replies[reply], False


def _reply(after: Position, exact: bool) -> int | None:
    """The opponent's best reply, the lowest square among equals; None when they must pass or
    the game is over."""
    if not after.has_legal_move():
        return None
    if exact:
        return min(solve_bitboards(after.player, after.opponent, all_best=True).moves)
    return _ranked(estimated_values(after, VERIFY_DEPTHS[-1]))[0]


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
