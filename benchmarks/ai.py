"""The computer opponent's figures: speed, depth, endgame solving and strength.

    .venv/bin/python benchmarks/ai.py [--games 10] [--budget-ms 1000] [--skip-ffo] [--skip-match]
        [--quick]
    .venv/bin/python benchmarks/ai.py --against REVISION [--games 100] [--jobs 2]

Prints how far the opening book carries level 5 (games against itself from the start), midgame
nodes/s and the depth reached at the budget (level 5, positions from WTHOR games
after 20 moves), the time to solve each of FFO #1-#19 (target: 60 s altogether), and a match of
level 5 against level 3 at the budget per move from WTHOR openings (8 moves), each played with
colours swapped (target: level 5 scores at least 90%), with the largest time any move took
against its budget (target: at most 110%).

With `--against`, it plays only a match of level 5 against level 5 of another git revision
(checked out in a temporary worktree and run as `python -m bot.engine engine`), at the budget
per move each, from the same kind of openings (target for a new evaluation: 70% against the
one it replaces), and prints the score with its Elo difference. `--against python` plays
this checkout's level 5 on the pure-Python engine (`REVERSI_ENGINE=python`) instead, against
the engine that runs here (the native core where it is built), at equal time per move.

`--quick` goes through each part in a few seconds: 2 games from the book, one midgame position,
FFO #1, and a game of the match, at 20 ms a move.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.elo import describe
from bot.engine import Color, Game, Position, native, square_name
from bot.engine.ai import choose_move, solve
from bot.engine.native import ENVIRONMENT
from bot.engine.notation import parse_square

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def wthor_prefixes(plies: int, count: int) -> list[str]:
    """Distinct transcripts of the first `plies` moves of WTHOR games, in file order."""
    seen: dict[str, None] = {}
    with (DATA / "wthor" / "wthor_sample_games.csv").open(newline="") as handle:
        for row in csv.DictReader(handle):
            seen.setdefault(row["moves"][: 2 * plies])
            if len(seen) == count:
                break
    return list(seen)


def midgame(budget_ms: int, positions: int) -> None:
    print(f"Midgame search, level 5, {budget_ms} ms per position:")
    nodes = depth = 0
    seconds = 0.0
    for transcript in wthor_prefixes(20, positions):
        position = Game.from_transcript(transcript).position
        result = choose_move(position.to_string(), level=5, budget_ms=budget_ms, until_budget=True)
        nodes += result.nodes
        depth += result.depth
        seconds += result.elapsed_ms / 1000
        print(
            f"  {transcript[:16]}...  depth {result.depth:2}  {result.nodes:7,} nodes"
            f"  {result.elapsed_ms:6.0f} ms"
        )
    print(f"  mean depth {depth / positions:.1f}, {nodes / seconds:,.0f} nodes/s\n")


def ffo(count: int = 19) -> None:
    print(f"FFO endgame suite #1-#{count} (all best moves listed):")
    total = 0.0
    with (DATA / "ffo" / "ffo_endgame_1_79.jsonl").open() as handle:
        entries = [json.loads(line) for line in handle][:count]
    failures = 0
    for entry in entries:
        started = time.perf_counter()
        solution = solve(f"{entry['board']} {entry['to_move']}")
        elapsed = time.perf_counter() - started
        total += elapsed
        moves = sorted(square_name(s) for s in solution.moves)
        ok = solution.score == entry["best_score"] and moves == entry["best_moves"]
        failures += not ok
        print(
            f"  #{entry['id']:<2} {entry['empties']} empties  {solution.score:+3d} "
            f"{' '.join(moves):6} {'ok' if ok else 'WRONG'}  {elapsed:6.2f} s"
            f"  {solution.nodes:8,} nodes  {solution.nodes / elapsed:8,.0f} nodes/s"
        )
    print(f"  total {total:.1f} s (target for #1-#19: 60 s), {failures} wrong\n")


def book(games: int = 200) -> None:
    print(f"Opening book, level 5 against itself from the start, {games} games:")
    lengths, lines, seconds = [], set(), []
    for _number in range(games):
        game = Game()
        while True:
            started = time.perf_counter()
            result = choose_move(game.position.to_string(), level=5, budget_ms=1000)
            if not result.book or result.move is None:
                break
            seconds.append(time.perf_counter() - started)
            game.play(result.move)
        lengths.append(len(game))
        lines.add(game.transcript())
    lengths.sort()
    print(
        f"  plies from the book: mean {sum(lengths) / games:.1f}, median {lengths[games // 2]}, "
        f"{lengths[0]}-{lengths[-1]}; {len(lines)} distinct lines"
    )
    seconds.sort()
    print(f"  a book move takes {1000 * seconds[len(seconds) // 2]:.2f} ms (median)\n")


def match(games: int, budget_ms: int) -> None:
    print(f"Level 5 against level 3, {budget_ms} ms per move, {games} games:")
    openings = wthor_prefixes(8, (games + 1) // 2)
    points = 0.0
    worst = 0.0
    for number in range(games):
        game = Game.from_transcript(openings[number // 2])
        strong = game.turn if number % 2 == 0 else game.turn.opponent
        while not game.is_over():
            level = 5 if game.turn is strong else 3
            started = time.perf_counter()
            result = choose_move(game.position.to_string(), level=level, budget_ms=budget_ms)
            worst = max(worst, (time.perf_counter() - started) * 1000 / budget_ms)
            assert result.move is not None
            game.play(result.move)
        outcome = game.result()
        assert outcome is not None
        won = 1.0 if outcome.winner is strong else 0.5 if outcome.winner is None else 0.0
        points += won
        print(f"  game {number + 1:2}: level 5 as {strong.title:5}  {outcome}  ({won:g})")
    print(f"  level 5 scored {points:g}/{games} = {100 * points / games:.0f}% (target 90%)")
    print(f"  slowest move: {100 * worst:.0f}% of the budget (limit 110%)\n")


class Engine:
    """Level 5 of another revision of this project, in its own process, through the engine
    protocol (`python -m bot.engine engine`), run from a checkout of that revision, with the
    engine `REVERSI_ENGINE` names (None: its default)."""

    def __init__(self, checkout: Path, engine: str | None = None) -> None:
        environment = dict(os.environ)
        if engine is not None:
            environment[ENVIRONMENT] = engine
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot.engine", "engine"],
            cwd=checkout,
            env=environment,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def move(self, position: Position, budget_ms: int) -> int:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"position {position.to_string()} {budget_ms}\n")
        self.process.stdin.flush()
        reply = self.process.stdout.readline().split()
        if reply[:1] != ["move"]:
            raise RuntimeError(f"the other revision answered {reply}")
        return parse_square(reply[1])


_engine: Engine | None = None  # one per worker process


def _versus_game(
    checkout: Path, engine: str | None, opening: str, ours_first: bool, budget_ms: int
) -> tuple[float, int, str]:
    """One game of level 5 against the other revision: our points, our disc margin, a summary."""
    global _engine
    if _engine is None:
        _engine = Engine(checkout, engine)
    game = Game.from_transcript(opening)
    ours = game.turn if ours_first else game.turn.opponent
    while not game.is_over():
        if game.turn is ours:
            result = choose_move(
                game.position.to_string(), level=5, budget_ms=budget_ms, until_budget=True
            )
            assert result.move is not None
            game.play(result.move)
        else:
            game.play(_engine.move(game.position, budget_ms))
    outcome = game.result()
    assert outcome is not None
    margin = outcome.black_score - outcome.white_score
    margin = margin if ours is Color.BLACK else -margin
    points = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    return points, margin, f"level 5 as {ours.title:5}  {outcome}  ({points:g})"


def versus(revision: str, games: int, budget_ms: int, jobs: int) -> None:
    """Level 5 against level 5 of `revision` (a git commit, or `python`: this checkout on the
    pure-Python engine), `budget_ms` per move each: openings of 8 moves from distinct WTHOR
    games, each played with colours swapped, `jobs` at a time."""
    print(f"Level 5 ({native.description}) against level 5 of {revision},", end=" ")
    print(f"{budget_ms} ms per move, {games} games:")
    openings = wthor_prefixes(8, (games + 1) // 2)
    root = Path(__file__).resolve().parent.parent
    with contextlib.ExitStack() as stack:
        checkout, engine = root, "python"
        if revision != "python":
            checkout, engine = stack.enter_context(revision_checkout(root, revision)), None
        with ProcessPoolExecutor(jobs) as pool:
            futures = [
                pool.submit(_versus_game, checkout, engine, openings[n // 2], n % 2 == 0, budget_ms)
                for n in range(games)
            ]
            wins = draws = losses = margin = 0
            for number, future in enumerate(futures, start=1):
                points, discs, summary = future.result()
                wins += points == 1
                draws += points == 0.5
                losses += points == 0
                margin += discs
                print(f"  game {number:3}: {summary}", flush=True)
    print(
        f"  level 5 {describe(wins, draws, losses)} (target 70%),"
        f" {margin / games:+.1f} discs a game\n"
    )


@contextlib.contextmanager
def revision_checkout(root: Path, revision: str) -> Iterator[Path]:
    """`revision` checked out in a temporary worktree, its native core built if it has one (else
    it would play on the pure-Python engine), removed afterwards."""
    with tempfile.TemporaryDirectory() as directory:
        checkout = Path(directory) / "checkout"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "--quiet", str(checkout), revision],
            cwd=root,
            check=True,
        )
        try:
            if (checkout / "setup.py").exists():
                build = [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"]
                subprocess.run(build, cwd=checkout, check=True, capture_output=True)
            yield checkout
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(checkout)], cwd=root)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--budget-ms", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=8, help="midgame positions to time")
    parser.add_argument("--skip-ffo", action="store_true")
    parser.add_argument("--skip-match", action="store_true")
    parser.add_argument(
        "--against",
        metavar="REVISION",
        help="play level 5 of a git revision, or of the pure-Python engine (python)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="games at a time against --against")
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(games=1, budget_ms=20, positions=1)
    if args.against:
        versus(args.against, args.games, args.budget_ms, args.jobs)
        return
    book(2 if args.quick else 200)
    midgame(args.budget_ms, args.positions)
    if not args.skip_ffo:
        ffo(1 if args.quick else 19)
    if not args.skip_match:
        match(args.games, args.budget_ms)


if __name__ == "__main__":
    main()
