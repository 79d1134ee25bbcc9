"""Round-robin schedules by the Berger tables (FIDE Handbook C.05, annex 1), the standard tables
chess and Othello federations publish."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.domain.tournament.records import Entrant, Pairing, bye


def round_robin(
    entrants: Sequence[Entrant], double: bool, seed: int
) -> tuple[tuple[Pairing, ...], ...]:
    """Every round of the schedule: each pair meets once (twice in a double, the second cycle
    with colours swapped), Berger numbers drawn by lot from `seed`. An odd count gets a bye
    slot, the table's last number; the bye is a win as in a Swiss (`records.bye`), and as
    everyone has one a cycle it moves nobody up or down. Black moves first, so black takes the
    table's white.

    Everyone is scheduled, withdrawn or not: the schedule is drawn once and is the same when
    drawn again, and a withdrawn player's unplayed games become forfeits where they fall."""
    players: list[int | None] = [*sorted(entrant.player_id for entrant in entrants)]
    random.Random(seed).shuffle(players)
    if len(players) % 2:
        players.append(None)
    cycle = [berger_round(len(players), r) for r in range(1, len(players))]
    schedule: list[tuple[Pairing, ...]] = []
    for swapped in (False, True) if double else (False,):
        for boards in cycle:
            number = len(schedule) + 1
            games, byes = [], []
            for first, second in boards:
                pair = [players[first - 1], players[second - 1]][:: -1 if swapped else 1]
                present = [player for player in pair if player is not None]
                if len(present) == 1:
                    byes.append(bye(number, present[0]))
                else:
                    black, white = present
                    games.append(Pairing(number, black, white))
            schedule.append((*games, *byes))
    return tuple(schedule)


def berger_round(count: int, round_number: int) -> list[tuple[int, int]]:
    """Round `round_number` (1-based) of the Berger table for an even `count` of players
    numbered from 1: its boards in the table's order, each as (first to move, second).

    The last number stays put and the others turn around it: in round r the player p with
    2p = r + 1 (mod count - 1) meets the last number (moving first in even rounds), and p + k
    meets p - k; of two numbers an odd distance apart the lower moves first, an even distance
    apart the higher."""
    cycle = count - 1

    def number(value: int) -> int:
        return (value - 1) % cycle + 1

    pivot = next(p for p in range(1, count) if (2 * p - round_number - 1) % cycle == 0)
    boards = [(count, pivot) if round_number % 2 == 0 else (pivot, count)]
    for k in range(1, count // 2):
        low, high = sorted((number(pivot + k), number(pivot - k)))
        boards.append((low, high) if (high - low) % 2 else (high, low))
    return boards
