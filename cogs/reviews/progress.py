"""A review's message as the review goes, without a click: "Reviewing… move 1 of 60" edited as
the analysis advances (at most once every `EDIT_EVERY` seconds of the bot's clock), then the review
itself, or the note that it failed. The composition root wires it to the bus; the reviews' cog
posts the message and tells it what it posted."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING

import discord

from bot.domain import GameState, ReviewRecord
from bot.domain.events import ReviewDone, ReviewEvent, ReviewFailed, ReviewProgress
from bot.engine.review import Review
from bot.services.bus import Events
from cogs.reviews import message as review_message

if TYPE_CHECKING:
    from bot.background import Background
    from bot.clock import Clock
    from bot.services.reviews import ReviewService
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.names import Names

log = logging.getLogger(__name__)

EDIT_EVERY = 2.0
"""Seconds between two edits of a review's progress: Discord limits edits, and nobody reads
faster."""

QUIET = discord.AllowedMentions.none()


@dataclass
class _Progress:
    """One review's progress message: the latest progress, and the task that shows it."""

    latest: ReviewProgress
    shown: str = ""
    updated: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None


async def render(
    audience: Audience, names: Names, state: GameState, review: Review, number: int | None
) -> review_message.ReviewMessage:
    """The summary (or move `number`), its images drawn off the event loop, in the server's
    language: everyone sees the review."""
    async with audience.for_everyone(state.record.guild_id):
        players = await names.players(state.record)
        if number is None:
            return await asyncio.to_thread(review_message.render_summary, state, review, players)
        return await asyncio.to_thread(review_message.render_move, state, review, number, players)


class ReviewMessages:
    """The progress messages of the reviews under way, each edited by one task of its own."""

    def __init__(
        self,
        bot: Bot,
        *,
        reviews: ReviewService,
        audience: Audience,
        names: Names,
        background: Background,
        clock: Clock,
    ) -> None:
        self.bot = bot
        self.reviews, self.audience, self.names = reviews, audience, names
        self.background, self.clock = background, clock
        self._progress: dict[int, _Progress] = {}
        self._posted: dict[int, str] = {}
        """The text each progress message was posted with, until its first progress."""

    def subscribe(self, events: Events) -> None:
        events.subscribe(ReviewProgress, self.on_review)
        events.subscribe(ReviewDone, self.on_review)
        events.subscribe(ReviewFailed, self.on_review)

    def posted(self, game_id: int, text: str) -> None:
        """The review of `game_id` got its progress message, posted with `text`."""
        self._posted[game_id] = text

    async def stop(self) -> None:
        """Stop editing the progress messages: the reviews resume at the next start."""
        tasks = [p.task for p in self._progress.values() if p.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def on_review(self, event: ReviewEvent) -> None:
        if isinstance(event, ReviewProgress):
            shown = self._progress.get(event.game_id)
            if shown is None:
                posted = self._posted.pop(event.game_id, "")
                shown = self._progress[event.game_id] = _Progress(event, posted)
                shown.task = asyncio.create_task(
                    self._show_progress(shown), name=f"progress of review {event.game_id}"
                )
            shown.latest = event
            shown.updated.set()
            return
        self.background.spawn(self._finish(event), name=f"review {event.game_id} shown")

    async def _show_progress(self, shown: _Progress) -> None:
        """Edit the progress message with the latest progress, then wait `EDIT_EVERY`."""
        while True:
            await shown.updated.wait()
            shown.updated.clear()
            event = shown.latest
            async with self.audience.for_everyone(event.record.guild_id):
                text = review_message.progress_text(
                    event.game_id, event.analysed, event.total, waiting=event.waiting
                )
            if text == shown.shown:
                continue
            shown.shown = text
            await self._edit(event.record, content=text)
            clock = self.clock
            await clock.sleep_until(clock.now() + timedelta(seconds=EDIT_EVERY))

    async def _finish(self, event: ReviewDone | ReviewFailed) -> None:
        self._posted.pop(event.game_id, None)
        shown = self._progress.pop(event.game_id, None)
        if shown is not None and shown.task is not None:
            shown.task.cancel()
            await asyncio.gather(shown.task, return_exceptions=True)
        record = event.record
        if record.message_id is None or record.channel_id is None:
            return  # asked for by nobody who waits: it is stored for the next request
        built = None
        if isinstance(event, ReviewDone):
            try:
                built = await render(self.audience, self.names, event.state, event.review, None)
            except Exception:
                log.exception("The review of game %s could not be drawn", event.game_id)
        if built is None:  # the analysis or its drawing failed: the message says so
            async with self.audience.for_everyone(record.guild_id):
                text = review_message.failed_text(event.game_id)
            await self._edit(record, content=text)
            if isinstance(event, ReviewDone):  # the analysis is kept: the next request posts it
                await self.reviews.review_not_shown(event.game_id)
            return
        edited = await self._edit(
            record,
            content=None,
            embeds=built.embeds,
            attachments=built.files(),
            view=built.view,
        )
        if not edited:
            channel = self.bot.get_partial_messageable(record.channel_id)
            try:
                message = await channel.send(
                    embeds=built.embeds,
                    files=built.files(),
                    view=built.view,
                    allowed_mentions=QUIET,
                )
            except discord.HTTPException as error:
                log.info("Review of game %s not shown (%s)", event.game_id, error.code)
                await self.reviews.review_not_shown(event.game_id)
                return
            await self.reviews.review_posted(event.game_id, message.channel.id, message.id)

    async def _edit(self, record: ReviewRecord, **changes: object) -> bool:
        """Edit the review's message; False if Discord refused (the message is gone, say)."""
        if record.message_id is None or record.channel_id is None:
            return False
        channel = self.bot.get_partial_messageable(record.channel_id)
        try:
            await channel.get_partial_message(record.message_id).edit(
                allowed_mentions=QUIET,
                **changes,  # type: ignore[arg-type]
            )
        except discord.HTTPException as error:
            log.info("Review message %s not edited (%s)", record.message_id, error.code)
            return False
        return True
