"""Discord's own localizations of the slash commands: descriptions and choice names from the
catalogues, for each Discord client locale that one of our languages serves.

Command and option names stay the English identifiers, so that help texts, the README and other
players' messages name the same command whatever language a client shows. Today none of the
five non-English languages is a Discord client locale, so their speakers read the commands in
English and the bot's answers in their language; a catalogue for a language Discord offers is
used as soon as it is added to `bot.language_codes`.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord
from discord import app_commands

from bot.i18n import _, using
from bot.language_codes import DEFAULT, language_of_locale

NAMES = (
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
)


def served_locales() -> dict[discord.Locale, str]:
    """Each Discord locale one of our languages other than English serves."""
    found = {locale: language_of_locale(locale.value) for locale in discord.Locale}
    return {locale: code for locale, code in found.items() if code and code != DEFAULT}


class CatalogueTranslator(app_commands.Translator):
    def __init__(self, locales: Mapping[discord.Locale, str] | None = None) -> None:
        self.locales = served_locales() if locales is None else dict(locales)

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        code = self.locales.get(locale)
        if code is None or context.location in NAMES:
            return None
        with using(code):
            translated = _(string.message)
        return translated if translated != string.message else None
