"""The language in force, and who reads which: a player's choice, the server's, their Discord
locale, English; and Discord's own localizations of the commands."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.engine import Color, Position
from bot.engine.errors import IllegalMoveError
from bot.i18n import _, current, in_force, ngettext, using
from bot.i18n.catalogues import translations
from bot.language_codes import language_of_locale
from bot.services.languages import Languages
from bot.storage import Storage
from cogs.refusal_texts import move_problem
from cogs.translator import CatalogueTranslator
from rendering.words import color_name


def test_a_language_is_in_force_only_inside_its_block() -> None:
    assert current() == "en"
    with using("ha"):
        assert current() == "ha"
        with using("ta"):
            assert current() == "ta"
        assert current() == "ha"
    assert current() == "en"
    with using("xx"):
        assert current() == "en"  # unknown: English


def test_messages_follow_the_language_in_force() -> None:
    with using("ha"):
        black = color_name(Color.BLACK, in_force())
        moves = ngettext("{count} day", "{count} days", 3)
    assert black != "Black" and black == translations("ha").gettext("Black")
    assert moves != "{count} days" and "{count}" in moves
    assert color_name(Color.BLACK, in_force()) == "Black"
    assert _("It's not your turn.") == "It's not your turn."


def test_icelandic_counts_take_their_own_plural_forms() -> None:
    """Icelandic says 21 as it says 1 (plural rule n%10==1 && n%100!=11)."""
    with using("is"):
        one, twenty_one, eleven = (ngettext("{count} day", "{count} days", n) for n in (1, 21, 11))
    assert one == twenty_one != eleven


def test_discord_locales_map_to_our_languages() -> None:
    assert language_of_locale("en-US") == "en"
    assert language_of_locale("fil") == "tl" and language_of_locale("tl") == "tl"
    assert language_of_locale("ta-IN") == "ta"
    assert language_of_locale("de") is None and language_of_locale(None) is None


def test_move_errors_are_told_in_the_language_in_force() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        Position.initial().play("a1")
    english = move_problem(caught.value)
    with using("rw"):
        kinyarwanda = move_problem(caught.value)
    assert english == "a1 is not a legal move now: it flips no disc."
    assert kinyarwanda != english and "a1" in kinyarwanda


async def test_a_reader_gets_their_choice_then_the_servers_then_their_locale(
    tmp_path: Path,
) -> None:
    async with await Storage.open(tmp_path / "db.sqlite3") as storage:
        languages = Languages(storage)
        assert await languages.for_reader(1, 10, "en-US") == "en"
        assert await languages.for_reader(1, 10, "fil") == "tl"
        assert await languages.for_everyone(10, "fil") == "tl"
        settings = await storage.settings.update(10, now=0, language="ha")
        languages.server_updated(10, settings.language)
        assert await languages.for_reader(1, 10, "fil") == "ha"
        assert await languages.for_everyone(10) == "ha"
        await storage.languages.choose(1, "ta", now=0)
        languages.personal_updated(1, "ta")
        assert await languages.for_reader(1, 10, "en-US") == "ta"
        assert await languages.for_reader(2, 10, "en-US") == "ha"
        assert await languages.for_everyone(10) == "ha"
        assert await languages.for_reader(1, 11, None) == "ta"  # in every server
        await storage.languages.choose(1, None, now=0)
        languages.personal_updated(1, None)
        assert await languages.for_reader(1, 10, "en-US") == "ha"
        cleared = await storage.settings.update(10, now=0, clear_language=True)
        assert cleared.language is None and cleared.rated  # the rest kept
        assert await Languages(storage).for_everyone(10) == "en"


async def test_commands_get_discords_localizations_where_a_language_is_served() -> None:
    """None of our languages is a Discord client locale today, so nothing is localized; a
    language Discord offers would be (here Hausa stands in for German)."""
    today = CatalogueTranslator()
    assert today.locales == {}
    standing_in = CatalogueTranslator({discord.Locale.german: "ha"})
    text = app_commands.locale_str("Show or change this server's settings")
    description = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_description, None
    )
    name = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_name, None
    )
    localized = await standing_in.translate(text, discord.Locale.german, description)
    assert localized is not None and localized != text.message
    assert await standing_in.translate(text, discord.Locale.french, description) is None
    assert (
        await standing_in.translate(
            app_commands.locale_str("settings"), discord.Locale.german, name
        )
        is None
    )
