"""`/reversi leaderboard`: the server's players by Glicko-2 rating, or (`kind: Puzzles`) its
members by puzzle rating, ten a page, with pagers."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.domain import LeaderboardEntry, LeaderboardPage, PlayerRecord
from bot.domain.puzzles import PuzzleBoard, PuzzleBoardEntry, SolverRecord
from bot.i18n import N_, _, ngettext
from cogs.game_summary import tally
from cogs.group import FeatureCog
from cogs.links import mention
from cogs.puzzles.texts import rating_text
from cogs.records.buttons import SHARE_PUZZLES, LeaderboardPageButton
from cogs.records.lookup import Answer, answer_privately, share, turn_page
from cogs.replies import Declined, answering
from cogs.text import EMBED_DESCRIPTION, EMBED_TITLE, fit, page_of, shorten

if TYPE_CHECKING:
    from bot.services.lookups import Lookups
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.records.shares import Shares


PER_PAGE = 10
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
COLOR = discord.Color.dark_green()
PROVISIONAL = N_("? = provisional rating (too few games to be sure)")
GAMES, PUZZLES = "games", "puzzles"
KINDS = [
    # TRANSLATORS: the choices of /reversi leaderboard's `kind`: which board it shows.
    app_commands.Choice(name=locale_str("Games"), value=GAMES),
    app_commands.Choice(name=locale_str("Puzzles"), value=PUZZLES),
]


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


def solved_text(solver: SolverRecord) -> str:
    return ngettext("{count} solved", "{count} solved", solver.solved).format(
        count=f"{solver.solved:,}"
    )


def puzzle_line(entry: PuzzleBoardEntry) -> str:
    place = MEDALS.get(entry.rank, f"**{entry.rank:,}.**")
    solver = entry.solver
    return (
        f"{place} {mention(solver.user_id)} — **{rating_text(solver.rating)}** · "
        f"{solved_text(solver)}"
    )


def puzzle_board_embed(board: PuzzleBoard, guild_name: str, viewer_id: int) -> discord.Embed:
    """The puzzle leaderboard: only members whose puzzle rating is no longer provisional are
    ranked; the viewer sees their own place, or how to earn one."""
    title = _("🧩 Puzzle leaderboard · {server}").format(server=guild_name)
    embed = discord.Embed(title=shorten(title, EMBED_TITLE), color=COLOR)
    if board.entries:
        embed.description = fit([puzzle_line(entry) for entry in board.entries], EMBED_DESCRIPTION)
    else:
        embed.description = _(
            "No one is ranked here yet: members join this board once their puzzle rating is no "
            "longer provisional. Solve some with `/reversi puzzle`."
        )
    player, record = mention(viewer_id), board.viewer_record
    if board.viewer is not None:
        place = _("{player}: **#{rank}** of {total}").format(
            player=player, rank=f"{board.viewer.rank:,}", total=f"{board.total:,}"
        )
        place += (
            f" · **{rating_text(board.viewer.solver.rating)}** · {solved_text(board.viewer.solver)}"
        )
    elif record is not None:
        place = _(
            "{player}: puzzle rating **{rating}**, still provisional; solve more puzzles to "
            "join the board."
        ).format(player=player, rating=rating_text(record.rating))
    else:
        place = _("{player}: no puzzles yet; `/reversi puzzle` gives you one.").format(
            player=player
        )
    embed.add_field(name=_("Your place"), value=place, inline=False)
    ranked = ngettext("{count} ranked member", "{count} ranked members", board.total)
    embed.set_footer(
        text=" · ".join((page_of(board.page, board.pages), ranked.format(count=f"{board.total:,}")))
    )
    return embed


def pager(board: LeaderboardPage | PuzzleBoard) -> list[discord.ui.Item[Any]]:
    """Previous and Next; no buttons when everything fits on one page."""
    if board.pages == 1:
        return []
    kind = PUZZLES if isinstance(board, PuzzleBoard) else GAMES
    return [
        LeaderboardPageButton(board.page - 1, "prev", kind, disabled=board.page <= 1),
        LeaderboardPageButton(board.page + 1, "next", kind, disabled=board.page >= board.pages),
    ]


def requester_id(interaction: discord.Interaction) -> int:
    """Who asked for the message a pager button is on: their place stays on it, whoever turns
    the page."""
    message = interaction.message
    metadata = None if message is None else message.interaction_metadata
    return interaction.user.id if metadata is None else metadata.user.id


class LeaderboardCog(FeatureCog, name="Leaderboard"):
    def __init__(self, bot: Bot, *, audience: Audience, lookups: Lookups, shares: Shares) -> None:
        super().__init__(bot, audience=audience)
        self.lookups, self.shares = lookups, shares

    @app_commands.command(
        name="leaderboard", description=locale_str("This server's best players by rating")
    )
    @app_commands.describe(
        page=locale_str("Which page to show (ten players a page; default: the first)"),
        kind=locale_str("Games or puzzles (default: games)"),
    )
    @app_commands.choices(kind=KINDS)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        page: app_commands.Range[int, 1] = 1,
        kind: str = GAMES,
    ) -> None:
        async with answering(self.audience, interaction, "/reversi leaderboard"):
            answer = await self.leaderboard_page(interaction, page, interaction.user.id, kind)
            await answer_privately(interaction, answer)

    async def on_leaderboard_page(
        self, interaction: discord.Interaction, page: int, kind: str
    ) -> None:
        async with answering(
            self.audience, interaction, f"{kind} leaderboard page {page}"
        ) as reply:
            viewer_id = requester_id(interaction)
            make = partial(self.leaderboard_page, interaction, page, viewer_id, kind)
            await turn_page(self.audience, reply, make)

    async def on_share(
        self, interaction: discord.Interaction, what: str, args: tuple[int, ...]
    ) -> None:
        async with answering(self.audience, interaction, "sharing the leaderboard") as reply:
            page, viewer_id = args
            kind = PUZZLES if what == SHARE_PUZZLES else GAMES
            await share(
                self.audience,
                self.shares,
                reply,
                partial(self.leaderboard_page, interaction, page, viewer_id, kind),
            )

    async def leaderboard_page(
        self, interaction: discord.Interaction, page: int, viewer_id: int, kind: str
    ) -> Answer:
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Declined(_("Leaderboards belong to servers; use this in a server channel."))
        name = interaction.guild.name if interaction.guild is not None else _("this server")
        lookups = self.lookups
        if kind == PUZZLES:
            puzzles = await lookups.puzzle_leaderboard(
                guild_id, page=page, per_page=PER_PAGE, viewer_id=viewer_id
            )
            embed = puzzle_board_embed(puzzles, name, viewer_id)
            return Answer(embed, (SHARE_PUZZLES, (puzzles.page, viewer_id)), pager(puzzles))
        board = await lookups.leaderboard(
            guild_id, page=page, per_page=PER_PAGE, viewer_id=viewer_id
        )
        return Answer(
            leaderboard_embed(board, name, viewer_id), ("lb", (board.page, viewer_id)), pager(board)
        )
