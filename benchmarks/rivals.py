"""Our level 5 against other Othello engines, at equal time per move: the pure-Python engines
of PyPI (target: 80% of the points), and native-code engines (target: 50% against the
strongest): rust-reversi (Rust) and reversi-ai (C++) from PyPI, GRhino (C++) from Debian, and
NTest (C++), built from its source.

The rivals are not dependencies of the project: install them with the project in a venv of
their own (GRhino system-wide), and run this file with that venv's Python:

    python3 -m venv /tmp/rivals-venv
    /tmp/rivals-venv/bin/pip install -e . reversi42 cli-othello othellopy pyreversi \\
        rust-reversi reversi-ai
    sudo apt-get install grhino
    # NTest: see benchmarks/ntest.py
    /tmp/rivals-venv/bin/python benchmarks/rivals.py [--rivals grhino:4,rust-reversi]
        [--openings 4] [--budget-ms MS]

Each opening (the first 8 moves of a distinct WTHOR game, as in benchmarks/ai.py) is played
twice, colours swapped: 2 games an opening. A rival given a time per move (rust-reversi) has
ours as its budget. The others search to a fixed depth, so by default our budget per move is
the rival's mean time per move so far in the match (before its first move: its mean over a
few midgame positions), scaled up by the share of its budgets ours has left unused so far (at
most 4 times): ours stops early when a move is forced, in its book or solved, so without that
it would spend well under the rival's time. The average time per move comes out about equal,
as the last line shows. `--budget-ms` fixes our budget instead. Every move a rival returns is
checked against our rules. Prints each game, then per rival: W/D/L, points %, Elo difference
with its 95% interval (benchmarks/elo.py), the official disc differential (empties to the
winner) and the mean ms per move on each side. A rival that is not installed gets one line
saying so.

A rival is `name` or `name:setting` (its strength: a depth, a level or a time, see RIVALS).
`reversi-bot:LEVEL`, played only when named, is one of our own lower levels, which needs nothing
installed: `--quick` plays it at level 1 from one opening, at 10 ms a move.

Also examined on PyPI and left out: creversi-python (rules and a gym environment, no player),
othello-cli and othello-ai (random move only), nicegui-reversi (two humans, no computer
player), othello-ai-python (alpha-beta on an untrained Keras network); and of native code,
creversi (board and move generation, no player), othelloc (rules only, and its othello.so is a
Windows DLL) and othellotk (a window for Edax, which no registry here has).
"""

from __future__ import annotations

import argparse
import math
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ai import wthor_prefixes
from benchmarks.elo import describe
from benchmarks.ntest import NTest
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


# The classic square weights (corners good, X- and C-squares bad): rust-reversi's evaluator is
# given them, reversi-ai has them built in.
SQUARE_WEIGHTS = [
    [100, -20, 10, 5, 5, 10, -20, 100],
    [-20, -50, -2, -2, -2, -2, -50, -20],
    [10, -2, -1, -1, -1, -1, -2, 10],
    [5, -2, -1, -1, -1, -1, -2, 5],
    [5, -2, -1, -1, -1, -1, -2, 5],
    [10, -2, -1, -1, -1, -1, -2, 10],
    [-20, -50, -2, -2, -2, -2, -50, -20],
    [100, -20, 10, 5, 5, 10, -20, 100],
]


def rust_reversi(milliseconds: int) -> Chooser:
    """rust-reversi's `AlphaBetaSearch` (Rust): iterative-deepening alpha-beta on the square
    weights above, stopped after `milliseconds` (default 1000); our budget is the same. Its
    strongest player: its other evaluators count discs or moves only, its `ThunderSearch` needs
    an evaluator written in Python, and its `MctsSearch` (random playouts) lost 1-3 to this one
    at 1 s a move. Its boards take our position string (X for Black, a1 to h8) and number
    squares as we do: its legal moves are ours on 40 WTHOR positions."""
    from rust_reversi import AlphaBetaSearch, Board, MatrixEvaluator, Turn

    search = AlphaBetaSearch(MatrixEvaluator(SQUARE_WEIGHTS), 60, 10_000)

    def choose(position: Position) -> int:
        board = Board()
        turn = Turn.BLACK if position.turn is Color.BLACK else Turn.WHITE
        board.set_board_str(position.board_string(), turn)
        return int(search.get_move_with_timeout(board, milliseconds))

    return choose


def reversi_ai(depth: int) -> Chooser:
    """reversi-ai's `minimax_moves` (C++): alpha-beta with a transposition table, to a fixed
    `depth`, on the square weights above, mobility and discs, weighted by the stage of the
    game. 9 (default) takes about 2 s a move after 20 moves and 0.7 s a move over a game on a
    2-core machine with both cores busy; 8 takes a third of that, 10 four times as long. It
    plays "a custom version of Reversi": in its search a side with no move ends the game
    instead of passing. The table is cleared before each move (`init`): it would grow without
    bound. Of the best moves tied, the first."""
    import reversi_ai as engine

    def choose(position: Position) -> int:
        cells = _cells(position, 1, 2, 0)
        board = [cells[8 * row : 8 * row + 8] for row in range(8)]
        player = 1 if position.turn is Color.BLACK else 2
        engine.init()
        result = engine.minimax_moves(board, player, depth, -math.inf, math.inf)
        column, row = result["moves"][0]
        return 8 * row + column

    return choose


def reversi_bot(level: int) -> Chooser:
    """Our own engine at `level` (1-4), with that level's budget."""

    def choose(position: Position) -> int:
        move = choose_move(position.to_string(), level=level).move
        assert move is not None
        return move

    return choose


def grhino(level: int) -> Chooser:
    """GRhino (native code, Debian package `grhino`), through its GTP front end `gtp-rhino`:
    alpha-beta with an evaluation of board patterns fitted to game records, an opening book
    and an exact endgame. Level 4 searches 8 plies in the middle game, about 1 s a move on
    the WTHOR positions after 20 moves on a 2-core machine (level 5 searches 10, 8-50 s).
    The book plays its best line (variation 0). The position is set whole before each move."""
    command = shutil.which("gtp-rhino") or "/usr/games/gtp-rhino"
    process = subprocess.Popen(
        [command, "--level", str(level), "--book", "0"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )

    def ask(request: str) -> str:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(request + "\n")
        process.stdin.flush()
        reply = process.stdout.readline()
        while process.stdout.readline().strip():  # a GTP answer ends with a blank line
            pass
        if not reply.startswith("="):
            raise RuntimeError(f"gtp-rhino refused {request!r}: {reply.strip()}")
        return reply[1:].strip()

    def choose(position: Position) -> int:
        ask(f"grhino-setup_board {position.to_string()}")
        move = ask("genmove " + ("b" if position.turn is Color.BLACK else "w"))
        return 8 * (int(move[1]) - 1) + "ABCDEFGH".index(move[0].upper())

    return choose


def ntest(depth: int) -> Chooser:
    """NTest (C++, `benchmarks/ntest.py` says how to build it and how it is driven):
    alpha-beta with multi-ProbCut, a pattern evaluation and an exact endgame, at a fixed
    midgame `depth`: 18 takes about 0.3 s a move after 20 moves on a 2-core machine, 16 half
    that, 20 about twice as long."""
    return NTest(depth).choose


@dataclass(frozen=True)
class Rival:
    name: str
    adapter: Callable[[int], Chooser]
    setting: int
    unit: str
    install: str


RIVALS = {
    rival.name: rival
    for rival in (
        Rival("reversi42", reversi42, 7, "depth", "pip install reversi42"),
        Rival("cli-othello", cli_othello, 5, "level", "pip install cli-othello"),
        Rival("othellopy", othellopy, 3, "depth", "pip install othellopy"),
        Rival("pyreversi", pyreversi, 5, "level", "pip install pyreversi"),
        Rival("rust-reversi", rust_reversi, 1000, "ms", "pip install rust-reversi"),
        Rival("reversi-ai", reversi_ai, 9, "depth", "pip install reversi-ai"),
        Rival("grhino", grhino, 4, "level", "apt-get install grhino"),
        Rival("ntest", ntest, 18, "depth", "build github.com/weltyc/ntest (build.sh)"),
        Rival("reversi-bot", reversi_bot, 3, "level", "(this project)"),
    )
}
OTHERS = [name for name in RIVALS if name != "reversi-bot"]
"""The rivals played by default: all but our own."""


@dataclass
class MatchTally:
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
    our_budgets: int = 0  # the ms given to ours, to spend as it will

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    def their_mean_ms(self) -> float:
        return self.their_ms / self.their_moves if self.their_moves else self.seed_ms

    def our_budget_ms(self) -> int:
        """The rival's mean, scaled up by how much of its budgets ours has left unused, so that
        both sides' mean time per move come out equal."""
        unused = min(4.0, self.our_budgets / self.our_ms) if self.our_ms else 1.0
        return max(10, round(self.their_mean_ms() * unused))


def calibrate(choose: Chooser, positions: int = 3) -> float:
    """The rival's mean ms per move over a few midgame positions (after 20 moves)."""
    started = time.perf_counter()
    for transcript in wthor_prefixes(20, positions):
        choose(Game.from_transcript(transcript).position)
    return (time.perf_counter() - started) * 1000 / positions


def play(
    choose: Chooser, opening: str, ours: Color, tally: MatchTally, budget_ms: int | None
) -> str:
    game = Game.from_transcript(opening)
    while not game.is_over():
        position = game.position
        started = time.perf_counter()
        if position.turn is ours:
            budget = budget_ms or tally.our_budget_ms()
            tally.our_budgets += budget
            result = choose_move(position.to_string(), level=5, budget_ms=budget, until_budget=True)
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


def match(
    rival: Rival, setting: int, openings: list[str], budget_ms: int | None
) -> MatchTally | None:
    label = f"{rival.name} ({rival.unit} {setting})"
    try:
        choose = rival.adapter(setting)
    except (ImportError, FileNotFoundError) as error:
        print(f"{label}: not installed ({error}): {rival.install}\n")
        return None
    if budget_ms is None and rival.unit == "ms":
        budget_ms = setting  # a rival given a time per move: ours is the same
    tally = MatchTally(seed_ms=calibrate(choose))
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


def report(label: str, tally: MatchTally) -> None:
    result = describe(tally.wins, tally.draws, tally.losses)
    print(
        f"  {label}: {tally.games} games, level 5 {result},"
        f" disc differential {tally.discs:+d} ({tally.discs / tally.games:+.1f} a game)"
    )
    print(
        f"  ms per move: level 5 {tally.our_ms / tally.our_moves:.0f},"
        f" {label.split()[0]} {tally.their_ms / tally.their_moves:.0f};"
        f" level 5's mean depth {tally.our_depth / tally.our_moves:.1f} (empties when solved)\n",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rivals", default=",".join(OTHERS), help="name[:setting],...")
    parser.add_argument("--openings", type=int, default=4, help="2 games each, colours swapped")
    parser.add_argument("--budget-ms", type=int, help="our fixed budget instead of the rival's")
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(rivals="reversi-bot:1", openings=1, budget_ms=10)
    openings = wthor_prefixes(8, args.openings)
    results: list[tuple[str, MatchTally]] = []
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
            f"{spec:16} {tally.games:3} games  {describe(tally.wins, tally.draws, tally.losses)}"
            f"  discs {tally.discs:+4d}"
            f"  ms/move ours {tally.our_ms / tally.our_moves:5.0f}"
            f" theirs {tally.their_ms / tally.their_moves:5.0f}"
        )


if __name__ == "__main__":
    main()
