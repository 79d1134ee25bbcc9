"""`/reversi stats`, the "Reversi stats" user menu and `/reversi h2h`: a player's card and the
record between two players."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.domain import HeadToHead, LeaderboardEntry
from bot.domain.puzzles import PuzzleStats
from bot.i18n import N_, _, ngettext
from cogs.game_summary import games, line_for, tally
from cogs.group import FeatureCog
from cogs.links import mention
from cogs.puzzles.texts import rating_text
from cogs.records.buttons import NO_LONGER_WORKS
from cogs.records.leaderboard import COLOR, PROVISIONAL, rating, record_text
from cogs.records.lookup import Answer, answer_privately, share
from cogs.replies import Declined, answering
from cogs.text import EMBED_TITLE, FIELD_VALUE, fit, shorten

if TYPE_CHECKING:
    from bot.services.lookups import Lookups
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.records.shares import Shares

RECENT_GAMES = 5
PUZZLE_PROVISIONAL = N_("? = provisional puzzle rating (too few puzzles to be sure)")


def streak_text(streak: int, best: int) -> str:
    """The current run (wins, or losses when negative) and, once there was one, the best."""
    if streak > 0:
        now = wins(streak)
    elif streak < 0:
        now = ngettext("{count} loss", "{count} losses", -streak).format(count=f"{-streak:,}")
    else:
        now = _("none")
    return _("{now} (best: {best})").format(now=now, best=wins(best)) if best else now


def wins(count: int) -> str:
    return ngettext("{count} win", "{count} wins", count).format(count=f"{count:,}")


def days(count: int) -> str:
    return ngettext("{count} day", "{count} days", count).format(count=f"{count:,}")


def add_puzzle_fields(embed: discord.Embed, stats: PuzzleStats) -> None:
    """Puzzle rating, solved count with the success rate, and the daily streak: the days in a
    row with a puzzle solved here, still going if the last was today or yesterday."""
    record = stats.record
    embed.add_field(
        name=_("Puzzle rating"),
        value=f"**{rating_text(record.rating)}** ± {round(record.rating.deviation)}",
    )
    embed.add_field(
        name=_("Puzzles solved"),
        value=_("{solved} of {attempts} ({rate})").format(
            solved=f"{record.solved:,}",
            attempts=f"{record.attempts:,}",
            rate=f"{record.success_rate:.0%}",
        ),
    )
    streak, best = stats.current_streak, record.streak.best
    now = days(streak) if streak else _("none")
    embed.add_field(
        name=_("Puzzle streak"),
        value=_("{now} (best: {best})").format(now=now, best=days(best)) if best else now,
    )


def h2h_text(record: HeadToHead) -> str:
    players = {"player": mention(record.user_id), "other": mention(record.opponent_id)}
    if not record.games:
        return _(
            "{player} and {other} haven't finished a game against each other here yet."
        ).format(**players)
    score = f"{players['player']} **{record.wins}-{record.losses}** {players['other']}"
    parts = [score]
    if record.draws:
        parts.append(
            ngettext("{count} draw", "{count} draws", record.draws).format(
                count=f"{record.draws:,}"
            )
        )
    return " · ".join([*parts, games(record.games)])


def add_rated_fields(embed: discord.Embed, entry: LeaderboardEntry, players: int) -> None:
    """Rating, rank and record: only rated games count here, never those against the bot."""
    record = entry.player
    embed.add_field(
        name=_("Rating"), value=f"**{rating(record)}** ± {round(record.rating.deviation)}"
    )
    embed.add_field(
        name=_("Rank"),
        value=_("#{rank} of {total}").format(rank=f"{entry.rank:,}", total=f"{players:,}"),
    )
    embed.add_field(name=_("Record"), value=record_text(record))
    embed.add_field(name=_("Win rate"), value=f"{record.win_rate:.0%}")
    embed.add_field(name=_("Streak"), value=streak_text(record.streak, record.best_streak))
    embed.add_field(
        name=_("Average disc lead"),
        value=_("{lead} a game").format(lead=f"{record.average_disc_diff:+.1f}"),
    )


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise Declined(_("Stats belong to servers; use this in a server channel."))
    return interaction.guild_id


class StatsCog(FeatureCog, name="Stats"):
    def __init__(self, bot: Bot, *, audience: Audience, lookups: Lookups, shares: Shares) -> None:
        super().__init__(bot, audience=audience)
        self.lookups, self.shares = lookups, shares
        self.menu = app_commands.ContextMenu(name="Reversi stats", callback=self.stats_from_menu)
        self.menu.guild_only = True

    @app_commands.command(
        name="stats", description=locale_str("A player's rating, record and recent games")
    )
    @app_commands.describe(player=locale_str("Whose stats (default: yours)"))
    async def stats(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        await self.show_stats(interaction, player or interaction.user)

    async def stats_from_menu(
        self, interaction: discord.Interaction, member: discord.Member | discord.User
    ) -> None:
        await self.show_stats(interaction, member)

    async def show_stats(
        self, interaction: discord.Interaction, user: discord.Member | discord.User
    ) -> None:
        async with answering(self.audience, interaction, "/reversi stats"):
            embed = await self.stats_card(guild_of(interaction), user)
            await answer_privately(interaction, Answer(embed, ("stats", (user.id,))))

    async def on_share(
        self, interaction: discord.Interaction, what: str, args: tuple[int, ...]
    ) -> None:
        async with answering(self.audience, interaction, f"sharing {what}") as reply:
            guild_id = guild_of(interaction)
            if what == "stats":
                (user_id,) = args
                user = self.bot.get_user(user_id) or await self.player(user_id)
                card = partial(self.stats_card, guild_id, user)
            else:
                first, second = args
                card = partial(self.h2h_card, guild_id, first, second)

            async def answer() -> Answer:
                return Answer(await card(), (what, args))

            await share(self.audience, self.shares, reply, answer)

    async def player(self, user_id: int) -> discord.User:
        """The player a stats Share button names; an id Discord knows no user by is refused
        plainly."""
        try:
            return await self.bot.fetch_user(user_id)
        except discord.HTTPException as error:
            if error.status >= 500:
                raise
            raise Declined(_(NO_LONGER_WORKS)) from None

    async def stats_card(self, guild_id: int, user: discord.Member | discord.User) -> discord.Embed:
        lookups = self.lookups
        standing = await lookups.leaderboard(guild_id, page=1, per_page=1, viewer_id=user.id)
        versus_me = await lookups.record_against_bot(guild_id, user.id)
        recent = await lookups.history(guild_id, user_id=user.id, per_page=RECENT_GAMES)
        opening = await lookups.favourite_opening(guild_id, user.id)
        puzzles = await lookups.puzzle_stats(guild_id, user.id)
        title = _("Reversi stats · {name}").format(name=user.display_name)
        embed = discord.Embed(title=shorten(title, EMBED_TITLE), color=COLOR)
        embed.set_thumbnail(url=user.display_avatar.url)
        if standing.viewer is None:
            embed.description = _("{player} hasn't played a rated game here yet.").format(
                player=mention(user.id)
            )
        else:
            add_rated_fields(embed, standing.viewer, standing.total)
        if puzzles is not None:
            add_puzzle_fields(embed, puzzles)
        notes = []
        if standing.viewer is not None and standing.viewer.player.provisional:
            notes.append(_(PROVISIONAL))
        if puzzles is not None and puzzles.record.provisional:
            notes.append(_(PUZZLE_PROVISIONAL))
        if notes:
            embed.set_footer(text="\n".join(notes))
        me = self.bot.user
        if versus_me.games and (me is None or user.id != me.id):
            embed.add_field(
                name=_("Against me (not rated)"),
                value=tally(versus_me.wins, versus_me.losses, versus_me.draws),
                inline=False,
            )
        if opening is not None:
            embed.add_field(
                name=_("Favourite opening as Black"),
                value=f"**{opening.name}** ({opening.moves}) · {games(opening.games)}",
                inline=False,
            )
        lines = fit([line_for(game, user.id) for game in recent.games], FIELD_VALUE)
        embed.add_field(
            name=_("Recent games"), value=lines or _("No finished games yet."), inline=False
        )
        return embed

    @app_commands.command(name="h2h", description=locale_str("The record between two players"))
    @app_commands.describe(
        player=locale_str("One player"), other=locale_str("The other player (default: you)")
    )
    async def h2h(
        self,
        interaction: discord.Interaction,
        player: discord.User,
        other: discord.User | None = None,
    ) -> None:
        async with answering(self.audience, interaction, "/reversi h2h"):
            first = (other or interaction.user).id
            embed = await self.h2h_card(guild_of(interaction), first, player.id)
            await answer_privately(interaction, Answer(embed, ("h2h", (first, player.id))))

    async def h2h_card(self, guild_id: int, first: int, second: int) -> discord.Embed:
        """The record between the two, and their latest games with links, from `first`'s side."""
        lookups = self.lookups
        record = await lookups.head_to_head(guild_id, first, second)
        embed = discord.Embed(
            title=_("Reversi head to head"), description=h2h_text(record), color=COLOR
        )
        recent = await lookups.history(
            guild_id, user_id=first, opponent_id=second, per_page=RECENT_GAMES
        )
        lines = fit([line_for(game, first) for game in recent.games], FIELD_VALUE)
        if lines:
            embed.add_field(name=_("Recent games"), value=lines, inline=False)
        return embed
