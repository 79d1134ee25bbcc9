"""Rated puzzles: a puzzle near the member's puzzle rating, their answers move by move, a hint,
and the ratings once the attempt ends.

Every answer names the step it answers; the storage moves an attempt on only from that step
while it is open, so a double click or a stale button changes nothing. A wrong move is refuted
by the exact solver (or, in a verified puzzle, the search), after the attempt is stored as
failed, so that concurrent wrong clicks cost one solve; the bot runs it in a worker process
(`Refuter`), so that nobody's game waits for it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import lru_cache

from bot.domain import GameRecord
from bot.domain.events import PuzzleSolved
from bot.domain.puzzles import (
    BANK_POOL,
    NEW_SOLVER,
    PUZZLE_DEVIATION,
    Attempt,
    Finished,
    Hint,
    Line,
    Origin,
    PuzzleSource,
    Quadrant,
    Refutation,
    ServerPuzzle,
    Shown,
    missed_moves,
    server_puzzle_id,
)
from bot.domain.refusals import Refusal, Refused
from bot.engine.position import Color, Position
from bot.engine.puzzle_bank import Entry, bank
from bot.engine.puzzles import Puzzle, refutation
from bot.engine.review import Review, ReviewedMove
from bot.services.context import Context, Service
from bot.storage.puzzles import SAMPLE

SPREAD = 100.0
"""How far from the member's rating a new puzzle may be aimed, drawn at random each time, so
that members of one rating don't all meet the same puzzles in the same order."""


Refuter = Callable[[Position, int], Awaitable[tuple[int | None, int, bool]]]
"""Runs `puzzles.refutation`: the bot gives the worker processes' (`Computer.refute`)."""


async def refuted_here(position: Position, move: int) -> tuple[int | None, int, bool]:
    """`puzzles.refutation` in this process, blocking it: for tests and tools."""
    return refutation(position, move)


class Puzzles(Service):
    """Personal rated puzzles, per server: from the bank, and from the server's own games
    (positions where a reviewed game's player missed the one move that kept the best result)."""

    def __init__(self, context: Context, refuter: Refuter = refuted_here) -> None:
        super().__init__(context)
        self.refuter = refuter
        self._entries = {entry.id: entry for entry in bank()}
        ids = sorted(self._entries)
        self._sample_starts = ids[: max(1, len(ids) - SAMPLE)] or [""]
        """Where a sample of `SAMPLE` puzzles in id order may start and still be whole."""
        self._seeded = False

    async def start(
        self, guild_id: int, user_id: int, source: PuzzleSource = PuzzleSource.ANY
    ) -> Shown:
        """The member's open personal attempt in the server, or a new one at a puzzle they never met
        there, near their puzzle rating: from the bank or the server's games, or from those
        games alone; never one of a game they played."""
        await self.seed()
        solver = await self.storage.puzzles.solver(guild_id, user_id)
        rating = (solver.rating if solver else NEW_SOLVER).rating
        target = rating + self.rng.uniform(-SPREAD, SPREAD)
        games_only = source is PuzzleSource.SERVER_GAMES
        attempt = await self.storage.puzzles.start(
            guild_id,
            user_id,
            target,
            sample_from=self.rng.choice(self._sample_starts),
            pools=(guild_id,) if games_only else (BANK_POOL, guild_id),
            now=self.now(),
        )
        if attempt is None:
            raise Refusal(Refused.NO_SERVER_PUZZLE_LEFT if games_only else Refused.NO_PUZZLE_LEFT)
        line, origin = await self._puzzle(attempt.puzzle_id)
        return Shown(attempt, line, origin=origin)

    async def answer(
        self, attempt_id: int, user_id: int, guild_id: int, step: int, square: int
    ) -> Shown | Finished:
        """Play `square` as the answer at `step`: the right move plays the replies and asks for
        the next one, or solves the puzzle; any other fails it, refuted."""
        attempt = await self._open(attempt_id, user_id, guild_id, step)
        line, origin = await self._puzzle(attempt.puzzle_id)
        position = line.positions[step]
        if not position.is_legal(square):
            raise Refusal(Refused.STALE_PUZZLE)
        puzzles = self.storage.puzzles
        right = square == line.solution(step)
        following = line.next_move(step) if right else None
        if right and following is not None:
            moved = await puzzles.advance(attempt_id, step, following)
            if moved is None:
                raise await self._gone(attempt_id)
            return Shown(moved, line, (square, *line.replies(step)), origin)
        done = await puzzles.finish(attempt_id, step, solved=right, now=self.now())
        if done is None:
            raise await self._gone(attempt_id)
        finished, changes = done
        if right:
            self.events.emit(PuzzleSolved(finished))
        refutation = None if right else await self.refute(position, square, line.entry.score)
        return Finished(finished, line, changes, refutation)

    async def hint(self, attempt_id: int, user_id: int, guild_id: int, step: int) -> Hint:
        """The quadrant of the move to find at `step` and the puzzle's themes; the attempt
        remembers it was helped."""
        attempt = await self._open(attempt_id, user_id, guild_id, step)
        line, origin = await self._puzzle(attempt.puzzle_id)
        hinted = await self.storage.puzzles.hint(attempt_id, step)
        if hinted is None:
            raise await self._gone(attempt_id)
        return Hint(Shown(hinted, line, origin=origin), Quadrant.of(line.solution(step)))

    async def refute(self, position: Position, move: int, best: int) -> Refutation:
        """The opponent's best reply to `move` (the lowest square among equals) and the result
        it leads to: exact in a proven puzzle, the search's estimate in a verified one."""
        reply, score, exact = await self.refuter(position, move)
        return Refutation(move, reply, score, best, exact)

    def line(self, puzzle_id: str) -> Line:
        return _line(self._entries[puzzle_id])

    def missed(self, record: GameRecord, review: Review) -> list[ReviewedMove]:
        """The moves of a reviewed game of this server whose positions may make puzzles: the
        players' misses (`missed_moves`), the bot's own moves left out."""
        bot = self.bot_id
        skip = Color.BLACK if record.black_id == bot else None
        skip = Color.WHITE if record.white_id == bot else skip
        return missed_moves(review, skip)

    async def keep_from_game(
        self, record: GameRecord, engine: str, found: list[tuple[ReviewedMove, Puzzle]]
    ) -> int:
        """Keep as the server's puzzles those of `found` (a missed move and the puzzle its
        position makes) that the player missed: their move was not the solution; the game's
        review by `engine` is searched. Returns how many were new."""
        kept = [
            ServerPuzzle(
                record.guild_id,
                replace(Entry.of(puzzle), id=server_puzzle_id(record.guild_id, puzzle.position)),
                Origin(record.id, move.number, record.black_id, record.white_id),
            )
            for move, puzzle in found
            if puzzle.steps[0].solution != move.square
        ]
        return await self.storage.puzzles.searched(
            record.id, engine, kept, deviation=PUZZLE_DEVIATION, now=self.now()
        )

    async def _puzzle(self, puzzle_id: str) -> tuple[Line, Origin | None]:
        """The puzzle's line, from the bank or the server's games, and the game it comes from
        (None for the bank's), its players as the game holds them now."""
        entry = self._entries.get(puzzle_id)
        if entry is not None:
            return _line(entry), None
        found = await self.storage.puzzles.server_puzzle(puzzle_id)
        if found is None:
            raise Refusal(Refused.NO_SUCH_PUZZLE)
        return _line(found.entry), found.origin

    async def seed(self) -> None:
        """Give every puzzle of the bank its starting rating, once per process."""
        if not self._seeded:
            ratings = [(entry.id, float(entry.rating)) for entry in self._entries.values()]
            await self.storage.puzzles.seed(ratings, deviation=PUZZLE_DEVIATION)
            self._seeded = True

    async def _open(self, attempt_id: int, user_id: int, guild_id: int, step: int) -> Attempt:
        """The attempt, if it is the member's, in this server, open, and at `step`."""
        attempt = await self.storage.puzzles.attempt(attempt_id)
        if attempt is None:
            raise Refusal(Refused.NO_SUCH_PUZZLE)
        if attempt.guild_id != guild_id:
            raise Refusal(Refused.PUZZLE_ELSEWHERE)
        if attempt.user_id != user_id:
            raise Refusal(Refused.NOT_YOUR_PUZZLE)
        if attempt.finished:
            raise Refusal(Refused.PUZZLE_FINISHED)
        if attempt.step != step:
            raise Refusal(Refused.STALE_PUZZLE)
        return attempt

    async def _gone(self, attempt_id: int) -> Refusal:
        """Why a conditional write found the attempt moved on: another answer came first."""
        attempt = await self.storage.puzzles.attempt(attempt_id)
        finished = attempt is not None and attempt.finished
        return Refusal(Refused.PUZZLE_FINISHED if finished else Refused.STALE_PUZZLE)


@lru_cache(maxsize=1024)
def _line(entry: Entry) -> Line:
    return Line.of(entry)
