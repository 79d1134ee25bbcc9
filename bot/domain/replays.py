"""A finished game's replay, posted once: later requests are pointed to it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Replay:
    """Where a game's replay is; both None while it is being posted."""

    game_id: int
    channel_id: int | None
    message_id: int | None
