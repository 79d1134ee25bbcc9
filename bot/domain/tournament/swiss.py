"""Swiss pairings."""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain.tournament.records import Entrant, Pairing


def pair_swiss(
    entrants: Sequence[Entrant], played: Sequence[Pairing], round_number: int, seed: int
) -> tuple[Pairing, ...]:
    """The boards of round `round_number`: unplayed pairings and at most one bye, withdrawn
    players left out; the same for the same input and seed."""
    active = sorted(
        (e for e in entrants if e.active_in(round_number)),
        key=lambda e: (-e.rating, e.player_id),
    )
    boards = [
        Pairing(round_number, a.player_id, b.player_id)
        for a, b in zip(active[::2], active[1::2], strict=False)
    ]
    if len(active) % 2:
        boards.append(Pairing(round_number, active[-1].player_id, None, finished=True))
    return tuple(boards)
