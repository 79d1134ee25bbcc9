"""NTest (C++, github.com/weltyc/ntest), driven over its NBoard protocol (`ntest x`): the
strongest engine the benchmarks measure against, in games (`rivals.py`) and as the reference
for reviews (`review_quality.py`). It is not a dependency of the project: build it from its
source with its own `build.sh` (its fitted pattern coefficients ship in the repository) and
point `$NTEST` at the executable, which reads its coefficients beside itself:

    git clone https://github.com/weltyc/ntest /tmp/ntest && (cd /tmp/ntest && bash build.sh)
    export NTEST=/tmp/ntest/build/ntest

The command is `$NTEST`, else `ntest` on the PATH. The position is set whole before each
request, as a GGF game with no moves; no book file is given, so every move is searched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from bot.engine import Color, Position

SEARCH_PARAMETERS = {"standard": "s", "fixed": "f"}
"""NTest's search parameters by name (its command line's second argument, depth given by `set
depth`). `standard` (NTest's own): a midgame search of `depth` plies with multi-ProbCut, and
an exact solve of the last empties, from 22 empties at depth 22 (20 at depth 18), with
win/loss-only solves (no disc value) some empties before that. `fixed`: `depth` plies with
multi-ProbCut everywhere; from `depth + 8` empties that reaches the end (the last 8 empties
solved exactly), a solve that is near-certain but not proven."""


def command() -> str:
    return os.environ.get("NTEST") or shutil.which("ntest") or "ntest"


def square(move: str) -> int:
    """Our index of NTest's square name (`F5`): row by row from the top, column a first."""
    return 8 * (int(move[1]) - 1) + "ABCDEFGH".index(move[0].upper())


class NTest:
    """One NTest process at a fixed `depth`, with `parameters` (`SEARCH_PARAMETERS`)."""

    def __init__(self, depth: int, parameters: str = "standard") -> None:
        executable = command()
        self.process = subprocess.Popen(
            [executable, "x", SEARCH_PARAMETERS[parameters]],
            cwd=Path(executable).resolve().parent,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.pings = 0
        self.send("nboard 2")
        self.send(f"set depth {depth}")
        self.wait()

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("ntest stopped")
        return line

    def wait(self) -> list[str]:
        """The lines NTest writes until it has done all it was asked so far."""
        self.pings += 1
        self.send(f"ping {self.pings}")
        lines = []
        while (line := self.line().strip()) != f"pong {self.pings}":
            lines.append(line)
        return lines

    def set_position(self, position: Position) -> None:
        board = "".join(
            "*" if position.black >> i & 1 else "O" if position.white >> i & 1 else "-"
            for i in range(64)
        )
        turn = "*" if position.turn is Color.BLACK else "O"
        self.send(f"set game (;GM[Othello]PC[x]PB[b]PW[w]RE[?]TI[0]TY[8]BO[8 {board} {turn}];)")

    def choose(self, position: Position) -> int:
        """NTest's move for the side to move, which has a legal move."""
        self.set_position(position)
        self.send("go")
        while not (line := self.line()).startswith("=== "):
            pass
        return square(line[4:].split("/")[0].strip())

    def best(self, position: Position) -> tuple[int, float, bool]:
        """NTest's best move for the side to move (which has a legal move), its value in discs
        of the final difference from the side to move's view, and whether that is a proven
        solve, by its `hint`. A win/loss-only solve is no value: its lines are skipped, and the
        last search before it counts."""
        self.set_position(position)
        self.send("hint 1")
        while self.line().strip() != "status Analyzing":
            pass
        found: list[tuple[int, float, int, bool]] = []
        while (line := self.line().strip()) != "status":  # no ping now: input aborts a search
            # search <move> <value> 0 <depth, or `NN%` for a solve sure at NN%, `W` if win/loss>
            fields = line.split()
            if fields and fields[0] == "search" and not line.endswith("W"):
                solve = fields[4].endswith("%")
                rank = 100 + int(fields[4][:-1]) if solve else int(fields[4])
                found.append((square(fields[1]), float(fields[2]), rank, fields[4] == "100%"))
        deepest = max(rank for _, _, rank, _ in found)
        move, value, _, proven = max(
            (entry for entry in found if entry[2] == deepest), key=lambda entry: entry[1]
        )
        return move, value, proven

    def cpu(self) -> float:
        """The CPU seconds NTest has used so far (Linux: from /proc)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        self.send("quit")
        self.process.wait()
