"""Starting numbers: by seeding rating, highest first, equal ratings in entry order; the same
whatever the results and after a withdrawal."""

from __future__ import annotations

from dataclasses import replace

from bot.domain.tournament import Entrant
from bot.domain.tournament.records import starting_numbers


def test_numbers_go_by_rating_then_entry_order() -> None:
    entrants = [
        Entrant(50, 1500.0),
        Entrant(10, 1800.0),
        Entrant(40, 1500.0),
        Entrant(30, 2100.0),
        Entrant(20, 1500.0),
    ]

    assert starting_numbers(entrants) == {30: 1, 10: 2, 50: 3, 40: 4, 20: 5}


def test_a_withdrawal_changes_no_number() -> None:
    entrants = [Entrant(1, 1600.0), Entrant(2, 1700.0), Entrant(3, 1650.0)]
    before = starting_numbers(entrants)

    entrants[2] = replace(entrants[2], withdrawn_after=2)

    assert starting_numbers(entrants) == before == {2: 1, 3: 2, 1: 3}
