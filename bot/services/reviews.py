"""Post-game reviews, with no Discord in it: who may ask, running them, keeping them, resuming them.

A request for a finished game's review finds it stored (shown at once), or stores an empty one
and starts it. The review then goes position by position: each position is analysed in the
bot's worker processes (`Computer.analyse`), never on the event loop, and the analyses so far
are saved after each one, so a restart resumes the review where it stopped (`recover`). One
review runs at a time; the others wait their turn, so reviews never take more than one worker and
the bot's own moves wait behind one position at most.

Subscribers of the bot's one event bus hear of each step (`ReviewProgress`), of the end
(`ReviewDone`), and of a review that failed (`ReviewFailed`, after which it is forgotten so that
it can be asked for again): the reviews' messages (`cogs.reviews.progress`) show them, and a
finished review is posted once (`claim_posting`), anew only if its message is gone. A review is
stored per game and engine (`ReviewBudget.key`), so an upgraded engine makes new reviews rather
than mixing analyses.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.clock import Clock
from bot.domain import GameRecord, GameState, ReviewRecord
from bot.domain.events import ReviewDone, ReviewFailed, ReviewProgress
from bot.domain.refusals import Refusal, Refused
from bot.domain.shards import ALL_SHARDS, Shards
from bot.engine import Color
from bot.engine.ai.analysis import PositionAnalysis, ReviewBudget, default_budget
from bot.engine.review import Review, build_review, positions_of
from bot.services.bus import Events
from bot.storage import Storage

log = logging.getLogger(__name__)

Analyse = Callable[[str, int | None, ReviewBudget], Awaitable[PositionAnalysis]]
"""Analyses one position (`analyse_position`), in a worker process."""


@dataclass(frozen=True, slots=True)
class ReviewRequest:
    """The answer to a request: the game, its stored review, and either the review itself (done)
    or whether the caller should show its progress (`start` it), which is the case unless this
    process is already running it."""

    state: GameState
    record: ReviewRecord
    review: Review | None
    needs_start: bool

    @property
    def running(self) -> bool:
        return self.review is None and not self.needs_start


def outcome_of(record: GameRecord) -> int | None:
    """The game's result for Black, +1, 0 or -1; None for a game with no result (cancelled)."""
    if record.end_reason is None or not record.end_reason.has_result:
        return None
    if record.winner is None:
        return 0
    return 1 if record.winner is Color.BLACK else -1


class ReviewService:
    def __init__(
        self,
        storage: Storage,
        clock: Clock,
        events: Events,
        analyse: Analyse,
        *,
        shards: Shards = ALL_SHARDS,
        budget: ReviewBudget | None = None,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.events = events
        self.analyse = analyse
        self.shards = shards
        self.budget = budget or default_budget()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._starting: set[int] = set()
        """Games whose review a request is about to `start`: a second request waits for it."""
        self._posting: set[int] = set()
        """Games whose finished review a request is posting anew (`claim_posting`)."""
        self._turn = asyncio.Lock()
        self._closing = False

    @property
    def engine(self) -> str:
        return self.budget.key

    def now(self) -> float:
        return self.clock.now().timestamp()

    def running(self, game_id: int) -> bool:
        """Whether this process is running (or has queued, or is starting) the game's review."""
        return game_id in self._tasks or game_id in self._starting

    # --- asking ---------------------------------------------------------------------------

    async def reviewable(self, game_id: int, guild_id: int) -> GameState:
        """The game, if anyone in `guild_id` may see its review: a game of this server, over,
        with at least one move."""
        try:
            record = await self.storage.games.get(game_id)
        except LookupError:
            record = None
        if record is None or record.guild_id != guild_id:
            raise Refusal(Refused.NO_SUCH_GAME, id=game_id)
        if record.active:
            raise Refusal(Refused.REVIEW_WHILE_PLAYING, id=game_id)
        if not record.ply:
            raise Refusal(Refused.NOTHING_TO_REVIEW, id=game_id)
        return GameState.of(record)

    async def request(self, game_id: int, guild_id: int) -> ReviewRequest:
        """The game's review if it is done; else it is stored (if new) and the caller shows its
        progress and calls `start`, unless it is running here already."""
        state = await self.reviewable(game_id, guild_id)
        record, _ = await self.storage.reviews.open(
            game_id,
            self.engine,
            guild_id=state.record.guild_id,
            positions=state.record.ply,
            now=self.now(),
        )
        if record.done:
            return ReviewRequest(state, record, self._build(state, record), False)
        if self.running(game_id):
            return ReviewRequest(state, record, None, False)
        self._starting.add(game_id)
        return ReviewRequest(state, record, None, True)

    async def start(self, game_id: int, channel_id: int | None, message_id: int | None) -> None:
        """Run the game's review, showing it on `message_id` (None: no message shows it, and the
        review is only stored). The caller of `request` that was told to must call it, whether
        or not it could post the message."""
        try:
            if channel_id is not None and message_id is not None:
                await self.storage.reviews.set_message(
                    game_id, self.engine, channel_id, message_id, now=self.now()
                )
        finally:
            self._starting.discard(game_id)
            self._spawn(game_id)

    async def claim_posting(self, seen: ReviewRecord) -> ReviewRecord | None:
        """A finished review is posted once, and anew only when its message is not there (`seen`
        names it, or none if it never had one): claim posting it. None if the caller is to post
        it (then `review_posted`, or `posting_failed`); else the review as it is now: shown by a
        message posted meanwhile, or still by `seen`'s while another request posts it.

        A game's reviews are asked for in its server, so in this process: the claim is kept
        here."""
        game_id = seen.game_id
        if game_id in self._posting:
            return seen
        self._posting.add(game_id)
        try:
            record = await self.storage.reviews.get(game_id, self.engine)
        except BaseException:
            self._posting.discard(game_id)
            raise
        if record is None or record.message_id == seen.message_id:
            return None
        self._posting.discard(game_id)
        return record

    async def review_posted(self, game_id: int, channel_id: int, message_id: int) -> None:
        """The review is shown by `message_id` from now on: later requests are pointed to it."""
        try:
            await self.storage.reviews.set_message(
                game_id, self.engine, channel_id, message_id, now=self.now()
            )
        finally:
            self._posting.discard(game_id)

    async def review_not_shown(self, game_id: int) -> None:
        """The review's message does not show it (it could not be drawn, or posted): the next
        request posts it."""
        await self.storage.reviews.set_message(game_id, self.engine, None, None, now=self.now())

    def posting_failed(self, game_id: int) -> None:
        """The review could not be posted: the next request posts it."""
        self._posting.discard(game_id)

    async def stored(self, game_id: int, guild_id: int) -> tuple[GameState, Review] | None:
        """The game's finished review by this engine, if there is one (the move menus)."""
        state = await self.reviewable(game_id, guild_id)
        record = await self.storage.reviews.get(game_id, self.engine)
        if record is None or not record.done:
            return None
        return state, self._build(state, record)

    @property
    def in_progress(self) -> int:
        """Reviews this process is running or has queued."""
        return len(self._tasks)

    @property
    def busy(self) -> bool:
        """Whether a review is running now: a new one waits for its turn."""
        return self._turn.locked()

    # --- running --------------------------------------------------------------------------

    def _spawn(self, game_id: int) -> None:
        if game_id in self._tasks or self._closing:
            return
        task = asyncio.create_task(self._run(game_id), name=f"review of game {game_id}")
        self._tasks[game_id] = task
        task.add_done_callback(lambda _: self._tasks.pop(game_id, None))

    async def _run(self, game_id: int) -> None:
        record: ReviewRecord | None = None
        try:
            record = await self.storage.reviews.get(game_id, self.engine)
            if record is None or record.done:
                return
            if self._turn.locked():
                self.events.emit(
                    ReviewProgress(game_id, record.analysed, record.positions, record, True)
                )
            async with self._turn:
                await self._analyse(game_id, record)
        except asyncio.CancelledError:
            raise  # stopping: the analyses so far are stored, and the next start resumes
        except Exception:
            log.exception("The review of game %s failed", game_id)
            try:
                await self.storage.reviews.discard(game_id, self.engine)
            except Exception:
                log.exception("The failed review of game %s could not be discarded", game_id)
            if record is not None:
                self.events.emit(ReviewFailed(game_id, record))

    async def _analyse(self, game_id: int, record: ReviewRecord) -> None:
        state = GameState.of(await self.storage.games.get(game_id))
        todo = positions_of(state.game)
        if record.positions != len(todo) or record.analysed > len(todo):
            raise ValueError(f"the stored review of game {game_id} does not fit the game")
        analyses = [PositionAnalysis.from_dict(entry) for entry in record.analyses]
        self.events.emit(ReviewProgress(game_id, len(analyses), len(todo), record))
        while len(analyses) < len(todo):
            position, played = todo[len(analyses)]
            analyses.append(await self.analyse(position, played, self.budget))
            saved = await self.storage.reviews.save(
                game_id, self.engine, [a.to_dict() for a in analyses], now=self.now()
            )
            if saved is None:
                return  # discarded meanwhile: nobody waits for it
            record = saved
            if not record.done:
                self.events.emit(ReviewProgress(game_id, len(analyses), len(todo), record))
        self.events.emit(ReviewDone(game_id, record, state, self._build(state, record)))

    def _build(self, state: GameState, record: ReviewRecord) -> Review:
        analyses = [PositionAnalysis.from_dict(entry) for entry in record.analyses]
        return build_review(state.game, analyses, outcome_of(state.record))

    # --- start-up and shutdown ------------------------------------------------------------

    async def recover(self) -> None:
        """After a restart: resume the reviews of this process's servers that were running.
        One left by another engine (an upgrade) starts again with this one, on its message."""
        for record in await self.storage.reviews.unfinished(self.shards):
            if record.engine != self.engine:
                await self.storage.reviews.discard(record.game_id, record.engine)
                current, _ = await self.storage.reviews.open(
                    record.game_id,
                    self.engine,
                    guild_id=record.guild_id,
                    positions=record.positions,
                    now=self.now(),
                )
                if record.message_id is not None and record.channel_id is not None:
                    shown = await self.storage.reviews.set_message(
                        record.game_id,
                        self.engine,
                        record.channel_id,
                        record.message_id,
                        now=self.now(),
                    )
                    current = shown or current
                if current.done:
                    state = GameState.of(await self.storage.games.get(record.game_id))
                    review = self._build(state, current)
                    self.events.emit(ReviewDone(record.game_id, current, state, review))
                    continue
            self._spawn(record.game_id)

    async def unsearched(self) -> list[ReviewDone]:
        """The reviews done in this process's servers whose games were not searched for puzzles
        yet (`bot.game_puzzles`), as their end was announced."""
        done = []
        for record in await self.storage.reviews.unsearched(self.shards):
            state = GameState.of(await self.storage.games.get(record.game_id))
            done.append(ReviewDone(record.game_id, record, state, self._build(state, record)))
        return done

    async def stop(self) -> None:
        """Stop the reviews under way; what they analysed is stored, and `recover` resumes."""
        self._closing = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
