"""What moves tournaments on without a click: a game's end (its round may be over) and the start
time of a tournament still signing up. Both re-read the stored tournament before they act, so an
early or repeated call does nothing, and both run as timers (`bot.timers`), so work that fails
(the database out of reach) is tried again."""

from __future__ import annotations

from functools import partial

from bot.domain.events import GameEnded, TournamentUpdated
from bot.domain.tournament import TournamentState
from bot.services.bus import Events
from bot.services.tournament_rounds import TournamentRounds
from bot.services.tournaments import Tournaments
from bot.timers import Timers


class TournamentTimers:
    def __init__(self, tournaments: Tournaments, rounds: TournamentRounds, timers: Timers) -> None:
        self.tournaments = tournaments
        self.rounds = rounds
        self.timers = timers

    def subscribe(self, events: Events) -> None:
        events.subscribe(GameEnded, self.on_game_ended)
        events.subscribe(TournamentUpdated, self.on_tournament)

    def on_game_ended(self, event: GameEnded) -> None:
        record = event.state.record
        work = partial(self.rounds.game_ended, record)
        self.timers.arm(("after game", record.id), record.updated_at, work)

    def on_tournament(self, event: TournamentUpdated) -> None:
        tournament = event.view.tournament
        key = ("tournament", tournament.id)
        if tournament.state is TournamentState.SIGNUP:
            start = partial(self.tournaments.start_due, tournament.id)
            self.timers.arm(key, tournament.starts_at, start)
        else:
            self.timers.cancel(key)
