"""`/reversi games`: where a member's games are. Their games in progress in this server, those
where it is their move first, and their open challenges, with how many more they have in other
servers; in a DM with the bot, those of every server they share with it, server by server; or,
with `everyone`, every game in progress in the server, for spectators. Each links to its board or
invitation."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.utils import escape_markdown, escape_mentions

from bot.domain import Challenge, GamesInProgress, GameState, PlayerGames
from bot.engine import Color
from bot.i18n import _, ngettext
from bot.membership import GuildMembers
from cogs import time_option
from cogs.game_summary import games, numbered, opponent_of, players
from cogs.group import IN_DMS, FeatureCog
from cogs.links import mention, message_link
from cogs.records.buttons import GamesPageButton
from cogs.records.leaderboard import COLOR
from cogs.records.lookup import Answer, answer_privately, share, turn_page
from cogs.replies import Declined, answering
from cogs.text import EMBED_DESCRIPTION, EMBED_TITLE, fit, page_of, shorten

if TYPE_CHECKING:
    from bot.services.lookups import Lookups
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.records.shares import Shares


PER_PAGE = 10
"""Games and challenges a page: with the longest ids and words, a page stays far inside an
embed's 4,096 characters."""
TOURNAMENT_NAME = 40
"""A tournament's name beside its game, cut short to keep a page inside an embed."""
SERVER_NAME = 60
"""A server's name over its games or beside a count, cut short likewise."""
NAMED_SERVERS = 3
"""The other servers a player's list in one server names before it counts the rest."""
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


Entry = tuple[tuple[str, ...], str]
"""A line of a list under its headings, outermost first."""


def entries(found: PlayerGames, *server: str) -> list[Entry]:
    """The player's lines, each under its section's heading (and the `server`'s, if given)."""
    return [
        ((*server, f"**{heading}**"), line) for heading, lines in sections(found) for line in lines
    ]


def pages(count: int) -> int:
    return max(1, -(-count // PER_PAGE))


def page_lines(listed: list[Entry], page: int) -> list[str]:
    """The lines that fall on `page`, each heading shown over the first of its lines there."""
    shown: list[str] = []
    above: tuple[str, ...] = ()
    for headings, line in listed[(page - 1) * PER_PAGE : page * PER_PAGE]:
        shown.extend(
            heading
            for depth, heading in enumerate(headings)
            if above[: depth + 1] != headings[: depth + 1]
        )
        above = headings
        shown.append(line)
    return shown


def footer(page: int, entry_count: int, game_count: int, challenge_count: int) -> str:
    """`Page 1 of 2 · 12 games · 3 open challenges`."""
    challenges = ngettext(
        "{count} open challenge", "{count} open challenges", challenge_count
    ).format(count=f"{challenge_count:,}")
    return f"{page_of(page, pages(entry_count))} · {games(game_count)} · {challenges}"


def server_name(guild: discord.Guild) -> str:
    """The server's name as it reads, never as markdown or a mention, cut short."""
    return escape_mentions(escape_markdown(shorten(guild.name, SERVER_NAME)))


def elsewhere_lines(elsewhere: list[tuple[str, int]]) -> list[str]:
    """`3 more in Second Server`, for a few servers (by their names, escaped), then how many more
    in the others, and where to see them all."""
    if not elsewhere:
        return []
    lines = [
        ngettext("{count} more in {server}", "{count} more in {server}", count).format(
            count=f"{count:,}", server=name
        )
        for name, count in elsewhere[:NAMED_SERVERS]
    ]
    rest = sum(count for _name, count in elsewhere[NAMED_SERVERS:])
    if rest:
        lines.append(
            ngettext("{count} more in other servers", "{count} more in other servers", rest).format(
                count=f"{rest:,}"
            )
        )
    lines.append(_("Ask `/reversi games` in a DM with me to see them all."))
    return ["", *lines]


def player_embed(found: PlayerGames, page: int, elsewhere: list[tuple[str, int]]) -> discord.Embed:
    """Page `page` of a player's list in a server, its headings over the lines that fall on it,
    then how many more they have in other servers (`elsewhere`)."""
    embed = discord.Embed(title=_("Reversi · games and challenges"), color=COLOR)
    listed = entries(found)
    more = elsewhere_lines(elsewhere)
    if not listed:
        empty = _(
            "{player} has no games in progress and no open challenges in this server. Start "
            "one with `/reversi challenge`."
        ).format(player=mention(found.user_id))
        embed.description = "\n".join([empty, *more])
        return embed
    embed.description = fit([*page_lines(listed, page), *more], EMBED_DESCRIPTION)
    embed.set_footer(text=footer(page, len(listed), len(found.games), len(found.challenges)))
    return embed


def everywhere_embed(
    user_id: int, found: list[tuple[str, PlayerGames]], page: int
) -> discord.Embed:
    """Page `page` of a player's list in every server they share with the bot, server by
    server (each by its name, escaped)."""
    embed = discord.Embed(title=_("Reversi · your games in every server"), color=COLOR)
    listed = [entry for name, mine in found for entry in entries(mine, f"__**{name}**__")]
    if not listed:
        embed.description = _(
            "{player} has no games in progress and no open challenges in any server we share. "
            "Start one with `/reversi challenge` in a server."
        ).format(player=mention(user_id))
        return embed
    embed.description = fit(page_lines(listed, page), EMBED_DESCRIPTION)
    game_count = sum(len(mine.games) for _name, mine in found)
    challenge_count = sum(len(mine.challenges) for _name, mine in found)
    embed.set_footer(text=footer(page, len(listed), game_count, challenge_count))
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


class GamesCog(FeatureCog, name="Games"):
    def __init__(self, bot: Bot, *, audience: Audience, lookups: Lookups, shares: Shares) -> None:
        super().__init__(bot, audience=audience)
        self.lookups, self.shares = lookups, shares

    @app_commands.command(
        name="games",
        description=locale_str("Your games in progress here, your move first, and your challenges"),
        extras={IN_DMS: True},
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
        async with answering(self.audience, interaction, "/reversi games"):
            user_id = None if everyone else interaction.user.id
            answer = await self.games_page(interaction, user_id, page, private=True)
            await answer_privately(interaction, answer)

    async def on_games_page(
        self, interaction: discord.Interaction, user_id: int | None, page: int
    ) -> None:
        async with answering(self.audience, interaction, f"games page {page}") as reply:
            message = interaction.message
            private = message is None or message.flags.ephemeral
            make = partial(self.games_page, interaction, user_id, page, private=private)
            await turn_page(self.audience, reply, make)

    async def on_share(
        self, interaction: discord.Interaction, what: str, args: tuple[int, ...]
    ) -> None:
        async with answering(self.audience, interaction, "sharing games in progress") as reply:
            user_id, page = args
            make = partial(self.games_page, interaction, user_id or None, page, private=False)
            await share(self.audience, self.shares, reply, make)

    async def games_page(
        self, interaction: discord.Interaction, user_id: int | None, page: int, *, private: bool
    ) -> Answer:
        """The player's list (`user_id`) or the server's games in progress, at `page` (the last
        one if there are fewer pages now, the first if `page` is below it); in a DM, the player's
        list in every server. Only a `private` answer counts the player's games in other
        servers."""
        guild_id = interaction.guild_id
        lookups = self.lookups
        if guild_id is None:
            if user_id is None:
                raise Declined(_("Games belong to servers; use this in a server channel."))
            user_id = interaction.user.id  # only ever one's own, whatever a button says
            everywhere = [
                (server_name(guild), await lookups.games_of(guild.id, user_id))
                for guild, _count in await self.servers_of(user_id)
            ]
            last = pages(sum(len(entries(mine)) for _name, mine in everywhere))
            page = min(max(page, 1), last)
            embed = everywhere_embed(user_id, everywhere, page)
        elif user_id is None:
            found = await lookups.in_progress(guild_id, page=page, per_page=PER_PAGE)
            guild = interaction.guild
            name = server_name(guild) if guild is not None else _("this server")
            page, last = found.found.page, found.found.pages
            embed = server_embed(found, name)
        else:
            mine = await lookups.games_of(guild_id, user_id)
            last = pages(len(mine.games) + len(mine.challenges))
            page = min(max(page, 1), last)
            servers = await self.servers_of(user_id, besides=guild_id) if private else []
            elsewhere = [(server_name(guild), count) for guild, count in servers]
            embed = player_embed(mine, page, elsewhere)
        return Answer(embed, ("games", (user_id or 0, page)), pager(user_id, page, last))

    async def servers_of(
        self, user_id: int, *, besides: int | None = None
    ) -> list[tuple[discord.Guild, int]]:
        """The servers of this process, but `besides`, where the player has games in progress or
        open challenges and is still a member, by name, each with how many."""
        counts = await self.lookups.servers_of(user_id)
        members = GuildMembers(self.bot)
        found = []
        for guild_id, count in counts.items():
            guild = self.bot.get_guild(guild_id)
            if guild is None or guild_id == besides:
                continue
            if user_id not in await members.gone(guild_id, (user_id,)):
                found.append((guild, count))
        return sorted(found, key=lambda pair: (pair[0].name.casefold(), pair[0].id))
