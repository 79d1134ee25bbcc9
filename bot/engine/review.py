"""A post-game review: the engine's verdict on every move of a game, and what it adds up to.

Each move is analysed in the position before it (`bot.engine.ai.analysis`): the best move and its
value, the value of the move played, and so what the move lost. Values are in discs of the final
disc difference (the empties going to the winner, as in tournament scores), from Black's side:
+6 means Black ends 6 discs ahead with best play from there. They are exact (perfect play) when
the position was solved, estimates of a midgame search otherwise; each move says which.

Marks, by the discs a move lost against the best move:

| mark       | loss                                            |
| ---------- | ----------------------------------------------- |
| best       | none: the best move, or within 0.05 discs of it |
| good       | up to 2 discs                                   |
| inaccuracy | more than 2, up to 4                            |
| mistake    | more than 4, up to 8                            |
| blunder    | more than 8                                     |

An estimated loss earns a mistake or a blunder only beyond those limits plus a margin
(`ESTIMATE_MARGINS`: 4 discs in moves 1-20, 2 after), as estimates overstate losses; a move
short of it keeps the mark below, an inaccuracy for a mistake.

A player's average loss counts the moves where they had a choice (a forced move, the only legal
one, is left out), and their accuracy is `100 * exp(-average loss / 10)` percent: 100% for
perfect play, 90% at an average loss of 1 disc a move, 61% at 5 discs.

The value of the position after move k, `v(k)`, is that of the move played in the analysis of
move k, the value move k is judged by (`v(0)`, before the first move, is the best value of the
first move's analysis). The analysis of move k + 1 values the same position again, from a search
of its own that may disagree with it; the review shows one value for each position of the game,
wherever it shows it (the graph, the turning point, the moves), so that one is left out.

The turning point. The verdict of a value is +1 when it has Black ahead, -1 when it has White
ahead and 0 when it calls the game even: an exact value by its sign, an estimate only beyond
`EVEN_WITHIN` discs (2), as the search's estimates are no closer than that. With R the game's
result for Black (win +1, draw 0, loss -1), the turning point is the move k with
verdict(v(j)) = R for every j >= k while verdict(v(k - 1)) != R: the move after which the
engine's verdict agreed with the result for good. A game with no result (cancelled), one whose
last value disagrees with its result (lost on time or resigned while not behind), or one whose
values agreed with its result from the start, has none.

`review_game` analyses a game in one go (the CLI, the tests); the bot analyses position by
position in its worker processes (`positions_of`, then `analyse_position` for each) and puts the
review together with `build_review`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.engine.ai.analysis import PositionAnalysis, ReviewBudget, analyse_position
from bot.engine.game import Game
from bot.engine.openings import Opening, opening_of
from bot.engine.position import Color, Position

ACCURACY_SCALE = 10.0
"""Discs of average loss per move that take accuracy down by a factor e."""
EVEN_WITHIN = 2.0
"""An estimate this close to 0 (in discs) calls the game even, for the turning point."""


class Mark(StrEnum):
    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def plural(self) -> str:
        return "inaccuracies" if self is Mark.INACCURACY else f"{self.value}s"


BEST_WITHIN = 0.05
"""A move that loses less than this many discs is as good as the best, to the tenth of a disc
values are shown with, and is named the best move itself."""
THRESHOLDS: tuple[tuple[float, Mark], ...] = (
    (2.0, Mark.GOOD),
    (4.0, Mark.INACCURACY),
    (8.0, Mark.MISTAKE),
)
"""The largest loss, in discs, of each mark after best; anything above the last is a blunder."""


ESTIMATE_MARGINS: tuple[tuple[int, float], ...] = ((41, 4.0), (0, 2.0))
"""Discs by which an estimated loss (not an exact one) must exceed a mistake's or a blunder's
limit to earn that mark, by the empty squares of the position it was played in (the first pair
whose number they reach; 41 or more is moves 1-20): a loss taken from two estimates is
overstated, most in the opening (1.6 times on average), where the evaluation is least sure.
Calibrated against NTest so that 90% of the marks hold (`benchmarks/review_quality.py`). A
move short of its margin keeps the mark below."""


def margin_for(empties: int, exact: bool) -> float:
    """The margin (`ESTIMATE_MARGINS`) of a loss found in a position with `empties` empty
    squares: none when it is exact."""
    if exact:
        return 0.0
    return next(margin for least, margin in ESTIMATE_MARGINS if empties >= least)


def mark_for(loss: float, margin: float = 0.0) -> Mark:
    """The mark of a move that lost `loss` discs against the best move, a mistake or a blunder
    only beyond its limit plus `margin` (`margin_for`)."""
    if loss < BEST_WITHIN:
        return Mark.BEST
    for limit, mark in THRESHOLDS:
        if loss <= limit + (0.0 if mark is Mark.GOOD else margin):
            return mark
    return Mark.BLUNDER


def accuracy(average_loss: float) -> float:
    """Percent, from the average loss per move in discs (see the module's docstring)."""
    return 100.0 * math.exp(-max(0.0, average_loss) / ACCURACY_SCALE)


def for_black(color: Color, score: float) -> float:
    """A value from `color`'s side, seen from Black's."""
    return score if color is Color.BLACK else -score


@dataclass(frozen=True, slots=True)
class ReviewedMove:
    """One move of the game and the engine's verdict on it; values from Black's side, in discs.

    `number` counts from 1; `before` is the position the move was played in. `best_value` is
    the value of that position (best play from there), `played_value` that of the move played,
    `loss` what the move gave away from its player's side (never negative).
    """

    number: int
    color: Color
    square: int
    before: Position
    best_move: int
    best_value: float
    played_value: float
    loss: float
    mark: Mark
    exact: bool
    depth: int
    forced: bool

    @property
    def is_best(self) -> bool:
        return self.mark is Mark.BEST


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """How one side played: `moves` counts its moves with a choice (forced ones left out);
    `average_loss` and `accuracy` are None when it had no choice at all."""

    color: Color
    moves: int
    average_loss: float | None
    accuracy: float | None
    marks: dict[Mark, int]
    worst: ReviewedMove | None
    """The move that lost the most (the earliest of equals), if any lost anything."""


@dataclass(frozen=True, slots=True)
class Review:
    """The whole review of a game: its moves, each side's summary, the opening, the turning
    point (a move number) and the values after each move for the graph (`values[0]` before the
    first move)."""

    moves: tuple[ReviewedMove, ...]
    black: PlayerSummary
    white: PlayerSummary
    opening: Opening | None
    turning_point: int | None
    outcome: int | None
    """The game's result for Black (+1 win, 0 draw, -1 loss), None without one."""
    values: tuple[float, ...]
    exact_values: tuple[bool, ...]
    """Whether each of `values` is exact."""

    def player(self, color: Color) -> PlayerSummary:
        return self.black if color is Color.BLACK else self.white

    def move(self, number: int) -> ReviewedMove:
        return self.moves[number - 1]

    def valued_by(self, number: int) -> ReviewedMove:
        """The move whose analysis gives `values[number]`: that move, or the first for the start."""
        return self.moves[max(number, 1) - 1]

    @property
    def exact_from(self) -> int | None:
        """The first move from which every value is exact, if any is."""
        first = None
        for move in reversed(self.moves):
            if not move.exact:
                break
            first = move.number
        return first


def positions_of(game: Game) -> list[tuple[str, int]]:
    """What to analyse: each move's position (as a string) and the move played in it."""
    return [(ply.before.to_string(), ply.square) for ply in game.plies]


def outcome_of(game: Game) -> int | None:
    """The result for Black of a game finished on the board, None if it is not over."""
    result = game.result()
    if result is None:
        return None
    return (result.black_discs > result.white_discs) - (result.black_discs < result.white_discs)


def build_review(game: Game, analyses: Sequence[PositionAnalysis], outcome: int | None) -> Review:
    """Put the review of `game` together from one analysis per move (`positions_of` order)."""
    if len(analyses) != len(game.plies):
        raise ValueError(f"{len(analyses)} analyses for a game of {len(game.plies)} moves")
    moves = []
    for number, (ply, analysis) in enumerate(zip(game.plies, analyses, strict=True), start=1):
        if analysis.played != ply.square or analysis.played_score is None:
            raise ValueError(f"the analysis of move {number} is of another move")
        loss = analysis.loss
        moves.append(
            ReviewedMove(
                number=number,
                color=ply.color,
                square=ply.square,
                before=ply.before,
                best_move=ply.square if loss < BEST_WITHIN else analysis.best_move,
                best_value=for_black(ply.color, analysis.best_score),
                played_value=for_black(ply.color, analysis.played_score),
                loss=loss,
                mark=mark_for(loss, margin_for(ply.before.empties, analysis.exact)),
                exact=analysis.exact,
                depth=analysis.depth,
                forced=ply.before.legal_moves_mask().bit_count() == 1,
            )
        )
    values = tuple([moves[0].best_value] + [move.played_value for move in moves] if moves else [])
    exact = tuple([moves[0].exact] + [move.exact for move in moves] if moves else [])
    return Review(
        moves=tuple(moves),
        black=_summary(Color.BLACK, moves),
        white=_summary(Color.WHITE, moves),
        opening=opening_of(game.moves),
        turning_point=turning_point(values, exact, outcome),
        outcome=outcome,
        values=values,
        exact_values=exact,
    )


def _summary(color: Color, moves: list[ReviewedMove]) -> PlayerSummary:
    own = [move for move in moves if move.color is color]
    chosen = [move for move in own if not move.forced]
    marks = {mark: sum(move.mark is mark for move in own) for mark in Mark}
    worst = max(own, key=lambda move: move.loss, default=None)
    if worst is not None and worst.loss < BEST_WITHIN:
        worst = None
    if not chosen:
        return PlayerSummary(color, 0, None, None, marks, worst)
    average = sum(move.loss for move in chosen) / len(chosen)
    return PlayerSummary(color, len(chosen), average, accuracy(average), marks, worst)


def verdict(value: float, exact: bool) -> int:
    """+1 if `value` has Black ahead, -1 if White, 0 if it calls the game even."""
    margin = 0.0 if exact else EVEN_WITHIN
    return (value > margin) - (value < -margin)


def turning_point(
    values: Sequence[float], exact: Sequence[bool], outcome: int | None
) -> int | None:
    """The move after which the values agreed with the result for good (module docstring)."""
    verdicts = [verdict(value, is_exact) for value, is_exact in zip(values, exact, strict=True)]
    if outcome is None or not verdicts or verdicts[-1] != outcome:
        return None
    for k in range(len(verdicts) - 1, 0, -1):
        if verdicts[k - 1] != outcome:
            return k
    return None


Progress = Callable[[int, int], None]
"""Told `(moves analysed, moves in all)` after each move."""


def review_game(
    game: Game | str,
    budget: ReviewBudget | None = None,
    *,
    outcome: int | None = None,
    progress: Progress | None = None,
) -> Review:
    """Review a game (or a transcript) in this process, at `budget` (`default_budget()` if
    None). `outcome` defaults to the result on the board of a finished game (none for an
    unfinished one)."""
    if isinstance(game, str):
        game = Game.from_transcript(game)
    todo = positions_of(game)
    analyses = []
    for done, (position, played) in enumerate(todo, start=1):
        analyses.append(analyse_position(position, played, budget))
        if progress is not None:
            progress(done, len(todo))
    return build_review(game, analyses, outcome if outcome is not None else outcome_of(game))


def format_value(value: float, exact: bool) -> str:
    """A value for people: `+4` when exact, `≈+4.3` when estimated (`0` and `≈0.0` for even)."""
    if exact:
        return f"{value:+.0f}" if round(value) else "0"
    return f"≈{value:+.1f}" if round(value, 1) else "≈0.0"


def format_loss(loss: float, exact: bool) -> str:
    return f"{loss:.0f}" if exact else f"{loss:.1f}"
