"""Puzzles from a server's own games: once a game's review is done, each position where a
player lost discs by exact solving is proven again by the exact solver (`Computer.find_puzzle`,
in the worker processes, one position at a time), and those where one move alone kept the best
result and the player did not find it become puzzles of that server (`Puzzles.keep_from_game`).
"""

from __future__ import annotations

import logging

from bot.background import Background
from bot.computer import Computer
from bot.domain import GameRecord
from bot.domain.events import ReviewDone
from bot.engine.review import ReviewedMove
from bot.services.bus import Events
from bot.services.puzzles import Puzzles

log = logging.getLogger(__name__)


class GamePuzzles:
    def __init__(self, puzzles: Puzzles, computer: Computer, background: Background) -> None:
        self.puzzles = puzzles
        self.computer = computer
        self.background = background

    def subscribe(self, events: Events) -> None:
        events.subscribe(ReviewDone, self.on_review)

    def on_review(self, event: ReviewDone) -> None:
        if self.background.closing:
            return
        record = event.state.record
        moves = self.puzzles.missed(record, event.review)
        if moves:
            self.background.spawn(self._find(record, moves), name=f"puzzles of game {record.id}")

    async def _find(self, record: GameRecord, moves: list[ReviewedMove]) -> None:
        found = []
        for move in moves:
            puzzle = await self.computer.find_puzzle(move.before.to_string())
            if puzzle is not None:
                found.append((move, puzzle))
        kept = await self.puzzles.keep_from_game(record, found)
        if kept:
            log.info("Game %s gave its server %d puzzles", record.id, kept)
