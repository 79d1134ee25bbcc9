"""`/reversi live`: the server's games in progress now, the best rated players first or the latest
moved, each linked to its board and, where the server shows pages, to its page; in pages."""

from __future__ import annotations

import pytest

from cogs.records import live
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Message

from .play import OUT_OF_ABORT_WINDOW, play, start_game, stored
from .test_end_notices import resign
from .test_records import embed_of, footer, lines, pager
from .test_web_links import bot_config, links, pages_on

__all__ = ["bot_config"]  # the bot with pages on the web


async def test_live_games_by_rating_or_latest_move_with_their_links(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob, carol, owner = fake.alice, fake.bob, fake.carol, fake.world.owner
    ann = fake.add_user("ann", display_name="_Ann_ @everyone")
    dan = fake.add_user("dan", display_name="Dan")
    first = await start_game(fake, alice, bob)  # Alice wins: 1662?, and Bob 1338?
    for index, square in enumerate(OUT_OF_ABORT_WINDOW):
        await play(fake, first, bob if index % 2 else alice, square)
    await resign(fake, bob)
    await fake.settle()
    nobody = await fake.slash(carol, "reversi live")
    assert nobody.message is not None and lines(embed_of(nobody.message)) == [
        "No games in progress in this server. Start one with `/reversi challenge`."
    ]
    await pages_on(fake, True)

    lowest = await start_game(fake, bob, owner)  # 1338? and unrated
    await play(fake, lowest, bob, "f5")  # each game at move 2
    highest = await start_game(fake, alice, carol, channel=fake.games)  # 1662? and unrated
    await play(fake, highest, alice, "f5")
    middle = await start_game(fake, ann, dan, channel=fake.quiet)  # both unrated
    await play(fake, middle, ann, "f5")
    await fake.advance(minutes=1)
    await play(fake, lowest, owner, "d6")  # the latest moved

    async def line(board: Message, black: str, white: str, move: int) -> str:
        record = await stored(bot_harness, board)
        (page,) = links(board)
        return (
            f"[**#{record.id}**]({board.jump_url}) · ⚫ {black} vs ⚪ {white} · "
            f"{'⚫ 4-1 ⚪' if move == 2 else '⚫ 3-3 ⚪'} · move {move} · "
            f"[Open in browser]({page.url})"
        )

    expected = {
        "highest": await line(highest, "**Alice** (1662?)", "**Carol**", 2),
        "middle": await line(middle, "**\\_Ann\\_ @\u200beveryone**", "**Dan**", 2),
        "lowest": await line(lowest, "**Bob** (1338?)", "**Owner**", 3),
    }

    by_rating = await fake.slash(carol, "reversi live")
    assert by_rating.ephemeral and by_rating.message is not None
    embed = embed_of(by_rating.message)
    assert embed["title"] == "Reversi · live in Reversi Club"
    assert lines(embed) == [
        "Highest rated first:",
        expected["highest"],
        expected["middle"],
        expected["lowest"],
    ]
    assert footer(embed) == "Page 1 of 1 · 3 games"

    latest = await fake.slash(carol, "reversi live", order="recent")
    assert latest.message is not None
    assert lines(embed_of(latest.message)) == [
        "Most recently moved first:",
        expected["lowest"],
        expected["middle"],
        expected["highest"],
    ]

    monkeypatch.setattr(live, "PER_PAGE", 2)
    paged = await fake.slash(carol, "reversi live")
    assert paged.message is not None
    assert lines(embed_of(paged.message))[1:] == [expected["highest"], expected["middle"]]
    assert pager(paged.message) == [("Previous", True), ("Next", False)]
    await fake.click(carol, paged.message, label="Next")
    embed = embed_of(paged.message)
    assert lines(embed)[1:] == [expected["lowest"]]
    assert footer(embed) == "Page 2 of 2 · 3 games"
    assert pager(paged.message) == [("Previous", False), ("Next", True)]

    await fake.click(carol, paged.message, label="Share")
    shared = fake.last_message(fake.general)
    assert not shared.ephemeral and lines(embed_of(shared))[1:] == [expected["lowest"]]

    await pages_on(fake, False)
    quiet = await fake.slash(carol, "reversi live")
    assert quiet.message is not None
    assert all("Open in browser" not in text for text in lines(embed_of(quiet.message)))
