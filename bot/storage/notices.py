"""Telling players it is their turn: each player's choice, and each game's notices."""

from __future__ import annotations

from collections.abc import Collection

from bot.domain.notices import Notice, NoticeKind, NotifyChoice
from bot.storage.database import Store

_SENT_COLUMN = {
    NoticeKind.PING: "ping_ply",
    NoticeKind.REMINDER: "reminder_ply",
    NoticeKind.END: "end_ply",
}


class NoticeStore(Store):
    async def choice(self, user_id: int) -> NotifyChoice:
        return (await self.choices((user_id,)))[user_id]

    async def choices(self, user_ids: Collection[int]) -> dict[int, NotifyChoice]:
        """Each user's choice, in the order asked, in one read; the channel for those who never
        chose."""
        users = list(dict.fromkeys(user_ids))
        if not users:
            return {}
        async with self.transaction(read_only=True) as db:
            marks = ", ".join("?" for _ in users)
            rows = await db.all(
                f"SELECT user_id, choice FROM notify_choices WHERE user_id IN ({marks})", users
            )
        chosen = {row["user_id"]: NotifyChoice(row["choice"]) for row in rows}
        return {user: chosen.get(user, NotifyChoice.CHANNEL) for user in users}

    async def choose(self, user_id: int, choice: NotifyChoice, *, now: float) -> None:
        async with self.transaction() as db:
            await db.all(
                """
                INSERT INTO notify_choices (user_id, choice, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE
                SET choice = excluded.choice, updated_at = excluded.updated_at
                """,
                (user_id, choice.value, now),
            )

    async def claim(self, game_id: int, ply: int, kind: NoticeKind) -> bool:
        """Whether the caller may send `kind` for the game's move at `ply`: once per move, even
        across restarts and processes."""
        column = _SENT_COLUMN[kind]
        async with self.transaction() as db:
            claimed = await db.value(
                f"""
                INSERT INTO turn_notices (game_id, {column}) VALUES (:game, :ply)
                ON CONFLICT (game_id) DO UPDATE SET {column} = excluded.{column}
                WHERE coalesce(turn_notices.{column}, -1) <> excluded.{column}
                RETURNING game_id
                """,
                {"game": game_id, "ply": ply},
            )
        return claimed is not None

    async def sent(self, game_id: int, ply: int, kind: NoticeKind) -> bool:
        """Whether `kind` is recorded as sent for the game's move at `ply`."""
        column = _SENT_COLUMN[kind]
        async with self.transaction(read_only=True) as db:
            found = await db.value(
                f"SELECT game_id FROM turn_notices WHERE game_id = ? AND {column} = ?",
                (game_id, ply),
            )
        return found is not None

    async def shown(self, notice: Notice, ply: int) -> Notice | None:
        """Record the game's new notice, posted for its move at `ply`; returns the notice to
        delete: the one it replaces, or the new one itself if the game moved on or ended while
        it was being posted (the game row is locked first, so an end that commits later finds
        the new notice to take)."""
        async with self.transaction() as db:
            game = await db.one(
                f"SELECT status, ply FROM games WHERE id = ? {db.dialect.for_update}",
                (notice.game_id,),
            )
            if game is None or game["status"] != "active" or game["ply"] != ply:
                return notice
            row = await db.one(
                f"SELECT channel_id, message_id FROM turn_notices WHERE game_id = ? "
                f"{db.dialect.for_update}",
                (notice.game_id,),
            )
            await db.all(
                "UPDATE turn_notices SET channel_id = ?, message_id = ? WHERE game_id = ?",
                (notice.channel_id, notice.message_id, notice.game_id),
            )
        if row is None or row["message_id"] is None:
            return None
        return Notice(notice.game_id, row["channel_id"], row["message_id"])

    async def take(self, game_id: int) -> Notice | None:
        """The game's last notice, forgotten: the game is over, the notice is to go."""
        async with self.transaction() as db:
            row = await db.one(
                f"SELECT channel_id, message_id FROM turn_notices WHERE game_id = ? "
                f"{db.dialect.for_update}",
                (game_id,),
            )
            if row is None or row["message_id"] is None:
                return None
            await db.all(
                "UPDATE turn_notices SET channel_id = NULL, message_id = NULL WHERE game_id = ?",
                (game_id,),
            )
        return Notice(game_id, row["channel_id"], row["message_id"])
