"""Standings by the World Othello Federation's order: points, then the Brightwell quotient, then
discs; players equal on all three share a rank, listed by starting number (what a player id
is, a forgotten member's pseudonym too, orders nothing).

The Brightwell quotient (BQ), as the WOF rules for the World Othello Championship define it
(quoted by the Othello Wiki Book, othello.dk/book/index.php/BQ, "Resolving ties"): the discs the
player scored in all their games, plus 6 times the sum of their opponents' points, leaving out
byes and games against an opponent who withdrew; for each of those, 32 plus 6 times the player's
own points instead. Points there are whole (win 1, draw ½), so 6 times points is 3 times
half-points.

The discs of a game are its official score (`bot.engine.Result`): the empty squares go to the
winner, a draw is 32-32, and a game won off the board (resigned, lost on time) counts at least
33-31 for the winner, the WOF's score for it. A bye counts 32 discs (`records.BYE_DISCS`), what
the BQ credits it; a forfeit counts the same 32 to the winner and nothing to the loser, who
never sat down.

A bye is credited once its round is over: it is known as soon as the round is paired, and
counting it then would put its player ahead of those still playing that round.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from bot.domain.tournament.records import (
    BYE_DISCS,
    Entrant,
    Pairing,
    Standing,
    starting_numbers,
)
from bot.engine import Color, Result

WIN, DRAW = 2, 1
"""Half-points for a result."""
BRIGHTWELL_FACTOR = 3
"""6 per whole point of the opponents (or, for byes, one's own), in half-points."""


def half_points(pairing: Pairing, player_id: int) -> int:
    """What `player_id` scored on this board: nothing while it is unfinished."""
    if not pairing.finished:
        return 0
    if pairing.winner is None:
        return DRAW
    return WIN if pairing.winner == player_id else 0


def discs(pairing: Pairing, player_id: int) -> int:
    """The discs `player_id` counts from this board (nothing while it is unfinished)."""
    if not pairing.finished:
        return 0
    if pairing.white is None or pairing.forfeit:
        return BYE_DISCS if pairing.winner == player_id else 0
    loser = None
    if pairing.winner is not None:
        loser = Color.WHITE if pairing.winner == pairing.black else Color.BLACK
    result = Result(pairing.black_discs or 0, pairing.white_discs or 0, forfeited_by=loser)
    return result.black_score if player_id == pairing.black else result.white_score


def standings(entrants: Sequence[Entrant], played: Sequence[Pairing]) -> tuple[Standing, ...]:
    """Every entrant's standing, best first, with their board of each round so far (a bye
    among them before it is credited)."""
    under_way = {pairing.round for pairing in played if not pairing.finished}

    def credited(pairing: Pairing) -> bool:
        return pairing.finished and not (pairing.white is None and pairing.round in under_way)

    points: dict[int, int] = defaultdict(int)
    disc_total: dict[int, int] = defaultdict(int)
    boards: dict[int, list[Pairing]] = defaultdict(list)
    for pairing in played:
        for player in pairing.players():
            boards[player].append(pairing)
            if credited(pairing):
                points[player] += half_points(pairing, player)
                disc_total[player] += discs(pairing, player)
    withdrawn = {entrant.player_id for entrant in entrants if entrant.withdrawn_after is not None}

    def brightwell(player: int) -> int:
        total = 0
        for pairing in boards[player]:
            if not credited(pairing):
                continue
            opponent = pairing.opponent(player)
            if opponent is None or opponent in withdrawn:
                total += BYE_DISCS + BRIGHTWELL_FACTOR * points[player]
            else:
                total += discs(pairing, player) + BRIGHTWELL_FACTOR * points[opponent]
        return total

    rounds = max((pairing.round for pairing in played), default=0)
    numbers = starting_numbers(entrants)
    rows = sorted(
        (
            (points[player], brightwell(player), disc_total[player], player)
            for player in (entrant.player_id for entrant in entrants)
        ),
        key=lambda row: (-row[0], -row[1], -row[2], numbers[row[3]]),
    )
    table: list[Standing] = []
    for index, (half, quotient, disc_count, player) in enumerate(rows):
        previous = table[-1] if table else None
        tied = previous is not None and (
            (previous.half_points, previous.brightwell, previous.discs)
            == (half, quotient, disc_count)
        )
        by_round = {pairing.round: pairing for pairing in boards[player]}
        table.append(
            Standing(
                previous.rank if tied and previous else index + 1,
                player,
                half,
                float(quotient),
                disc_count,
                tuple(by_round.get(number) for number in range(1, rounds + 1)),
            )
        )
    return tuple(table)
