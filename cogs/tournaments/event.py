"""A tournament announced as a Discord scheduled event, where the bot may make one (Create Events
in the server: Discord no longer lets Manage Events alone create one): made with the tournament,
started when it starts (its end time then reckoned from the rounds it lasts), ended or cancelled
with it. Without the permission there is no event; Discord refusing any of it costs the
tournament nothing but a warning in the log."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import discord

from bot.domain import TimeControl
from bot.domain.events import TournamentFinished, TournamentUpdated
from bot.domain.tournament import TournamentRecord, TournamentState, rounds_in
from bot.latest import Latest
from bot.services.bus import Events
from cogs.text import shorten
from cogs.tournaments.texts import event_description

if TYPE_CHECKING:
    from bot.background import Background
    from bot.clock import Clock
    from bot.services.tournaments import Tournaments
    from cogs.audience import Audience
    from cogs.host import Bot

log = logging.getLogger(__name__)

NAME = 100
"""Discord's limit on an event's name."""
GUESSED_ENTRANTS = 8
"""How many a round robin is reckoned to have until it starts and its rounds are known."""
MOVES = 30
"""Each player's moves in a game, about."""
PER_MOVE_USED = 0.25
"""The share of its time a correspondence move is reckoned to take."""


def game_length(control: TimeControl) -> float:
    """About how long a game lasts, in seconds: both clocks used up with the increments of
    their moves, or each move taking a share of the time it may."""
    if control.base is not None:
        return 2 * (control.base + MOVES * control.increment)
    assert control.per_move is not None
    return 2 * MOVES * control.per_move * PER_MOVE_USED


def rounds_reckoned(tournament: TournamentRecord) -> int:
    """Its rounds once it has started; before, a Swiss's or a round robin of a few players'."""
    if tournament.rounds:
        return tournament.rounds
    entrants = min(tournament.entry_limit, GUESSED_ENTRANTS)
    return max(rounds_in(tournament.format, entrants, tournament.swiss_rounds), 1)


def end_time(tournament: TournamentRecord, start: datetime) -> datetime:
    length = rounds_reckoned(tournament) * game_length(tournament.time_control)
    return start + timedelta(seconds=length)


def may_make_events(guild: discord.Guild) -> bool:
    me = guild.me
    allowed = me.guild_permissions if me is not None else discord.Permissions.none()
    return allowed.create_events


class ScheduledEvents:
    def __init__(
        self,
        bot: Bot,
        *,
        tournaments: Tournaments,
        audience: Audience,
        background: Background,
        clock: Clock,
    ) -> None:
        self.bot = bot
        self.tournaments, self.audience, self.clock = tournaments, audience, clock
        self._follow: Latest[int, TournamentRecord] = Latest(
            background, self._bring_up_to_date, "tournament event"
        )
        self._shown: dict[int, bool] = {}
        """Tournaments whose event was brought up to date here: whether it was over."""
        self._gone: set[int] = set()
        """Tournaments whose event was deleted in Discord."""

    async def announce(
        self, guild: discord.Guild | None, tournament: TournamentRecord, signup: str
    ) -> None:
        """Make the tournament's event if the bot may, and keep its id."""
        if guild is None or not may_make_events(guild):
            return
        t = tournament
        start = datetime.fromtimestamp(t.starts_at, UTC)
        channel = guild.get_channel(t.channel_id)
        async with self.audience.for_everyone(t.guild_id):
            description = event_description(t, signup)
        try:
            event = await guild.create_scheduled_event(
                name=shorten(t.name, NAME),
                start_time=start,
                end_time=end_time(t, start),
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only,
                location=f"#{channel.name}" if channel is not None else signup,
                description=description,
            )
        except discord.HTTPException as error:
            log.warning("No scheduled event for tournament %s (%s)", t.id, error.code)
            return
        await self.tournaments.scheduled(t.id, event.id)

    def subscribe(self, events: Events) -> None:
        events.subscribe(TournamentUpdated, self.on_updated)
        events.subscribe(TournamentFinished, self.on_updated)

    def on_updated(self, event: TournamentUpdated | TournamentFinished) -> None:
        """Start the event with the tournament; end or cancel it with it."""
        t = event.view.tournament
        if t.event_id is None or t.state is TournamentState.SIGNUP:
            return
        if not self._up_to_date(t):
            self._follow.offer(t.id, t)

    def _up_to_date(self, tournament: TournamentRecord) -> bool:
        shown = self._shown.get(tournament.id)
        return tournament.id in self._gone or shown == tournament.state.over

    async def _bring_up_to_date(self, tournament: TournamentRecord) -> None:
        t = tournament
        guild = self.bot.get_guild(t.guild_id)
        if guild is None or t.event_id is None or self._up_to_date(t):
            return
        try:
            event = await guild.fetch_scheduled_event(t.event_id)
            scheduled = event.status is discord.EventStatus.scheduled
            if not t.state.over and scheduled:
                await event.edit(
                    status=discord.EventStatus.active,
                    end_time=end_time(t, self.clock.now()),
                )
            elif t.state is TournamentState.CANCELLED and scheduled:
                await event.cancel()
            elif t.state.over:
                if scheduled:
                    event = await event.start()
                if event.status is discord.EventStatus.active:
                    await event.end()
        except discord.NotFound:  # deleted in Discord: nothing is left to keep up to date
            log.info("Scheduled event of tournament %s is gone", t.id)
            self._gone.add(t.id)
            return
        except discord.HTTPException as error:
            log.warning("Scheduled event of tournament %s not updated (%s)", t.id, error.code)
            return
        self._shown[t.id] = t.state.over
