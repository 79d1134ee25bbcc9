"""How far a review can be trusted: its marks and values against a stronger engine.

Twelve 60-move WTHOR games (spread evenly over the sample), moves 1-46, are reviewed at the budget
each core uses (`PYTHON_BUDGET`, the one reviews had before the native core, and
`NATIVE_BUDGET`), at the native core's budget before it cut forward (`FULL_WIDTH`) and before it
confirmed losses on the two moves (`UNCONFIRMED`), and each position is analysed again by the
reference, `--reference`:

- `ntest` (the default): NTest (`benchmarks/ntest.py`), another engine with its own evaluation,
  at `NTEST_DEPTH` (20) plies with its standard parameters: multi-ProbCut in the midgame, exact
  from 21 empties (probable solves from 30); the played move's value comes
  from a search of the position after it, one ply less deep, unless it is NTest's best move;
- `own`: the project's own search run long: an exact solve from `REFERENCE_EXACT` empties (21)
  and above that a midgame search of `REFERENCE_DEPTH` plies with multi-ProbCut (22). It shares
  the review's evaluation and so its biases: its marks confirm more than NTest's.

Then, for each budget:

- precision: the share of the review's mistake and blunder marks that the reference finds lose
  more than 4 discs; recall: the share of the moves the reference finds lose more than 4 discs
  that the review marked a mistake or a blunder; overall and by phase (moves 1-20, 21-40,
  41-46). The review marks an estimated loss only beyond a margin (`review.ESTIMATE_MARGINS`),
  calibrated on these games against NTest;
- the mean absolute error of the value of each position (best play from there), in discs;
- best-move agreement: the review's best move is the reference's, or both call the move played
  best;
- the review's mean midgame depth, the move from which it is exact (mean over the games, and the
  empties then), and its CPU time per 60-move game (the whole game, measured in CPU seconds:
  the machine may be shared).

A reference's analysis is costly (NTest: about 10 CPU minutes; our own: 30), so it is kept in
`data/review_reference_ntest.json` or `data/review_reference.json` (keyed by position, move and
reference), and only what is missing there is computed: NTest is needed only then. `--jobs`
processes (2) compute it and run the reviews; `--budgets` names the budgets to measure.

    .venv/bin/python benchmarks/review_quality.py [--reference ntest|own] [--games 12]
        [--jobs 2] [--budgets "python core,native core"] [--quick]

`--quick` measures one game, moves 1-46, at tiny budgets against a shallow reference of our own
(exact from 10 empties, depth 4), computed in the run and not kept.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ntest import NTest
from benchmarks.wthor import full_games
from bot.engine import Color, Game, Position
from bot.engine.ai.analysis import (
    NATIVE_BUDGET,
    PYTHON_BUDGET,
    PositionAnalysis,
    ReviewBudget,
    analyse_position,
    analyse_to_depth,
)
from bot.engine.native import built
from bot.engine.review import BEST_WITHIN, Mark, build_review, positions_of

DATA = Path(__file__).resolve().parent / "data"
REFERENCE_EXACT = 21
REFERENCE_DEPTH = 22
NTEST_DEPTH = 20
FULL_WIDTH = ReviewBudget(
    nodes=450_000, exact_empties=18, attempt_empties=21, exact_nodes=1_500_000
)
"""The native core's review budget before its search cut forward."""
UNCONFIRMED = dataclasses.replace(NATIVE_BUDGET, confirm_nodes=0)
"""The native core's review budget before a loss that could earn a mark was confirmed."""
GAMES = 12
MOVES = 46
PHASES = ((1, 20), (21, 40), (41, 46))
BUDGETS = {
    "python core": PYTHON_BUDGET,
    "native, full width": FULL_WIDTH,
    "native, unconfirmed": UNCONFIRMED,
    "native core": NATIVE_BUDGET,
}
QUICK_BUDGETS = {
    "python core": ReviewBudget(nodes=100, exact_empties=8, attempt_empties=8),
    "native core": ReviewBudget(nodes=400, exact_empties=10, attempt_empties=10),
}
QUICK_REFERENCE = (10, 4)


@dataclass(frozen=True, slots=True)
class Reference:
    exact_empties: int
    depth: int
    probcut: bool = False

    cache = "review_reference.json"

    @property
    def key(self) -> str:
        return f"exact-{self.exact_empties}/depth-{self.depth}" + (
            "-probcut" if self.probcut else ""
        )

    def analyse(self, position: str, played: int) -> PositionAnalysis:
        empties = position[:64].count("-")
        if empties <= self.exact_empties:
            budget = ReviewBudget(1, exact_empties=empties, attempt_empties=empties)
            return analyse_position(position, played, budget)
        return analyse_to_depth(position, played, self.depth, probcut=self.probcut)


_ntest: dict[int, NTest] = {}
"""This process's NTest, by depth."""


@dataclass(frozen=True, slots=True)
class NTestReference:
    """NTest's analysis (`benchmarks/ntest.py`) with its standard search parameters at `depth`:
    the best move and its value by NTest's `hint` in the position, and the played move's value
    by the same search, one ply less deep, in the position after it (another move for the
    other side, or the same side's after a pass), unless it is NTest's best move."""

    depth: int
    cache = "review_reference_ntest.json"

    @property
    def key(self) -> str:
        return f"ntest/standard-{self.depth}"

    def best(self, position: Position, depth: int) -> tuple[int, float, bool]:
        if depth not in _ntest:
            _ntest[depth] = NTest(depth)
        return _ntest[depth].best(position)

    def analyse(self, position: str, played: int) -> PositionAnalysis:
        before = Position.from_string(position)
        best_move, best_score, exact = self.best(before, self.depth)
        played_score = best_score
        if played != best_move:
            after = before.play(played)
            if after.is_game_over():
                result = after.result()
                assert result is not None
                black, white = result.official_score()
                score = float(black - white if before.turn is Color.BLACK else white - black)
                played_score, played_exact = score, True
            elif after.must_pass():
                _, played_score, played_exact = self.best(after.pass_turn(), self.depth - 1)
            else:
                _, score, played_exact = self.best(after, self.depth - 1)
                played_score = -score
            exact = exact and played_exact
        empties = before.empties
        return PositionAnalysis(
            best_move, best_score, played, played_score, exact, empties if exact else self.depth, 0
        )


def games(count: int) -> list[str]:
    """The first `count` of twelve 60-move games spread evenly over the WTHOR sample."""
    sixty = full_games()
    return sixty[:: len(sixty) // GAMES][:count]


def reference_of(
    transcripts: Sequence[str], reference: Reference | NTestReference, keep: bool, jobs: int
) -> list[list[PositionAnalysis]]:
    """The reference's analysis of moves 1-46 of each game, from its cache when `keep` (and kept
    there as it is computed, by `jobs` processes)."""
    cache: dict[str, dict[str, object]] = {}
    store = DATA / reference.cache
    if keep and store.exists():
        stored = json.loads(store.read_text())
        cache = stored["positions"] if stored["reference"] == reference.key else {}
    todo = [
        (reference, position, played)
        for transcript in transcripts
        for position, played in positions_of(Game.from_transcript(transcript))[:MOVES]
        if f"{position} {played}" not in cache
    ]
    cpu = 0.0
    with multiprocessing.Pool(jobs) as pool:
        for done, (key, analysis, seconds) in enumerate(pool.imap_unordered(_reference, todo), 1):
            cache[key] = analysis
            cpu += seconds
            if keep:
                document = {"reference": reference.key, "positions": cache}
                store.write_text(json.dumps(document, sort_keys=True, indent=0) + "\n")
            print(f"  reference: {done}/{len(todo)}, {cpu:.0f} CPU s", file=sys.stderr)
    print(
        f"Reference ({reference.key}): {len(todo)} of {MOVES * len(transcripts)} positions "
        f"computed now, in {cpu:.0f} CPU s\n"
    )
    return [
        [
            PositionAnalysis.from_dict(cache[f"{position} {played}"])
            for position, played in positions_of(Game.from_transcript(transcript))[:MOVES]
        ]
        for transcript in transcripts
    ]


def _reference(
    task: tuple[Reference | NTestReference, str, int],
) -> tuple[str, dict[str, object], float]:
    reference, position, played = task
    started = time.process_time() + sum(ntest.cpu() for ntest in _ntest.values())
    analysis = reference.analyse(position, played).to_dict()
    spent = time.process_time() + sum(ntest.cpu() for ntest in _ntest.values()) - started
    return f"{position} {played}", analysis, spent


@dataclass(frozen=True, slots=True)
class Figures:
    marked: dict[str, int]
    """The review's mistake and blunder marks, overall (`all`) and by phase."""
    real: dict[str, int]
    """The reference's."""
    both: dict[str, int]
    """The moves both marked."""
    value_error: float
    agreement: float
    depth: float
    exact_from: float
    exact_empties: float
    cpu: list[float]
    """CPU seconds of each game's review."""


def phase_of(number: int) -> str:
    return next(f"{low}-{high}" for low, high in PHASES if low <= number <= high)


def reviewed(task: tuple[str, ReviewBudget]) -> tuple[list[PositionAnalysis], float]:
    """Every move of a game analysed at the budget, and the CPU seconds that took."""
    transcript, budget = task
    started = time.process_time()
    analyses = [
        analyse_position(position, played, budget)
        for position, played in positions_of(Game.from_transcript(transcript))
    ]
    return analyses, time.process_time() - started


def measure(
    transcripts: Sequence[str],
    budget: ReviewBudget,
    references: list[list[PositionAnalysis]],
    jobs: int,
) -> Figures:
    names = ["all", *(phase_of(low) for low, _ in PHASES)]
    marked, real, both = ({name: 0 for name in names} for _ in range(3))
    errors: list[float] = []
    agreed = 0
    depths: list[int] = []
    exact_from: list[int] = []
    with multiprocessing.Pool(jobs) as pool:
        reviews = pool.map(reviewed, [(transcript, budget) for transcript in transcripts])
    cpu = [seconds for _, seconds in reviews]
    for transcript, reference, (analyses, _) in zip(transcripts, references, reviews, strict=True):
        game = Game.from_transcript(transcript)
        review = build_review(game, analyses, None)
        exact_from.append(review.exact_from or len(review.moves) + 1)
        for move, truth in zip(review.moves, reference, strict=False):
            flagged = move.mark in (Mark.MISTAKE, Mark.BLUNDER)
            wrong = truth.loss > 4.0
            for name in ("all", phase_of(move.number)):
                marked[name] += flagged
                real[name] += wrong
                both[name] += flagged and wrong
            analysis = analyses[move.number - 1]
            errors.append(abs(analysis.best_score - truth.best_score))
            agreed += analysis.best_move == truth.best_move or (
                analysis.loss < BEST_WITHIN and truth.loss < BEST_WITHIN
            )
            if not move.exact:
                depths.append(move.depth)
    first = statistics.mean(exact_from)
    return Figures(
        marked,
        real,
        both,
        statistics.mean(errors),
        agreed / len(errors),
        statistics.mean(depths) if depths else 0.0,
        first,
        61 - first,
        cpu,
    )


def share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}% ({part}/{whole})" if whole else "-"


def report(figures: dict[str, Figures]) -> None:
    names = list(figures)
    rows: list[tuple[str, list[str]]] = []
    for phase in ["all", *(phase_of(low) for low, _ in PHASES)]:
        label = "moves 1-46" if phase == "all" else f"moves {phase}"
        rows.append(
            (
                f"precision, {label}",
                [share(f.both[phase], f.marked[phase]) for f in figures.values()],
            )
        )
    for phase in ["all", *(phase_of(low) for low, _ in PHASES)]:
        label = "moves 1-46" if phase == "all" else f"moves {phase}"
        rows.append(
            (f"recall, {label}", [share(f.both[phase], f.real[phase]) for f in figures.values()])
        )
    rows += [
        ("value error (discs)", [f"{f.value_error:.2f}" for f in figures.values()]),
        ("best-move agreement", [f"{100 * f.agreement:.0f}%" for f in figures.values()]),
        ("midgame depth (mean)", [f"{f.depth:.1f}" for f in figures.values()]),
        (
            "exact from move (mean)",
            [f"{f.exact_from:.1f} ({f.exact_empties:.1f} empties)" for f in figures.values()],
        ),
        (
            "CPU/game (mean / slowest)",
            [f"{statistics.mean(f.cpu):.1f} / {max(f.cpu):.1f} s" for f in figures.values()],
        ),
    ]
    print(f"{'':28}" + "".join(f"{name:>24}" for name in names))
    for label, cells in rows:
        print(f"{label:28}" + "".join(f"{cell:>24}" for cell in cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--jobs", type=int, default=2, help="processes working at once")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--budgets", default=",".join(BUDGETS), help="name,... of BUDGETS")
    parser.add_argument(
        "--reference",
        choices=("ntest", "own"),
        default="ntest",
        help="what reviews are measured against",
    )
    args = parser.parse_args()
    if built() is None:
        print("The native core is not built: the reference needs it.")
        return
    count = 1 if args.quick else args.games
    transcripts = games(count)
    if args.quick:
        reference = Reference(*QUICK_REFERENCE)
        budgets = QUICK_BUDGETS
    else:
        reference = (
            NTestReference(NTEST_DEPTH)
            if args.reference == "ntest"
            else Reference(REFERENCE_EXACT, REFERENCE_DEPTH, probcut=True)
        )
        budgets = {name: BUDGETS[name] for name in args.budgets.split(",")}
    print(f"Review quality, {count} WTHOR games, moves 1-{MOVES}:")
    jobs = 1 if args.quick else args.jobs
    references = reference_of(transcripts, reference, not args.quick, jobs)
    figures = {}
    for name, budget in budgets.items():
        print(f"{name}: {budget.key}")
        figures[name] = measure(transcripts, budget, references, jobs)
    print()
    report(figures)


if __name__ == "__main__":
    main()
