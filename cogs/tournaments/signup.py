"""What the tournament's channel shows without a click: its sign-up message kept up to date
(entrants, state, buttons) and, once it is over, the final standings with their image."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.domain.events import TournamentFinished, TournamentUpdated
from bot.latest import Latest
from bot.services.bus import Events
from cogs.tournaments.buttons import signup_view
from cogs.tournaments.image import standings_file
from cogs.tournaments.texts import signup_text, standings_text

if TYPE_CHECKING:
    from bot.background import Background
    from bot.services.tournaments import Tournaments
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.names import Names

log = logging.getLogger(__name__)

NONE = discord.AllowedMentions.none()


class Signups:
    def __init__(
        self,
        bot: Bot,
        *,
        tournaments: Tournaments,
        audience: Audience,
        names: Names,
        background: Background,
    ) -> None:
        self.bot = bot
        self.tournaments, self.audience, self.names = tournaments, audience, names
        self.background = background
        self._signups: Latest[int, TournamentUpdated] = Latest(
            background, self._edit_signup, "tournament sign-up"
        )

    def subscribe(self, events: Events) -> None:
        events.subscribe(TournamentUpdated, self.on_updated)
        events.subscribe(TournamentFinished, self.on_finished)

    def on_updated(self, event: TournamentUpdated) -> None:
        """Show the change on the sign-up message: one edit at a time per tournament, the newest
        state last."""
        if event.view.tournament.message_id is not None:
            self._signups.offer(event.view.tournament.id, event)

    async def _edit_signup(self, event: TournamentUpdated) -> None:
        t = event.view.tournament
        assert t.message_id is not None
        async with self.audience.for_everyone(t.guild_id):
            text, view = signup_text(event.view), signup_view(t)
        try:
            message = self.bot.get_partial_messageable(t.channel_id)
            await message.get_partial_message(t.message_id).edit(
                content=text, view=view, allowed_mentions=NONE
            )
        except discord.HTTPException as error:
            log.info("Sign-up of tournament %s not updated (%s)", t.id, error.code)

    def on_finished(self, event: TournamentFinished) -> None:
        self.on_updated(TournamentUpdated(event.view))
        self.background.spawn(
            self._announce_winner(event), name=f"tournament {event.view.tournament.id} finished"
        )

    async def _announce_winner(self, event: TournamentFinished) -> None:
        t = event.view.tournament
        _view, table = await self.tournaments.standings(t.id, t.guild_id)
        async with self.audience.for_everyone(t.guild_id):
            text = standings_text(event.view, table)
            image = await standings_file(event.view, table, self.names)
        try:
            channel = self.bot.get_partial_messageable(t.channel_id)
            await channel.send(text, file=image, allowed_mentions=NONE)
        except discord.HTTPException as error:
            log.warning("Final standings of tournament %s not posted (%s)", t.id, error.code)
