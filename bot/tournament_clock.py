"""What moves tournaments on without a click: a game's end (its round may be over) and the start
time of a tournament still signing up. Both re-read the stored tournament before they act, so an
early or repeated call does nothing."""

from __future__ import annotations

from bot.background import Background
from bot.domain.tournaments import TournamentState
from bot.events import Events, GameEnded, TournamentChanged
from bot.services.tournament_rounds import TournamentRounds
from bot.services.tournaments import Tournaments
from bot.timers import Timers


class TournamentClock:
    def __init__(
        self,
        tournaments: Tournaments,
        rounds: TournamentRounds,
        timers: Timers,
        background: Background,
    ) -> None:
        self.tournaments = tournaments
        self.rounds = rounds
        self.timers = timers
        self.background = background

    def subscribe(self, events: Events) -> None:
        events.subscribe(GameEnded, self.on_game_ended)
        events.subscribe(TournamentChanged, self.on_tournament)

    def on_game_ended(self, event: GameEnded) -> None:
        game_id = event.state.record.id
        self.background.spawn(self.rounds.game_ended(game_id), name=f"rounds after {game_id}")

    def on_tournament(self, event: TournamentChanged) -> None:
        tournament = event.view.tournament
        key = ("tournament", tournament.id)
        if tournament.state is TournamentState.SIGNUP:
            self.timers.arm(key, tournament.starts_at, lambda: self._start(tournament.id))
        else:
            self.timers.cancel(key)

    async def _start(self, tournament_id: int) -> None:
        await self.tournaments.start_due(tournament_id)
