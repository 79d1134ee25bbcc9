"""Timers for every deadline the service stores: a move's time running out, a challenge lapsing.

They follow the service's events, so whatever changed a game re-arms its timer. The stored
deadline is the truth: a timer that fires early (armed from an older event) finds the game not
due and waits again, and a timer whose work fails is retried, so no game outlives its deadline.
"""

from __future__ import annotations

import logging

from bot.events import ChallengeClosed, ChallengeOpened, Events, GameEvent
from bot.service import GameService
from bot.timers import Timers

log = logging.getLogger(__name__)

RETRY_AFTER = 30.0
"""Seconds before a timer whose work failed (say, the database was busy) tries again."""


class Deadlines:
    def __init__(self, service: GameService, timers: Timers) -> None:
        self.service = service
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
        self.timers.arm(("challenge", challenge.id), challenge.expires_at, self._expire)

    def on_challenge_closed(self, event: ChallengeClosed) -> None:
        self.timers.cancel(("challenge", event.challenge.id))

    def _arm_game(self, game_id: int, deadline: float | None) -> None:
        key = ("game", game_id)
        if deadline is None:
            self.timers.cancel(key)
        else:
            self.timers.arm(key, deadline, lambda: self._time_out(game_id))

    async def _time_out(self, game_id: int) -> None:
        try:
            state = await self.service.time_out(game_id)
        except Exception:
            log.exception("Game %s: the deadline could not be enforced; retrying", game_id)
            self._arm_game(game_id, self.service.now() + RETRY_AFTER)
            return
        record = state.record
        if record.active and ("game", game_id) not in self.timers:
            self._arm_game(game_id, record.deadline)

    async def _expire(self) -> None:
        try:
            await self.service.expire_challenges()
        except Exception:
            log.exception("Challenges could not be expired; retrying")
            self.timers.arm(("challenges", "retry"), self.service.now() + RETRY_AFTER, self._expire)
