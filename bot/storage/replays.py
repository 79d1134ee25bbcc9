"""A finished game's replay is posted once: later requests are pointed to it."""

from __future__ import annotations

from bot.domain.replays import Replay
from bot.storage.database import Store


class ReplayStore(Store):
    async def claim(self, game_id: int, *, now: float, stale_after: float) -> Replay | None:
        """Claim the posting of the game's replay: None if the caller is to post it (nobody
        did, or a claim older than `stale_after` seconds never posted), else the replay there
        is (or is being posted)."""
        async with self.transaction() as db:
            claimed = await db.value(
                """
                INSERT INTO replays (game_id, claimed_at) VALUES (:game, :now)
                ON CONFLICT (game_id) DO UPDATE SET claimed_at = excluded.claimed_at
                WHERE replays.message_id IS NULL AND replays.claimed_at < :stale
                RETURNING game_id
                """,
                {"game": game_id, "now": now, "stale": now - stale_after},
            )
            if claimed is not None:
                return None
            row = await db.one(
                "SELECT channel_id, message_id FROM replays WHERE game_id = ?", (game_id,)
            )
        assert row is not None
        return Replay(game_id, row["channel_id"], row["message_id"])

    async def posted(self, game_id: int, channel_id: int, message_id: int) -> None:
        async with self.transaction() as db:
            await db.all(
                "UPDATE replays SET channel_id = ?, message_id = ? WHERE game_id = ?",
                (channel_id, message_id, game_id),
            )

    async def release(self, game_id: int) -> None:
        """Forget the replay (it could not be posted, or its message is gone): post it anew."""
        async with self.transaction() as db:
            await db.all("DELETE FROM replays WHERE game_id = ?", (game_id,))
