"""`/reversi live`: the server's games in progress now, to watch: the best rated players first,
or the latest moved; each with its players and their ratings, the score, the move it is at, a
link to its board and, where the server shows pages, to its page on the web."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.utils import escape_markdown, escape_mentions

from bot.domain import GamesInProgress, GameState, PlayerRecord
from bot.domain.pages import PageKind
from bot.i18n import _
from cogs.game_summary import games, numbered
from cogs.group import FeatureCog
from cogs.records.buttons import LivePageButton
from cogs.records.games import score, server_name
from cogs.records.leaderboard import COLOR, rating
from cogs.records.lookup import Answer, answer_privately, share, turn_page
from cogs.replies import Declined, answering
from cogs.text import EMBED_DESCRIPTION, EMBED_TITLE, fit, page_of, shorten

if TYPE_CHECKING:
    from bot.services.lookups import Lookups
    from bot.services.pages import Pages
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.names import Names
    from cogs.records.shares import Shares

PER_PAGE = 10
"""Games a page: with the longest names and links, a page stays inside an embed's 4,096
characters."""
NAME = 32
"""A player's name, cut short (Discord's own limit for a display name)."""


class Order(StrEnum):
    RATING = "rating"
    RECENT = "recent"


ORDERS = [
    # TRANSLATORS: the choices of /reversi live's `order`: which games come first.
    app_commands.Choice(name=locale_str("Highest rated first"), value=Order.RATING.value),
    app_commands.Choice(name=locale_str("Most recently moved first"), value=Order.RECENT.value),
]


def player(name: str, record: PlayerRecord | None) -> str:
    """`**Ann** (1662)`, `**Bo** (1500?)` while provisional, or the name alone if unrated: the
    name as it reads, never as markdown or a mention."""
    shown = f"**{escape_mentions(escape_markdown(shorten(name, NAME)))}**"
    return shown if record is None else f"{shown} ({rating(record)})"


def live_line(
    state: GameState,
    names: tuple[str, str],
    ratings: Mapping[int, PlayerRecord],
    page: str | None,
) -> str:
    """`#12 · ⚫ **Ann** (1662) vs ⚪ **Bo** (1500?) · ⚫ 33-31 ⚪ · move 14`, linked to its
    board, and to its page on the web if given."""
    record = state.record
    black, white = names
    players = (
        f"⚫ {player(black, ratings.get(record.black_id))} vs "
        f"⚪ {player(white, ratings.get(record.white_id))}"
    )
    move = _("move {number}").format(number=len(state.game) + 1)
    line = f"{numbered(record)} · {players} · {score(state)} · {move}"
    if page is not None:
        line += f" · [{_('Open in browser')}]({page})"
    return line


def live_embed(
    found: GamesInProgress, lines: list[str], server: str, order: Order
) -> discord.Embed:
    title = _("Reversi · live in {server}").format(server=server)
    embed = discord.Embed(title=shorten(title, EMBED_TITLE), color=COLOR)
    if not lines:
        embed.description = _(
            "No games in progress in this server. Start one with `/reversi challenge`."
        )
        return embed
    heading = (
        _("Highest rated first:") if order is Order.RATING else _("Most recently moved first:")
    )
    embed.description = fit([heading, *lines], EMBED_DESCRIPTION)
    page = found.found
    embed.set_footer(text=f"{page_of(page.page, page.pages)} · {games(page.total)}")
    return embed


class LiveCog(FeatureCog, name="Live"):
    def __init__(
        self,
        bot: Bot,
        *,
        audience: Audience,
        lookups: Lookups,
        shares: Shares,
        pages: Pages,
        names: Names,
    ) -> None:
        super().__init__(bot, audience=audience)
        self.lookups, self.shares, self.pages, self.names = lookups, shares, pages, names

    @app_commands.command(
        name="live", description=locale_str("The games in progress in this server now, to watch")
    )
    @app_commands.describe(
        order=locale_str("Which games first (default: the highest rated)"),
        page=locale_str("Which page to show (default: the first)"),
    )
    @app_commands.choices(order=ORDERS)
    async def live(
        self,
        interaction: discord.Interaction,
        order: str = Order.RATING.value,
        page: app_commands.Range[int, 1] = 1,
    ) -> None:
        async with answering(self.audience, interaction, "/reversi live"):
            answer = await self.live_page(interaction, Order(order), page)
            await answer_privately(interaction, answer)

    async def on_live_page(self, interaction: discord.Interaction, order: str, page: int) -> None:
        async with answering(self.audience, interaction, f"live page {page}") as reply:
            make = partial(self.live_page, interaction, Order(order), page)
            await turn_page(self.audience, reply, make)

    async def on_share(
        self, interaction: discord.Interaction, what: str, args: tuple[int, ...]
    ) -> None:
        async with answering(self.audience, interaction, "sharing the live games") as reply:
            by_rating, page = args
            order = Order.RATING if by_rating else Order.RECENT
            make = partial(self.live_page, interaction, order, page)
            await share(self.audience, self.shares, reply, make)

    async def live_page(self, interaction: discord.Interaction, order: Order, page: int) -> Answer:
        """Page `page` of the server's games in progress in `order` (the last one if there are
        fewer pages now, the first if `page` is below it)."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Declined(_("Games belong to servers; use this in a server channel."))
        found = await self.lookups.in_progress(
            guild_id, page=page, per_page=PER_PAGE, by_rating=order is Order.RATING
        )
        lines = []
        for state in found.states:
            record = state.record
            link = await self.pages.link(guild_id, PageKind.GAME, record.id)
            names = await self.names.players(record)
            lines.append(live_line(state, names, found.ratings, link))
        guild = interaction.guild
        name = server_name(guild) if guild is not None else _("this server")
        embed = live_embed(found, lines, name, order)
        shown = found.found
        items: list[discord.ui.Item[Any]] = []
        if shown.pages > 1:
            items += [
                LivePageButton(order.value, shown.page - 1, "prev", disabled=shown.page <= 1),
                LivePageButton(
                    order.value, shown.page + 1, "next", disabled=shown.page >= shown.pages
                ),
            ]
        return Answer(embed, ("live", (int(order is Order.RATING), shown.page)), items)
