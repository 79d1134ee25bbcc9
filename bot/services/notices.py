"""Turn notices: how each member wants to hear it is their move, and the notices sent, each
once per move across restarts (`bot.notifications` decides when)."""

from __future__ import annotations

from collections.abc import Collection

from bot.domain.notices import Notice, NoticeKind, NotifyChoice
from bot.services.context import Service


class Notices(Service):
    """A member's choice of notices, and the claim, record and removal of each notice."""

    async def choose_notices(self, user_id: int, choice: NotifyChoice) -> None:
        """How `user_id` wants to hear that it is their turn, in every server."""
        await self.storage.notices.choose(user_id, choice, now=self.now())

    async def choice(self, user_id: int) -> NotifyChoice:
        return await self.storage.notices.choice(user_id)

    async def choices(self, user_ids: Collection[int]) -> dict[int, NotifyChoice]:
        """The choices of several members at once: one read for a round's or a game's players."""
        return await self.storage.notices.choices(user_ids)

    async def claim(self, game_id: int, ply: int, kind: NoticeKind) -> bool:
        """Whether this process sends the notice of `kind` for the move at `ply`."""
        return await self.storage.notices.claim(game_id, ply, kind)

    async def sent(self, game_id: int, ply: int, kind: NoticeKind) -> bool:
        """Whether the notice of `kind` for the move at `ply` is recorded as sent."""
        return await self.storage.notices.sent(game_id, ply, kind)

    async def shown(self, notice: Notice, ply: int) -> Notice | None:
        """Record the game's new notice, posted for its move at `ply`; returns the notice to
        delete: the one it replaces, or the new one if the game moved on meanwhile."""
        return await self.storage.notices.shown(notice, ply)

    async def take(self, game_id: int) -> Notice | None:
        """The game's last notice, forgotten: the game is over, the notice is to go."""
        return await self.storage.notices.take(game_id)
