"""Puzzles from a server's own games: once a game's review is done, each position where a
player lost discs by exact solving is proven again by the exact solver (`Computer.find_puzzle`,
in the worker processes), and those where one move alone kept the best result and the player
did not find it become puzzles of that server (`Puzzles.keep_from_game`).

One position is searched at a time, one game after another, so that the bot's own moves wait
behind one position at most. The review is marked searched with the puzzles it gave, in one
write: a search cut by a stop, or that failed (a worker that died), is made again at the next
start (`recover`).
"""

from __future__ import annotations

import asyncio
import logging

from bot.background import Background
from bot.computer import Computer
from bot.domain.events import ReviewDone
from bot.services.bus import Events
from bot.services.puzzles import Puzzles
from bot.services.reviews import ReviewService

log = logging.getLogger(__name__)


class GamePuzzles:
    def __init__(
        self, puzzles: Puzzles, reviews: ReviewService, computer: Computer, background: Background
    ) -> None:
        self.puzzles = puzzles
        self.reviews = reviews
        self.computer = computer
        self.background = background
        self._turn = asyncio.Lock()

    def subscribe(self, events: Events) -> None:
        events.subscribe(ReviewDone, self.on_review)

    def on_review(self, event: ReviewDone) -> None:
        if not self.background.closing:
            self.background.spawn(self._search(event), name=f"puzzles of game {event.game_id}")

    async def recover(self) -> None:
        """After a restart: search the games whose reviews were done but not searched."""
        for event in await self.reviews.unsearched():
            self.on_review(event)

    async def _search(self, event: ReviewDone) -> None:
        record = event.state.record
        try:
            async with self._turn:
                found = []
                for move in self.puzzles.missed(record, event.review):
                    puzzle = await self.computer.find_puzzle(move.before.to_string())
                    if puzzle is not None:
                        found.append((move, puzzle))
                kept = await self.puzzles.keep_from_game(record, event.record.engine, found)
        except Exception:
            log.warning(
                "Game %s could not be searched for puzzles; the next start tries again",
                record.id,
                exc_info=True,
            )
            return
        if kept:
            log.info("Game %s gave its server %d puzzles", record.id, kept)
