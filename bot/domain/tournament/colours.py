"""Colours in a Swiss: who is due which colour, which colour a player may not get, and who
takes black on a board. Black moves first; only games played count, not byes or forfeits."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BLACK, WHITE = 1, -1
MAX_DIFFERENCE = 2
"""Blacks minus whites never beyond this either way."""


@dataclass(frozen=True, slots=True)
class Choice:
    """Who takes black on a board, and what it costs: `broken` rules (a third colour in a row,
    or a difference above 2) and `unmet` preferences (weighted by strength)."""

    black_first: bool
    """Whether the first player named (the higher-ranked) takes black."""
    broken: int
    unmet: int


def forbidden(history: Sequence[int], colour: int) -> bool:
    """Whether `colour` would be the third in a row, or take the difference beyond 2."""
    return tuple(history[-2:]) == (colour, colour) or abs(sum(history) + colour) > MAX_DIFFERENCE


def preference(history: Sequence[int]) -> tuple[int, int]:
    """The colour a player is due and how strongly (0 for none): strongly (2) the colour that
    evens out a difference, mildly (1) the other colour than last time when even."""
    difference = sum(history)
    if difference:
        return (WHITE if difference > 0 else BLACK), 2
    if history:
        return -history[-1], 1
    return 0, 0


def choose(first: Sequence[int], second: Sequence[int], first_default_black: bool) -> Choice:
    """Colours for the higher-ranked `first` against `second` (their colour histories): fewest
    rules broken, then fewest preferences unmet, then the higher-ranked player's preference,
    then `first_default_black` when neither has played yet."""
    first_due, first_strength = preference(first)
    second_due, second_strength = preference(second)

    def cost(black_first: bool) -> tuple[int, int, int, bool]:
        first_colour = BLACK if black_first else WHITE
        broken = forbidden(first, first_colour) + forbidden(second, -first_colour)
        first_unmet = first_strength if first_colour != first_due else 0
        second_unmet = second_strength if -first_colour != second_due else 0
        return broken, first_unmet + second_unmet, first_unmet, black_first != first_default_black

    black_first = min((True, False), key=cost)
    broken, unmet, _, _ = cost(black_first)
    return Choice(black_first, broken, unmet)
