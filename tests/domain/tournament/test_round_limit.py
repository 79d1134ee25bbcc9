"""How many rounds a Swiss lasts: never more than its field can always pair without a repeat,
and within that limit, however the results fall, nobody meets anyone twice or gets a second
bye; one round more can get stuck."""

from __future__ import annotations

import random

import pytest

from bot.domain.tournament import (
    Entrant,
    Format,
    Pairing,
    pair_swiss,
    rounds_in,
    swiss_round_limit,
)


def play(players: int, rounds: int, seed: int) -> list[Pairing]:
    """A Swiss of `players` over `rounds`, each game's result drawn at random."""
    rng = random.Random(seed)
    entrants = [Entrant(i, 1500.0 + rng.choice((0, 0, 50, 100))) for i in range(1, players + 1)]
    played: list[Pairing] = []
    for number in range(1, rounds + 1):
        for board in pair_swiss(entrants, played, number, seed):
            if board.white is None:
                played.append(board)
                continue
            winner = rng.choice((board.black, board.white, None))
            played.append(Pairing(number, board.black, board.white, 33, 31, winner, True))
    return played


def repeats(played: list[Pairing]) -> int:
    """Pairs met again and second byes."""
    met = [frozenset(board.players()) for board in played if board.white is not None]
    byes = [board.black for board in played if board.white is None]
    return len(met) - len(set(met)) + len(byes) - len(set(byes))


def test_the_limit_for_each_field() -> None:
    assert [swiss_round_limit(n) for n in range(2, 11)] == [1, 3, 3, 3, 3, 4, 4, 5, 5]
    assert swiss_round_limit(64) == 32
    assert rounds_in(Format.SWISS, 2, swiss_rounds=5) == 1
    assert rounds_in(Format.SWISS, 3, swiss_rounds=5) == 3
    assert rounds_in(Format.SWISS, 9, swiss_rounds=4) == 4
    assert rounds_in(Format.SWISS, 64, swiss_rounds=7) == 7


@pytest.mark.parametrize("players", range(2, 15))
def test_within_the_limit_nobody_meets_twice_nor_sits_out_twice(players: int) -> None:
    limit = swiss_round_limit(players)
    for seed in range(60):
        assert repeats(play(players, limit, seed)) == 0, (players, seed)


def test_one_round_beyond_the_limit_can_get_stuck() -> None:
    """Six players over four rounds: some draws leave no round four without a repeat, which is
    why the limit is three."""
    stuck = [seed for seed in range(300) if repeats(play(6, 4, seed))]
    assert stuck
