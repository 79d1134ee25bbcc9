"""The pattern evaluation: fast indices against their definition, symmetry, the weight file."""

from __future__ import annotations

import csv
import json
import lzma
import random
from array import array
from pathlib import Path

import pytest

from bot.engine import Game, Position
from bot.engine.ai.endgame import final_score
from bot.engine.ai.evaluation import (
    SCALE,
    STAGES,
    WEIGHTS_FILE,
    WeightFile,
    count_discs,
    evaluate,
)
from bot.engine.ai.patterns import FAMILIES, INSTANCES, SYMMETRIES, indices, slow_indices
from tests.engine.test_ai_play import _sample

POSITIONS = _sample(300, seed=11)
DATA = Path(__file__).resolve().parent.parent / "data"
FFO_ERROR = 8.0  # discs, mean absolute error on the 79 FFO positions (counting discs: 17.6)


def _turned(board: int, symmetry: tuple[int, ...]) -> int:
    return sum(1 << symmetry[s] for s in range(64) if board >> s & 1)


def test_families_are_laid_in_every_distinct_place() -> None:
    # 4 edges, 4 corners (3x3), 8 corner blocks (2x5), 4 of each row, 2 long diagonals, 4 others
    counts = [sum(1 for family, _ in INSTANCES if family == n) for n in range(len(FAMILIES))]
    assert counts == [4, 4, 8, 4, 4, 4, 2, 4, 4, 4, 4]
    assert len({frozenset(squares) for _, squares in INSTANCES}) == len(INSTANCES)


def test_fast_indices_match_the_definition_square_by_square() -> None:
    rng = random.Random(5)
    boards = [(p.player, p.opponent) for p in POSITIONS]
    for _ in range(500):  # random boards reach every configuration of every square
        player = rng.getrandbits(64)
        boards.append((player, rng.getrandbits(64) & ~player))
    boards += [(0, 0), ((1 << 64) - 1, 0), (0, (1 << 64) - 1)]
    for player, opponent in boards:
        assert indices(player, opponent) == slow_indices(player, opponent)


def test_a_position_and_its_turned_and_mirrored_twins_evaluate_the_same() -> None:
    for position in POSITIONS:
        player, opponent = position.player, position.opponent
        expected = evaluate(player, opponent)
        for symmetry in SYMMETRIES:
            assert evaluate(_turned(player, symmetry), _turned(opponent, symmetry)) == expected


def test_a_finished_game_scores_its_exact_result() -> None:
    # tournament games that ended with empty squares: nobody could move
    with (DATA / "wthor" / "wthor_sample_games.csv").open(newline="") as handle:
        rows = [r for r in csv.DictReader(handle) if r["category"] == "ends_with_empties"]
    assert rows
    for row in rows[:20]:
        position = Game.from_transcript(row["moves"]).position
        assert position.is_game_over()
        player, opponent = position.player, position.opponent
        assert evaluate(player, opponent) == SCALE * final_score(player, opponent)


def test_the_evaluation_predicts_exact_endgame_scores() -> None:
    # the FFO positions (20-38 empties) with their perfect-play scores, which nobody here
    # computed: the fitted evaluation must come much closer than counting discs does
    with (DATA / "ffo" / "ffo_endgame_1_79.jsonl").open() as handle:
        entries = [json.loads(line) for line in handle]
    fitted = discs = right = 0
    for entry in entries:
        position = Position.from_string(f"{entry['board']} {entry['to_move']}")
        exact = entry["best_score"]
        estimate = evaluate(position.player, position.opponent) / SCALE
        fitted += abs(estimate - exact)
        discs += abs(count_discs(position.player, position.opponent) / SCALE - exact)
        right += (estimate > 0) == (exact > 0)
    assert fitted / len(entries) < FFO_ERROR
    assert fitted < discs / 2
    assert right >= 0.75 * len(entries)


def test_the_weight_file_holds_every_stage_and_family() -> None:
    stages = WeightFile.read(WEIGHTS_FILE)
    assert len(stages) == len(STAGES)
    for tables, scalars in stages:
        assert [len(table) for table in tables] == [family.size for family in FAMILIES]
        assert len(scalars) == 3
    assert stages[-1][0] != stages[len(stages) // 2][0]  # the stages differ


def test_a_weight_file_for_other_patterns_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "weights.bin"
    path.write_bytes(lzma.compress(b"reversi-bot pattern weights 1 stages 2 sizes 9\n" + bytes(4)))
    with pytest.raises(ValueError, match="does not hold weights"):
        WeightFile.read(path)
    header = WeightFile.header()
    path.write_bytes(lzma.compress(header + bytes(2 * sum(f.size + 3 for f in FAMILIES) * 99)))
    with pytest.raises(ValueError, match="longer"):
        WeightFile.read(path)


def test_written_weights_read_back(tmp_path: Path) -> None:
    rng = random.Random(3)
    stages = [
        [rng.randbytes(2 * family.size) for family in FAMILIES] + [rng.randbytes(6)] for _ in STAGES
    ]
    path = tmp_path / "weights.bin"
    WeightFile.write(path, stages)
    read = WeightFile.read(path)
    for written, (tables, scalars) in zip(stages, read, strict=True):
        assert [t.tobytes() for t in tables] == written[:-1]
        assert array("h", scalars).tobytes() == written[-1]
