"""Round-robin schedules: the Berger tables as FIDE prints them, every pair meeting once (twice
in a double, colours swapped), colours balanced, a bye a round for an odd count."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from bot.domain.tournament import Entrant, Format, round_robin, rounds_in
from bot.domain.tournament.round_robin import berger_round


def test_the_tables_are_the_berger_tables_for_six() -> None:
    # FIDE Handbook C.05, annex 1, the table for 5 or 6 players (first named moves first).
    assert [berger_round(6, number) for number in range(1, 6)] == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


@given(size=st.integers(1, 16), double=st.booleans(), seed=st.integers(0, 2**32))
def test_every_pair_meets_once_a_cycle_with_colours_balanced(
    size: int, double: bool, seed: int
) -> None:
    entrants = [Entrant(100 + index, 1500.0) for index in range(size)]

    schedule = round_robin(entrants, double, seed)

    fmt = Format.DOUBLE_ROUND_ROBIN if double else Format.ROUND_ROBIN
    assert len(schedule) == rounds_in(fmt, size, swiss_rounds=0)
    assert schedule == round_robin(list(reversed(entrants)), double, seed)
    games = Counter()
    blacks: Counter[int] = Counter()
    whites: Counter[int] = Counter()
    byes: Counter[int] = Counter()
    for number, boards in enumerate(schedule, start=1):
        seated = [player for board in boards for player in board.players()]
        assert sorted(seated) == sorted(e.player_id for e in entrants)
        for board in boards:
            assert board.round == number
            if board.white is None:
                byes[board.black] += 1
                assert board.finished and board.winner == board.black
                continue
            assert not board.finished
            games[board.black, board.white] += 1
            blacks[board.black] += 1
            whites[board.white] += 1
        assert sum(board.white is None for board in boards) == size % 2
    cycles = 2 if double else 1
    players = [e.player_id for e in entrants]
    for first in players:
        assert byes[first] == cycles * (size % 2)
        for second in players:
            if first < second:
                met = games[first, second] + games[second, first]
                assert met == cycles
                if double:
                    assert games[first, second] == games[second, first] == 1
        assert abs(blacks[first] - whites[first]) <= (0 if double else 1)


def test_a_double_round_robin_plays_the_second_cycle_with_colours_swapped() -> None:
    entrants = [Entrant(player, 1500.0) for player in range(1, 6)]

    schedule = round_robin(entrants, double=True, seed=3)

    half = len(schedule) // 2
    for first, second in zip(schedule[:half], schedule[half:], strict=True):
        assert [(b.white, b.black) for b in first if b.white] == [
            (b.black, b.white) for b in second if b.white
        ]


def test_the_draw_of_numbers_depends_on_the_seed() -> None:
    entrants = [Entrant(player, 1500.0) for player in range(1, 9)]

    assert len({round_robin(entrants, False, seed) for seed in range(6)}) > 1


def test_rounds_in_each_format() -> None:
    assert rounds_in(Format.SWISS, 9, swiss_rounds=4) == 4
    assert rounds_in(Format.ROUND_ROBIN, 6, swiss_rounds=0) == 5
    assert rounds_in(Format.ROUND_ROBIN, 5, swiss_rounds=0) == 5
    assert rounds_in(Format.DOUBLE_ROUND_ROBIN, 6, swiss_rounds=0) == 10
