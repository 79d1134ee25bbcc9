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


ACTS = {
    "abort": r"\babort",
    "cancel": r"\bcancel",
    "resign": r"\bresign",
    "withdraw": r"\bwithdr",
    "bye": r"\bbye\b",
    "pause": r"\bpause",
    "forfeit": r"\bforfeit",
    "play": r"^(?=.*\bplayed\b)(?=.*(?:\{move\}|\{square\}|\bmoves?\b))",
}
"""The acts a player is told of, found by their English: ending a game without a result (abort,
or a moderator's or organiser's cancel), conceding it (resign), leaving a tournament (withdraw),
a round without a game (bye), a tournament on hold (pause), a game won or lost without being
played out (forfeit), and playing a move."""

OTHER_ACTS = set(ACTS) - {"play"}
"""The acts whose verb no other message says (playing a game says the verb of playing a move)."""

ACTS_OF = {
    "You can't accept your own challenge; use Cancel to withdraw it.": {"cancel"},
    "End this channel's game without a result": {"cancel"},
    "Leave": {"withdraw"},
    "You've left {title}.": {"withdraw"},
}
"""Messages whose English names an act in other words, or with another act's."""

VERBS = {
    "tl": {
        "abort": r"t(?:in)?igil",
        "cancel": r"k(?:in)?ansel",
        "resign": r"suko\b|sumuko|sumusuko",
        "withdraw": r"atras",
        "bye": r"pahinga",
        "pause": r"hinto",
        "forfeit": r"forfeit",
        "play": r"\b(?:ni|nag|mag|naka|i)(?:la)?laro|\b(?:la)?laruin",
    },
    "is": {
        "abort": r"\bsl[ií]t|\bsleist|\bsleit",
        "cancel": r"aflýs",
        "resign": r"\bgafst upp|\bgefa?st\w* upp|\bgefstu upp|uppgj[öa]f",
        "withdraw": r"\b(?:dró|dreg\w*|draga) [smþ]ig\b",
        "bye": r"yfirset",
        "pause": r"\bhlé",
        "forfeit": r"án leiks",
        "play": r"\bl[ée]k(?:st|u|ið)?\b|\bleika\b|\bleikið\b",
    },
    "ta": {
        "abort": r"கைவிட",
        "cancel": r"ரத்து",
        "resign": r"ஒப்புக்கொ|ஒப்புதல",
        "withdraw": r"விலக",
        "bye": r"ஓய்வு",
        "pause": r"இடைநிறுத்த",
        "forfeit": r"ஆட்டமிழப்ப",
        "play": r"ஆட(?!்)|ஆடு",
    },
    "ha": {
        "abort": r"\bfasa",
        "cancel": r"\bsoke",
        "resign": r"mi[ƙk]a wuya",
        "withdraw": r"\bjanye",
        "bye": r"\bhutu",
        "pause": r"\bdakata",
        "forfeit": r"rashin zuwa",
        "play": r"\bmots[ai]",
    },
    "rw": {
        "abort": r"\b[a-z]{0,3}rek(?:a|wa)\b|\b(?:ya|wa|na|ba|a)rets(?:e|we)\b",
        "cancel": r"hagar",
        "resign": r"vany|vana|vane",
        "withdraw": r"\b(?:yi|wi|ya|i|ni|uwi)ku(?:ye|we|re|ra)(?:mo)?\b",
        "bye": r"ruhuk",
        "pause": r"subik|subits",
        "forfeit": r"titabir",
        "play": r"kin(?:nye|a|we|wa)\b",
    },
}
"""Each act's one verb in each language: its stem and forms, as regular expressions."""

NOT_SAID = {
    "tl": r"\bsa oras\b|Huwag na lang|\bsa pagsuko\b|\bginalaw\b|\bgumal|\bgumagalaw\b|\bGood luck",
    "is": r"[Ss]töðv|\w\((?:ur|n|in|a)\)",
    "ta": r"சரியான|விளையாட|ஆட்டக்காரர்|(?<!பெற )வாழ்த்துகள்",
    "ha": r"\b[Bb]azuwar\b",
    "rw": r"sesa\b|seshe|sesw|\b[Gg]ukina kwa\b|\bmoteri\b|\bgutinda\b",
}
"""Words that said something else than meant: "punctually" for on time, "touched" for played, "stop"
for abort, a gender in brackets where a neutral wording exists, "rating" for points, "correct"
for legal (and a second verb for play), "player" in a second word, "congratulations" for good
luck, "spill" for abort, "motor" for the engine, "being late" for a delay."""


def acts_of(key: str) -> set[str]:
    if key in ACTS_OF:
        return ACTS_OF[key]
    return {act for act, english in ACTS.items() if re.search(english, key, re.I | re.S)}


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_act_has_one_verb(code: str) -> None:
    """A message about an act says it with that act's verb, and never with another act's (but for
    playing, which every game is about)."""
    verbs = VERBS[code]
    assert set(verbs) == set(ACTS)
    wrong = []
    for key, forms in translations(code).items():
        acts = acts_of(key)
        for form in forms:
            missing = [a for a in acts if not re.search(verbs[a], form, re.I)]
            others = [a for a in OTHER_ACTS - acts if re.search(verbs[a], form, re.I)]
            if missing or others:
                wrong.append((key, form, missing, others))
    for act in ACTS:
        assert any(act in acts_of(key) for key in code_messages()), act
    assert wrong == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_vocabulary_says_what_is_meant(code: str) -> None:
    found = [
        form
        for forms in translations(code).values()
        for form in forms
        if re.search(NOT_SAID[code], form, re.M)
    ]
    assert found == []
