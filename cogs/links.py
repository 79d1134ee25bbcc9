"""Mentions and links to a game's message, so replies can point at players and boards,
whether a message linked to is still there, and the button to a page on the web."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.domain import is_forgotten
from bot.domain.pages import PageKind
from bot.i18n import _

if TYPE_CHECKING:
    from bot.services.pages import Pages


def message_link(guild_id: int, channel_id: int, message_id: int | None) -> str:
    if message_id is None:
        return f"<#{channel_id}>"
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def mention(user_id: int) -> str:
    """A user's mention, or "a deleted user" for one who asked to be forgotten."""
    return _("a deleted user") if is_forgotten(user_id) else f"<@{user_id}>"


async def still_there(bot: discord.Client, channel_id: int, message_id: int) -> bool:
    """Whether a message of ours is still in its channel (not deleted by a moderator)."""
    try:
        await bot.get_partial_messageable(channel_id).fetch_message(message_id)
    except discord.NotFound:
        return False
    except discord.HTTPException:
        return True  # can't tell now: assume it is, as it most likely is
    return True


def browser_button(url: str, *, row: int | None = None) -> discord.ui.Button[discord.ui.View]:
    """ "Open in browser": a link to the page on the web of what the message shows."""
    return discord.ui.Button(
        style=discord.ButtonStyle.link,
        # TRANSLATORS: a button that opens the game's (or player's...) page on the web.
        label=_("Open in browser"),
        url=url,
        emoji="🌐",
        row=row,
    )


async def browser_items(
    pages: Pages, guild_id: int, kind: PageKind, *ids: int
) -> list[discord.ui.Item[Any]]:
    """The "Open in browser" button of the page of `kind` for `ids`, where the server shows
    pages; else none."""
    url = await pages.link(guild_id, kind, *ids)
    return [] if url is None else [browser_button(url)]
