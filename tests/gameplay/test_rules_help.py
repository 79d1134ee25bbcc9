"""`/reversi rules` in every language, with the start position pictured, and `/reversi help`
listing exactly the commands the bot registered."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from bot import engine
from bot.i18n.catalogues import translations
from rendering import board_alt_text
from rendering.layout import Layout
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.interaction_data import (
    CHAT_INPUT,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    USER_COMMAND,
)
from tests.fakediscord.replies import Reply
from tests.fakediscord.world import Message

PICTURE_WIDTH = 320

# A word each text has and the others lack, checked along with the title.
LANGUAGES = {
    "en": ("How to play Reversi", "outflanked"),
    "tl": ("Paano laruin ang Reversi", "naipit"),
    "is": ("Svona spilarðu Reversi", "diskar"),
    "ta": ("Reversi ஆடுவது எப்படி", "வட்டு"),
    "ha": ("Yadda ake wasan Reversi", "fayafai"),
    "rw": ("Uko bakina Reversi", "disiki"),
}


def embed_of(reply: Reply) -> dict[str, Any]:
    assert reply.ephemeral and reply.message is not None
    [embed] = reply.message.embeds
    return embed


def check_start_picture(message: Message, language: str = "en") -> None:
    """The attachment is the start position as a PNG, shown in the embed, with alt text in the
    rules' language."""
    [attachment] = message.attachments
    assert message.embeds[0]["image"]["url"] == f"attachment://{attachment.filename}"
    alt_text = board_alt_text(engine.Position.initial(), words=translations(language))
    assert attachment.description == alt_text
    if language == "en":
        assert "Black 2 discs, White 2 discs. Black to move." in attachment.description
    image = attachment.image()
    layout = Layout.for_width(PICTURE_WIDTH)
    assert image.format == "PNG"
    assert image.mode == "P"
    assert image.size == (layout.width, layout.height)
    grey = image.convert("L")

    def shade(square: str) -> int:
        value = grey.getpixel(layout.square_centre(engine.parse_square(square)))
        assert isinstance(value, int)
        return value

    assert all(shade(s) > 180 for s in ("d4", "e5")), "white discs on d4 and e5"
    assert all(shade(s) < 80 for s in ("d5", "e4")), "black discs on d5 and e4"


async def test_rules_are_in_english_by_default(fake: FakeDiscord) -> None:
    reply = await fake.slash(fake.alice, "reversi rules")
    embed = embed_of(reply)
    assert embed["title"] == "How to play Reversi"
    text = embed["description"]
    for rule in ("Black always moves first", "a1 is the top-left", "you pass", "more discs wins"):
        assert rule in text
    assert "`/reversi move d3`" in text
    assert reply.message is not None
    check_start_picture(reply.message)


async def test_rules_in_each_language_by_the_option(fake: FakeDiscord) -> None:
    pictures = set()
    for code, (title, word) in LANGUAGES.items():
        reply = await fake.slash(fake.alice, "reversi rules", language=code)
        embed = embed_of(reply)
        assert embed["title"] == title
        assert word in embed["description"]
        others = [w for c, (_, w) in LANGUAGES.items() if c != code]
        assert not any(w in embed["description"] for w in others), code
        assert len(embed["description"]) < 2000
        assert reply.message is not None
        check_start_picture(reply.message, code)
        pictures.add(reply.message.attachments[0].data)
    assert len(pictures) == len(LANGUAGES)  # its words are in the rules' language
    again = await fake.slash(fake.alice, "reversi rules", language="ha")
    assert again.message is not None
    assert again.message.attachments[0].data in pictures  # drawn once a language


async def test_the_choices_show_each_language_by_its_own_name(fake: FakeDiscord) -> None:
    [option] = synced_command(fake, "reversi", "rules")["options"]
    assert [(c["name"], c["value"]) for c in option["choices"]] == [
        ("English", "en"),
        ("Tagalog", "tl"),
        ("Íslenska", "is"),
        ("தமிழ்", "ta"),
        ("Hausa", "ha"),
        ("Ikinyarwanda", "rw"),
    ]


async def test_without_the_option_the_callers_locale_picks_the_language(
    fake: FakeDiscord,
) -> None:
    for sent, code in [("is", "is"), ("ta", "ta"), ("fil-PH", "tl"), ("fr", "en"), ("en-GB", "en")]:
        fake.bob.locale = sent
        embed = embed_of(await fake.slash(fake.bob, "reversi rules"))
        assert embed["title"] == LANGUAGES[code][0], sent
    fake.bob.locale = "ha"
    embed = embed_of(await fake.slash(fake.bob, "reversi rules", language="rw"))
    assert embed["title"] == LANGUAGES["rw"][0]  # the option wins over the locale


def synced_commands(fake: FakeDiscord) -> list[dict[str, Any]]:
    return [c for scope in fake.world.commands.values() for c in scope]


def synced_command(fake: FakeDiscord, *path: str) -> dict[str, Any]:
    name, *rest = path
    [found] = [c for c in synced_commands(fake) if c["name"] == name and c["type"] == CHAT_INPUT]
    for part in rest:
        [found] = [o for o in found["options"] if o["name"] == part]
    return found


def signatures(prefix: str, definition: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(`/reversi h2h <player> [other]`, description) for each runnable command under one."""
    path = f"{prefix} {definition['name']}".strip()
    options = definition.get("options") or []
    nested = [o for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if nested:
        for option in nested:
            yield from signatures(path, option)
        return
    shown = [f"<{o['name']}>" if o.get("required") else f"[{o['name']}]" for o in options]
    yield " ".join((f"/{path}", *shown)), definition["description"]


def help_of(reply: Reply) -> tuple[list[str], dict[str, str], list[str]]:
    """A help screen's section headings, its commands (signature: description) and its menus."""
    text = embed_of(reply)["description"]
    assert len(text) <= 4096
    headings = re.findall(r"^\*\*([^*]+)\*\*$", text, flags=re.MULTILINE)
    listed = dict(re.findall(r"^`(/[^`]+)` — (.+)$", text, flags=re.MULTILINE))
    menus = re.findall(r"^\*\*(.+)\*\* — right-click a member, then Apps$", text, re.MULTILINE)
    return headings, listed, menus


EVERYONES = [
    "Start playing",
    "During a game",
    "Your record",
    "Puzzles",
    "Your settings",
    "Tournaments",
]
ORGANISERS = [
    "/reversi tournament create",
    "/reversi tournament start",
    "/reversi tournament pause",
    "/reversi tournament resume",
    "/reversi tournament cancel",
    "/reversi tournament remove",
]


def registered_commands(fake: FakeDiscord) -> dict[str, str]:
    return dict(
        line
        for command in synced_commands(fake)
        if command["type"] == CHAT_INPUT
        for line in signatures("", command)
    )


async def test_help_leads_with_how_to_start_then_lists_the_registered_commands_by_purpose(
    fake: FakeDiscord,
) -> None:
    reply = await fake.slash(fake.world.owner, "reversi help")  # Manage Server, and more
    lines = embed_of(reply)["description"].splitlines()
    assert lines[0].startswith("**To start a game**, challenge a member (or anyone) with ")
    assert "`/reversi challenge`" in lines[0] and "`/reversi play-bot`" in lines[0]
    headings, listed, menus = help_of(reply)
    assert headings == [
        *EVERYONES,
        "Running tournaments (organisers)",
        "Server settings (admins)",
        "Moderation (moderators)",
    ]
    assert listed == registered_commands(fake)
    assert "/reversi move <square>" in listed and "/reversi rules [language]" in listed
    registered_menus = [c["name"] for c in synced_commands(fake) if c["type"] == USER_COMMAND]
    assert sorted(menus) == sorted(registered_menus) == ["Challenge to Reversi", "Reversi stats"]
    start = lines.index("**Start playing**")
    assert lines[start + 1].startswith("`/reversi challenge ")
    assert lines[start + 2].startswith("`/reversi play-bot ")
    assert lines.index("**Moderation (moderators)**") + 1 == lines.index(
        next(line for line in lines if line.startswith("`/reversi admin cancel`"))
    )


async def test_help_shows_organisers_admins_and_moderators_tools_only_to_them(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    registered = registered_commands(fake)
    headings, listed, _menus = help_of(await fake.slash(fake.alice, "reversi help"))
    assert headings == EVERYONES
    kept_back = [*ORGANISERS, "/reversi settings", "/reversi admin cancel"]
    assert set(registered) - set(listed) == {
        line for line in registered if line.split(" [")[0].split(" <")[0] in kept_back
    }
    assert "/reversi tournament standings [tournament]" in listed

    headings, _listed, _menus = help_of(await fake.slash(fake.carol, "reversi help"))
    assert headings == [*EVERYONES, "Moderation (moderators)"]  # Manage Messages

    moderators = fake.guild.role("Moderator")
    await bot_harness.bot.storage.settings.update(
        fake.guild.id, now=fake.clock.now().timestamp(), organiser_role=moderators.id
    )
    headings, _listed, _menus = help_of(await fake.slash(fake.carol, "reversi help"))
    assert headings == [*EVERYONES, "Running tournaments (organisers)", "Moderation (moderators)"]

    in_a_dm = await fake.slash(fake.world.owner, "reversi help", channel=fake.dm(fake.world.owner))
    headings, _listed, _menus = help_of(in_a_dm)
    assert headings == EVERYONES


async def test_the_whole_help_fits_in_every_language(fake: FakeDiscord) -> None:
    registered = registered_commands(fake)
    titles = set()
    for code in LANGUAGES:
        fake.world.owner.locale = "fil-PH" if code == "tl" else code
        embed = embed_of(await fake.slash(fake.world.owner, "reversi help"))
        titles.add(embed["title"])
        lines = embed["description"].splitlines()
        commands = [line for line in lines if line.startswith("`/")]
        assert len(commands) == len(registered), code  # nothing cut off
        assert len(embed["description"]) <= 4096
    assert len(titles) == len(LANGUAGES)  # each in its own language
