"""Tournaments: the records the bot keeps of one (`tournament.py`) and the pure logic of Swiss
pairings, round-robin schedules and the standings, by the World Othello Federation's rules. No I/O
and no language: the tournament service stores the rounds and the Discord layer words them."""

from bot.domain.tournament.records import (
    Entrant,
    Format,
    Pairing,
    Standing,
    rounds_in,
    swiss_round_limit,
)
from bot.domain.tournament.round_robin import round_robin
from bot.domain.tournament.standings import standings
from bot.domain.tournament.swiss import pair_swiss
from bot.domain.tournament.tournament import (
    Board,
    TournamentRecord,
    TournamentState,
    TournamentView,
)

__all__ = [
    "Board",
    "Entrant",
    "Format",
    "Pairing",
    "Standing",
    "TournamentRecord",
    "TournamentState",
    "TournamentView",
    "pair_swiss",
    "round_robin",
    "rounds_in",
    "standings",
    "swiss_round_limit",
]
