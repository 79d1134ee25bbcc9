"""The settings of a server, and each member's own choices: their language, and being
forgotten."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.domain import (
    ChallengeStatus,
    ChannelAction,
    ChannelChange,
    ChannelEffect,
    GuildSettings,
    TimeControl,
)
from bot.domain.events import ChallengeClosed, DailyScheduleUpdated, WebPagesUpdated
from bot.domain.refusals import ChannelsChangedRefusal, Refusal, Refused
from bot.language_codes import LANGUAGES
from bot.services.context import Changed, Context, Service
from bot.services.languages import AUTO_LANGUAGE
from bot.storage import ActiveGameError, ChannelsChangedError, OpenTournamentError


@dataclass(frozen=True, slots=True)
class SettingsChange:
    """What an admin asked to change in `/reversi settings`; all None/False changes nothing."""

    time_control: TimeControl | None = None
    rated: bool | None = None
    allow: int | None = None
    disallow: int | None = None
    everywhere: bool = False
    language: str | None = None
    """A language code, or `AUTO_LANGUAGE` for each server member's Discord language."""
    organiser_role: int | None = None
    """The role whose members run tournaments; 0 for none."""
    daily_channel: int | None = None
    daily_hour: int | None = None
    """The channel and the hour (UTC) of the daily puzzle; one alone changes it if it is on."""
    daily_off: bool = False
    web_pages: bool | None = None
    """Whether the server's games, tournaments and players have pages on the web."""

    def __bool__(self) -> bool:
        return self.everywhere or self.channels_given() or self.besides_channels()

    def channels_given(self) -> bool:
        return self.allow is not None or self.disallow is not None

    def besides_channels(self) -> bool:
        """Whether anything but where games may start is to change."""
        others = (
            self.time_control,
            self.rated,
            self.language,
            self.organiser_role,
            self.daily_channel,
            self.daily_hour,
            self.web_pages,
        )
        return self.daily_off or any(change is not None for change in others)

    def daily(self, current: GuildSettings) -> tuple[int, int] | None:
        """The daily puzzle's channel and hour after the change, if it sets them."""
        if self.daily_off or (self.daily_channel is None and self.daily_hour is None):
            return None
        was = current.daily
        channel = self.daily_channel or (was.channel_id if was else None)
        hour = self.daily_hour if self.daily_hour is not None else was.hour if was else None
        if channel is None or hour is None:
            raise Refusal(Refused.DAILY_NEEDS_BOTH)
        return channel, hour

    def channels(self) -> ChannelChange | None:
        """The change to where games may start, if one was asked (one at most)."""
        asked = [
            ChannelChange(action, channel)
            for action, channel, given in (
                (ChannelAction.ALLOW, self.allow, self.allow is not None),
                (ChannelAction.DISALLOW, self.disallow, self.disallow is not None),
                (ChannelAction.EVERYWHERE, None, self.everywhere),
            )
            if given
        ]
        if len(asked) > 1:
            raise Refusal(Refused.ONE_CHANNEL_CHANGE)
        return asked[0] if asked else None


@dataclass(frozen=True, slots=True)
class SettingsSaved:
    """The settings after a change, and the change to where games may start still to be
    confirmed, if it closes or opens every channel at once (`ChannelChange.sweeping`)."""

    settings: GuildSettings
    to_confirm: ChannelChange | None = None


class Settings(Service):
    """Changes a server's settings (its managers only) and a member's choices (their own).
    `web_pages`: whether the bot has pages on the web, which a server may then turn on."""

    def __init__(self, context: Context, *, web_pages: bool = False) -> None:
        super().__init__(context)
        self.web_pages = web_pages

    async def change_settings(
        self, guild_id: int, change: SettingsChange, *, manager: bool
    ) -> SettingsSaved:
        """Apply an admin's change, but for a sweeping change of channels, which waits for
        `confirm_channels`."""
        if not manager:
            raise Refusal(Refused.NEEDS_MANAGE_SERVER)
        channels = change.channels()
        if change.language is not None and change.language not in (*LANGUAGES, AUTO_LANGUAGE):
            raise Refusal(Refused.UNKNOWN_LANGUAGE)
        if change.web_pages and not self.web_pages:
            raise Refusal(Refused.NO_WEB_ADDRESS)

        async def attempt() -> SettingsSaved:
            current = await self.storage.settings.get(guild_id)
            daily = change.daily(current)
            to_confirm = channels if channels is not None and channels.sweeping(current) else None
            allowed = blocked = were = None
            if channels is not None and to_confirm is None:
                allowed, blocked = channels.applied(current)
                were = (current.allowed_channels, current.blocked_channels)
            try:
                updated = await self.storage.settings.update(
                    guild_id,
                    now=self.now(),
                    time_control=change.time_control,
                    rated=change.rated,
                    allowed_channels=allowed,
                    blocked_channels=blocked,
                    channels_were=were,
                    language=None if change.language == AUTO_LANGUAGE else change.language,
                    clear_language=change.language == AUTO_LANGUAGE,
                    organiser_role=change.organiser_role,
                    daily=daily,
                    daily_off=change.daily_off,
                    web_pages=change.web_pages,
                )
            except ChannelsChangedError:  # another admin's change came first: work it out again
                raise Changed(Refusal(Refused.CHANNELS_CHANGED)) from None
            self.languages.server_updated(guild_id, updated.language)
            if daily is not None or change.daily_off:
                self.events.emit(DailyScheduleUpdated(guild_id, updated.daily))
            if change.web_pages is not None:
                self.events.emit(WebPagesUpdated(guild_id, updated.web_pages))
            return SettingsSaved(updated, to_confirm)

        return await self.retried(attempt)

    async def confirm_channels(
        self, guild_id: int, change: ChannelChange, offered: ChannelEffect, *, manager: bool
    ) -> GuildSettings:
        """Make a change to where games may start that was confirmed as doing `offered`; one
        that would do something else now is refused (`ChannelsChangedRefusal`), to ask again."""
        if not manager:
            raise Refusal(Refused.NEEDS_MANAGE_SERVER)
        current = await self.storage.settings.get(guild_id)
        if change.effect(current) is not offered:
            raise ChannelsChangedRefusal(current, change)
        allowed, blocked = change.applied(current)
        try:
            return await self.storage.settings.update(
                guild_id,
                now=self.now(),
                allowed_channels=allowed,
                blocked_channels=blocked,
                channels_were=(current.allowed_channels, current.blocked_channels),
            )
        except ChannelsChangedError:
            raise ChannelsChangedRefusal(
                await self.storage.settings.get(guild_id), change
            ) from None

    async def choose_language(self, user_id: int, language: str) -> None:
        """The language of what `user_id` alone sees, in every server; `AUTO_LANGUAGE` follows
        the server's again."""
        if language not in (*LANGUAGES, AUTO_LANGUAGE):
            raise Refusal(Refused.UNKNOWN_LANGUAGE)
        chosen = None if language == AUTO_LANGUAGE else language
        await self.storage.languages.choose(user_id, chosen, now=self.now())
        self.languages.personal_updated(user_id, chosen)

    async def forget(self, guild_id: int, user_id: int, *, confirmed_by: int) -> None:
        """Delete the player's stats and challenges in the server; their open invitations close.
        Only the player themself can confirm it."""
        if confirmed_by != user_id:
            raise Refusal(Refused.ONLY_THE_ASKER_CONFIRMS)
        try:
            forgotten = await self.storage.forget_player(guild_id, user_id)
        except ActiveGameError as error:
            raise Refusal(Refused.FORGET_WHILE_PLAYING, id=error.game_id) from None
        except OpenTournamentError as error:
            raise Refusal(Refused.FORGET_DURING_TOURNAMENT, id=error.tournament_id) from None
        self.languages.personal_updated(user_id, None)
        for challenge in forgotten:
            if challenge.status is ChallengeStatus.PENDING:
                closed = replace(challenge, status=ChallengeStatus.CANCELLED)
                self.events.emit(ChallengeClosed(closed, forgotten=True))
