"""Post-game reviews: the Review button, `/reversi review`, the message that shows a review's
progress and then the review, and its menus of moves.

The review service (`bot.services.reviews`) decides and runs; this cog only shows. Asking for a
review that is done posts it at once; otherwise a message says "Reviewing… move 1 of 60", is
edited as the review goes and becomes the review when it is done, even after a restart
(`ReviewMessages`). A finished review is posted once: asking again links to it, and posts it
anew only if its message was deleted. Choosing a move in the review's menus edits the message in
place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.domain import GameState, ReviewRecord
from bot.engine.review import Review
from bot.i18n import _
from cogs.group import FeatureCog
from cogs.links import message_link, still_there
from cogs.play.publish import LATE
from cogs.replies import Declined, Reply, answering, tell
from cogs.reviews import message as review_message
from cogs.reviews.progress import QUIET, render

if TYPE_CHECKING:
    from bot.services.reviews import ReviewService
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.names import Names
    from cogs.reviews.progress import ReviewMessages


class ReviewCog(FeatureCog, name="Review"):
    def __init__(
        self,
        bot: Bot,
        *,
        audience: Audience,
        reviews: ReviewService,
        review_messages: ReviewMessages,
        names: Names,
    ) -> None:
        super().__init__(bot, audience=audience)
        self.reviews = reviews
        self.review_messages = review_messages
        self.names = names

    async def cog_unload(self) -> None:
        await self.review_messages.stop()  # the bot closing: the reviews resume next start
        await super().cog_unload()

    # --- asking ---------------------------------------------------------------------------

    @app_commands.command(
        name="review",
        description=locale_str("The engine's verdict on every move of a finished game"),
    )
    @app_commands.describe(id=locale_str("The game's number, as in “game #12”"))
    async def review(
        self, interaction: discord.Interaction, id: app_commands.Range[int, 1]
    ) -> None:
        async with answering(self.audience, interaction, f"/reversi review {id}"):
            await self.ask(interaction, id)

    async def on_review_button(self, interaction: discord.Interaction, game_id: int) -> None:
        async with answering(self.audience, interaction, f"review of game {game_id}"):
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
            async with self.audience.for_everyone(interaction.guild_id):
                text = review_message.progress_text(
                    game_id, record.analysed, record.positions, waiting=self.reviews.busy
                )
            message = await interaction.followup.send(text, wait=True, allowed_mentions=QUIET)
            message_id = message.id
            self.review_messages.posted(game_id, text)
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
            built = await render(self.audience, self.names, state, review, None)
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
            self.audience, interaction, f"move {chosen} of the review of game {game_id}"
        ) as reply:
            state, review = await self._stored(interaction, game_id)
            if not chosen.isdigit() or not 1 <= int(chosen) <= len(review.moves):
                raise Declined(_("That move isn't in this game."))
            await self._show(reply, state, review, int(chosen))

    async def on_review_summary(self, interaction: discord.Interaction, game_id: int) -> None:
        async with answering(
            self.audience, interaction, f"summary of the review of game {game_id}"
        ) as reply:
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
        built = await render(self.audience, self.names, state, review, number)
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
