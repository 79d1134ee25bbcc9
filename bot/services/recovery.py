"""Start-up: picking up the games, boards and challenges a restart left behind."""

from __future__ import annotations

from bot.domain import GameState
from bot.domain.events import ChallengeOpened, GameEnded, GameResumed
from bot.services.context import Context, Service
from bot.services.daily import DailyPuzzles
from bot.services.endings import board_ending
from bot.services.tournament_rounds import TournamentRounds

LATE_END = 86_400.0
"""Seconds after a game's end within which a restart still announces it, if a stop cut the
announcement off: a day, so that nobody hears of a long-finished game."""


class Recovery(Service):
    """Announces what is still going on, so that every subscriber picks it up again."""

    def __init__(self, context: Context, rounds: TournamentRounds, daily: DailyPuzzles) -> None:
        super().__init__(context)
        self.rounds = rounds
        self.daily = daily

    async def recover(self) -> None:
        """After a restart: finish games a crash left at a final position, and announce every
        game in progress (timers, the bot's turns), every board left behind and every end not
        yet announced (within `LATE_END`), every open challenge and tournament, of this
        process's servers, and finish what the tournaments had due (a round played but not
        paired, boards without their game), and every server's daily puzzle schedule (a post due
        and not recorded goes out at once). Every other event follows an interaction or a timer
        of its own servers, so the subscribers never hear of other processes' games."""
        announced: set[int] = set()  # the games an event has already been emitted for
        for record in await self.storage.games.active(self.shards):
            state = GameState.of(record)
            ending = board_ending(state.game)
            if ending is None:
                self.events.emit(GameResumed(state))
                continue
            finished = await self.storage.games.finish(
                record.id, record.ply, ending, now=self.now()
            )
            self.events.emit(GameEnded(GameState(finished.game, state.game, finished), finished))
            announced.add(record.id)
        for record in [
            *await self.storage.games.boards_behind(self.shards),
            *await self.storage.games.ends_unannounced(self.now() - LATE_END, self.shards),
        ]:
            if record.id not in announced:
                announced.add(record.id)
                self.events.emit(GameResumed(GameState.of(record)))
        for challenge in await self.storage.challenges.pending(self.shards):
            self.events.emit(ChallengeOpened(challenge))
        await self.rounds.recover()
        await self.daily.announce_schedules()
