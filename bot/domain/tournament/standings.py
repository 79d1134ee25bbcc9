"""Standings by the World Othello Federation's order: points, the Brightwell quotient, discs."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from bot.domain.tournament.records import Entrant, Pairing, Standing

WIN, DRAW = 2, 1
"""Half-points for a result."""
BOARD = 64
HALF_BOARD = BOARD // 2
"""Discs counted for a bye or a game against a withdrawn opponent in the Brightwell quotient."""
BRIGHTWELL_FACTOR = 6


def half_points(pairing: Pairing, player_id: int) -> int:
    """What `player_id` scored on this board: nothing while it is unfinished."""
    if not pairing.finished:
        return 0
    if pairing.winner is None:
        return DRAW
    return WIN if pairing.winner == player_id else 0


def discs(pairing: Pairing, player_id: int) -> int:
    """The discs `player_id` counts from this board, empties to the winner (halved in a draw):
    a bye or a forfeit win counts 32, as half the board."""
    if not pairing.finished or pairing.white is None or pairing.forfeit:
        return HALF_BOARD if pairing.finished and pairing.winner == player_id else 0
    own, other = (
        (pairing.black_discs or 0, pairing.white_discs or 0)
        if player_id == pairing.black
        else (pairing.white_discs or 0, pairing.black_discs or 0)
    )
    if pairing.winner is None:
        return BOARD // 2 if own == other else own
    return BOARD - other if pairing.winner == player_id else own


def standings(entrants: Sequence[Entrant], played: Sequence[Pairing]) -> tuple[Standing, ...]:
    """Every entrant's standing, best first."""
    points: dict[int, int] = defaultdict(int)
    disc_total: dict[int, int] = defaultdict(int)
    for pairing in played:
        for player in pairing.players():
            points[player] += half_points(pairing, player)
            disc_total[player] += discs(pairing, player)
    rounds = max((p.round for p in played), default=0)
    by_round: dict[tuple[int, int], Pairing] = {}
    for pairing in played:
        for player in pairing.players():
            by_round[player, pairing.round] = pairing
    withdrawn = {e.player_id for e in entrants if e.withdrawn_after is not None}

    def brightwell(player: int) -> float:
        total = 0.0
        for pairing in played:
            if player not in pairing.players() or not pairing.finished:
                continue
            opponent = pairing.opponent(player)
            if opponent is None or opponent in withdrawn:
                total += HALF_BOARD + BRIGHTWELL_FACTOR * points[player] / 2
            else:
                total += discs(pairing, player) + BRIGHTWELL_FACTOR * points[opponent] / 2
        return total

    rows = [
        (points[e.player_id], brightwell(e.player_id), disc_total[e.player_id], e.player_id)
        for e in entrants
    ]
    rows.sort(key=lambda row: (-row[0], -row[1], -row[2], row[3]))
    result: list[Standing] = []
    for index, (half, quotient, disc_count, player) in enumerate(rows):
        tied = result and (result[-1].half_points, result[-1].brightwell, result[-1].discs) == (
            half,
            quotient,
            disc_count,
        )
        result.append(
            Standing(
                result[-1].rank if tied else index + 1,
                player,
                half,
                quotient,
                disc_count,
                tuple(by_round.get((player, r)) for r in range(1, rounds + 1)),
            )
        )
    return tuple(result)
