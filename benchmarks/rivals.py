"""Our level 5 against pure-Python Othello engines from PyPI, at equal time per move.

The rivals are not dependencies of the project: install them with the project in a venv of
their own, and run this file with that venv's Python:

    python3 -m venv /tmp/rivals-venv
    /tmp/rivals-venv/bin/pip install -e . reversi42 cli-othello othellopy pyreversi
    /tmp/rivals-venv/bin/python benchmarks/rivals.py [--rivals reversi42:7,cli-othello]
        [--openings 4] [--budget-ms MS]

Each opening (the first 8 moves of a distinct WTHOR game, as in benchmarks/ai.py) is played
twice, colours swapped. The rivals search to a fixed depth, so by default our budget per move is
the rival's mean time per move so far in the match (before its first move: its mean over a few
midgame positions), which makes the average time per move equal; ours comes out lower, as it
stops early when a move is forced or solved. `--budget-ms` fixes our budget instead. Every move
a rival returns is checked against our rules. Prints each game, then per rival: W/D/L, points %
(target 80%), the official disc differential (empties to the winner) and the mean ms per move
on each side. A rival that is not installed gets one line saying so.

A rival is `name` or `name:setting` (its strength: a depth or a level, see RIVALS).

Also examined on PyPI and left out: creversi-python (rules and a gym environment, no player),
othello-cli and othello-ai (random move only), nicegui-reversi (two humans, no computer
player), othello-ai-python (alpha-beta on an untrained Keras network).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ai import wthor_prefixes
from bot.engine import Color, Game, Position, square_name
from bot.engine.ai import choose_move

# A rival's move for the side to move in a position that has a legal move, as a square index.
Chooser = Callable[[Position], int]


def _cells(position: Position, black: object, white: object, empty: object) -> list[object]:
    """The 64 squares a1, b1, ..., h8 as the rival's values. All the rivals number squares as we
    do: row by row from the top (row 1), column a first, so the index is 8 * row + column."""
    return [
        black if position.black >> i & 1 else white if position.white >> i & 1 else empty
        for i in range(64)
    ]


def reversi42(depth: int) -> Chooser:
    """reversi42's Apocalyptron engine (alpha-beta with iterative deepening, aspiration windows,
    transposition table, null-move, futility, late-move reduction and multi-cut pruning) at a
    fixed `depth`; its menu offers 7-12 (default 9). Settings: temperature 0 (no randomness),
    one process (its parallel mode would take the second core, ours uses one), no opening book
    (its player only uses the book to print or to reorder moves it does not pass on). A fresh
    engine per move: a reused one returns the previous position's best move once it has
    searched to `depth` (iterative_deepening.py keeps `max_depth_reached` across searches)."""
    from AI.Apocalyptron import ApocalyptronConfigBuilder, ApocalyptronEngine
    from Reversi.BitboardGame import BitboardGame

    config = (
        ApocalyptronConfigBuilder()
        .with_depth(depth)
        .enable_all_optimizations()
        .enable_parallel(False)
        .with_temperature(0.0)
        .quiet_mode()
        .build()
    )

    def choose(position: Position) -> int:
        game = BitboardGame.create_empty()  # same bitboards as ours: bit 8 * (y - 1) + x - 1
        game.black, game.white = position.black, position.white
        game.turn = "B" if position.turn is Color.BLACK else "W"
        game.turn_cnt = 60 - position.empties
        game.black_cnt, game.white_cnt = position.count(Color.BLACK), position.count(Color.WHITE)
        game._create_virtual_matrix()
        move = ApocalyptronEngine(config=config).get_best_move(game, depth)
        return 8 * (move.y - 1) + move.x - 1

    return choose


def cli_othello(level: int) -> Chooser:
    """cli-othello's `OthelloAI` at `level` 1-5; 5 is its strongest: alpha-beta to depth 4 on
    weighted squares, mobility and corners, exhaustive from 10 empties."""
    from cli_othello.ai import OthelloAI
    from cli_othello.board import BLACK, EMPTY, WHITE, Board

    def choose(position: Position) -> int:
        board = Board()
        board.cells = _cells(position, BLACK, WHITE, EMPTY)
        side = BLACK if position.turn is Color.BLACK else WHITE
        row, col = OthelloAI(side, level).choose_move(board)
        return 8 * row + col

    return choose


def othellopy(depth: int) -> Chooser:
    """othellopy's `AdvancedPlayer`: alpha-beta to `depth` (default 3) on weighted squares,
    mobility, corners and discs."""
    from othellopy.core import Cell
    from othellopy.players import AdvancedPlayer

    def choose(position: Position) -> int:
        cells = _cells(position, Cell.BLACK, Cell.WHITE, Cell.EMPTY)
        board = [cells[8 * row : 8 * row + 8] for row in range(8)]
        side = Cell.BLACK if position.turn is Color.BLACK else Cell.WHITE
        row, col = AdvancedPlayer(side, depth=depth).next_move(board)
        return 8 * row + col

    return choose


def pyreversi(level: int) -> Chooser:
    """pyreversi's bot at `level` 0-5; 5 is its strongest: a safe (unflippable) square or a
    corner first, then the move with the best two-ply gain in discs (stable ones counting
    double). pyreversi parses the command line on import and in every call: it gets its own."""
    saved = sys.argv
    sys.argv = ["pyreversi", "--nocolor", "--silent"]
    try:
        from pyreversi import bot, display
        from pyreversi.args import compute_args
        from pyreversi.plateau import BLACK, VIDEE, WHITE

        options = compute_args()
    finally:
        sys.argv = saved
    bot.compute_args = display.compute_args = lambda: options  # parsed once, not per call

    def choose(position: Position) -> int:
        cells = _cells(position, BLACK, WHITE, VIDEE)
        board = [cells[8 * row : 8 * row + 8] for row in range(8)]
        move = bot.calcul_bot(board, BLACK if position.turn is Color.BLACK else WHITE, level)
        return 8 * (int(move[1]) - 1) + "ABCDEFGH".index(move[0].upper())  # "C4": column, row

    return choose


@dataclass(frozen=True)
class Rival:
    package: str
    adapter: Callable[[int], Chooser]
    setting: int
    unit: str


RIVALS = {
    rival.package: rival
    for rival in (
        Rival("reversi42", reversi42, 7, "depth"),
        Rival("cli-othello", cli_othello, 5, "level"),
        Rival("othellopy", othellopy, 3, "depth"),
        Rival("pyreversi", pyreversi, 5, "level"),
    )
}


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    discs: int = 0
    our_ms: float = 0.0
    our_moves: int = 0
    our_depth: int = 0
    their_ms: float = 0.0
    their_moves: int = 0
    seed_ms: float = 0.0  # the rival's mean before it has moved in the match

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    def their_mean_ms(self) -> float:
        return self.their_ms / self.their_moves if self.their_moves else self.seed_ms


def calibrate(choose: Chooser, positions: int = 3) -> float:
    """The rival's mean ms per move over a few midgame positions (after 20 moves)."""
    started = time.perf_counter()
    for transcript in wthor_prefixes(20, positions):
        choose(Game.from_transcript(transcript).position)
    return (time.perf_counter() - started) * 1000 / positions


def play(choose: Chooser, opening: str, ours: Color, tally: Tally, budget_ms: int | None) -> str:
    game = Game.from_transcript(opening)
    while not game.is_over():
        position = game.position
        started = time.perf_counter()
        if position.turn is ours:
            budget = budget_ms or max(10, round(tally.their_mean_ms()))
            result = choose_move(position.to_string(), level=5, budget_ms=budget)
            tally.our_ms += (time.perf_counter() - started) * 1000
            tally.our_moves += 1
            tally.our_depth += result.depth
            assert result.move is not None
            move = result.move
        else:
            move = choose(position)
            tally.their_ms += (time.perf_counter() - started) * 1000
            tally.their_moves += 1
            if not position.is_legal(move):
                raise RuntimeError(f"adapter bug: {square_name(move)} in {position.to_string()}")
        game.play(move)
    outcome = game.result()
    assert outcome is not None
    our, their = outcome.black_score, outcome.white_score
    if ours is Color.WHITE:
        our, their = their, our
    tally.games += 1
    tally.discs += our - their
    tally.wins += our > their
    tally.draws += our == their
    tally.losses += our < their
    lost = f"\n    lost: {game.transcript()}" if our < their else ""  # to replay with the CLI
    return f"{outcome}, ours {our}-{their}{lost}"


def match(rival: Rival, setting: int, openings: list[str], budget_ms: int | None) -> Tally | None:
    label = f"{rival.package} ({rival.unit} {setting})"
    try:
        choose = rival.adapter(setting)
    except ImportError as error:
        print(f"{label}: not installed (no module {error.name!r}): pip install {rival.package}\n")
        return None
    tally = Tally(seed_ms=calibrate(choose))
    print(f"{label}: {tally.seed_ms:.0f} ms per midgame move before the match")
    ours_budget = f"{budget_ms} ms per move" if budget_ms else "the rival's mean time per move"
    print(f"  our level 5 at {ours_budget}, {2 * len(openings)} games")
    for number in range(2 * len(openings)):
        opening = openings[number // 2]
        first = Game.from_transcript(opening).turn
        ours = first if number % 2 == 0 else first.opponent
        began = time.perf_counter()
        summary = play(choose, opening, ours, tally, budget_ms)
        print(
            f"  game {number + 1:2} {opening}: level 5 as {ours.title:5}  {summary}"
            f"  ({time.perf_counter() - began:.0f} s)",
            flush=True,
        )
    report(label, tally)
    return tally


def report(label: str, tally: Tally) -> None:
    print(
        f"  {label}: {tally.games} games, level 5 +{tally.wins} ={tally.draws} -{tally.losses},"
        f" {100 * tally.points / tally.games:.1f}% of the points (target 80%),"
        f" disc differential {tally.discs:+d} ({tally.discs / tally.games:+.1f} a game)"
    )
    print(
        f"  ms per move: level 5 {tally.our_ms / tally.our_moves:.0f},"
        f" {label.split()[0]} {tally.their_ms / tally.their_moves:.0f};"
        f" level 5's mean depth {tally.our_depth / tally.our_moves:.1f} (empties when solved)\n",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rivals", default=",".join(RIVALS), help="name[:setting],...")
    parser.add_argument("--openings", type=int, default=4, help="each played with both colours")
    parser.add_argument("--budget-ms", type=int, help="our fixed budget instead of the rival's")
    args = parser.parse_args()
    openings = wthor_prefixes(8, args.openings)
    results: list[tuple[str, Tally]] = []
    for spec in args.rivals.split(","):
        name, _, setting = spec.partition(":")
        rival = RIVALS.get(name)
        if rival is None:
            parser.error(f"unknown rival {name!r}: choose from {', '.join(RIVALS)}")
        tally = match(rival, int(setting or rival.setting), openings, args.budget_ms)
        if tally is not None:
            results.append((spec, tally))
    for spec, tally in results:
        print(
            f"{spec:16} {tally.games:3} games  +{tally.wins} ={tally.draws} -{tally.losses}"
            f"  {100 * tally.points / tally.games:5.1f}%  discs {tally.discs:+4d}"
            f"  ms/move ours {tally.our_ms / tally.our_moves:5.0f}"
            f" theirs {tally.their_ms / tally.their_moves:5.0f}"
        )


if __name__ == "__main__":
    main()
