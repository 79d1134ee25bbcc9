"""The bot's own moves in games against it: whenever it is the bot's turn, it thinks and plays.

It follows the services' events. At most one task per game plays the bot's turn (`Latest`): a
change that arrives while it thinks, its own move included (after which the player may have to
pass), has it look again once the turn is over instead of being lost. The search itself runs in
the worker processes of `Computer`, never on the event loop. A turn that fails (a worker that
died, a database that was busy) is tried again on a timer, waiting longer each time, until the
bot has moved or the game no longer wants its move: a game never waits for its deadline because
of it.
"""

from __future__ import annotations

import logging
from functools import partial

from bot import engine
from bot.background import Background
from bot.computer import Computer
from bot.domain import GameState
from bot.domain.events import GameEvent
from bot.domain.refusals import Refusal
from bot.engine.ai import LEVELS, clock_budget
from bot.latest import Latest
from bot.services.bus import Events
from bot.services.games import Games
from bot.timers import Timers

log = logging.getLogger(__name__)

TURN_RETRY_DELAYS = (1.0, 5.0, 30.0, 60.0)
"""Seconds before a failed turn is tried again, after the first failure, the second, ...; the
last repeats."""


class BotPlayer:
    def __init__(
        self, games: Games, computer: Computer, background: Background, timers: Timers
    ) -> None:
        self.games = games
        self.computer = computer
        self.background = background
        self.timers = timers
        self._turns: Latest[int, int] = Latest(background, self._play, "bot turn in game")
        self._failures: dict[int, int] = {}
        """Games whose last turns failed, with how many failed in a row."""

    def subscribe(self, events: Events) -> None:
        events.subscribe(GameEvent, self.on_game)

    def on_game(self, event: GameEvent) -> None:
        state = event.state
        game_id = state.record.id
        if state.record.bot_level is None or not state.record.active:
            self._failures.pop(game_id, None)
            self.timers.cancel(("bot turn", game_id))
            return
        self._wake(game_id, bot_to_move=state.to_move_id == self.games.bot_id)

    def _wake(self, game_id: int, *, bot_to_move: bool) -> None:
        """Play the game's turn, or look again once the turn under way is over: a change that
        came while it thought (the bot's own move, after which the player may have to pass)."""
        if game_id in self._turns or (bot_to_move and not self.background.closing):
            self._turns.offer(game_id, game_id)

    async def _play(self, game_id: int) -> None:
        try:
            await self._turn(game_id)
        except Exception:
            self._retry_later(game_id)
            return
        self._failures.pop(game_id, None)

    def _retry_later(self, game_id: int) -> None:
        failures = self._failures[game_id] = self._failures.get(game_id, 0) + 1
        delay = TURN_RETRY_DELAYS[min(failures, len(TURN_RETRY_DELAYS)) - 1]
        log.warning(
            "The bot could not move in game %s; trying again in %g s", game_id, delay, exc_info=True
        )
        retry = partial(self._retry, game_id)
        self.timers.arm(("bot turn", game_id), self.games.now() + delay, retry)

    async def _retry(self, game_id: int) -> None:
        """A failed turn's timer: look again (the turn reads the game, so a game that moved on
        or ended meanwhile is left alone)."""
        self._wake(game_id, bot_to_move=True)

    async def _turn(self, game_id: int) -> None:
        """Make one move if the bot is to move (and can move now)."""
        state = await self.games.load(game_id)
        level = state.record.bot_level
        if level is None or state.to_move_id != self.games.bot_id:
            return
        try:
            budget_ms = thinking_time(state, self.games.now())
            result = await self.computer.choose(state.position, level, budget_ms=budget_ms)
            if result.move is None:  # never the case: `Games` makes forced passes
                return
            await self.games.bot_move(game_id, state.record.ply, engine.square_name(result.move))
        except Refusal:
            pass  # resigned or cancelled while the bot thought: the move is dropped


def thinking_time(state: GameState, now: float) -> int | None:
    """The bot's budget for this move: its level's own, or less when its live clock is short
    (it thinks on its own clock, like any player)."""
    record, position = state.record, state.position
    clocks = record.clocks_at(now, position.turn)
    level = record.bot_level
    if clocks is None or level is None:
        return None
    remaining = clocks[position.turn is engine.Color.WHITE]
    return clock_budget(
        remaining, record.time_control.increment, position.empties, LEVELS[level].budget_ms
    )
