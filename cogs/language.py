"""`/reversi language`: the language of what a member alone sees (ephemeral answers, direct
messages), in every server. Which language applies where is `bot.services.languages`' business."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.i18n import _, using
from bot.language_codes import LANGUAGES
from bot.services.languages import AUTO_LANGUAGE
from cogs.group import FeatureCog
from cogs.replies import answering

if TYPE_CHECKING:
    from bot.services.languages import Languages
    from bot.services.settings import Settings
    from cogs.audience import Audience
    from cogs.host import Bot


CHOICES = [
    *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
]
"""Each language named in itself, so that its speakers find it whatever language is shown."""


def language_choices(auto_name: locale_str) -> list[app_commands.Choice[str]]:
    """The languages, then the choice of none (`auto_name`)."""
    return [*CHOICES, app_commands.Choice(name=auto_name, value=AUTO_LANGUAGE)]


class LanguageCog(FeatureCog, name="Language"):
    def __init__(
        self, bot: Bot, *, audience: Audience, settings: Settings, languages: Languages
    ) -> None:
        super().__init__(bot, audience=audience)
        self.settings = settings
        self.languages = languages

    @app_commands.command(
        name="language", description=locale_str("The language I use for what only you see")
    )
    @app_commands.describe(language=locale_str("Leave empty to see the language I use for you"))
    @app_commands.choices(language=language_choices(locale_str("The server's language")))
    async def language(
        self, interaction: discord.Interaction, language: app_commands.Choice[str] | None = None
    ) -> None:
        async with answering(self.audience, interaction, "/reversi language"):
            if language is not None:
                await self.settings.choose_language(interaction.user.id, language.value)
            chosen = await self.languages.personal(interaction.user.id)
            code = await self.audience.reader_language(interaction)  # the choice just made, if any
            with using(code):
                if language is None and chosen is None:
                    text = _(
                        "I answer you in {language}, as this server or your Discord language "
                        "says. Pick a language here to choose your own."
                    )
                elif language is None:
                    text = _("I answer you in {language}, as you chose.")
                elif chosen is None:
                    text = _("Saved: I answer you in this server's language, {language}.")
                else:
                    text = _("Saved: I answer you in {language}, in every server.")
                text = text.format(language=LANGUAGES[code])
            await interaction.response.send_message(text, ephemeral=True)
