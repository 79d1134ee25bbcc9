"""A finished game's replay: posted once, whoever asks first."""

from __future__ import annotations

from bot.domain import GameState
from bot.domain.refusals import Refusal, Refused
from bot.domain.replays import Replay
from bot.services.context import Service

REPLAY_POSTING = 60.0
"""Seconds a replay being posted is waited for before another request posts it instead."""


class Replays(Service):
    """Claims a replay for the one request that posts it, and remembers where it went."""

    async def claim_replay(self, game_id: int, guild_id: int) -> tuple[GameState, Replay | None]:
        """A finished game's replay is posted once: returns the game and its replay, or None
        when the caller is to post it (then `replay_posted`, or `replay_gone` if it failed)."""
        state = await self.game_in_server(game_id, guild_id)
        if state.record.active:
            raise Refusal(Refused.NO_REPLAY_YET)
        replay = await self.storage.replays.claim(
            game_id, now=self.now(), stale_after=REPLAY_POSTING
        )
        return state, replay

    async def replay_posted(self, game_id: int, channel_id: int, message_id: int) -> None:
        await self.storage.replays.posted(game_id, channel_id, message_id)

    async def replay_gone(self, game_id: int) -> None:
        """The replay could not be posted, or its message was deleted: the next asks anew."""
        await self.storage.replays.release(game_id)
