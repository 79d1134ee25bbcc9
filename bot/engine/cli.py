"""`python -m bot.engine`: perft, replay a transcript, show a position, and the computer opponent:
play it, solve an endgame exactly, serve moves to other programs, or review a game."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import NoReturn

from bot.engine.ai import LEVELS, choose_move, solve
from bot.engine.ai.analysis import default_budget
from bot.engine.ai.protocol import serve
from bot.engine.errors import IllegalMoveError, InvalidMoveError
from bot.engine.game import Game
from bot.engine.notation import SQUARE_NAMES, parse_transcript
from bot.engine.perft import MAX_DEPTH, perft
from bot.engine.position import Color, Position
from bot.engine.review import review_game
from bot.engine.review_text import review_lines

MAX_NODES = 10**12
"""The most nodes a review may search a position: days of search, inside the native core's
integers."""


class _Parser(argparse.ArgumentParser):
    """A bad command line is told in one line, with argparse's status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argument type: a whole number from `low` to `high`."""

    def whole(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            number = None
        if number is None or not low <= number <= high:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a whole number from {low} to {high:,}"
            )
        return number

    return whole


def _perft(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    leaves = perft(args.depth)
    elapsed = time.perf_counter() - started
    rate = leaves / elapsed if elapsed else float("inf")
    print(f"perft({args.depth}) = {leaves}  ({elapsed:.3f} s, {rate:,.0f} leaves/s)")
    return 0


def _replay(args: argparse.Namespace) -> int:
    text = " ".join(args.transcript)
    try:
        moves = parse_transcript(text)
    except InvalidMoveError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    game = Game()
    for number, move in enumerate(moves, start=1):
        try:
            game.play(move)
        except IllegalMoveError as error:
            print(game.position.diagram())
            print(f"error at ply {number} ({SQUARE_NAMES[move]}): {error}", file=sys.stderr)
            return 1
    position = game.position
    print(position.diagram(show_moves=False))
    print(f"Black {position.count(Color.BLACK)}  White {position.count(Color.WHITE)}")
    result = position.result()
    if result is None:
        print(f"Game not over: {position.turn.title} to move after {len(game)} moves")
    else:
        print(f"{result} (official score {result.black_score}-{result.white_score})")
    return 0


def _show(args: argparse.Namespace) -> int:
    try:
        position = Position.from_string(" ".join(args.position))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(position.diagram())
    moves = " ".join(SQUARE_NAMES[s] for s in position.legal_moves())
    print(f"{position.turn.title} to move: {moves or 'no legal move'}")
    return 0


def _solve(args: argparse.Namespace) -> int:
    try:
        position = Position.from_string(" ".join(args.position))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if position.is_game_over():
        print("error: the game is over", file=sys.stderr)
        return 1
    started = time.perf_counter()
    solution = solve(position)
    elapsed = time.perf_counter() - started
    mover = position.turn
    black = (64 + (solution.score if mover is Color.BLACK else -solution.score)) // 2
    moves = " ".join(SQUARE_NAMES[s] for s in sorted(solution.moves)) or "pass"
    print(position.diagram())
    print(f"{mover.title} to move: best {moves}, final score {solution.score:+d} for {mover.title}")
    print(f"Perfect play ends Black {black} - White {64 - black}")
    print(f"({solution.nodes:,} nodes, {elapsed:.2f} s)")
    return 0


def _play(args: argparse.Namespace) -> int:
    human = Color(args.color)
    game = Game()
    level = LEVELS[args.level]
    print(f"Level {level.number}, {level.name}: {level.description}")
    print(f"You play {human.title} ({human.symbol}). Type a square like d3, or quit.")
    while not game.is_over():
        position = game.position
        print(position.diagram(show_moves=position.turn is human))
        if position.turn is human:
            try:
                text = input(f"{human.title} to move> ").strip()
            except EOFError:
                print()
                return 0
            if text.lower() in ("quit", "exit", "q"):
                return 0
            try:
                ply = game.play(text)
            except (InvalidMoveError, IllegalMoveError) as error:
                print(error)
                continue
        else:
            result = choose_move(position.to_string(), level=level.number)
            assert result.move is not None  # a Game always leaves the side to move a move
            ply = game.play(result.move)
            print(f"Computer plays {SQUARE_NAMES[ply.square]} (expects {result.score:+.1f})")
        if ply.passed is not None:
            print(f"{ply.passed.title} has no legal move and passes.")
    print(game.position.diagram(show_moves=False))
    outcome = game.result()
    print(outcome)
    return 0


def _review(args: argparse.Namespace) -> int:
    text = " ".join(args.transcript)
    try:
        game = Game.from_transcript(text)
        budget = replace(
            default_budget(),
            nodes=args.nodes,
            exact_empties=args.exact_empties,
            attempt_empties=max(args.exact_empties, args.attempt),
        )
    except (InvalidMoveError, IllegalMoveError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if not game.plies:
        print("error: no moves to review", file=sys.stderr)
        return 1

    def progress(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        print(f"\rReviewing… move {min(done + 1, total)} of {total}", end=end, file=sys.stderr)
        sys.stderr.flush()

    started = time.perf_counter()
    review = review_game(game, budget, progress=progress if sys.stderr.isatty() else None)
    for line in review_lines(game, review):
        print(line)
    print(f"({time.perf_counter() - started:.1f} s, budget {budget.key})")
    return 0


def _engine(args: argparse.Namespace) -> int:
    serve(sys.stdin, lambda reply: print(reply, flush=True))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m bot.engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("perft", help="count move sequences from the start")
    command.add_argument("depth", type=_whole(0, MAX_DEPTH))
    command.set_defaults(run=_perft)
    command = commands.add_parser("replay", help="play a transcript like f5d6c3 and show the end")
    command.add_argument("transcript", nargs="+")
    command.set_defaults(run=_replay)
    command = commands.add_parser("show", help="show a position string and its legal moves")
    command.add_argument("position", nargs="+", help="64 characters a1..h8 (X, O, -) and X or O")
    command.set_defaults(run=_show)
    command = commands.add_parser("play", help="play against the computer in the terminal")
    command.add_argument("--level", type=int, choices=sorted(LEVELS), default=3)
    command.add_argument(
        "--colour", "--color", choices=("black", "white"), default="black", dest="color"
    )
    command.set_defaults(run=_play)
    command = commands.add_parser("solve", help="the exact best moves and final score")
    command.add_argument(
        "position",
        nargs="+",
        help='64 characters a1..h8 (X, O, - or .) and X or O, quoted: "--XX...-- X"',
    )
    command.set_defaults(run=_solve)
    command = commands.add_parser(
        "engine", help="answer `position <board> <X|O> <ms>` lines on stdin with `move <square>`"
    )
    command.set_defaults(run=_engine)
    command = commands.add_parser(
        "review", help="the engine's verdict on every move of a game, and a summary"
    )
    command.add_argument("transcript", nargs="+", help="the moves, like f5d6c3d3c4")
    budget = default_budget()
    command.add_argument(
        "--nodes",
        type=_whole(1, MAX_NODES),
        default=budget.nodes,
        help="interior nodes of midgame search per position (default %(default)s)",
    )
    command.add_argument(
        "--exact-empties",
        type=_whole(0, 60),
        default=budget.exact_empties,
        help="solve exactly from this many empty squares (default %(default)s)",
    )
    command.add_argument(
        "--attempt",
        type=_whole(0, 60),
        default=budget.attempt_empties,
        help="try an exact solve within a node budget up to this many (default %(default)s)",
    )
    command.set_defaults(run=_review)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.run(args)
    return code
