"""Tournament figures: the time to draw the standings image of 200 players.

Run: `.venv/bin/python benchmarks/tournament.py [--quick]`. `--quick` draws a few times, for the
tests.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rendering.gallery import PLAYERS, sample_standings
from rendering.standings import render_standings

STANDINGS_PLAYERS = 200
STANDINGS_ROUNDS = 13  # the World Othello Championship's Swiss


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
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    bench_standings_image(args.quick)


if __name__ == "__main__":
    main()
