"""Players' display names for board images and pages, remembered in a bounded cache."""

from __future__ import annotations

from collections import OrderedDict

import discord

from bot.domain import GameRecord, is_forgotten
from bot.engine import Color
from bot.i18n import _, in_force
from rendering.words import color_name

CAPACITY = 4096
"""Names kept; the least recently used go first, so memory stays flat however many play."""


class Names:
    """Asks the client's cache, then Discord's REST API: a client with no gateway (the pages'
    own process) names players too. A member who asked to be forgotten is "a deleted user"."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        self._names: OrderedDict[int, str] = OrderedDict()

    def remember(self, user: discord.abc.User) -> None:
        self._names[user.id] = user.display_name
        self._names.move_to_end(user.id)
        while len(self._names) > CAPACITY:
            self._names.popitem(last=False)

    async def name(self, user_id: int, fallback: str) -> str:
        if is_forgotten(user_id):
            return _("a deleted user")
        if user_id in self._names:
            self._names.move_to_end(user_id)
            return self._names[user_id]
        user = self.bot.get_user(user_id)
        if user is None:
            try:
                user = await self.bot.fetch_user(user_id)
            except discord.HTTPException:
                return fallback
        if user is None:
            return fallback
        self.remember(user)
        return user.display_name

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, user_id: int) -> bool:
        return user_id in self._names

    async def players(self, record: GameRecord) -> tuple[str, str]:
        """Black's and White's names, as the board image shows them."""
        black = await self.name(record.black_id, color_name(Color.BLACK, in_force()))
        return black, await self.name(record.white_id, color_name(Color.WHITE, in_force()))
