"""The one bus that carries the services' events (`bot.domain.events`) to their subscribers.

Subscribers (the board publisher, the deadline timers, the bot's own player, the reviews'
messages, ...) get every event after the change is committed. A handler is a plain function: it
must not block, so it records what to do and starts its own background work, in the order the
events arrive.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from bot import logs
from bot.domain.events import (
    ChallengeClosed,
    ChallengeOpened,
    DailyScheduleUpdated,
    Event,
    GameEvent,
    PuzzleSolved,
    ReviewDone,
    ReviewFailed,
    ReviewProgress,
    TournamentFinished,
    TournamentRoundPaired,
    TournamentUpdated,
    WebPagesUpdated,
)

log = logging.getLogger(__name__)

E = TypeVar("E", bound=Event)


class Events:
    """Subscribers by event type; `emit` calls each matching handler in subscription order."""

    def __init__(self) -> None:
        self._handlers: list[tuple[type[Any], Callable[[Any], None]]] = []

    def subscribe(self, kind: type[E], handler: Callable[[E], None]) -> None:
        self._handlers.append((kind, handler))

    def unsubscribe(self, handler: Callable[[Any], None]) -> None:
        self._handlers = [(k, h) for k, h in self._handlers if h != handler]

    def emit(self, event: Event) -> None:
        """A failing handler is logged and the others still run: the change is stored already.
        What the handlers log, and the work they start, names the event's server and game."""
        with logs.about(**about(event)):
            for kind, handler in list(self._handlers):
                if isinstance(event, kind):
                    try:
                        handler(event)
                    except Exception:
                        log.exception("Handler %r failed on %r", handler, type(event).__name__)


def about(event: Event) -> dict[str, int | None]:
    """The server and the game an event is about, where it names them."""
    match event:
        case GameEvent(state=state):
            return {"guild": state.record.guild_id, "game": state.record.id}
        case ChallengeOpened(challenge=challenge) | ChallengeClosed(challenge=challenge):
            return {"guild": challenge.guild_id, "game": challenge.game_id}
        case ReviewProgress(game_id=game) | ReviewDone(game_id=game) | ReviewFailed(game_id=game):
            return {"game": game}
        case (
            TournamentUpdated(view=view)
            | TournamentRoundPaired(view=view)
            | TournamentFinished(view=view)
        ):
            return {"guild": view.tournament.guild_id}
        case DailyScheduleUpdated(guild_id=guild) | WebPagesUpdated(guild_id=guild):
            return {"guild": guild}
        case PuzzleSolved(attempt=attempt):
            return {"guild": attempt.guild_id}
