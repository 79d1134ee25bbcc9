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

from bot.domain.events import Event

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
        """A failing handler is logged and the others still run: the change is stored already."""
        for kind, handler in list(self._handlers):
            if isinstance(event, kind):
                try:
                    handler(event)
                except Exception:
                    log.exception("Handler %r failed on %r", handler, type(event).__name__)
