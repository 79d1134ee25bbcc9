"""Static evaluations, in hundredths of a disc from the side to move's view.

The main evaluation estimates the final disc difference under good play from the position's
patterns (`patterns.py`): one fitted weight per configuration of each pattern family and game
stage, plus the mobility difference, the parity and a constant. The weights are fitted by
`benchmarks/fit_patterns.py` and shipped in `data/weights.bin`.

A finished game scores its exact official result (times `SCALE`), so searches compare
evaluations and exact outcomes on one scale.
"""

from __future__ import annotations

import lzma
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.engine.ai.endgame import final_score
from bot.engine.ai.patterns import FAMILIES, score
from bot.engine.bitboard import legal_moves

SCALE = 100  # evaluation units per disc
MAX_DISCS = 64
"""The widest final disc difference: 64-0."""
# The game stages, as ranges of `STAGE_WIDTH` empty squares; each has its own weights.
STAGE_WIDTH = 4
STAGES = tuple((low, min(low + STAGE_WIDTH - 1, 60)) for low in range(0, 61, STAGE_WIDTH))
WEIGHTS_FILE = Path(__file__).parents[1] / "data" / "weights.bin"

Evaluation = Callable[[int, int], int]
Stage = tuple[tuple["array[int]", ...], tuple[int, int, int]]


def to_discs(evaluation: float) -> float:
    """An evaluation in discs of the final disc difference, within its bounds (±`MAX_DISCS`):
    the patterns' weights add up to more than that in lopsided positions, a game never does."""
    return max(-MAX_DISCS, min(MAX_DISCS, evaluation / SCALE))


class WeightFile:
    """The weights on disk: a header line naming the families and their sizes, then for each
    stage every family's table and the three scalar weights, as little-endian 16-bit integers,
    the whole compressed with LZMA (the tables are mostly zeros: configurations never seen)."""

    MAGIC = b"reversi-bot pattern weights 1"

    @classmethod
    def header(cls) -> bytes:
        families = " ".join(f"{family.size}" for family in FAMILIES)
        return cls.MAGIC + f" stages {len(STAGES)} sizes {families}\n".encode()

    @classmethod
    def write(cls, path: Path, stages: Sequence[Sequence[bytes]]) -> None:
        """Store `stages`: per stage, each family's table then the scalars, as int16 bytes."""
        path.write_bytes(lzma.compress(cls.header() + b"".join(b"".join(s) for s in stages)))

    @classmethod
    def read(cls, path: Path) -> tuple[Stage, ...]:
        data = lzma.decompress(path.read_bytes())
        header = cls.header()
        if not data.startswith(header):
            raise ValueError(f"{path} does not hold weights for these patterns and stages")
        values = array("h")
        values.frombytes(data[len(header) :])
        stages = []
        offset = 0
        for _ in STAGES:
            tables = []
            for family in FAMILIES:
                tables.append(values[offset : offset + family.size])
                offset += family.size
            mobility, parity, constant = values[offset : offset + 3]
            offset += 3
            stages.append((tuple(tables), (mobility, parity, constant)))
        if offset != len(values):
            raise ValueError(f"{path} is longer than its header says")
        return tuple(stages)


def _by_empties(stages: tuple[Stage, ...]) -> tuple[Stage, ...]:
    return tuple(stages[empties // STAGE_WIDTH] for empties in range(61))


STAGE_WEIGHTS = WeightFile.read(WEIGHTS_FILE)
"""Each stage's weights, as the file holds them."""
_WEIGHTS = _by_empties(STAGE_WEIGHTS)


def evaluate(player: int, opponent: int) -> int:
    """The fitted estimate of the final disc difference, or the exact result of a finished game."""
    ours = legal_moves(player, opponent)
    theirs = legal_moves(opponent, player)
    if not ours and not theirs:
        return SCALE * final_score(player, opponent)
    empties = 64 - (player | opponent).bit_count()
    tables, (mobility, parity, constant) = _WEIGHTS[empties]
    return (
        score(player, opponent, *tables)
        + mobility * (ours.bit_count() - theirs.bit_count())
        + (parity if empties & 1 else -parity)
        + constant
    )


def count_discs(player: int, opponent: int) -> int:
    """Disc difference only: the greedy view of a beginner (exact once the game is over)."""
    if not legal_moves(player, opponent) and not legal_moves(opponent, player):
        return SCALE * final_score(player, opponent)
    return SCALE * (player.bit_count() - opponent.bit_count())
