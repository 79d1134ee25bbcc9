"""`/reversi games`: where a member's games are. Their games in progress in this server, those
where it is their move first, and their open challenges; or, with `everyone`, every game in
progress in the server, for spectators. Each links to its board or invitation."""

from __future__ import annotations

from functools import partial
from typing import Any, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.client import ReversiBot
from bot.domain import Challenge, GamesInProgress, GameState, PlayerGames
from bot.engine import Color
from bot.i18n import _, ngettext
from cogs import handlers, time_option
from cogs.buttons import GamesPageButton
from cogs.game_summary import games, numbered, opponent_of, players
from cogs.group import add_feature_cog, remove_feature_commands
from cogs.leaderboard import COLOR
from cogs.links import mention, message_link
from cogs.lookup import Answer, answer_privately, share, turn_page
from cogs.replies import Declined, answering
from cogs.text import EMBED_DESCRIPTION, EMBED_TITLE, fit, page_of, shorten

PER_PAGE = 10
"""Games and challenges a page: with the longest ids and words, a page stays far inside an
embed's 4,096 characters."""
TOURNAMENT_NAME = 40
"""A tournament's name beside its game, cut short to keep a page inside an embed."""
DYNAMIC_ITEMS = (GamesPageButton,)


def score(state: GameState) -> str:
    """The discs on the board now, Black's first: `⚫ 33-31 ⚪`."""
    position = state.position
    return f"⚫ {position.count(Color.BLACK)}-{position.count(Color.WHITE)} ⚪"


def time_left(state: GameState) -> str:
    """When the side to move runs out of time, a timestamp standing alone (Discord words it in
    the reader's own language); nothing while the bot thinks."""
    deadline = state.record.deadline
    return "" if deadline is None else f" · ⏳ <t:{int(deadline)}:R>"


def to_move(user_id: int) -> str:
    """`<@1> to move`."""
    return _("{player} to move").format(player=mention(user_id))


def game_line(state: GameState, user_id: int, tournament: str | None = None) -> str:
    """One of a player's games, linked: `#12 · ⚫ vs <@2> · ⚫ 33-31 ⚪ · ⏳ in 5 hours`, and
    `· 🏆 Club Cup` for a tournament's."""
    record = state.record
    color = "⚫" if record.black_id == user_id else "⚪"
    opponent = mention(opponent_of(record, user_id))
    line = f"{numbered(record)} · {color} vs {opponent} · {score(state)}{time_left(state)}"
    return line if tournament is None else f"{line} · 🏆 {shorten(tournament, TOURNAMENT_NAME)}"


def server_line(state: GameState) -> str:
    """One of the server's games, linked: `#12 · ⚫ <@1> vs ⚪ <@2> · ⚫ 33-31 ⚪ · <@1> to
    move · ⏳ in 5 hours`."""
    record = state.record
    return (
        f"{numbered(record)} · {players(record)} · {score(state)} · "
        f"{to_move(state.to_move_id or 0)}{time_left(state)}"
    )


def challenge_line(challenge: Challenge, user_id: int) -> str:
    """One open challenge: its time control linked to its invitation, the other player (or
    anyone) and when it lapses, e.g. `[1 day per move](…) · <@2> · ⌛ in 10 minutes`."""
    timing = time_option.describe(challenge.time_control)
    if challenge.message_id is None:
        where = f"{timing} · <#{challenge.channel_id}>"
    else:
        link = message_link(challenge.guild_id, challenge.channel_id, challenge.message_id)
        where = f"[{timing}]({link})"
    if challenge.challenger_id != user_id:
        other = mention(challenge.challenger_id)
    elif challenge.opponent_id is None:
        other = _("open to anyone")
    else:
        other = mention(challenge.opponent_id)
    return f"{where} · {other} · ⌛ <t:{int(challenge.expires_at)}:R>"


def sections(found: PlayerGames) -> list[tuple[str, list[str]]]:
    """The headings of a player's list, each with its lines, in the order they are shown."""
    user_id = found.user_id

    def line(state: GameState) -> str:
        return game_line(state, user_id, found.tournaments.get(state.record.id))

    return [
        (to_move(user_id), [line(state) for state in found.their_move]),
        (_("Opponent to move"), [line(state) for state in found.waiting]),
        (_("Challenges sent"), [challenge_line(c, user_id) for c in found.sent]),
        (_("Challenges received"), [challenge_line(c, user_id) for c in found.received]),
    ]


def pages(count: int) -> int:
    return max(1, -(-count // PER_PAGE))


def player_embed(found: PlayerGames, page: int) -> discord.Embed:
    """Page `page` of a player's list, its headings over the lines that fall on it."""
    embed = discord.Embed(title=_("Reversi · games and challenges"), color=COLOR)
    entries = [(heading, line) for heading, lines in sections(found) for line in lines]
    if not entries:
        embed.description = _(
            "{player} has no games in progress and no open challenges in this server. Start "
            "one with `/reversi challenge`."
        ).format(player=mention(found.user_id))
        return embed
    shown: list[str] = []
    heading = None
    for entry_heading, line in entries[(page - 1) * PER_PAGE : page * PER_PAGE]:
        if entry_heading != heading:
            heading = entry_heading
            shown.append(f"**{heading}**")
        shown.append(line)
    embed.description = fit(shown, EMBED_DESCRIPTION)
    challenges = ngettext(
        "{count} open challenge", "{count} open challenges", len(found.challenges)
    ).format(count=f"{len(found.challenges):,}")
    embed.set_footer(
        text=f"{page_of(page, pages(len(entries)))} · {games(len(found.games))} · {challenges}"
    )
    return embed


def server_embed(found: GamesInProgress, server: str) -> discord.Embed:
    title = _("Reversi · games in progress in {server}").format(server=server)
    embed = discord.Embed(title=shorten(title, EMBED_TITLE), color=COLOR)
    if not found.states:
        embed.description = _(
            "No games in progress in this server. Start one with `/reversi challenge`."
        )
        return embed
    embed.description = fit([server_line(state) for state in found.states], EMBED_DESCRIPTION)
    page = found.found
    embed.set_footer(text=f"{page_of(page.page, page.pages)} · {games(page.total)}")
    return embed


def pager(user_id: int | None, page: int, last: int) -> list[discord.ui.Item[Any]]:
    """Previous and Next; no buttons when everything fits on one page."""
    if last == 1:
        return []
    return [
        GamesPageButton(user_id, page - 1, "prev", disabled=page <= 1),
        GamesPageButton(user_id, page + 1, "next", disabled=page >= last),
    ]


class Games(commands.Cog, name="Games"):
    def __init__(self, bot: ReversiBot) -> None:
        self.bot = bot

    async def cog_unload(self) -> None:
        remove_feature_commands(self.bot, self)

    @app_commands.command(
        name="games",
        description=locale_str("Your games in progress here, your move first, and your challenges"),
    )
    @app_commands.describe(
        everyone=locale_str("Every game in progress in this server instead, to watch"),
        page=locale_str("Which page to show (default: the first)"),
    )
    async def games(
        self,
        interaction: discord.Interaction,
        everyone: bool = False,
        page: app_commands.Range[int, 1] = 1,
    ) -> None:
        async with answering(interaction, "/reversi games"):
            user_id = None if everyone else interaction.user.id
            await answer_privately(interaction, await self.games_page(interaction, user_id, page))

    async def on_games_page(
        self, interaction: discord.Interaction, user_id: int | None, page: int
    ) -> None:
        async with answering(interaction, f"games page {page}") as reply:
            await turn_page(reply, partial(self.games_page, interaction, user_id, page))

    async def on_share(
        self, interaction: discord.Interaction, what: str, args: tuple[int, ...]
    ) -> None:
        async with answering(interaction, "sharing games in progress") as reply:
            user_id, page = args
            await share(reply, partial(self.games_page, interaction, user_id or None, page))

    async def games_page(
        self, interaction: discord.Interaction, user_id: int | None, page: int
    ) -> Answer:
        """The player's list (`user_id`) or the server's games in progress, at `page` (the last
        one if there are fewer pages now, the first if `page` is below it)."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Declined(_("Games belong to servers; use this in a server channel."))
        lookups = self.bot.services.lookups
        if user_id is None:
            found = await lookups.in_progress(guild_id, page=page, per_page=PER_PAGE)
            name = interaction.guild.name if interaction.guild is not None else _("this server")
            page, last = found.found.page, found.found.pages
            embed = server_embed(found, name)
        else:
            mine = await lookups.games_of(guild_id, user_id)
            last = pages(len(mine.games) + len(mine.challenges))
            page = min(max(page, 1), last)
            embed = player_embed(mine, page)
        return Answer(embed, ("games", (user_id or 0, page)), pager(user_id, page, last))


async def setup(bot: commands.AutoShardedBot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    cog = Games(cast(ReversiBot, bot))
    handlers.register(bot, handlers.GAMES, cog)
    await add_feature_cog(bot, cog)


async def teardown(bot: commands.AutoShardedBot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
    handlers.unregister(bot, handlers.GAMES)
