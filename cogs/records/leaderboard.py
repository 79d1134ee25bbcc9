"""`/reversi leaderboard`: the server's players by Glicko-2 rating, ten a page, with pagers."""

from __future__ import annotations

from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.domain import LeaderboardEntry, LeaderboardPage, PlayerRecord
from bot.i18n import N_, _, ngettext
from cogs.game_summary import tally
from cogs.group import FeatureCog
from cogs.links import mention
from cogs.records.buttons import LeaderboardPageButton
from cogs.records.lookup import Answer, answer_privately, share, turn_page
from cogs.replies import Declined, answering
from cogs.text import EMBED_DESCRIPTION, EMBED_TITLE, fit, page_of, shorten

PER_PAGE = 10
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
COLOR = discord.Color.dark_green()
PROVISIONAL = N_("? = provisional rating (too few games to be sure)")


def rating(record: PlayerRecord) -> str:
    """The rounded rating, with `?` while it is provisional."""
    return f"{round(record.rating.rating)}{'?' if record.provisional else ''}"


def record_text(record: PlayerRecord) -> str:
    return tally(record.wins, record.losses, record.draws)


def entry_line(entry: LeaderboardEntry) -> str:
    place = MEDALS.get(entry.rank, f"**{entry.rank:,}.**")
    player = entry.player
    return f"{place} {mention(player.user_id)} — **{rating(player)}** · {record_text(player)}"


def leaderboard_embed(board: LeaderboardPage, guild_name: str, viewer_id: int) -> discord.Embed:
    title = _("🏆 Reversi leaderboard · {server}").format(server=guild_name)
    embed = discord.Embed(title=shorten(title, EMBED_TITLE), color=COLOR)
    if not board.entries:
        embed.description = _(
            "No rated games here yet. Start one with `/reversi challenge`: the winner tops "
            "this board."
        )
        return embed
    embed.description = fit([entry_line(entry) for entry in board.entries], EMBED_DESCRIPTION)
    viewer = board.viewer
    if viewer is None:
        place = _("{player}: not rated yet; play a rated game to join the board.").format(
            player=mention(viewer_id)
        )
    else:
        place = _("{player}: **#{rank}** of {total}").format(
            player=mention(viewer_id), rank=f"{viewer.rank:,}", total=f"{board.total:,}"
        )
        place += f" · **{rating(viewer.player)}** · {record_text(viewer.player)}"
    embed.add_field(name=_("Your place"), value=place, inline=False)
    players = ngettext("{count} rated player", "{count} rated players", board.total)
    embed.set_footer(
        text=" · ".join(
            (
                page_of(board.page, board.pages),
                players.format(count=f"{board.total:,}"),
                _(PROVISIONAL),
            )
        )
    )
    return embed


def pager(board: LeaderboardPage) -> list[discord.ui.Item[Any]]:
    """Previous and Next; no buttons when everything fits on one page."""
    if board.pages == 1:
        return []
    return [
        LeaderboardPageButton(board.page - 1, "prev", disabled=board.page <= 1),
        LeaderboardPageButton(board.page + 1, "next", disabled=board.page >= board.pages),
    ]


def requester_id(interaction: discord.Interaction) -> int:
    """Who asked for the message a pager button is on: their place stays on it, whoever turns
    the page."""
    message = interaction.message
    metadata = None if message is None else message.interaction_metadata
    return interaction.user.id if metadata is None else metadata.user.id


class LeaderboardCog(FeatureCog, name="Leaderboard"):
    @app_commands.command(
        name="leaderboard", description=locale_str("This server's best players by rating")
    )
    @app_commands.describe(
        page=locale_str("Which page to show (ten players a page; default: the first)")
    )
    async def leaderboard(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1] = 1
    ) -> None:
        async with answering(interaction, "/reversi leaderboard"):
            answer = await self.leaderboard_page(interaction, page, interaction.user.id)
            await answer_privately(interaction, answer)

    async def on_leaderboard_page(self, interaction: discord.Interaction, page: int) -> None:
        async with answering(interaction, f"leaderboard page {page}") as reply:
            viewer_id = requester_id(interaction)
            await turn_page(reply, partial(self.leaderboard_page, interaction, page, viewer_id))

    async def on_share(
        self, interaction: discord.Interaction, what: str, args: tuple[int, ...]
    ) -> None:
        async with answering(interaction, "sharing the leaderboard") as reply:
            page, viewer_id = args
            await share(reply, partial(self.leaderboard_page, interaction, page, viewer_id))

    async def leaderboard_page(
        self, interaction: discord.Interaction, page: int, viewer_id: int
    ) -> Answer:
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Declined(_("Leaderboards belong to servers; use this in a server channel."))
        board = await self.bot.services.lookups.leaderboard(
            guild_id, page=page, per_page=PER_PAGE, viewer_id=viewer_id
        )
        name = interaction.guild.name if interaction.guild is not None else _("this server")
        return Answer(
            leaderboard_embed(board, name, viewer_id), ("lb", (board.page, viewer_id)), pager(board)
        )
