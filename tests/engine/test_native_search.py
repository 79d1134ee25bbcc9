"""The native evaluation and midgame search against the Python ones: the same value for every
position, the same values, moves and node counts for every search."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest

from bot.engine import Position, native
from bot.engine.ai.analysis import NodeBudget, ReviewBudget, analyse_position
from bot.engine.ai.evaluation import count_discs, evaluate
from bot.engine.ai.native_search import NativeNegamax, new_search
from bot.engine.ai.search import INFINITY, Negamax, iterate
from bot.engine.ai.timing import Deadline, SearchTimeout
from bot.engine.bitboard import flips, legal_moves
from bot.engine.notation import parse_square
from tests.engine.test_ai_play import _sample

from .native_core import native_core

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(autouse=True)
def _native_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The native core runs, whatever `REVERSI_ENGINE` says (where it is built)."""
    monkeypatch.setattr(native, "core", native_core())


def _wthor_positions() -> list[tuple[int, int]]:
    """Every position of every WTHOR game of the sample, the side to move's discs first."""
    positions = []
    with (DATA / "wthor" / "wthor_sample_games.csv").open(newline="") as handle:
        for row in csv.DictReader(handle):
            player, opponent = 0x0000_0008_1000_0000, 0x0000_0010_0800_0000  # e4 d5, d4 e5
            moves = row["moves"]
            for index in range(0, len(moves), 2):
                positions.append((player, opponent))
                if not legal_moves(player, opponent):
                    player, opponent = opponent, player
                square = parse_square(moves[index : index + 2])
                flipped = flips(player, opponent, square)
                assert flipped, row["game_id"]
                player, opponent = opponent ^ flipped, player | flipped | (1 << square)
            positions.append((player, opponent))
    return positions


def _midgame_sample(count: int, seed: int) -> list[Position]:
    """Positions with moves to choose from, 12 to 50 empty squares."""
    return [
        position
        for position in _sample(4 * count, seed)
        if 12 <= position.empties <= 50 and len(position.legal_moves()) > 1
    ][:count]


def test_the_evaluation_is_the_python_one_on_every_wthor_position() -> None:
    positions = _wthor_positions()
    assert len(positions) > 200_000
    core = native_core()
    for player, opponent in positions:
        assert core.evaluate(player, opponent) == evaluate(player, opponent)


def test_the_evaluation_is_the_python_one_on_random_boards() -> None:
    # random discs reach configurations that no game does, finished games among them
    rng = random.Random(7)
    boards = [(p.player, p.opponent) for p in _sample(2000, seed=3)]
    for _ in range(20_000):
        player = rng.getrandbits(64) & rng.getrandbits(64)
        boards.append((player, rng.getrandbits(64) & ~player))
    boards += [(0, 0), ((1 << 64) - 1, 0), (0, (1 << 64) - 1), (0x0F, 0xF0)]
    core = native_core()
    for player, opponent in boards:
        assert core.evaluate(player, opponent) == evaluate(player, opponent)


@pytest.mark.parametrize("probcut", [False, True], ids=["full-width", "probcut"])
@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5, 7])
def test_fixed_depth_searches_agree_on_move_value_and_nodes(depth: int, probcut: bool) -> None:
    for position in _midgame_sample(30 if depth < 7 else 10, seed=depth):
        python = Negamax(Deadline(None), probcut=probcut)
        in_c = NativeNegamax(Deadline(None), probcut=probcut)
        expected = iterate(python, position.player, position.opponent, max_depth=depth)
        assert iterate(in_c, position.player, position.opponent, max_depth=depth) == expected
        assert in_c.nodes == python.nodes


@pytest.mark.parametrize("probcut", [False, True], ids=["full-width", "probcut"])
def test_windowed_values_agree_with_passes_and_finished_games_in_the_tree(probcut: bool) -> None:
    positions = [p for p in _sample(400, seed=9) if not p.is_game_over()]
    assert any(p.must_pass() for p in positions)
    rng = random.Random(1)
    for position in positions:
        depth = rng.randint(0, 5 if probcut else 3)
        alpha = rng.randint(-3000, 2000)
        window = (alpha, alpha + 1) if rng.random() < 0.5 else (-INFINITY, INFINITY)
        python = Negamax(Deadline(None), probcut=probcut)
        in_c = NativeNegamax(Deadline(None), probcut=probcut)
        expected = python.value(position.player, position.opponent, depth, *window)
        assert in_c.value(position.player, position.opponent, depth, *window) == expected
        assert in_c.nodes == python.nodes


@pytest.mark.parametrize("probcut", [False, True], ids=["full-width", "probcut"])
def test_a_node_budget_stops_both_at_the_same_node(probcut: bool) -> None:
    for position in _midgame_sample(12, seed=5):
        python = Negamax(NodeBudget(2_000), probcut=probcut)
        in_c = NativeNegamax(NodeBudget(2_000), probcut=probcut)
        expected = iterate(python, position.player, position.opponent, max_depth=60)
        assert iterate(in_c, position.player, position.opponent, max_depth=60) == expected
        assert (in_c.nodes, in_c.deadline.left) == (python.nodes, python.deadline.left)


def test_reviews_are_the_same_with_either_search(monkeypatch: pytest.MonkeyPatch) -> None:
    budget = ReviewBudget(nodes=1_500)
    rng = random.Random(6)
    reviewed = [(p.to_string(), rng.choice(p.legal_moves())) for p in _midgame_sample(8, seed=6)]
    in_c = [analyse_position(position, played, budget) for position, played in reviewed]
    monkeypatch.setattr(native, "core", None)
    in_python = [analyse_position(position, played, budget) for position, played in reviewed]
    assert in_c == in_python


def test_a_search_out_of_time_stops_at_its_first_interior_node_as_in_python() -> None:
    position = _midgame_sample(1, seed=8)[0]
    with pytest.raises(SearchTimeout):
        NativeNegamax(Deadline(0.0)).value(position.player, position.opponent, 6, -1, 1)
    # depth 1 evaluates the root's children without a check; depth 2 stops at once
    python, in_c = Negamax(Deadline(0.0)), NativeNegamax(Deadline(0.0))
    expected = iterate(python, position.player, position.opponent, max_depth=60)
    assert expected.depth == 1
    assert iterate(in_c, position.player, position.opponent, max_depth=60) == expected
    assert in_c.nodes == python.nodes


def test_the_levels_that_count_discs_keep_the_python_search() -> None:
    assert type(new_search(Deadline(None), count_discs)) is Negamax
    assert type(new_search(Deadline(None))) is NativeNegamax
    assert new_search(Deadline(None), count_discs, probcut=True).probcut
    assert new_search(Deadline(None), probcut=True).probcut


def test_a_probcut_table_that_is_not_one_per_depth_or_not_shallower_is_refused() -> None:
    core = native_core()
    with pytest.raises(ValueError, match="one per depth 0-60"):
        core.configure_probcut([100] * 62, list(range(62)))
    with pytest.raises(ValueError, match="shallower than its depth"):
        core.configure_probcut([100] * 61, list(range(61)))
