"""Tournament figures: the time to pair one round of a large Swiss, and to draw the standings
image of 200 players.

    .venv/bin/python benchmarks/tournament.py [--players 1000] [--rounds 5] [--runs 3] [--quick]

The Swiss is played for `--rounds` - 1 rounds of random results (wins either way, some draws),
then its next round is paired `--runs` times; the figures are the fastest run in wall-clock and
in CPU seconds (the CPU time is the one other work on the machine touches least). Target: a
few seconds for 1,000 players. The standings image is the final table of a 200-player, 13-round
Swiss, drawn and encoded as the bot sends it. `--quick` pairs 60 players once after two rounds
and draws the image a few times: the figures of a moment, not for comparing.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time

from bot.domain.tournament import Entrant, Pairing, pair_swiss
from bot.domain.tournament.swiss import BLOCK
from rendering.gallery import PLAYERS, sample_standings
from rendering.standings import render_standings

STANDINGS_PLAYERS = 200
STANDINGS_ROUNDS = 13  # the World Othello Championship's Swiss


def bench_pairing(players: int, rounds: int, runs: int) -> None:
    """Pair round `rounds` of a Swiss of `players` after random results in the rounds before."""
    rng = random.Random(2026)
    entrants = [Entrant(index, float(round(rng.gauss(1500, 300)))) for index in range(players)]
    played: list[Pairing] = []
    for number in range(1, rounds):
        for board in pair_swiss(entrants, played, number, seed=1):
            played.append(board if board.finished else result(board, rng))
    wall = cpu = float("inf")
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        boards = pair_swiss(entrants, played, rounds, seed=1)
        wall = min(wall, time.perf_counter() - started)
        cpu = min(cpu, time.process_time() - started_cpu)
    met = {frozenset(board.players()) for board in played}
    repeats = sum(frozenset(board.players()) in met for board in boards if board.white)
    print(
        f"Swiss of {players:,} players, round {rounds} ({len(boards)} boards, {repeats} repeats,"
        f" matchings of at most {BLOCK} players): paired in {wall:.2f} s ({cpu:.2f} s CPU)"
    )


def result(board: Pairing, rng: random.Random) -> Pairing:
    """A random full-board result for `board`."""
    black = rng.choice([rng.randint(0, 31), 32, rng.randint(33, 64)])
    winner = None if black == 32 else board.black if black > 32 else board.white
    return dataclasses.replace(
        board, black_discs=black, white_discs=64 - black, winner=winner, finished=True
    )


def bench_standings_image(quick: bool) -> None:
    """The final standings of a 200-player, 13-round Swiss (names in every script the bot
    speaks), drawn and encoded as the bot sends it: p50 and p95 over the runs, after a first
    drawing that also fits the theme's palette."""
    names = [f"{PLAYERS[i % len(PLAYERS)]} {i}" for i in range(STANDINGS_PLAYERS)]
    rows = sample_standings(names, STANDINGS_ROUNDS)
    title = "Autumn Swiss · final standings"
    start = time.perf_counter()
    render_standings(title, rows, final=True)
    first = (time.perf_counter() - start) * 1000
    times, size = [], 0
    for _ in range(3 if quick else 20):
        start = time.perf_counter()
        size = len(render_standings(title, rows, final=True))
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(
        f"standings image of {STANDINGS_PLAYERS} players, {STANDINGS_ROUNDS} rounds: "
        f"p50 {statistics.median(times):.0f} ms, p95 {p95:.0f} ms (first {first:.0f} ms), "
        f"{size:,} bytes"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000, help="entrants in the Swiss")
    parser.add_argument("--rounds", type=int, default=5, help="the round to pair")
    parser.add_argument("--runs", type=int, default=3, help="pairings timed; the fastest counts")
    parser.add_argument("--quick", action="store_true", help="a moment's run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(players=60, rounds=3, runs=1)
    bench_pairing(args.players, args.rounds, args.runs)
    bench_standings_image(args.quick)


if __name__ == "__main__":
    main()
