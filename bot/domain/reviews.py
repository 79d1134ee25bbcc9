"""A post-game review as it is kept: the engine's analyses of the moves so far."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ReviewRecord:
    """A stored review: `analyses` holds one entry per move analysed so far, in order, out of
    `positions`; `message_id` (in `channel_id`) shows its progress, then the review."""

    id: int
    game_id: int
    engine: str
    guild_id: int
    done: bool
    positions: int
    analyses: tuple[dict[str, Any], ...]
    channel_id: int | None
    message_id: int | None
    created_at: float
    updated_at: float

    @property
    def analysed(self) -> int:
        return len(self.analyses)
