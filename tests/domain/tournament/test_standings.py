"""Standings by points, the Brightwell quotient and discs, worked out by hand from the World
Othello Federation's definition (no published crosstable with its BQ column could be reached,
so the arithmetic is written out here): BQ = the player's discs plus 6 times the sum of their
opponents' points, where a bye or a game against an opponent who withdrew counts 32 plus 6
times the player's own points instead. Discs are official scores: the empties go to the
winner, and a game won off the board counts at least 33-31."""

from __future__ import annotations

import pytest

from bot.domain.tournament import Entrant, Pairing, standings
from bot.domain.tournament.records import bye, forfeit

A, B, C, D, E = 1, 2, 3, 4, 5


def game(
    number: int, black: int, white: int, discs: tuple[int, int], winner: int | None
) -> Pairing:
    return Pairing(number, black, white, *discs, winner=winner, finished=True)


def test_a_swiss_with_a_bye_a_draw_a_loss_on_time_and_a_withdrawal() -> None:
    entrants = [
        Entrant(A, 1900.0),
        Entrant(B, 1800.0),
        Entrant(C, 1700.0),
        Entrant(D, 1600.0),
        Entrant(E, 1500.0, withdrawn_after=2),
    ]
    played = [
        game(1, A, B, (40, 24), A),
        game(1, C, D, (32, 32), None),
        bye(1, E),
        game(2, E, A, (30, 20), A),  # A wins on time, 14 squares empty: 34-30
        game(2, B, C, (20, 30), C),  # nobody can move, 14 empty: they go to C, 44-20
        bye(2, D),
        game(3, A, C, (31, 33), C),
        game(3, B, D, (50, 14), B),
    ]

    table = {row.player_id: row for row in standings(entrants, played)}

    # Points: A 1 + 1 + 0 = 2, B 0 + 0 + 1 = 1, C ½ + 1 + 1 = 2½, D ½ + 1 + 0 = 1½, E 1 + 0 = 1.
    assert {p: row.half_points for p, row in table.items()} == {A: 4, B: 2, C: 5, D: 3, E: 2}
    # Discs: A 40 + 34 + 31, B 24 + 20 + 50, C 32 + 44 + 33, D 32 + 32 (bye) + 14,
    # E 32 (bye) + 30.
    assert {p: row.discs for p, row in table.items()} == {A: 105, B: 94, C: 109, D: 78, E: 62}
    # BQ:
    #   A: (40 + 6*1 for B) + (32 + 6*2 own, E withdrew) + (31 + 6*2½ for C) = 46 + 44 + 46 = 136
    #   B: (24 + 6*2 for A) + (20 + 6*2½ for C) + (50 + 6*1½ for D)        = 36 + 35 + 59 = 130
    #   C: (32 + 6*1½ for D) + (44 + 6*1 for B) + (33 + 6*2 for A)          = 41 + 50 + 45 = 136
    #   D: (32 + 6*2½ for C) + (32 + 6*1½ own, the bye) + (14 + 6*1 for B) = 47 + 41 + 20 = 108
    #   E: (32 + 6*1 own, the bye) + (30 + 6*2 for A)                       = 38 + 42      = 80
    assert {p: row.brightwell for p, row in table.items()} == pytest.approx(
        {A: 136, B: 130, C: 136, D: 108, E: 80}
    )
    ranking = standings(entrants, played)
    assert [(row.rank, row.player_id) for row in ranking] == [
        (1, C),
        (2, A),
        (3, D),
        (4, B),
        (5, E),
    ]
    assert table[E].results == (played[2], played[3], None)
    assert table[D].results == (played[1], played[5], played[7])


def test_equal_points_and_quotient_fall_to_discs() -> None:
    entrants = [Entrant(player, 1500.0) for player in (A, B, C, D)]
    played = [
        game(1, A, B, (40, 24), A),
        game(1, C, D, (46, 18), C),
        game(2, B, D, (33, 31), B),
        game(2, A, C, (32, 32), None),
    ]

    ranking = standings(entrants, played)

    # A and C have 1½ each. A: (40 + 6*1 for B) + (32 + 6*1½ for C) = 46 + 41 = 87;
    # C: (46 + 6*0 for D) + (32 + 6*1½ for A) = 46 + 41 = 87. Discs: A 72, C 78.
    # B: (24 + 6*1½) + (33 + 6*0) = 66; D: (18 + 6*1½) + (31 + 6*1) = 64.
    assert [(r.rank, r.player_id, r.half_points, r.brightwell, r.discs) for r in ranking] == [
        (1, C, 3, 87.0, 78),
        (2, A, 3, 87.0, 72),
        (3, B, 2, 66.0, 57),
        (4, D, 0, 64.0, 49),
    ]


def test_players_equal_on_every_count_share_a_rank_listed_by_starting_number() -> None:
    """Not by player id, which orders nothing (a forgotten member's is a pseudonym): the
    highest seeding rating is number 1."""
    entrants = [Entrant(player, 1500.0 + player) for player in (A, B, C, D)]
    played = [game(1, A, B, (40, 24), A), game(1, C, D, (40, 24), C)]

    ranking = standings(entrants, played)

    assert [(row.rank, row.player_id) for row in ranking] == [(1, C), (1, A), (3, D), (3, B)]


def test_a_withdrawn_players_unplayed_game_is_a_forfeit_win_for_the_opponent() -> None:
    entrants = [Entrant(A, 1500.0), Entrant(B, 1500.0, withdrawn_after=1), Entrant(C, 1500.0)]
    played = [
        game(1, A, C, (36, 28), A),
        bye(1, B),
        forfeit(Pairing(2, B, A), B),
        bye(2, C),
        forfeit(Pairing(3, C, B), B),
        bye(3, A),
    ]

    table = {row.player_id: row for row in standings(entrants, played)}

    # A: three wins, 36 + 32 (forfeit) + 32 (bye) discs; BQ (36 + 6*2 for C)
    #    + (32 + 6*3 own, B withdrew) + (32 + 6*3 own, the bye) = 48 + 50 + 50 = 148.
    # C: two wins, 28 + 32 + 32 discs; BQ (28 + 6*3 for A) + (32 + 6*2 own, B withdrew)
    #    + (32 + 6*2 own, the bye) = 46 + 44 + 44 = 134.
    # B: the bye of round 1 (32 discs) and two forfeits lost (none); BQ (32 + 6*1 own, the bye)
    #    + (0 + 6*3 for A) + (0 + 6*2 for C) = 38 + 18 + 12 = 68.
    assert (table[A].half_points, table[A].discs, table[A].brightwell) == (6, 100, 148.0)
    assert (table[C].half_points, table[C].discs, table[C].brightwell) == (4, 92, 134.0)
    assert (table[B].half_points, table[B].discs, table[B].brightwell) == (2, 32, 68.0)


def test_unfinished_boards_count_nothing_yet() -> None:
    entrants = [Entrant(A, 1500.0), Entrant(B, 1500.0)]
    played = [Pairing(1, A, B)]

    ranking = standings(entrants, played)

    assert [(r.rank, r.half_points, r.brightwell, r.discs) for r in ranking] == [
        (1, 0, 0.0, 0),
        (1, 0, 0.0, 0),
    ]
    assert ranking[0].results == (played[0],)


def test_a_bye_is_credited_once_its_round_is_over() -> None:
    """Round 2 is paired as round 1 ends: D, who lost, has its bye, and stands last until the
    round's games are played."""
    entrants = [Entrant(player, 1500.0) for player in (A, B, C, D, E)]
    first = [game(1, A, B, (40, 24), A), game(1, C, D, (40, 24), C), bye(1, E)]
    paired = [Pairing(2, A, C), Pairing(2, E, B), bye(2, D)]

    before = {row.player_id: row for row in standings(entrants, first + paired)}
    assert {p: row.half_points for p, row in before.items()} == {A: 2, B: 0, C: 2, D: 0, E: 2}
    assert before[D].discs == 24 and before[D].rank == 4
    assert before[D].results[1] == bye(2, D)  # shown, not yet counted

    played = [game(2, A, C, (40, 24), A), game(2, E, B, (40, 24), E), bye(2, D)]
    after = {row.player_id: row for row in standings(entrants, first + played)}
    assert {p: row.half_points for p, row in after.items()} == {A: 4, B: 0, C: 2, D: 2, E: 4}
    assert after[D].discs == 24 + 32
