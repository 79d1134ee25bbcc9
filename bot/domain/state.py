"""A hosted game as the bot sees it: the stored record and its replayed position."""

from __future__ import annotations

from dataclasses import dataclass

from bot import engine
from bot.domain.games import FinishedGame, GameRecord


@dataclass(frozen=True, slots=True)
class GameState:
    """`record` replayed into `game`; `finished` carries the rating changes of the change that
    ended the game, when this state comes from that change."""

    record: GameRecord
    game: engine.Game
    finished: FinishedGame | None = None

    @classmethod
    def of(cls, record: GameRecord, finished: FinishedGame | None = None) -> GameState:
        return cls(record, engine.Game.from_transcript(record.transcript), finished)

    @property
    def position(self) -> engine.Position:
        return self.game.position

    @property
    def unseen(self) -> tuple[engine.Ply, ...]:
        """The moves of the side that moved last since the other side last moved, oldest first:
        what the other player has not seen yet. One move, or more when they had to pass."""
        plies = self.game.plies
        if not plies:
            return ()
        color = plies[-1].color
        start = len(plies) - 1
        while start > 0 and plies[start - 1].color is color:
            start -= 1
        return tuple(plies[start:])

    @property
    def to_move_id(self) -> int | None:
        """The player whose turn it is, or None once the game is over."""
        if not self.record.active:
            return None
        return self.record.player(self.position.turn)
