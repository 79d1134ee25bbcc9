"""`python -m bot.engine`: perft, replay a transcript, show a position."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from bot.engine.errors import IllegalMoveError, InvalidMoveError
from bot.engine.game import Game
from bot.engine.notation import SQUARE_NAMES, parse_transcript
from bot.engine.perft import perft
from bot.engine.position import Color, Position


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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot.engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("perft", help="count move sequences from the start")
    command.add_argument("depth", type=int)
    command.set_defaults(run=_perft)
    command = commands.add_parser("replay", help="play a transcript like f5d6c3 and show the end")
    command.add_argument("transcript", nargs="+")
    command.set_defaults(run=_replay)
    command = commands.add_parser("show", help="show a position string and its legal moves")
    command.add_argument("position", nargs="+", help="64 characters a1..h8 (X, O, -) and X or O")
    command.set_defaults(run=_show)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.run(args)
    return code
