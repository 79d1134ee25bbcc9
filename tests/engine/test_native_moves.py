"""The native core against the Python engine: legal moves and flips on 100,000 random positions,
on arbitrary boards, and on every position of every WTHOR game."""

from __future__ import annotations

import csv
import random
from pathlib import Path

from bot.engine import Game
from bot.engine.bitboard import FULL, flips, legal_moves

from .native_core import native_core

WTHOR = Path(__file__).resolve().parent.parent / "data" / "wthor"


def test_legal_moves_and_flips_agree_on_100000_positions_of_random_games() -> None:
    """Every position of random games until 100,000 are seen: the legal moves, and the flips
    of every empty square (illegal ones flip nothing on both sides)."""
    core = native_core()
    rng = random.Random(28)
    seen = 0
    while seen < 100_000:
        player, opponent = 0x0000_0008_1000_0000, 0x0000_0010_0800_0000
        while True:
            moves = legal_moves(player, opponent)
            assert core.legal_moves(player, opponent) == moves, (player, opponent)
            empties = ~(player | opponent) & FULL
            for square in range(64):
                if empties >> square & 1:
                    expected = flips(player, opponent, square)
                    assert core.flips(player, opponent, square) == expected, (
                        player,
                        opponent,
                        square,
                    )
            seen += 1
            if not moves:
                if not legal_moves(opponent, player):
                    break
                player, opponent = opponent, player
                continue
            square = rng.choice([s for s in range(64) if moves >> s & 1])
            flipped = flips(player, opponent, square)
            player, opponent = opponent ^ flipped, player | flipped | 1 << square


def test_legal_moves_and_flips_agree_on_arbitrary_boards() -> None:
    """Boards no game reaches (discs anywhere, edges and corners full) catch a line that wraps
    around the board's edge, which the two implementations would get wrong differently."""
    core = native_core()
    rng = random.Random(64)
    for _ in range(5_000):
        filled = rng.getrandbits(64) & rng.getrandbits(64) | rng.getrandbits(64)
        player = filled & rng.getrandbits(64)
        opponent = filled & ~player
        assert core.legal_moves(player, opponent) == legal_moves(player, opponent)
        for square in range(64):
            assert core.flips(player, opponent, square) == flips(player, opponent, square)


def test_every_wthor_game_replays_the_same_through_the_native_core() -> None:
    """Each game replayed with the native core's moves and flips alone lands on the Python
    engine's position after every ply, with the same legal moves."""
    core = native_core()
    with (WTHOR / "wthor_sample_games.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    with (WTHOR / "wthor_unfinished_games.csv").open(newline="") as handle:
        rows += list(csv.DictReader(handle))
    positions = 0
    for row in rows:
        game = Game.from_transcript(row["moves"])
        player, opponent = Game().position.player, Game().position.opponent
        for ply in game.plies:
            before = ply.before
            assert (player, opponent) == (before.player, before.opponent), row["game_id"]
            assert core.legal_moves(player, opponent) == legal_moves(player, opponent)
            flipped = core.flips(player, opponent, ply.square)
            assert flipped == ply.flipped, row["game_id"]
            player, opponent = opponent ^ flipped, player | flipped | 1 << ply.square
            if not core.legal_moves(player, opponent) and core.legal_moves(opponent, player):
                player, opponent = opponent, player  # a forced pass
            positions += 1
        final = game.position
        assert (player, opponent) == (final.player, final.opponent), row["game_id"]
        assert core.legal_moves(player, opponent) == legal_moves(player, opponent)
    assert positions > 200_000
