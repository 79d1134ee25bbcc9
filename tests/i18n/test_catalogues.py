"""Every catalogue is complete and fits: every message translated, the same placeholders, no
text over a Discord limit, and the text of the images drawable in the shipped fonts."""

from __future__ import annotations

import re
import unicodedata

import pytest
from discord import app_commands

from bot.i18n import _, using
from bot.i18n.catalogues import LOCALES, po_path
from bot.language_codes import LANGUAGES
from rendering.text import drawable_text

from .messages import TRANSLATED, code_messages, fields, image_messages, translations

COMMAND = re.compile(r"/reversi(?: [a-z-]+)+|`[^`]*`")
"""Text a player types or the code shows verbatim: slash commands and code spans."""


def test_the_template_lists_the_code_messages() -> None:
    """`make messages` was run: the template holds exactly what the code marks."""
    template = (LOCALES / "reversi.pot").read_text(encoding="utf-8")
    listed = set(re.findall(r'^msgid "(.*)"', template, re.M)) - {""}
    flat = {m.replace("\\n", "\n").replace('\\"', '"') for m in listed}
    assert len(code_messages()) > 300
    assert {key for key in code_messages() if "\n" not in key and len(key) < 70} <= flat


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(code: str) -> None:
    known = translations(code)
    missing = [key for key in code_messages() if not all(known.get(key, ("",)))]
    assert missing == []
    plural = [m for m in code_messages().values() if len(m.ids) == 2]
    assert plural, "counts have plural forms"
    assert all(len(known[m.ids[0]]) == 2 for m in plural)


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_and_commands_match_the_english(code: str) -> None:
    known = translations(code)
    for key, message in code_messages().items():
        for form in known[key]:
            assert fields(form) == fields(message.ids[-1]), (key, form)
            assert set(COMMAND.findall(message.ids[0])) <= set(COMMAND.findall(form)), (key, form)


@pytest.mark.parametrize("code", TRANSLATED)
def test_texts_keep_inside_discords_limits(
    code: str, loaded_tree: app_commands.CommandTree
) -> None:
    """Descriptions and choice names are at most 100 characters; no message of the bot, even
    translated, comes near a message's 2,000 (longer texts are cut where they are shown)."""
    strings: list[str] = []
    for command in loaded_tree.walk_commands():
        strings.append(command.description)
        if isinstance(command, app_commands.Command):
            for parameter in command.parameters:
                strings.append(parameter.description)
                strings += [choice.name for choice in parameter.choices]
    assert len(strings) > 40
    with using(code):
        for text in strings:
            assert len(_(text)) <= 100, text
    for key, forms in translations(code).items():
        assert all(len(form) <= 1800 for form in forms), key


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_text_of_images_has_every_glyph(code: str) -> None:
    messages = image_messages()
    assert len(messages) > 10
    for message in messages:
        for form in translations(code)[message.ids[0]]:
            text = " ".join(unicodedata.normalize("NFC", re.sub(r"\{\w*\}", "", form)).split())
            assert drawable_text(text) == text, (message.ids[0], form)


def test_every_command_text_reaches_the_template(loaded_tree: app_commands.CommandTree) -> None:
    """Descriptions and choice names are marked as written, not built at run time (an f-string
    never reaches the translators)."""
    strings: list[str] = []
    for command in loaded_tree.walk_commands():
        strings.append(command.description)
        if isinstance(command, app_commands.Command):
            for parameter in command.parameters:
                strings.append(parameter.description)
                strings += [choice.name for choice in parameter.choices]
    assert "1 · Beginner: Grabs as many discs as it can and often gives away corners." in strings
    unmarked = [text for text in strings if text not in code_messages()]
    assert [text for text in unmarked if text not in LANGUAGES.values()] == []  # named in itself


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_relative_time_stands_alone(code: str) -> None:
    """Discord words `<t:…:R>` ("in 2 hours") in the reader's own client language, so no
    sentence runs into it: it follows a colon."""
    timed = [key for key in code_messages() if "{when}" in key]
    assert timed
    for key in timed:
        for text in (key, *translations(code)[key]):
            assert ": {when}" in text, text


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_header_names_the_catalogue_s_language(code: str) -> None:
    header = po_path(code).read_text(encoding="utf-8")
    assert f'"Language: {code}\\n"' in header


MISLEADING = {
    "tl": r"\bsa oras\b|Huwag na lang|\bsa pagsuko\b",
    "is": r"[Ss]töðv",
    "ta": r"சரியான|விளையாட",
    "ha": r"\b[Dd]akatar\b|\b[Bb]azuwar\b",
    "rw": r"\b[Ss]esa\b|\b[Gg]ukina kwa\b|\bmoteri\b",
}
"""Words that said something else than meant: "punctually" for on time, "pause" for abort,
"correct" for legal (and a second verb for play), "spill" for abort, "motor" for the engine."""


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_vocabulary_says_what_is_meant(code: str) -> None:
    found = [
        form
        for forms in translations(code).values()
        for form in forms
        if re.search(MISLEADING[code], form)
    ]
    assert found == []
