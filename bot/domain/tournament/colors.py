"""Colours in a Swiss: who is due which colour, which colour a player may not get, and who
takes black on a board, as the Dutch system (FIDE C.04.3) allots them. Black moves first; only
games played count, not byes or forfeits."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BLACK, WHITE = 1, -1
MAX_DIFFERENCE = 2
"""Blacks minus whites never beyond this either way."""
MILD, STRONG = 1, 2
"""How strongly a player is due a colour."""


@dataclass(frozen=True, slots=True)
class Choice:
    """Who takes black on a board, and what it costs: `broken` rules (a third colour in a row,
    or a difference above 2), then the `strong` and the `mild` preferences left unmet."""

    black_first: bool
    """Whether the first player named (the higher-ranked) takes black."""
    broken: int
    strong: int
    mild: int


def forbidden(history: Sequence[int], color: int) -> bool:
    """Whether `colour` would be the third in a row, or take the difference beyond 2."""
    return tuple(history[-2:]) == (color, color) or abs(sum(history) + color) > MAX_DIFFERENCE


def preference(history: Sequence[int]) -> tuple[int, int]:
    """The colour a player is due and how strongly (0 for none): strongly the colour that evens
    out a difference, or that breaks two of the same in a row (the other colour being then
    forbidden); mildly, when even, the other colour than last time."""
    difference = sum(history)
    if difference:
        return (WHITE if difference > 0 else BLACK), STRONG
    if len(history) >= 2 and history[-1] == history[-2]:
        return -history[-1], STRONG
    if history:
        return -history[-1], MILD
    return 0, 0


def choose(first: Sequence[int], second: Sequence[int], first_default_black: bool) -> Choice:
    """Colours for the higher-ranked `first` against `second` (their colour histories), in the
    Dutch system's order: fewest rules broken, then the stronger preference granted, then both
    players' colours alternated from the last game where they had different ones, then the
    higher-ranked player's preference, then `first_default_black`."""
    first_due, first_strength = preference(first)
    second_due, second_strength = preference(second)
    pairs = zip(reversed(first), reversed(second), strict=False)
    alternate = next((-mine for mine, theirs in pairs if mine != theirs), 0)

    def cost(black_first: bool) -> tuple[int, int, int, bool, bool, bool]:
        color = BLACK if black_first else WHITE
        unmet = [
            strength
            for strength, due, given in (
                (first_strength, first_due, color),
                (second_strength, second_due, -color),
            )
            if strength and given != due
        ]
        return (
            forbidden(first, color) + forbidden(second, -color),
            unmet.count(STRONG),
            unmet.count(MILD),
            bool(alternate) and color != alternate,
            bool(first_strength) and color != first_due,
            black_first != first_default_black,
        )

    black_first = min((True, False), key=cost)
    broken, strong, mild, *_ = cost(black_first)
    return Choice(black_first, broken, strong, mild)
