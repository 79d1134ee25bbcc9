"""The board publisher's side of a game: the game as it is stored, and the marks that its
versions are on screen."""

from __future__ import annotations

from bot.domain import GameRecord
from bot.services.context import Context, Service


class Boards(Service):
    """What the board publisher reads and marks (`cogs.play.publish`)."""

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self._marks: dict[int, int] = {}
        """The versions games' messages show, not written yet: each goes with its game's next
        move (`Games`), or is written on closing (`write_marks`)."""

    async def current(self, game_id: int) -> GameRecord:
        """The game as stored now, with the board behind it if it isn't shown yet."""
        return await self.storage.games.get(game_id)

    async def shown(self, game_id: int, message_id: int, version: int) -> None:
        """The game's board at `version` is on screen as `message_id`."""
        await self.storage.games.set_board(game_id, message_id, version)
        if self._marks.get(game_id, -1) <= version:
            self._marks.pop(game_id, None)  # written, or outdone

    def shown_with_next_move(self, game_id: int, version: int) -> None:
        """The game's board at `version` is on screen in its recorded message: marked with the
        game's next move, one write for both. Until then the game's board reads as behind,
        which at worst shows it again after a crash."""
        self._marks[game_id] = max(version, self._marks.get(game_id, -1))

    def mark(self, game_id: int) -> int | None:
        """The version to write as shown with the game's next move, if any."""
        return self._marks.get(game_id)

    def marked(self, game_id: int, mark: int | None) -> None:
        """The game's move was written with `mark` (from `mark`)."""
        if mark is not None and self._marks.get(game_id) == mark:
            del self._marks[game_id]

    async def write_marks(self) -> None:
        """Write the marks still waiting for a move (when closing)."""
        marks, self._marks = self._marks, {}
        if marks:
            await self.storage.games.set_shown(marks)
