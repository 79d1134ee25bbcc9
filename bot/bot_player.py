"""The bot's own moves in games against it: whenever it is the bot's turn, it thinks and plays.

It follows the service's events. One task per game plays while the bot is to move, so a forced
pass of the player (the bot moves again) keeps it going, and a change that arrives while it
thinks wakes it again instead of being lost. The search itself runs in the worker processes of
`Computer`, never on the event loop.
"""

from __future__ import annotations

import logging

from bot import engine
from bot.background import Background
from bot.computer import Computer
from bot.engine.ai import LEVELS, clock_budget
from bot.events import Events, GameEvent
from bot.refusals import Refusal
from bot.service import GameService
from bot.state import GameState

log = logging.getLogger(__name__)


class BotPlayer:
    def __init__(self, service: GameService, computer: Computer, background: Background) -> None:
        self.service = service
        self.computer = computer
        self.background = background
        self._playing: dict[int, bool] = {}
        """Games the bot is playing in now; True once an event asked it to look again."""

    def subscribe(self, events: Events) -> None:
        events.subscribe(GameEvent, self.on_game)

    def on_game(self, event: GameEvent) -> None:
        state = event.state
        if state.record.bot_level is None or not state.record.active:
            return
        game_id = state.record.id
        if game_id in self._playing:
            self._playing[game_id] = True
        elif state.to_move_id == self.service.bot_id and not self.background.closing:
            self._playing[game_id] = False
            self.background.spawn(self._play(game_id), name=f"bot turn in game {game_id}")

    async def _play(self, game_id: int) -> None:
        try:
            while True:
                self._playing[game_id] = False
                if not await self._turn(game_id) and not self._playing[game_id]:
                    return
        finally:
            del self._playing[game_id]

    async def _turn(self, game_id: int) -> bool:
        """Make one move if the bot is to move; False if it isn't (or can't move now)."""
        state = await self.service.load(game_id)
        level = state.record.bot_level
        if level is None or state.to_move_id != self.service.bot_id:
            return False
        try:
            budget_ms = thinking_time(state, self.service.now())
            result = await self.computer.choose(state.position, level, budget_ms=budget_ms)
            if result.move is None:  # never the case: the service makes forced passes
                return False
            await self.service.bot_move(game_id, state.record.ply, engine.square_name(result.move))
        except Refusal:
            return False  # resigned or cancelled while the bot thought: the move is dropped
        except Exception:
            log.exception("The bot could not move in game %s", game_id)
            return False
        return True


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
