"""Server tournaments: `/reversi tournament …`, the sign-up message with its Join and Leave
buttons, the server's scheduled event, and the Discord side of the rounds: a thread for each new
game, its players told there, the pairings and the final standings announced in the tournament's
channel."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.domain.tournament import Format, TournamentView
from bot.i18n import N_, _, ngettext
from bot.services.tournaments import Manager, NewTournament
from cogs import time_option
from cogs.group import FeatureCog
from cogs.links import message_link
from cogs.replies import Declined, answering
from cogs.text import shorten
from cogs.tournaments.buttons import signup_view
from cogs.tournaments.image import standings_file
from cogs.tournaments.rounds import cannot_start, missing_in
from cogs.tournaments.texts import (
    list_line,
    no_such_round,
    pairings_texts,
    signup_text,
    standings_text,
    start_time,
    title,
)

if TYPE_CHECKING:
    from bot.clock import Clock
    from bot.services.lookups import Lookups
    from bot.services.tournaments import Tournaments
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.names import Names
    from cogs.tournaments.event import ScheduledEvents
    from cogs.tournaments.rounds import RoundOpener

log = logging.getLogger(__name__)

FORMAT_CHOICES = [
    app_commands.Choice(name=locale_str("Swiss"), value=Format.SWISS.value),
    app_commands.Choice(name=locale_str("Round robin"), value=Format.ROUND_ROBIN.value),
    app_commands.Choice(
        name=locale_str("Double round robin"), value=Format.DOUBLE_ROUND_ROBIN.value
    ),
]
WHICH = locale_str("The tournament (default: the latest)")
DONE = {
    "start": N_("{title} has started."),
    "pause": N_("{title} is paused: no new round until you resume it."),
    "resume": N_("{title} goes on."),
    "cancel": N_("{title} is cancelled."),
}
NONE = discord.AllowedMentions.none()


async def manager_of(lookups: Lookups, interaction: discord.Interaction) -> Manager:
    """Who asks, and whether they may run any tournament here: Manage Server, or the role the
    server's settings name."""
    allowed = interaction.permissions.manage_guild
    user = interaction.user
    if not allowed and isinstance(user, discord.Member):
        role = (await lookups.settings(guild_of(interaction))).organiser_role
        allowed = role is not None and any(r.id == role for r in user.roles)
    return Manager(user.id, allowed)


class TournamentsCog(FeatureCog, name="Tournaments"):
    """Swiss and round-robin tournaments run in the server."""

    tournament = app_commands.Group(
        name="tournament", description=locale_str("Run and follow the server's tournaments")
    )

    def __init__(
        self,
        bot: Bot,
        *,
        audience: Audience,
        tournaments: Tournaments,
        lookups: Lookups,
        clock: Clock,
        round_opener: RoundOpener,
        scheduled_events: ScheduledEvents,
        names: Names,
    ) -> None:
        super().__init__(bot, audience=audience)
        self.tournaments = tournaments
        self.lookups = lookups
        self.clock = clock
        self.round_opener = round_opener
        self.scheduled_events = scheduled_events
        self.names = names

    async def tournament_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The server's latest tournaments whose name or number holds what was typed."""
        if interaction.guild_id is None:
            return []
        typed = current.strip().lower().lstrip("#")
        found = await self.tournaments.of_guild(interaction.guild_id)
        return [
            app_commands.Choice(name=shorten(f"#{t.id} {t.name}", 100), value=t.id)
            for t in found
            if typed in t.name.lower() or typed in str(t.id)
        ][:25]

    @commands.Cog.listener()
    async def on_guild_channel_update(
        self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        self.round_opener.on_permissions_updated(after.guild.id)

    @commands.Cog.listener()
    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        self.round_opener.on_permissions_updated(after.guild.id)

    @commands.Cog.listener()
    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        if self.bot.user is not None and after.id == self.bot.user.id:
            self.round_opener.on_permissions_updated(after.guild.id)

    async def on_tournament_button(
        self, interaction: discord.Interaction, tournament_id: int, action: str
    ) -> None:
        async with answering(
            self.audience, interaction, f"tournament {tournament_id} {action}"
        ) as reply:
            service, user = self.tournaments, interaction.user.id
            if action == "join":
                view = await service.join(tournament_id, user, guild_of(interaction))
                text = _("You're in {title}. Good luck!")
            else:
                view = await service.leave(tournament_id, user, guild_of(interaction))
                text = _("You've left {title}.")
            answer = text.format(title=title(view.tournament))
            if reply.claim():
                await interaction.response.send_message(answer, ephemeral=True)
            else:  # acknowledged by the timer meanwhile
                await interaction.followup.send(answer, ephemeral=True)

    # --- commands -----------------------------------------------------------------------------

    async def manager(self, interaction: discord.Interaction) -> Manager:
        return await manager_of(self.lookups, interaction)

    @tournament.command(name="create", description=locale_str("Create a tournament"))
    @app_commands.describe(
        name=locale_str("The tournament's name"),
        format=locale_str("Swiss (default) or round robin"),
        rounds=locale_str("Rounds of a Swiss (default 5)"),
        time=time_option.DESCRIPTION,
        rated=locale_str("Whether its games change ratings (default: yes)"),
        limit=locale_str("At most this many players (default 64)"),
        start=locale_str("When it starts: a Discord timestamp, or a delay like 30m, 2h, 1d"),
        channel=locale_str("Where its games are played, a thread each (default: here)"),
    )
    @app_commands.choices(format=FORMAT_CHOICES)
    @app_commands.autocomplete(time=FeatureCog.time_choices)
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 100],
        start: app_commands.Range[str, 1, 40],
        format: app_commands.Choice[str] | None = None,
        rounds: app_commands.Range[int, 1, 30] = 5,
        time: app_commands.Range[str, 1, 20] | None = None,
        rated: bool = True,
        limit: app_commands.Range[int, 2, 256] = 64,
        channel: discord.TextChannel | None = None,
    ) -> None:
        async with answering(self.audience, interaction, "/reversi tournament create"):
            await think(interaction)
            starts_at = start_time(start, self.clock.now().timestamp())
            if starts_at is None:
                raise Declined(
                    _(
                        "I can't read that start time: use a Discord timestamp such as "
                        "<t:1900000000:F>, or a delay such as 30m, 2h or 1d."
                    )
                )
            if channel is None and isinstance(interaction.channel, discord.Thread):
                raise Declined(_("Tournament games need a channel for their threads: pick one."))
            channel_id = channel.id if channel is not None else interaction.channel_id
            assert channel_id is not None
            new = NewTournament(
                name=name,
                format=Format(format.value) if format else Format.SWISS,
                swiss_rounds=rounds,
                time_control=time_option.parse(time),
                rated=rated,
                entry_limit=limit,
                starts_at=starts_at,
                channel_id=channel_id,
            )
            service = self.tournaments
            view = await service.create(guild_of(interaction), await self.manager(interaction), new)
            t = view.tournament
            async with self.audience.for_everyone(t.guild_id):
                text, buttons = signup_text(view), signup_view(t)
            try:
                posted = await self.bot.get_partial_messageable(channel_id).send(
                    text, view=buttons or discord.utils.MISSING, allowed_mentions=NONE
                )
            except discord.HTTPException as error:  # no tournament nobody can see
                await service.cancel(t.id, t.guild_id, Manager(t.organiser_id, True))
                log.info("Tournament %s not posted in %s (%s)", t.id, channel_id, error.code)
                raise Declined(
                    _("I can't post in {channel}, so no tournament was made there.").format(
                        channel=f"<#{channel_id}>"
                    )
                ) from None
            await service.posted(t.id, posted.id)
            link = message_link(t.guild_id, channel_id, posted.id)
            await self.scheduled_events.announce(interaction.guild, t, link)
            await interaction.followup.send(
                _("Tournament {title} created: {link}").format(title=title(t), link=link),
                ephemeral=True,
            )

    @tournament.command(name="list", description=locale_str("This server's tournaments"))
    async def list_(self, interaction: discord.Interaction) -> None:
        async with answering(self.audience, interaction, "/reversi tournament list"):
            found = await self.tournaments.of_guild(guild_of(interaction))
            lines = [list_line(t) for t in found] or [_("No tournament yet.")]
            await interaction.response.send_message(
                "\n".join(lines)[:2000], ephemeral=True, allowed_mentions=NONE
            )

    @tournament.command(name="standings", description=locale_str("A tournament's standings"))
    @app_commands.describe(tournament=WHICH)
    @app_commands.autocomplete(tournament=tournament_choices)
    async def standings(
        self, interaction: discord.Interaction, tournament: int | None = None
    ) -> None:
        async with answering(self.audience, interaction, "/reversi tournament standings"):
            await think(interaction)
            guild_id = guild_of(interaction)
            tournament_id = await self.which(guild_id, tournament)
            view, table = await self.tournaments.standings(tournament_id, guild_id)
            image = await standings_file(view, table, self.names)
            await interaction.followup.send(
                standings_text(view, table), file=image, ephemeral=True, allowed_mentions=NONE
            )

    @tournament.command(name="pairings", description=locale_str("A round's pairings"))
    @app_commands.describe(
        tournament=WHICH, round=locale_str("The round (default: the current one)")
    )
    @app_commands.autocomplete(tournament=tournament_choices)
    async def pairings(
        self,
        interaction: discord.Interaction,
        tournament: int | None = None,
        round: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        async with answering(self.audience, interaction, "/reversi tournament pairings"):
            await think(interaction)
            guild_id = guild_of(interaction)
            tournament_id = await self.which(guild_id, tournament)
            service = self.tournaments
            view = await service.view(tournament_id, guild_id)
            number = round or view.tournament.round
            if not view.round_boards(number):
                raise Declined(no_such_round(view.tournament, number))
            for text in pairings_texts(view, number, await service.games(view, number)):
                await interaction.followup.send(text, ephemeral=True, allowed_mentions=NONE)

    @tournament.command(name="start", description=locale_str("Start a tournament now"))
    @app_commands.describe(tournament=WHICH)
    @app_commands.autocomplete(tournament=tournament_choices)
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self.manage(interaction, "start", tournament)

    @tournament.command(name="pause", description=locale_str("Pair no new round until resumed"))
    @app_commands.describe(tournament=WHICH)
    @app_commands.autocomplete(tournament=tournament_choices)
    async def pause(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self.manage(interaction, "pause", tournament)

    @tournament.command(name="resume", description=locale_str("Resume a paused tournament"))
    @app_commands.describe(tournament=WHICH)
    @app_commands.autocomplete(tournament=tournament_choices)
    async def resume(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self.manage(interaction, "resume", tournament)

    @tournament.command(
        name="cancel", description=locale_str("Cancel a tournament and its games in progress")
    )
    @app_commands.describe(tournament=WHICH)
    @app_commands.autocomplete(tournament=tournament_choices)
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self.manage(interaction, "cancel", tournament)

    @tournament.command(name="remove", description=locale_str("Take a player out of a tournament"))
    @app_commands.describe(player=locale_str("The player to take out"), tournament=WHICH)
    @app_commands.autocomplete(tournament=tournament_choices)
    async def remove(
        self, interaction: discord.Interaction, player: discord.User, tournament: int | None = None
    ) -> None:
        async with answering(self.audience, interaction, "/reversi tournament remove"):
            await think(interaction)
            guild_id = guild_of(interaction)
            tournament_id = await self.which(guild_id, tournament)
            view = await self.tournaments.remove(
                tournament_id, player.id, guild_id, await self.manager(interaction)
            )
            await interaction.followup.send(
                _("{player} is out of {title}.").format(
                    player=player.mention, title=title(view.tournament)
                ),
                ephemeral=True,
            )

    async def manage(
        self, interaction: discord.Interaction, action: str, tournament: int | None
    ) -> None:
        async with answering(self.audience, interaction, f"/reversi tournament {action}"):
            await think(interaction)
            guild_id = guild_of(interaction)
            tournament_id = await self.which(guild_id, tournament)
            manager = await self.manager(interaction)
            service = self.tournaments
            if action in ("start", "resume"):
                await self.check_channel(await service.view(tournament_id, guild_id))
            change = {
                "start": service.start,
                "pause": service.pause,
                "resume": service.resume,
                "cancel": service.cancel,
            }[action]
            view = await change(tournament_id, guild_id, manager)
            t = view.tournament
            done = _(DONE[action]).format(title=title(t))
            if action == "start" and t.rounds < t.swiss_rounds and t.format is Format.SWISS:
                done = ngettext(
                    "{title} has started: {rounds} round, the most {players} players allow "
                    "without anyone meeting twice.",
                    "{title} has started: {rounds} rounds, the most {players} players allow "
                    "without anyone meeting twice.",
                    t.rounds,
                ).format(title=title(t), rounds=t.rounds, players=len(view.entrants))
            await interaction.followup.send(done, ephemeral=True)

    async def check_channel(self, view: TournamentView) -> None:
        """Refuse to start a round whose games the bot can't open in the tournament's channel,
        naming what it lacks there."""
        t = view.tournament
        guild = self.bot.get_guild(t.guild_id)
        channel = guild.get_channel(t.channel_id) if guild is not None else None
        if isinstance(channel, discord.TextChannel) and (missing := missing_in(channel)):
            raise Declined(cannot_start(t, channel, missing))

    async def which(self, guild_id: int, tournament: int | None) -> int:
        """The tournament asked for, or the server's latest."""
        if tournament is not None:
            return tournament
        latest = await self.tournaments.of_guild(guild_id)
        if not latest:
            raise Declined(_("No tournament yet."))
        return latest[0].id


async def think(interaction: discord.Interaction) -> None:
    """Acknowledge at once, privately, the answer following: what comes before it (posting in
    Discord, changing every game of a round, drawing the standings) may outlast Discord's 3
    seconds."""
    await interaction.response.defer(ephemeral=True, thinking=True)


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise Declined(_("Tournaments belong to servers; use this in a server channel."))
    return interaction.guild_id
