"""`/reversi games`: a member's games in progress in this server, their move first, with their
open challenges and how many more they have elsewhere; in a DM, theirs in every server; the
server's games in progress for spectators; shared once; in pages."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import discord

from bot.domain import GameRecord, TimeControl
from bot.i18n import _, using
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.interaction_data import (
    BOOLEAN,
    INTEGER,
    NUMBER,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    USER,
)
from tests.fakediscord.world import Channel, Message, User

from .play import play, start_game, stored
from .test_records import embed_of, footer, lines, pager
from .test_sharing import ALREADY_SHARED, share_button


def said(code: str, message: str) -> str:
    """`message` in the catalogue of `code`, never the English itself."""
    with using(code):
        translated = _(message)
    assert translated != message, f"{message!r} is not translated into {code}"
    return translated


async def game_on(harness: BotHarness, board: Message) -> tuple[GameRecord, str]:
    """The game on `board`, and its link and number as a list shows them."""
    record = await stored(harness, board)
    return record, f"[**#{record.id}**]({board.jump_url})"


def ticking(record: GameRecord) -> str:
    return f"⏳ <t:{int(record.deadline or 0)}:R>"


async def challenge(
    fake: FakeDiscord, harness: BotHarness, user: User, channel: Channel, **options: object
) -> tuple[str, str]:
    """`user` challenges (by default anyone) in `channel`: the invitation's link, with its time
    control, and when it lapses, as a list shows them."""
    sent = await fake.slash(user, "reversi challenge", channel=channel, **options)
    assert sent.message is not None
    (stored,) = [
        c for c in await harness.bot.storage.challenges.pending() if c.message_id == sent.message.id
    ]
    return f"[1 day per move]({sent.message.jump_url})", f"⌛ <t:{int(stored.expires_at)}:R>"


async def alices_day(fake: FakeDiscord, harness: BotHarness) -> dict[str, str]:
    """Alice plays Bob in #general (his move) and Carol in #games (hers), and Dave in the second
    server; she challenged Bob and anyone, and Carol challenged her. Returns the lines her list
    should show, by name."""
    alice, bob, carol = fake.alice, fake.bob, fake.carol
    with_bob = await start_game(fake, alice, bob)
    await play(fake, with_bob, alice, "d3")
    await fake.advance(minutes=5)
    with_carol = await start_game(fake, carol, alice, channel=fake.games)
    await play(fake, with_carol, carol, "f5")
    await start_game(fake, alice, fake.dave, channel=fake.lobby)
    await fake.slash(bob, "reversi challenge", channel=fake.quiet, opponent=carol)

    to_bob, to_bob_lapses = await challenge(fake, harness, alice, fake.quiet, opponent=bob)
    to_anyone, to_anyone_lapses = await challenge(fake, harness, alice, fake.quiet)
    await fake.advance(minutes=1)
    from_carol, from_carol_lapses = await challenge(
        fake, harness, carol, fake.quiet, opponent=alice
    )
    bob_game, bob_link = await game_on(harness, with_bob)
    carol_game, carol_link = await game_on(harness, with_carol)
    return {
        "carol": f"{carol_link} · ⚪ vs {carol.mention} · ⚫ 4-1 ⚪ · {ticking(carol_game)}",
        "bob": f"{bob_link} · ⚫ vs {bob.mention} · ⚫ 4-1 ⚪ · {ticking(bob_game)}",
        "to bob": f"{to_bob} · {bob.mention} · {to_bob_lapses}",
        "to anyone": f"{to_anyone} · open to anyone · {to_anyone_lapses}",
        "from carol": f"{from_carol} · {carol.mention} · {from_carol_lapses}",
        "server carol": (
            f"{carol_link} · ⚫ {carol.mention} vs ⚪ {alice.mention} · ⚫ 4-1 ⚪ · "
            f"{alice.mention} to move · {ticking(carol_game)}"
        ),
        "server bob": (
            f"{bob_link} · ⚫ {alice.mention} vs ⚪ {bob.mention} · ⚫ 4-1 ⚪ · "
            f"{bob.mention} to move · {ticking(bob_game)}"
        ),
    }


async def test_a_member_sees_their_games_here_their_move_first_and_their_challenges(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    expected = await alices_day(fake, bot_harness)

    mine = await fake.slash(fake.alice, "reversi games")

    assert mine.ephemeral and mine.message is not None
    embed = embed_of(mine.message)
    assert embed["title"] == "Reversi · games and challenges"
    assert lines(embed) == [
        f"**{fake.alice.mention} to move**",
        expected["carol"],
        "**Opponent to move**",
        expected["bob"],
        "**Challenges sent**",
        expected["to bob"],
        expected["to anyone"],
        "**Challenges received**",
        expected["from carol"],
        "",
        "1 more in Second Server",
        "Ask `/reversi games` in a DM with me to see them all.",
    ]
    assert footer(embed) == "Page 1 of 1 · 2 games · 3 open challenges"
    assert pager(mine.message) == [] and share_button(mine.message) == ("Share", False)

    dave = await fake.slash(fake.dave, "reversi games", channel=fake.lobby)
    assert dave.message is not None
    assert lines(embed_of(dave.message))[0] == "**Opponent to move**"  # Alice's, over there
    assert len(lines(embed_of(dave.message))) == 2  # Dave has nothing in the first server

    nobody = await fake.slash(fake.world.owner, "reversi games")
    assert nobody.message is not None
    assert lines(embed_of(nobody.message)) == [
        f"{fake.world.owner.mention} has no games in progress and no open challenges in this "
        "server. Start one with `/reversi challenge`."
    ]


async def test_everyone_shows_the_servers_games_latest_moved_first(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    expected = await alices_day(fake, bot_harness)

    watching = await fake.slash(fake.carol, "reversi games", everyone=True)

    assert watching.ephemeral and watching.message is not None
    embed = embed_of(watching.message)
    assert embed["title"] == "Reversi · games in progress in Reversi Club"
    assert lines(embed) == [expected["server carol"], expected["server bob"]]
    assert footer(embed) == "Page 1 of 1 · 2 games"

    elsewhere = await fake.slash(fake.alice, "reversi games", channel=fake.lobby, everyone=True)
    assert elsewhere.message is not None
    assert len(lines(embed_of(elsewhere.message))) == 1


async def test_a_list_is_shared_once_in_the_servers_language(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """Alice reads in Icelandic; the server speaks Hausa. Each Share posts the answer once, in
    Hausa; a second click at once is told it is shared."""
    await alices_day(fake, bot_harness)
    await fake.slash(fake.alice, "reversi language", language="is")
    await fake.slash(fake.world.owner, "reversi settings", language="ha")

    for everyone in (False, True):
        asked = await fake.slash(fake.alice, "reversi games", everyone=everyone)
        private = asked.message
        assert private is not None and private.ephemeral
        title = (
            "Reversi · games in progress in {server}"
            if everyone
            else ("Reversi · games and challenges")
        )
        assert embed_of(private)["title"] == said("is", title).format(server="Reversi Club")
        if not everyone:
            assert f"**{said('is', 'Challenges received')}**" in lines(embed_of(private))

        before = fake.messages(fake.general)
        clicks = await asyncio.gather(
            fake.click(fake.alice, private, said("is", "Share")),
            fake.click(fake.alice, private, said("is", "Share")),
        )

        (public,) = [m for m in fake.messages(fake.general) if m not in before]
        assert not public.ephemeral
        assert embed_of(public)["title"] == said("ha", title).format(server="Reversi Club")
        assert len(lines(embed_of(public))) == len(lines(embed_of(private)))
        assert not any("Second Server" in line for line in lines(embed_of(public)))
        (told,) = [c for c in clicks if not c.followups]
        assert told.ephemeral and told.content == said("is", ALREADY_SHARED)
        assert share_button(private) == (said("is", "Shared"), True)
        await fake.delete_message(public)


async def test_long_lists_come_in_pages(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    """Twelve games of Alice's (written through the storage) and three challenges: ten a page,
    each page headed by the part of the list it shows; the server's view pages the same way."""
    storage, now = bot_harness.bot.storage, bot_harness.bot.services.games.now()
    ids = []
    for index in range(12):
        created = await storage.games.create(
            fake.guild.id,
            900_000 + index,
            fake.alice.id if index % 2 else fake.bob.id,
            fake.bob.id if index % 2 else fake.alice.id,
            rated=True,
            time_control=TimeControl(per_move=86_400),
            deadline=now + 86_400 - index,
            now=now + index,
        )
        ids.append(created.id)
    for opponent in (fake.bob, fake.carol):
        await fake.slash(fake.alice, "reversi challenge", channel=fake.quiet, opponent=opponent)
    await fake.slash(fake.alice, "reversi challenge", channel=fake.quiet)

    first = await fake.slash(fake.alice, "reversi games")
    assert first.message is not None
    shown = lines(embed_of(first.message))
    # Black moves first: Alice's move in the six games where she is Black, the soonest first.
    assert shown[0] == f"**{fake.alice.mention} to move**"
    assert [game_id_of(line) for line in shown[1:7]] == ids[11::-2]
    assert [game_id_of(line) for line in shown[8:]] == ids[10:2:-2]
    assert shown[7] == "**Opponent to move**" and len(shown) == 12
    assert footer(embed_of(first.message)) == "Page 1 of 2 · 12 games · 3 open challenges"
    assert pager(first.message) == [("Previous", True), ("Next", False)]

    second = await fake.click(fake.alice, first.message, "Next")
    assert second.message is first.message
    shown = lines(embed_of(first.message))
    assert shown[0] == "**Opponent to move**"
    assert [game_id_of(line) for line in shown[1:3]] == [ids[2], ids[0]]
    assert shown[3] == "**Challenges sent**" and len(shown) == 7
    assert pager(first.message) == [("Previous", False), ("Next", True)]

    beyond = await fake.slash(fake.alice, "reversi games", page=9)
    assert beyond.message is not None
    assert lines(embed_of(beyond.message)) == shown

    watching = await fake.slash(fake.carol, "reversi games", everyone=True, page=2)
    assert watching.message is not None
    assert [game_id_of(line) for line in lines(embed_of(watching.message))] == ids[1::-1]
    assert footer(embed_of(watching.message)) == "Page 2 of 2 · 12 games"


async def test_in_a_dm_a_player_sees_their_games_in_every_server_one_by_one(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    expected = await alices_day(fake, bot_harness)
    fake.rename_guild(fake.second_guild, "Second *Server*")
    (with_dave,) = [m for m in fake.messages(fake.lobby) if m.content.startswith("**Reversi**")]
    dave_game, dave_link = await game_on(bot_harness, with_dave)
    dave_line = f"{dave_link} · ⚫ vs {fake.dave.mention} · ⚫ 2-2 ⚪ · {ticking(dave_game)}"

    mine = await fake.slash(fake.alice, "reversi games", channel=fake.dm(fake.alice))

    assert mine.ephemeral and mine.message is not None
    embed = embed_of(mine.message)
    assert embed["title"] == "Reversi · your games in every server"
    assert lines(embed) == [
        "__**Reversi Club**__",
        f"**{fake.alice.mention} to move**",
        expected["carol"],
        "**Opponent to move**",
        expected["bob"],
        "**Challenges sent**",
        expected["to bob"],
        expected["to anyone"],
        "**Challenges received**",
        expected["from carol"],
        "__**Second \\*Server\\***__",
        f"**{fake.alice.mention} to move**",
        dave_line,
    ]
    assert footer(embed) == "Page 1 of 1 · 3 games · 3 open challenges"
    assert mine.message.buttons == []  # nothing to share with in a DM

    here = await fake.slash(fake.alice, "reversi games")
    assert here.message is not None
    assert "1 more in Second \\*Server\\*" in lines(embed_of(here.message))

    bobs = await fake.slash(fake.bob, "reversi games", channel=fake.dm(fake.bob))
    assert bobs.message is not None
    shown = lines(embed_of(bobs.message))
    assert shown[0] == "__**Reversi Club**__" and expected["carol"] not in shown
    assert not any("Second" in line for line in shown)  # Bob's own games alone

    fake.remove_member(fake.alice, fake.second_guild)  # her game there goes on, but not for her
    mine = await fake.slash(fake.alice, "reversi games", channel=fake.dm(fake.alice))
    assert mine.message is not None
    assert "Second" not in embed_of(mine.message)["description"]
    here = await fake.slash(fake.alice, "reversi games")
    assert here.message is not None
    assert lines(embed_of(here.message))[-1] == expected["from carol"]

    nobody = await fake.slash(fake.world.owner, "reversi games", channel=fake.dm(fake.world.owner))
    assert nobody.message is not None
    assert lines(embed_of(nobody.message)) == [
        f"{fake.world.owner.mention} has no games in progress and no open challenges in any "
        "server we share. Start one with `/reversi challenge` in a server."
    ]
    watching = await fake.slash(
        fake.alice, "reversi games", channel=fake.dm(fake.alice), everyone=True
    )
    assert watching.content == "Games belong to servers; use this in a server channel."
    playing = await fake.slash(fake.alice, "reversi challenge", channel=fake.dm(fake.alice))
    assert playing.ephemeral
    assert playing.content == "This command belongs to a server: use it in a server channel."
    assert (
        await bot_harness.bot.storage.challenges.open_of(fake.guild.id, fake.alice.id, now=0) != []
    )


async def test_a_dm_pages_every_servers_games_with_each_servers_heading(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """Twelve games of Alice's in the first server and one in the second: ten a page, the
    server's heading over each page's first line of it."""
    storage, now = bot_harness.bot.storage, bot_harness.bot.services.games.now()
    for index, guild in enumerate([fake.guild] * 12 + [fake.second_guild]):
        await storage.games.create(
            guild.id,
            900_000 + index,
            fake.alice.id,
            fake.dave.id if guild is fake.second_guild else fake.bob.id,
            rated=True,
            time_control=TimeControl(per_move=86_400),
            deadline=now + 86_400 - index,
            now=now + index,
        )

    first = await fake.slash(fake.alice, "reversi games", channel=fake.dm(fake.alice))
    assert first.message is not None
    shown = lines(embed_of(first.message))
    assert shown[:2] == ["__**Reversi Club**__", f"**{fake.alice.mention} to move**"]
    assert len(shown) == 12
    assert footer(embed_of(first.message)) == "Page 1 of 2 · 13 games · 0 open challenges"
    assert pager(first.message) == [("Previous", True), ("Next", False)]

    await fake.click(fake.alice, first.message, "Next")
    shown = lines(embed_of(first.message))
    assert [line for line in shown if " · " not in line] == [
        "__**Reversi Club**__",
        f"**{fake.alice.mention} to move**",
        "__**Second Server**__",
        f"**{fake.alice.mention} to move**",
    ]
    assert len(shown) == 7
    assert pager(first.message) == [("Previous", False), ("Next", True)]


def game_id_of(line: str) -> int:
    """The game number a list's line starts with (`**#12**`)."""
    return int(line.split("**#")[1].split("**")[0])


async def test_a_page_below_the_first_shows_and_shares_the_first(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """Page 0 of a member's list, from buttons no version of the bot made (a client may send any
    custom id on a message that carries it): the first page, as the other pagers clamp it."""
    board = await start_game(fake)
    _, link = await game_on(bot_harness, board)
    alice = fake.alice.id
    turned, shared = [
        await carrying(fake, bot_harness, custom_id)
        for custom_id in (f"reversi:games:{alice}:0:prev", f"reversi:share:games:{alice}:0")
    ]

    await fake.click(fake.alice, turned, custom_id=f"reversi:games:{alice}:0:prev")
    assert footer(embed_of(turned)) == "Page 1 of 1 · 1 game · 0 open challenges"
    assert any(line.startswith(link) for line in lines(embed_of(turned)))

    reply = await fake.click(fake.alice, shared, custom_id=f"reversi:share:games:{alice}:0")
    (public,) = reply.followups
    assert footer(embed_of(public)) == "Page 1 of 1 · 1 game · 0 open challenges"
    assert any(line.startswith(link) for line in lines(embed_of(public)))


async def carrying(fake: FakeDiscord, harness: BotHarness, custom_id: str) -> Message:
    """A message of the bot's in #quiet with one button, `custom_id`."""
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Button", custom_id=custom_id))
    await harness.bot.get_partial_messageable(fake.quiet.id).send("Carrier", view=view)
    return fake.last_message(fake.quiet)


SAMPLE = {STRING: "d3", INTEGER: 1, NUMBER: 1, BOOLEAN: True}
"""A value of each type a required option may take, to reach the command at all."""


def leaves(prefix: str, definition: dict[str, Any]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Each runnable command under one (`reversi tournament create`), with its options."""
    path = f"{prefix} {definition['name']}".strip()
    options = definition.get("options") or []
    nested = [o for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if not nested:
        yield path, options
    for option in nested:
        yield from leaves(path, option)


async def test_in_a_dm_every_other_command_says_it_belongs_to_a_server(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    [reversi] = [c for c in fake.world.commands[None] if c["name"] == "reversi"]
    assert reversi["contexts"] == [0, 1]  # in servers, and in a DM with the bot
    dm = fake.dm(fake.alice)
    answered = []
    for path, options in leaves("", reversi):
        values: dict[str, Any] = {}
        for option in options:
            if option.get("required"):
                choices = option.get("choices")
                sample = fake.bob if option["type"] == USER else SAMPLE[option["type"]]
                values[option["name"]] = choices[0]["value"] if choices else sample
        reply = await fake.slash(fake.alice, path, channel=dm, options=values)
        assert reply.ephemeral, path
        if path not in ("reversi games", "reversi help", "reversi rules"):
            assert reply.content == (
                "This command belongs to a server: use it in a server channel."
            ), path
            answered.append(path)
        else:  # these need no server
            assert reply.message is not None and reply.message.embeds, path
    assert "reversi challenge" in answered and "reversi tournament create" in answered
    assert await bot_harness.bot.storage.challenges.pending() == []
