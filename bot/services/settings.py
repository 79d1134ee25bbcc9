"""The settings of a server, and each member's own choices: their language, and being
forgotten."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.domain import ChallengeStatus, GuildSettings, TimeControl
from bot.domain.refusals import Refusal, Refused
from bot.events import ChallengeClosed
from bot.language_codes import LANGUAGES
from bot.services.context import Service
from bot.services.languages import AUTO_LANGUAGE


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

    def __bool__(self) -> bool:
        changes = (self.time_control, self.rated, self.allow, self.disallow, self.language)
        return self.everywhere or any(change is not None for change in changes)


class Settings(Service):
    """Changes a server's settings (its managers only) and a member's choices (their own)."""

    async def change_settings(
        self, guild_id: int, change: SettingsChange, *, manager: bool
    ) -> GuildSettings:
        """Apply an admin's change; the allowed channels are all of them until some are listed."""
        if not manager:
            raise Refusal(Refused.NEEDS_MANAGE_SERVER)
        current = await self.storage.settings.get(guild_id)
        channels: set[int] | None = None
        if change.everywhere:
            channels = set()
        elif change.allow is not None or change.disallow is not None:
            channels = set(current.allowed_channels)
            if change.allow is not None:
                channels.add(change.allow)
            if change.disallow is not None:
                if change.disallow not in channels:
                    raise Refusal(Refused.CHANNEL_NOT_LISTED, channel_id=change.disallow)
                channels.discard(change.disallow)
        if change.language is not None and change.language not in (*LANGUAGES, AUTO_LANGUAGE):
            raise Refusal(Refused.UNKNOWN_LANGUAGE)
        updated = await self.storage.settings.update(
            guild_id,
            now=self.now(),
            time_control=change.time_control,
            rated=change.rated,
            allowed_channels=channels,
            language=None if change.language == AUTO_LANGUAGE else change.language,
            clear_language=change.language == AUTO_LANGUAGE,
        )
        self.languages.server_changed(guild_id, updated.language)
        return updated

    async def choose_language(self, user_id: int, language: str) -> None:
        """The language of what `user_id` alone sees, in every server; `AUTO_LANGUAGE` follows
        the server's again."""
        if language not in (*LANGUAGES, AUTO_LANGUAGE):
            raise Refusal(Refused.UNKNOWN_LANGUAGE)
        chosen = None if language == AUTO_LANGUAGE else language
        await self.storage.languages.choose(user_id, chosen, now=self.now())
        self.languages.personal_changed(user_id, chosen)

    async def forget(self, guild_id: int, user_id: int, *, confirmed_by: int) -> None:
        """Delete the player's stats and challenges in the server; their open invitations close.
        Only the player themself can confirm it."""
        if confirmed_by != user_id:
            raise Refusal(Refused.ONLY_THE_ASKER_CONFIRMS)
        forgotten = await self.storage.forget_player(guild_id, user_id)
        self.languages.personal_changed(user_id, None)
        for challenge in forgotten:
            if challenge.status is ChallengeStatus.PENDING:
                closed = replace(challenge, status=ChallengeStatus.CANCELLED)
                self.events.emit(ChallengeClosed(closed, forgotten=True))
