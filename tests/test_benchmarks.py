"""Every script in benchmarks/ (those `make bench` runs, and those that build the engine's data)
run with `--quick`, as a process of its own: each exits 0 and prints its figures, on both storage
backends where it has both, so that none breaks unseen. The figures are looked for, never judged:
these are not timed tests."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[1]
BENCHMARKS = CHECKOUT / "benchmarks"
SHARED = {"wthor.py", "elo.py", "ntest.py"}
"""Modules the scripts share; not run themselves."""
TIMEOUT = 90.0
"""Seconds before a quick run counts as hung: many times what any of them takes."""

NUMBER = r"[\d.,]+"
FIGURES = {
    "ai.py": [
        rf"plies from the book: mean {NUMBER}",
        rf"mean depth {NUMBER}, {NUMBER} nodes/s",
        r"#1  14 empties  \+18 g8     ok",
        rf"level 5 scored {NUMBER}/1 = \d+%",
    ],
    "engine.py": [r"engine +perft\(5\) +1,396 ", rf"ratio: perft leaves/s {NUMBER}x"],
    "native.py": [
        r"native +perft\( 5\) +1,396 leaves",
        rf"ratio: perft leaves/s {NUMBER}x",
        r"#1  14 empties  \+18 g8     ok  native",
        rf"total: native {NUMBER} s, python {NUMBER} s \(measured\); {NUMBER}x, 0 wrong",
    ],
    "ladder.py": [rf"level 2 against level 1, 1 games: \+\d+ =\d+ -\d+, {NUMBER}%, Elo"],
    "leaderboard.py": [
        rf"on\n{backend}:.*:\n  first page +p50 +{NUMBER} ms.*\n.*\n  Next from page 2 on +p50"
        for backend in ("sqlite", "postgresql")
    ],
    "render.py": [
        rf"speed-up \(median of p50 ratios\): {NUMBER}x",
        rf"without and with clocks \(alternately\): p50 {NUMBER} and {NUMBER} ms",
        rf"replay of 60 moves \(61 frames, GIF\): p50 {NUMBER} ms",
        rf"replay at 576px: p50 {NUMBER} ms",
    ],
    "review.py": [
        rf"mean {NUMBER} s, slowest {NUMBER} s",
        rf"idle: +\d+ moves +p50 +{NUMBER} ms",
        rf"during a review: +\d+ moves +p50 +{NUMBER} ms",
        rf"the review itself: +{NUMBER} s",
        rf"a hint \(1 s search\): idle {NUMBER} s, during the review {NUMBER} s",
    ],
    "native_search.py": [
        rf"python +{NUMBER} nodes/s  mean depth {NUMBER}",
        rf"native/python: {NUMBER}x the nodes/s",
        rf"3 \(depth 4, 1500 ms\) +python +{NUMBER} ms +{NUMBER} +{NUMBER}  {NUMBER}\n",
    ],
    "review_quality.py": [
        r"Reference \(exact-10/depth-4\): 46 of 46 positions",
        r"precision, moves 1-20 +\S+",
        r"recall, moves 41-46 +\S+",
        rf"value error \(discs\) +{NUMBER} +{NUMBER}",
        rf"exact from move \(mean\) +{NUMBER} \({NUMBER} empties\)",
        rf"CPU/game \(mean / slowest\) +{NUMBER} / {NUMBER} s +{NUMBER} / {NUMBER} s",
    ],
    "fit_probcut.py": [
        rf"depth  5 from  3: mean [+-]{NUMBER}  sd {NUMBER}  margin \d+",
        r"MARGINS = \(\d+, \d+, \d+\)",
    ],
    "rivals.py": [r"reversi-bot:1 +2 games +\+\d+ =\d+ -\d+"],
    "metrics_cost.py": [
        r"2 games on the board, one bot process on sqlite",
        rf"round 1: CPU per move {NUMBER} ms without scrapes, {NUMBER} ms with a scrape a second",
        rf"mean: {NUMBER} ms without, {NUMBER} ms with \([+-]{NUMBER}%; the rounds without "
        rf"scrapes differ by up to {NUMBER}%\)",
        rf"one scrape: {NUMBER} ms of the bot's CPU \({NUMBER} ms\), {NUMBER} bytes",
        rf"a scrape a second at 10 moves/s: {NUMBER} ms a move, {NUMBER}% of a move's CPU",
    ],
    "roundtrip.py": [
        r"2 games on the board, 2 bot process\(es\) on postgresql",
        rf"open 10/s +\d+ moves +{NUMBER} moves/s",
        rf"closed loop +\d+ moves +{NUMBER} moves/s",
    ],
    "storage.py": [
        rf"{backend}:.*:\n  committed moves/s, one game at a time: +{NUMBER}\n(.*\n){{7}}"
        rf"    rank lookup, bottom player +{NUMBER} ms"
        for backend in ("sqlite", "postgresql")
    ],
    "web_pages.py": [
        rf"tournament page \(16 players, .*\), 200 viewers at once, 200 answers: "
        rf"p50 {NUMBER} ms, p99 {NUMBER} ms"
    ],
    "tournament.py": [
        rf"Swiss of 60 players, round 3 \(30 boards, 0 repeats, .*\): paired in {NUMBER} s",
        rf"standings image of 200 players, 13 rounds: p50 {NUMBER} ms, p95 {NUMBER} ms",
    ],
    "backup.py": [
        rf"Backed up \S+reversi\.sqlite3 to \S+backup\.sqlite3: {NUMBER} MB in {NUMBER} s; "
        r"integrity check ok\.",
        rf"idle: +\d+ moves +p50 +{NUMBER} ms +p99 +{NUMBER} ms",
        rf"during the backup: +\d+ moves +p50 +{NUMBER} ms +p99 +{NUMBER} ms",
        rf"after it: +\d+ moves +p50 +{NUMBER} ms +p99 +{NUMBER} ms",
        rf"Checks of the copy: integrity_check {NUMBER} s, quick_check {NUMBER} s",
    ],
    "build_book.py": [rf"all +{NUMBER}"],
    "build_puzzles.py": [
        rf"tournament games, proven: {NUMBER} positions, {NUMBER} puzzles, {NUMBER} CPU-s, "
        rf"{NUMBER} puzzles a CPU-minute",
        r"ratings: min \d+, median \d+, max \d+",
    ],
    "puzzles.py": [
        rf"proved 50 puzzles in {NUMBER} CPU-s \({NUMBER} a CPU-minute\)",
        rf"verified \d puzzles in {NUMBER} CPU-s \({NUMBER} a CPU-minute\)",
        r"(?m)^0 wrong$",
        rf"bank on disk: {NUMBER} MB",
    ],
    "fit_patterns.py": [r"300 games: [\d,]+ positions to fit", rf"60-60 .* {NUMBER}  \("],
    "web.py": [
        rf"a game page, 4 readers at once: \d+ reads, {NUMBER}/s, p50 {NUMBER} ms, "
        rf"p99 {NUMBER} ms; answers {{'200': \d+}}",
        rf"the bot's move round trip, nobody watching: p50 {NUMBER} ms, p99 {NUMBER} ms; "
        rf"CPU of the pages' process {NUMBER} ms a move",
        rf"the bot's move round trip, 4 watching: p50 {NUMBER} ms, p99 {NUMBER} ms; "
        rf"CPU of the pages' process {NUMBER} ms a move",
        rf"4 viewers of one game live, 3 moves: from the commit to the last viewer's update "
        rf"p50 {NUMBER} ms, p99 {NUMBER} ms; updates missed 0; CPU of the viewers' processes "
        rf"{NUMBER} ms a move",
    ],
    "puzzle_play.py": [
        rf"{backend}:.*:\n  seeding the bank \({NUMBER} puzzles\) into an empty database: "
        rf"{NUMBER} ms\n(.*\n){{2}}  pick for a light solver +p50 +{NUMBER} ms +p99 +{NUMBER} ms"
        rf"(.*\n){{4}}  CPU a right answer +mean +{NUMBER} ms\n"
        rf"  CPU a wrong answer \(refuted\) +mean +{NUMBER} ms.*\n"
        rf"  CPU a game move +mean +{NUMBER} ms"
        for backend in ("sqlite", "postgresql")
    ],
}
NEEDS = {
    "fit_patterns.py": ("numpy", "scipy"),
    "native.py": ("bot.engine.native._core",),
    "native_search.py": ("bot.engine.native._core",),
    "fit_probcut.py": ("bot.engine.native._core",),
    "review_quality.py": ("bot.engine.native._core",),
}
"""What a script needs beyond the dev extra (`pip install -e '.[fit]'`, a C compiler)."""


def test_every_script_has_a_quick_run_here() -> None:
    scripts = {path.name for path in BENCHMARKS.glob("*.py")} - SHARED
    assert scripts == set(FIGURES)


@pytest.mark.parametrize("script", sorted(FIGURES))
def test_a_quick_run_prints_the_figures(script: str) -> None:
    for module in NEEDS.get(script, ()):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{script} needs {module}")
    output = quick_run(script)
    for figure in FIGURES[script]:
        assert re.search(figure, output), f"{figure!r} not in:\n{output}"


def test_another_revision_plays_on_its_own_native_core() -> None:
    """`ai.py --against REVISION` plays that revision from a checkout of its own, where its
    native core is built, so that a revision plays as it would in the bot."""
    if importlib.util.find_spec("bot.engine.native._core") is None:
        pytest.skip("needs the native core")
    from benchmarks.ai import revision_checkout

    describe = "from bot.engine import native; print(native.description)"
    with revision_checkout(CHECKOUT, "HEAD") as checkout:
        described = subprocess.run(
            [sys.executable, "-c", describe],
            cwd=checkout,
            capture_output=True,
            text=True,
            check=True,
        )
    assert described.stdout.strip() == "the native engine core"


def quick_run(script: str) -> str:
    """What `script --quick` printed, checked to have ended well. It runs this checkout's code
    (the bots it starts too), in a process group of its own, gone afterwards."""
    path = os.pathsep.join(filter(None, [str(CHECKOUT), os.environ.get("PYTHONPATH")]))
    process = subprocess.Popen(
        [sys.executable, str(BENCHMARKS / script), "--quick"],
        cwd=CHECKOUT,
        env={**os.environ, "PYTHONPATH": path},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        try:
            stdout, stderr = process.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            kill_group(process)
            stdout, stderr = process.communicate()
            pytest.fail(f"{script} --quick ran over {TIMEOUT:g} s:\n{stdout}\n{stderr[-3000:]}")
    finally:
        kill_group(process)  # anything it left running
    assert process.returncode == 0, f"{script} --quick failed:\n{stdout}\n{stderr[-3000:]}"
    return stdout


def kill_group(process: subprocess.Popen[str]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
