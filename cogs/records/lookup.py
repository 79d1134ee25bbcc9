"""Look-ups (leaderboard, stats, head to head, history, a game) answer only the asker, with a
Share button that posts the same answer in the channel for everyone.

An answer is made in the language of whoever reads it: the asker's, or once shared the server's
(so `turn_page` and `share` take a way to make it rather than the answer).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import _
from cogs.records.buttons import ShareButton
from cogs.records.shares import ALREADY_SHARED
from cogs.replies import Reply, tell

if TYPE_CHECKING:
    from cogs.audience import Audience
    from cogs.records.shares import Shares

log = logging.getLogger(__name__)

QUIET = discord.AllowedMentions.none()


class Answer:
    """One look-up's answer: an embed, its buttons (pagers), its files, and how to share it."""

    def __init__(
        self,
        embed: discord.Embed,
        share: tuple[str, tuple[int, ...]],
        items: list[discord.ui.Item[Any]] | None = None,
        files: list[discord.File] | None = None,
    ) -> None:
        self.embed = embed
        self.share = share
        self.items = items or []
        self.files = files or []

    def view(self, *, shared: bool | None) -> discord.ui.View:
        """The buttons, with Share (`shared` False), Shared (True) or neither (None)."""
        view = discord.ui.View(timeout=None)
        for item in self.items:
            view.add_item(item)
        if shared is not None:
            what, args = self.share
            view.add_item(ShareButton(what, args, shared=shared))
        return view


def shareable(interaction: discord.Interaction) -> bool | None:
    """Share (False) for an answer in a server; in a DM with the bot, no one to share it with
    (None)."""
    return None if interaction.guild_id is None else False


async def answer_privately(interaction: discord.Interaction, answer: Answer) -> None:
    """The answer for the asker alone, with a Share button in a server."""
    view = answer.view(shared=shareable(interaction))
    if interaction.response.is_done():
        await interaction.followup.send(
            embed=answer.embed, view=view, files=answer.files, ephemeral=True
        )
    else:
        await interaction.response.send_message(
            embed=answer.embed, view=view, files=answer.files, ephemeral=True
        )


MakeAnswer = Callable[[], Awaitable[Answer]]


async def turn_page(audience: Audience, reply: Reply, make: MakeAnswer) -> None:
    """A pager button: the same message shows the new page (with Share only where it was), in
    the server's language on a shared message."""
    interaction = reply.interaction
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        answer = await make()
        await _edit(reply, embed=answer.embed, view=answer.view(shared=shareable(interaction)))
        return
    async with audience.for_everyone(interaction.guild_id):
        answer = await make()
    await _edit(reply, embed=answer.embed, view=answer.view(shared=None))


async def share(audience: Audience, shares: Shares, reply: Reply, make: MakeAnswer) -> None:
    """The Share button: it turns into "Shared", and the answer is posted for everyone, in the
    server's language, once: another click on it is told so, unless the post failed (the button
    then reads "Share" again, to retry)."""
    interaction = reply.interaction
    key = shares.key(interaction)
    if not shares.claim(key):
        await tell(interaction, _(ALREADY_SHARED))
        return
    try:
        await _post(audience, reply, make)
    except BaseException:
        shares.release(key)
        raise


async def _post(audience: Audience, reply: Reply, make: MakeAnswer) -> None:
    interaction = reply.interaction
    mine = await make()
    await _edit(reply, embed=mine.embed, view=mine.view(shared=True))
    try:
        async with audience.for_everyone(interaction.guild_id):
            answer = await make()
        await interaction.followup.send(
            embed=answer.embed,
            view=answer.view(shared=None),
            files=answer.files,
            allowed_mentions=QUIET,
        )
    except Exception:
        try:
            await interaction.edit_original_response(view=mine.view(shared=False))
        except discord.HTTPException as error:
            log.info("Share button of interaction %s not restored (%s)", interaction.id, error)
        raise


async def _edit(reply: Reply, **changes: Any) -> None:
    """Edit the message the button is on, whether or not the click was acknowledged yet."""
    if reply.claim():
        await reply.interaction.response.edit_message(**changes)
        return
    await reply.interaction.edit_original_response(**changes)
