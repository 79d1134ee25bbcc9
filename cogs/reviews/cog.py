"""Post-game reviews: the Review button, `/reversi review`, the message that shows a review's
progress and then the review, and its menus of moves.

The review service (`bot.services.reviews`) decides and runs; this cog only shows. Asking for a
review that is done posts it at once; otherwise a message says "Reviewing… move 1 of 60", is
edited as the review goes (at most once every `EDIT_EVERY` seconds of the bot's clock), and
becomes the review when it is done, even after a restart. A finished review is posted once:
asking again links to it, and posts it anew only if its message was deleted. Choosing a move in
the review's menus edits the message in place.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.domain import GameState, ReviewRecord
from bot.domain.events import ReviewDone, ReviewEvent, ReviewFailed, ReviewProgress
from bot.engine.review import Review
from bot.i18n import _
from bot.services.bus import Events
from cogs.audience import for_everyone
from cogs.features import features_of
from cogs.group import add_feature_cog, remove_feature_commands
from cogs.links import message_link, still_there
from cogs.play.publish import LATE
from cogs.replies import Declined, Reply, answering, tell
from cogs.reviews import message as review_message
from cogs.reviews.buttons import DYNAMIC_ITEMS

if TYPE_CHECKING:
    from cogs.host import Bot

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
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None


class ReviewCog(commands.Cog, name="Review"):
    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.reviews = bot.reviews
        self._progress: dict[int, _Progress] = {}
        self._posted: dict[int, str] = {}
        """The text each progress message was posted with, until its first progress."""

    def subscribe(self, events: Events) -> None:
        events.subscribe(ReviewProgress, self.on_review)
        events.subscribe(ReviewDone, self.on_review)
        events.subscribe(ReviewFailed, self.on_review)

    def unsubscribe(self, events: Events) -> None:
        events.unsubscribe(self.on_review)

    async def cog_unload(self) -> None:
        tasks = [p.task for p in self._progress.values() if p.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        remove_feature_commands(self.bot, self)

    # --- asking ---------------------------------------------------------------------------

    @app_commands.command(
        name="review",
        description=locale_str("The engine's verdict on every move of a finished game"),
    )
    @app_commands.describe(id=locale_str("The game's number, as in “game #12”"))
    async def review(
        self, interaction: discord.Interaction, id: app_commands.Range[int, 1]
    ) -> None:
        async with answering(interaction, f"/reversi review {id}"):
            await self.ask(interaction, id)

    async def on_review_button(self, interaction: discord.Interaction, game_id: int) -> None:
        async with answering(interaction, f"review of game {game_id}"):
            await self.ask(interaction, game_id)

    async def ask(self, interaction: discord.Interaction, game_id: int) -> None:
        """Post the review if it is done, else a message that shows its progress and becomes
        it; a review under way already is pointed to."""
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Declined(_("Games belong to servers; use this in a server channel."))
        request = await self.reviews.request(game_id, interaction.guild_id)
        record = request.record
        if request.running:
            where = (
                message_link(record.guild_id, record.channel_id, record.message_id)
                if record.channel_id is not None and record.message_id is not None
                else _("it will be posted here")
            )
            text = _("The review of game #{id} is under way: {where}")
            await tell(interaction, text.format(id=game_id, where=where))
            return
        if request.review is not None:
            await self.post_once(interaction, request.state, request.review, record)
            return
        message_id = None
        try:
            await interaction.response.defer(thinking=True)
            async with for_everyone(self.bot, interaction.guild_id):
                text = review_message.progress_text(
                    game_id, record.analysed, record.positions, waiting=self.reviews.busy
                )
            message = await interaction.followup.send(text, wait=True, allowed_mentions=QUIET)
            message_id = message.id
            self._posted[game_id] = text
        finally:  # without its message the review still runs, and is kept for the next request
            channel_id = interaction.channel_id if message_id is not None else None
            await self.reviews.start(game_id, channel_id, message_id)

    async def post_once(
        self,
        interaction: discord.Interaction,
        state: GameState,
        review: Review,
        record: ReviewRecord,
    ) -> None:
        """A finished review is posted once: a later request is pointed to its message, and only
        a review whose message is gone (or never was) is posted anew."""
        if await self.pointed_to(interaction, record, check=True):
            return
        current = await self.reviews.claim_posting(record)
        if current is not None and current.message_id != record.message_id:
            await self.pointed_to(interaction, current, check=False)  # posted meanwhile
            return
        if current is not None:  # another request is posting it
            text = _("The review of game #{id} is under way: {where}")
            await tell(
                interaction, text.format(id=record.game_id, where=_("it will be posted here"))
            )
            return
        try:
            await interaction.response.defer(thinking=True)
            built = await self.render(state, review, None)
            message = await interaction.followup.send(
                embeds=built.embeds,
                files=built.files(),
                view=built.view,
                allowed_mentions=QUIET,
                wait=True,
            )
        except BaseException:
            self.reviews.posting_failed(record.game_id)
            raise
        await self.reviews.review_posted(record.game_id, message.channel.id, message.id)

    async def pointed_to(
        self, interaction: discord.Interaction, record: ReviewRecord, *, check: bool
    ) -> bool:
        """Answer with a link to the review's message, if it has one (and, with `check`, if
        the message is still there)."""
        channel_id, message_id = record.channel_id, record.message_id
        if channel_id is None or message_id is None:
            return False
        if check and not await still_there(self.bot, channel_id, message_id):
            return False
        link = message_link(record.guild_id, channel_id, message_id)
        text = _("The review of game #{id} is here: {link}")
        await tell(interaction, text.format(id=record.game_id, link=link))
        return True

    # --- the review's menus ---------------------------------------------------------------

    async def on_review_move(
        self, interaction: discord.Interaction, game_id: int, chosen: str
    ) -> None:
        async with answering(
            interaction, f"move {chosen} of the review of game {game_id}"
        ) as reply:
            state, review = await self._stored(interaction, game_id)
            if not chosen.isdigit() or not 1 <= int(chosen) <= len(review.moves):
                raise Declined(_("That move isn't in this game."))
            await self._show(reply, state, review, int(chosen))

    async def on_review_summary(self, interaction: discord.Interaction, game_id: int) -> None:
        async with answering(interaction, f"summary of the review of game {game_id}") as reply:
            state, review = await self._stored(interaction, game_id)
            await self._show(reply, state, review, None)

    async def _stored(
        self, interaction: discord.Interaction, game_id: int
    ) -> tuple[GameState, Review]:
        if interaction.guild_id is None:
            raise Declined(_("Games belong to servers; use this in a server channel."))
        found = await self.reviews.stored(game_id, interaction.guild_id)
        if found is None:
            raise Declined(
                _(
                    "This review was made by an older version of my engine. Press **Review** on "
                    "the game, or use `/reversi review {id}`, for a fresh one."
                ).format(id=game_id)
            )
        return found

    async def _show(
        self,
        reply: Reply,
        state: GameState,
        review: Review,
        number: int | None,
    ) -> None:
        """Edit the review's message in place to show move `number` (None: the summary)."""
        reply.claim()  # answered here: the acknowledgement timer waits
        interaction = reply.interaction
        built = await self.render(state, review, number)
        try:
            await interaction.response.edit_message(
                embeds=built.embeds, attachments=built.files(), view=built.view
            )
        except discord.HTTPException as error:
            if error.code != LATE or interaction.message is None:
                raise
            await interaction.message.edit(
                embeds=built.embeds, attachments=built.files(), view=built.view
            )

    async def render(
        self, state: GameState, review: Review, number: int | None
    ) -> review_message.ReviewMessage:
        """The summary (or move `number`), its images drawn off the event loop, in the server's
        language: everyone sees the review."""
        async with for_everyone(self.bot, state.record.guild_id):
            names = await self.bot.names.players(state.record)
            if number is None:
                return await asyncio.to_thread(review_message.render_summary, state, review, names)
            return await asyncio.to_thread(review_message.render_move, state, review, number, names)

    # --- showing progress -----------------------------------------------------------------

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
            shown.changed.set()
            return
        self.bot.background.spawn(self._finish(event), name=f"review {event.game_id} shown")

    async def _show_progress(self, shown: _Progress) -> None:
        """Edit the progress message with the latest progress, then wait `EDIT_EVERY`."""
        while True:
            await shown.changed.wait()
            shown.changed.clear()
            event = shown.latest
            async with for_everyone(self.bot, event.record.guild_id):
                text = review_message.progress_text(
                    event.game_id, event.analysed, event.total, waiting=event.waiting
                )
            if text == shown.shown:
                continue
            shown.shown = text
            await self._edit(event.record, content=text)
            clock = self.bot.clock
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
                built = await self.render(event.state, event.review, None)
            except Exception:
                log.exception("The review of game %s could not be drawn", event.game_id)
        if built is None:  # the analysis or its drawing failed: the message says so
            async with for_everyone(self.bot, record.guild_id):
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


async def setup(bot: commands.AutoShardedBot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    cog = ReviewCog(cast("Bot", bot))
    features_of(bot).review = cog
    await add_feature_cog(bot, cog)


async def teardown(bot: commands.AutoShardedBot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
    del features_of(bot).review
