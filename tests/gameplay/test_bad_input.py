"""Bad input gets a true, short answer: clicks forged from elsewhere, overlong text, numbers past
any range, players who aren't members, and the longest names Discord allows."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable
from typing import Any

import pytest

from bot.domain import Ending, EndReason, TimeControl
from bot.engine import Color
from bot.services import Place
from cogs.core import NOT_ON_ITS_MESSAGE
from cogs.replies import APOLOGY, explain
from cogs.text import fit
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.interaction_data import ImpossibleAction
from tests.fakediscord.world import Channel, User

from .play import game_id, past_abort_window, start_game, stored

HUGE = 2**64
"""Past SQLite's 64-bit integers."""
TOP = 2**53
"""The largest number Discord sends in an integer option."""


def seen(fake: FakeDiscord) -> list[tuple[Any, ...]]:
    """Every public message as people see it."""
    return [
        (m.id, m.content, json.dumps([m.components, m.embeds]), m.edits, m.deleted)
        for m in fake.world.messages.values()
        if m.visible_to is None
    ]


async def resign(fake: FakeDiscord, user: User, channel: Channel) -> None:
    """Resign, or abort in the abort window: the confirmation's one button."""
    await fake.slash(user, "reversi resign", channel=channel)
    confirmation = fake.ephemeral_replies(user)[-1]
    (button,) = confirmation.buttons
    await fake.click(user, confirmation, label=button.label)


@pytest.mark.parametrize("where", ["another server", "another channel"])
async def test_clicks_forged_from_elsewhere_are_refused_and_change_nothing(
    fake: FakeDiscord, bot_harness: BotHarness, where: str
) -> None:
    """Alice plays in this server and is a member of another: she sends the custom ids of this
    server's buttons (which she may press where they are) from her other server, or from
    another channel here, on a message of the bot's that doesn't carry them."""
    alice = fake.alice
    finished = game_id(await start_game(fake))
    await resign(fake, alice, fake.general)
    challenge = await fake.slash(fake.carol, "reversi challenge", colour="black")
    assert challenge.message is not None
    playing = game_id(await start_game(fake, channel=fake.games))
    (pending,) = await bot_harness.bot.storage.challenges.pending()
    place = fake.lobby if where == "another server" else fake.quiet
    await fake.slash(alice, "reversi leaderboard", channel=place)  # a message to click "on"
    storage = bot_harness.bot.storage
    before = (
        seen(fake),
        [await storage.games.get(i) for i in (finished, playing)],
        await storage.players.get(fake.guild.id, alice.id),
    )

    forged: list[tuple[str, list[str] | None]] = [
        (f"reversi:challenge:{pending.id}:accept", None),
        (f"reversi:challenge:{pending.id}:cancel", None),
        (f"reversi:move:{playing}:0:d3", None),
        (f"reversi:pick:{playing}:0:0", ["d3"]),
        (f"reversi:resign:{playing}", None),
        (f"reversi:resign-yes:{playing}", None),
        (f"reversi:resign-yes:{playing}:aborted", None),
        (f"reversi:rematch:{finished}", None),
        (f"reversi:replay:{finished}", None),
        ("reversi:leaderboard:2:next", None),
        (f"reversi:history:{alice.id}:2:next", None),
        ("reversi:history:all:2:prev", None),
        (f"reversi:games:{alice.id}:2:next", None),
        ("reversi:games:all:2:prev", None),
        (f"reversi:forget-yes:{alice.id}", None),
        (f"reversi:move:{HUGE}:{HUGE}:d3", None),
        (f"reversi:challenge:{HUGE}:accept", None),
        (f"reversi:replay:{HUGE}", None),
        (f"reversi:history:{HUGE}:{HUGE}:next", None),
        (f"reversi:games:{HUGE}:{HUGE}:next", None),
    ]
    for custom_id, values in forged:
        reply = await fake.forge_click(alice, custom_id, channel=place, values=values)
        assert reply.ephemeral, custom_id
        assert reply.content == NOT_ON_ITS_MESSAGE, custom_id

    after = (
        seen(fake),
        [await storage.games.get(i) for i in (finished, playing)],
        await storage.players.get(fake.guild.id, alice.id),
    )
    assert after == before
    assert await storage.challenges.pending() == [pending]  # still open, for Carol's taker


async def test_a_forged_click_on_the_right_message_works_like_a_click(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """The check is that the button is on the message, not that the client is honest."""
    board = await start_game(fake)
    reply = await fake.forge_click(fake.alice, f"reversi:move:{game_id(board)}:0:d3", message=board)
    assert reply.message is board
    assert (await stored(bot_harness, board)).transcript == "d3"


@pytest.mark.parametrize(
    "square",
    ["x" * 2000, "`" * 6000, "d3" * 1000, "<@1> @everyone " * 300],
    ids=["letters", "backticks", "squares", "mentions"],
)
async def test_an_overlong_square_gets_a_short_answer(
    fake: FakeDiscord, bot_harness: BotHarness, square: str
) -> None:
    board = await start_game(fake)
    reply = await fake.slash(fake.alice, "reversi move", square=square)
    assert reply.ephemeral
    assert reply.content.endswith(" is not a square: use a letter a-h and a number 1-8.")
    assert len(reply.content) < 100
    choices = await fake.autocomplete(fake.alice, "reversi move", "square", partial=square)
    assert choices == []
    assert (await stored(bot_harness, board)).transcript == ""


async def test_players_who_are_not_members_get_real_answers(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """Dave played here once and is no member now (he is in the other server only)."""
    dave, alice = fake.dave, fake.alice
    storage = bot_harness.bot.storage
    now = bot_harness.bot.services.games.now()
    game = await storage.games.create(
        fake.guild.id,
        fake.general.id,
        alice.id,
        dave.id,
        rated=True,
        time_control=TimeControl(per_move=86_400),
        deadline=None,
        now=now - 3600,
    )
    await storage.games.finish(
        game.id, 0, Ending(EndReason.RESIGNATION, Color.BLACK, 2, 2), now=now - 60
    )

    for reply in [
        await fake.slash(alice, "reversi stats", player=dave),
        await fake.context_menu(alice, "Reversi stats", dave),
    ]:
        assert reply.message is not None and reply.ephemeral
        (card,) = reply.message.embeds
        assert card["title"] == "Reversi stats · Dave"
        fields = {field["name"]: field["value"] for field in card["fields"]}
        assert fields["Record"] == "0W 1L 0D · 1 game"
        assert f"#{game.id}" in fields["Recent games"] and "**Lost**" in fields["Recent games"]

    h2h = await fake.slash(alice, "reversi h2h", player=dave)
    assert h2h.message is not None
    assert h2h.message.embeds[0]["description"] == (
        f"{alice.mention} **1-0** {dave.mention} · 1 game"
    )
    history = await fake.slash(alice, "reversi history", player=dave)
    assert history.message is not None
    description = history.message.embeds[0]["description"]
    assert description.startswith(f"Games of {dave.mention}, latest first:")
    assert f"🏆 {alice.mention} won by resignation · ⚫ 62-2 ⚪ (2-2 on the board)" in description

    refusal = (
        "That player isn't a member of this server, so they couldn't accept. Challenge a "
        "member, or leave the opponent empty for an open challenge."
    )
    for reply in [
        await fake.slash(alice, "reversi challenge", opponent=dave),
        await fake.context_menu(alice, "Challenge to Reversi", dave),
    ]:
        assert reply.ephemeral and reply.content == refusal
    assert await storage.challenges.pending() == []
    assert not any(m.content.startswith("**Reversi") for m in fake.messages(fake.general))


async def test_numbers_past_any_range_get_a_plain_refusal(
    fake: FakeDiscord, bot_harness: BotHarness, caplog: pytest.LogCaptureFixture
) -> None:
    await start_game(fake)
    with caplog.at_level(logging.INFO, logger="cogs"):
        game = await fake.slash(fake.alice, "reversi game", id=TOP)
        assert game.ephemeral and game.content == f"There's no game #{TOP} in this server."
        for command in ("reversi leaderboard", "reversi history", "reversi games"):
            page = await fake.slash(fake.alice, command, page=TOP)  # the last page
            assert page.message is not None and page.ephemeral, command
            assert page.message.embeds, command

        # Discord sends no more in an option, and no forged custom id reaches a button (see
        # above); past SQLite's integers the service still refuses plainly.
        with pytest.raises(ImpossibleAction):
            await fake.slash(fake.alice, "reversi game", id=TOP + 1)
        services = bot_harness.bot.services
        place = Place(fake.guild.id, fake.general.id)
        calls: list[Awaitable[object]] = [
            services.games.game_here(HUGE, place),
            services.games.game_in_server(HUGE, fake.guild.id),
            services.challenges.challenge_here(HUGE, place),
            services.challenges.accept(HUGE, fake.bob.id, place),
            services.games.move(HUGE, fake.alice.id, "d3", place, expected_ply=HUGE),
            services.endings.resign(HUGE, fake.alice.id, place, offered=EndReason.RESIGNATION),
            services.challenges.rematch(HUGE, fake.alice.id, place),
            bot_harness.bot.storage.history.games(fake.guild.id, user_id=HUGE, page=HUGE),
        ]
        for call in calls:
            with pytest.raises(Exception) as raised:
                await call
            told = explain(raised.value)
            assert told is not None and told != APOLOGY, raised.value
            assert len(told) < 100
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def check_embed(embed: dict[str, Any]) -> None:
    """Discord's limits (the fake refuses more; this says which one a test came near)."""
    assert len(embed.get("title") or "") <= 256
    assert len(embed.get("description") or "") <= 4096
    for field in embed.get("fields") or []:
        assert len(field["name"]) <= 256 and len(field["value"]) <= 1024
    assert len((embed.get("footer") or {}).get("text") or "") <= 2048


async def test_the_longest_names_discord_allows_stay_inside_its_limits(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    server = "Ŕeversi **Club** `@everyone` " + "Ŵ" * 71
    assert len(server) == 100
    fake.rename_guild(fake.guild, server)
    names = ["**Ẍ**_`|>~<@1>" + "Ẁ" * 18, "Ŋ" * 32]
    assert all(len(name) == 32 for name in names)
    black = fake.add_user("black", display_name=names[0])
    white = fake.add_user("white", display_name=names[1])
    settings = await bot_harness.bot.storage.settings.update(
        fake.guild.id,
        now=bot_harness.bot.services.games.now(),
        allowed_channels=[fake.general.id, *range(2 * 10**18, 2 * 10**18 + 200)],
    )
    assert len(settings.allowed_channels) == 201
    await fake.settle()

    board = await start_game(fake, black, white)
    alt = board.attachments[0].description or ""
    assert len(alt) <= 1024 and "Ẍ" in alt
    await past_abort_window(fake, board, black, white)
    await resign(fake, white, fake.general)
    number = game_id(board)

    replies = [
        await fake.slash(black, "reversi leaderboard"),
        await fake.slash(black, "reversi stats"),
        await fake.context_menu(white, "Reversi stats", black),
        await fake.slash(black, "reversi h2h", player=white),
        await fake.slash(black, "reversi history"),
        await fake.slash(white, "reversi history", player=black),
        await fake.slash(black, "reversi game", id=number),
        await fake.click(black, board, label="Replay"),
        await fake.slash(black, "reversi help"),
        await fake.slash(black, "reversi rules"),
    ]
    for reply in replies:
        for message in reply.messages:
            assert len(message.content) <= 2000
            for embed in message.embeds:
                check_embed(embed)
    leaderboard = replies[0].message
    assert leaderboard is not None
    assert leaderboard.embeds[0]["title"] == f"🏆 Reversi leaderboard · {server}"
    card = replies[1].message
    assert card is not None and card.embeds[0]["title"] == f"Reversi stats · {names[0]}"

    shown = await fake.slash(fake.world.owner, "reversi settings")
    assert shown.ephemeral and len(shown.content) <= 2000
    assert f"<#{fake.general.id}>" in shown.content and " more" in shown.content


def test_fit_keeps_whole_items_and_says_how_many_are_left_out() -> None:
    lines = [f"line {i} " + "x" * 90 for i in range(20)]
    fitted = fit(lines, 1024)
    assert len(fitted) <= 1024
    kept = fitted.split("\n")
    assert kept[:-1] == lines[: len(kept) - 1]
    assert kept[-1] == f"… and {20 - len(kept) + 1} more"
    assert fit(lines[:3], 1024) == "\n".join(lines[:3])
    assert fit(["abcdef", "ghijkl", "mnopqr"], 20, separator=", ") == "abcdef, … and 2 more"
    assert len(fit(["ab", "cd", "ef"], 5, separator=", ")) <= 5
