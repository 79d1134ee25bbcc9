"""The review service without Discord: who may ask, one review at a time, progress saved as it
goes, a failure told and forgotten, and reviews resumed (or redone by a new engine) at start-up.

The analyses run in this process at a tiny budget (the worker pool is the gameplay tests'
business), behind a gate that a test can close to hold a review at a move."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot import engine
from bot.domain import Ending, EndReason, GameRecord, TimeControl
from bot.domain.events import ReviewDone, ReviewEvent, ReviewFailed, ReviewProgress
from bot.domain.refusals import Refused
from bot.domain.shards import Shards
from bot.engine.ai.analysis import PositionAnalysis, ReviewBudget, analyse_position
from bot.services.bus import Events
from bot.services.reviews import ReviewService, outcome_of
from bot.storage import Storage
from tests.errorlog import ErrorLog
from tests.fakediscord.clock import FakeClock
from tests.ids import ALICE, BOB, CHANNEL, GUILD, OTHER_GUILD
from tests.refused import refused

from .support import until, write_moves

TINY = ReviewBudget(nodes=20, exact_empties=4, attempt_empties=4)
MOVES = ["f5", "d6", "c3", "d3", "c4", "f4"]


class Analyser:
    """Analyses in this process; `hold_at(n)` stops before the n-th analysis until `release()`;
    `fail_at(n)` raises there instead."""

    def __init__(self) -> None:
        self.calls = 0
        self.hold, self.fail = 0, 0
        self.changed = asyncio.Event()
        self._open = asyncio.Event()

    async def __call__(
        self, position: str, played: int | None, budget: ReviewBudget
    ) -> PositionAnalysis:
        self.calls += 1
        self.changed.set()
        if self.calls == self.fail:
            raise RuntimeError("the worker died")
        if self.calls == self.hold:
            await self._open.wait()
        await asyncio.sleep(0)
        return analyse_position(position, played, budget)

    def release(self) -> None:
        self._open.set()


class Seen:
    def __init__(self, service: ReviewService) -> None:
        self.events: list[ReviewEvent] = []
        self.changed = asyncio.Event()
        for kind in (ReviewProgress, ReviewDone, ReviewFailed):
            service.events.subscribe(kind, self.record)

    def record(self, event: ReviewEvent) -> None:
        self.events.append(event)
        self.changed.set()

    async def done(self, game_id: int) -> ReviewDone:
        def found() -> ReviewDone | None:
            return next(
                (e for e in self.events if isinstance(e, ReviewDone) and e.game_id == game_id),
                None,
            )

        done = await until(found, self.changed)
        assert done is not None
        return done


@pytest.fixture
def analyser() -> Analyser:
    return Analyser()


@pytest.fixture
async def reviews(storage: Storage, clock: FakeClock, events: Events, analyser: Analyser) -> Any:
    service = ReviewService(storage, clock, events, analyser, budget=TINY)
    yield service
    await service.stop()


async def finished(
    storage: Storage,
    moves: list[str] = MOVES,
    *,
    guild: int = GUILD,
    channel: int = CHANNEL,
    reason: EndReason = EndReason.RESIGNATION,
) -> GameRecord:
    game = await storage.games.create(
        guild,
        channel,
        ALICE,
        BOB,
        rated=False,
        time_control=TimeControl(per_move=60),
        deadline=None,
        now=0,
    )
    game = await write_moves(storage, game, moves, now=0)
    winner = None if reason is EndReason.CANCELLED else engine.Color.WHITE
    ending = Ending(reason, winner, 2, 2, cancelled_by=1 if winner is None else None)
    return (await storage.games.finish(game.id, game.ply, ending, now=1)).game


async def test_only_finished_games_of_the_server_with_moves_are_reviewed(
    storage: Storage, reviews: ReviewService
) -> None:
    playing = await storage.games.create(
        GUILD,
        CHANNEL,
        ALICE,
        BOB,
        rated=False,
        time_control=TimeControl(per_move=60),
        deadline=None,
        now=0,
    )
    with refused(Refused.REVIEW_WHILE_PLAYING):
        await reviews.request(playing.id, GUILD)
    empty = await finished(storage, [], channel=CHANNEL + 1)
    with refused(Refused.NOTHING_TO_REVIEW):
        await reviews.request(empty.id, GUILD)
    game = await finished(storage, channel=CHANNEL + 2)
    for guild, game_id in ((OTHER_GUILD, game.id), (GUILD, 999)):
        with refused(Refused.NO_SUCH_GAME):
            await reviews.request(game_id, guild)
    assert await storage.reviews.get(game.id, TINY.key) is None


async def test_a_review_is_saved_move_by_move_and_then_shown_from_storage(
    storage: Storage, reviews: ReviewService, analyser: Analyser
) -> None:
    game = await finished(storage)
    seen = Seen(reviews)
    request = await reviews.request(game.id, GUILD)
    assert request.needs_start and request.review is None
    analyser.hold = 4
    await reviews.start(game.id, CHANNEL, 55)
    await until(lambda: analyser.calls == 4, analyser.changed)

    stored = await storage.reviews.get(game.id, TINY.key)
    assert stored is not None and stored.analysed == 3 and stored.message_id == 55
    assert [(e.analysed, e.total) for e in seen.events if isinstance(e, ReviewProgress)] == [
        (0, 6),
        (1, 6),
        (2, 6),
        (3, 6),
    ]
    again = await reviews.request(game.id, GUILD)
    assert again.running and not again.needs_start  # under way here: nothing more to start

    analyser.release()
    done = await seen.done(game.id)
    assert done.record.done and done.review.outcome == -1 and len(done.review.moves) == 6
    assert done.review.opening is not None and done.review.opening.name == "Tiger"
    calls = analyser.calls
    shown = await reviews.request(game.id, GUILD)
    assert shown.review == done.review and analyser.calls == calls
    stored_now = await reviews.stored(game.id, GUILD)
    assert stored_now is not None and stored_now[1] == done.review


async def test_of_two_requests_at_once_one_starts_the_review(
    storage: Storage, reviews: ReviewService
) -> None:
    game = await finished(storage)
    seen = Seen(reviews)
    first, second = await asyncio.gather(*(reviews.request(game.id, GUILD) for _ in range(2)))
    assert sorted([first.needs_start, second.needs_start]) == [False, True]
    assert reviews.running(game.id)

    await reviews.start(game.id, None, None)  # no message could be posted: it runs all the same

    done = await seen.done(game.id)
    assert done.record.message_id is None and done.record.done


async def test_a_finished_review_is_posted_anew_by_one_request_at_a_time(
    storage: Storage, reviews: ReviewService
) -> None:
    game = await finished(storage)
    seen = Seen(reviews)
    await reviews.request(game.id, GUILD)
    await reviews.start(game.id, CHANNEL, 55)
    await seen.done(game.id)
    gone = (await reviews.request(game.id, GUILD)).record  # its message 55 was deleted

    claims = await asyncio.gather(*(reviews.claim_posting(gone) for _ in range(2)))
    assert claims.count(None) == 1 and gone in claims  # the other is told it is being posted
    await reviews.review_posted(game.id, CHANNEL, 66)
    late = await reviews.claim_posting(gone)  # asked before the new one was posted
    assert late is not None and late.message_id == 66

    now = (await reviews.request(game.id, GUILD)).record
    assert await reviews.claim_posting(now) is None  # 66 deleted too
    reviews.posting_failed(game.id)  # could not post it: the next request may
    assert await reviews.claim_posting(now) is None
    await reviews.review_not_shown(game.id)  # say, its drawing failed
    assert (await reviews.request(game.id, GUILD)).record.message_id is None


async def test_one_review_runs_at_a_time(
    storage: Storage, reviews: ReviewService, analyser: Analyser
) -> None:
    first = await finished(storage)
    second = await finished(storage, channel=CHANNEL + 1)
    seen = Seen(reviews)
    analyser.hold = 2
    for game in (first, second):
        await reviews.request(game.id, GUILD)
        await reviews.start(game.id, None, None)
    await until(lambda: analyser.calls == 2, analyser.changed)

    waiting = [e for e in seen.events if isinstance(e, ReviewProgress) and e.waiting]
    assert reviews.busy and [e.game_id for e in waiting] == [second.id]
    analyser.release()
    await seen.done(second.id)
    finished_order = [e.game_id for e in seen.events if isinstance(e, ReviewDone)]
    assert finished_order == [first.id, second.id]


async def test_a_failed_review_is_told_and_forgotten(
    storage: Storage, reviews: ReviewService, analyser: Analyser, logged_errors: ErrorLog
) -> None:
    game = await finished(storage)
    seen = Seen(reviews)
    analyser.fail = 3
    await reviews.request(game.id, GUILD)
    await reviews.start(game.id, CHANNEL, 55)

    failed = await until(
        lambda: next((e for e in seen.events if isinstance(e, ReviewFailed)), None), seen.changed
    )
    assert failed.record.message_id == 55
    (logged,) = logged_errors.take("bot.services.reviews")
    assert logged.getMessage() == f"The review of game {game.id} failed"
    assert await storage.reviews.get(game.id, TINY.key) is None
    assert (await reviews.request(game.id, GUILD)).needs_start  # asked again: afresh


async def test_start_up_resumes_this_process_s_reviews_and_redoes_an_old_engine_s(
    storage: Storage, clock: FakeClock, analyser: Analyser
) -> None:
    resumed = await finished(storage)
    upgraded = await finished(storage, channel=CHANNEL + 1)
    elsewhere = await finished(storage, guild=GUILD + (1 << 22), channel=CHANNEL + 2)
    old = ReviewBudget(nodes=10, exact_empties=4, attempt_empties=4)
    await storage.reviews.open(upgraded.id, old.key, guild_id=GUILD, positions=6, now=0)
    await storage.reviews.set_message(upgraded.id, old.key, CHANNEL + 1, 66, now=0)
    partial = [
        analyse_position(position, played, TINY).to_dict()
        for position, played in [
            (ply.before.to_string(), ply.square)
            for ply in engine.Game.from_transcript("".join(MOVES)).plies[:4]
        ]
    ]
    for game in (resumed, elsewhere):
        await storage.reviews.open(game.id, TINY.key, guild_id=game.guild_id, positions=6, now=0)
        await storage.reviews.save(game.id, TINY.key, partial, now=0)

    shards = Shards(2, ((GUILD >> 22) % 2,))
    reviews = ReviewService(storage, clock, Events(), analyser, budget=TINY, shards=shards)
    seen = Seen(reviews)
    try:
        await reviews.recover()
        await seen.done(resumed.id)
        done = await seen.done(upgraded.id)
    finally:
        await reviews.stop()

    assert analyser.calls == 2 + 6  # the resumed review's last two moves, the other's six
    assert done.record.engine == TINY.key and done.record.message_id == 66
    assert await storage.reviews.get(upgraded.id, old.key) is None
    untouched = await storage.reviews.get(elsewhere.id, TINY.key)
    assert untouched is not None and untouched.analysed == 4 and not untouched.done


def test_outcomes_of_records() -> None:
    def record(reason: EndReason | None, winner: engine.Color | None) -> Any:
        return type("R", (), {"end_reason": reason, "winner": winner})()

    assert outcome_of(record(EndReason.NORMAL, engine.Color.BLACK)) == 1
    assert outcome_of(record(EndReason.TIMEOUT, engine.Color.WHITE)) == -1
    assert outcome_of(record(EndReason.NORMAL, None)) == 0
    assert outcome_of(record(EndReason.CANCELLED, None)) is None
    assert outcome_of(record(None, None)) is None
