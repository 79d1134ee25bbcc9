"""Perft of the native core: the published numbers to depth 11, and the Python engine's counts
from the start and from random positions, passes and ends of games included."""

from __future__ import annotations

import random

import pytest

from bot.engine import Game, Position, native, perft
from bot.engine.perft import python_perft

from .native_core import native_core

PUBLISHED = {9: 3_005_288, 10: 24_571_284, 11: 212_258_800}


@pytest.mark.parametrize("depth", sorted(PUBLISHED))
def test_native_perft_matches_the_published_numbers(depth: int) -> None:
    start = Position.initial()
    assert native_core().perft(start.player, start.opponent, depth) == PUBLISHED[depth]


def test_native_and_python_perft_agree_to_depth_9_from_the_start() -> None:
    core = native_core()
    start = Position.initial()
    for depth in range(10):
        expected = python_perft(start.player, start.opponent, depth)
        assert core.perft(start.player, start.opponent, depth) == expected, depth


def test_native_and_python_perft_agree_from_random_positions() -> None:
    """Positions from the opening to the last moves, where passes and ends fall in the tree."""
    core = native_core()
    rng = random.Random(9)
    for index in range(60):
        game = Game()
        for _ in range(index):
            if game.is_over():
                break
            game.play(rng.choice(game.position.legal_moves()))
        position = game.position
        depth = 6 if position.empties <= 16 else 4
        expected = python_perft(position.player, position.opponent, depth)
        assert core.perft(position.player, position.opponent, depth) == expected, position


def test_perft_uses_the_engine_selected(monkeypatch: pytest.MonkeyPatch) -> None:
    """`perft` counts natively where the core runs and in Python where it does not: the same
    numbers either way."""
    monkeypatch.setattr(native, "core", None)
    assert perft(6) == 8_200
    monkeypatch.setattr(native, "core", native_core())
    assert perft(6) == 8_200


def test_native_perft_refuses_boards_and_depths_it_cannot_count() -> None:
    core = native_core()
    with pytest.raises(ValueError):
        core.perft(1, 1, 3)
    with pytest.raises(ValueError):
        core.perft(1, 2, -1)
    with pytest.raises(OverflowError):
        core.perft(1 << 64, 2, 3)
