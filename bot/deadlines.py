"""Timers for every deadline the services store: a move's time running out, a challenge lapsing.

They follow the services' events, so whatever changed a game re-arms its timer. The stored
deadline is the truth: a timer that fires early (armed from an older event) finds the game not
due and waits again, and a timer whose work fails is retried (`bot.timers`), so no game outlives
its deadline. Another ending the game first (a late move) is no failure: the timer finds it over.
"""

from __future__ import annotations

from bot.domain.events import ChallengeClosed, ChallengeOpened, GameEvent
from bot.services.bus import Events
from bot.services.challenges import Challenges
from bot.services.endings import Endings
from bot.timers import Timers


class Deadlines:
    def __init__(self, endings: Endings, challenges: Challenges, timers: Timers) -> None:
        self.endings = endings
        self.challenges = challenges
        self.timers = timers

    def subscribe(self, events: Events) -> None:
        events.subscribe(GameEvent, self.on_game)
        events.subscribe(ChallengeOpened, self.on_challenge_opened)
        events.subscribe(ChallengeClosed, self.on_challenge_closed)

    def on_game(self, event: GameEvent) -> None:
        record = event.state.record
        self._arm_game(record.id, record.deadline if record.active else None)

    def on_challenge_opened(self, event: ChallengeOpened) -> None:
        challenge = event.challenge
        key = ("challenge", challenge.id)
        self.timers.arm(key, challenge.expires_at, lambda: self.challenges.expire_challenges())

    def on_challenge_closed(self, event: ChallengeClosed) -> None:
        self.timers.cancel(("challenge", event.challenge.id))

    def _arm_game(self, game_id: int, deadline: float | None) -> None:
        key = ("game", game_id)
        if deadline is None:
            self.timers.cancel(key)
        else:
            self.timers.arm(key, deadline, lambda: self._time_out(game_id))

    async def _time_out(self, game_id: int) -> None:
        record = (await self.endings.time_out(game_id)).record
        if record.active and ("game", game_id) not in self.timers:
            self._arm_game(game_id, record.deadline)
