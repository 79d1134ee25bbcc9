"""The board publisher's side of a game: the game as it is stored, and the mark that its latest
version is on screen."""

from __future__ import annotations

from bot.domain import GameRecord
from bot.services.context import Service


class Boards(Service):
    """What the board publisher reads and marks (`cogs.play.publish`)."""

    async def current(self, game_id: int) -> GameRecord:
        """The game as stored now, with the board behind it if it isn't shown yet."""
        return await self.storage.games.get(game_id)

    async def shown(self, game_id: int, message_id: int, version: int) -> None:
        """The game's board at `version` is on screen as `message_id`."""
        await self.storage.games.set_board(game_id, message_id, version)

    def shown_with_next_move(self, game_id: int, version: int) -> None:
        """The game's board at `version` is on screen in its recorded message: marked with the
        game's next move, one write for both (`GameStore.mark_shown`)."""
        self.storage.games.mark_shown(game_id, version)
