"""Discord refusing the bot: boards that can't be edited are posted anew, missing permissions are
named before a game starts, and stale boards point to the current one."""

from __future__ import annotations

import pytest

from bot import engine
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness

from .play import legal_names, move_labels, start_game, stored

EDIT_MESSAGE = "PATCH /channels/{channel_id}/messages/{message_id}"


async def test_a_deleted_board_is_posted_anew(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    board = await start_game(fake)
    await fake.click(fake.alice, board, label="d3")
    await fake.delete_message(board)

    moved = await fake.slash(fake.bob, "reversi move", square="c3")
    assert moved.content == "You played **c3**."
    reposted = fake.last_message(fake.general)
    assert reposted is not board and not reposted.ephemeral
    record = await stored(bot_harness, reposted)
    assert record.message_id == reposted.id
    assert record.transcript == "d3c3"
    assert move_labels(reposted) == legal_names(engine.Game.from_transcript("d3c3").position)
    assert reposted.attachments[0].image().format == "PNG"

    await fake.click(fake.alice, reposted, label=move_labels(reposted)[0])
    assert (await stored(bot_harness, reposted)).ply == 3
    assert fake.last_message(fake.general) is reposted  # edited in place again


async def test_an_old_board_past_the_edit_limit_is_posted_anew_and_goes_stale(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    fake.faults.limit_old_message_edits()
    board = await start_game(fake)
    await fake.advance(hours=1, minutes=1)

    await fake.slash(fake.alice, "reversi move", square="d3")
    reposted = fake.last_message(fake.general)
    assert reposted is not board
    assert move_labels(reposted) == ["c3", "e3", "c5"]
    assert (await stored(bot_harness, reposted)).message_id == reposted.id
    assert move_labels(board) == ["d3", "c4", "f5", "e6"]  # Discord refused to touch it

    stale = await fake.click(fake.alice, board, label="c4")
    assert stale.ephemeral
    assert stale.content == (
        f"This board is out of date; the current one is here: {reposted.jump_url}"
    )
    stale_other = await fake.click(fake.bob, board, label="d3")
    assert stale_other.ephemeral and reposted.jump_url in stale_other.content
    assert (await stored(bot_harness, reposted)).transcript == "d3"

    await fake.click(fake.bob, reposted, label="c3")
    assert (await stored(bot_harness, reposted)).transcript == "d3c3"
    assert fake.last_message(fake.general) is reposted


@pytest.mark.parametrize(
    ("status", "code", "text"),
    [(403, 50001, "Missing Access"), (403, 50013, "Missing Permissions")],
)
async def test_a_board_the_bot_may_no_longer_edit_is_posted_anew(
    fake: FakeDiscord, bot_harness: BotHarness, status: int, code: int, text: str
) -> None:
    board = await start_game(fake)
    fake.faults.fail(EDIT_MESSAGE, status=status, code=code, message=text, message_id=board.id)
    await fake.slash(fake.alice, "reversi move", square="f5")
    reposted = fake.last_message(fake.general)
    assert reposted is not board
    record = await stored(bot_harness, reposted)
    assert record.message_id == reposted.id and record.transcript == "f5"
    assert move_labels(reposted) == ["f4", "d6", "f6"]


@pytest.mark.parametrize(
    ("denied", "named"),
    [
        (("attach_files",), "the Attach Files permission"),
        # Without Send Messages, Discord withholds Attach Files too.
        (("send_messages",), "the Send Messages, Attach Files permissions"),
        (("view_channel",), "the View Channel, Send Messages, Attach Files permissions"),
    ],
)
async def test_missing_permissions_are_named_before_a_game_starts(
    fake: FakeDiscord, bot_harness: BotHarness, denied: tuple[str, ...], named: str
) -> None:
    fake.deny(fake.general, *denied)
    reply = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)
    assert reply.ephemeral
    assert f"I'm missing {named} in this channel" in reply.content
    assert await bot_harness.bot.storage.challenges.pending() == []


@pytest.mark.parametrize(
    ("denied", "named"),
    [
        ("send_messages", "the Send Messages, Attach Files permissions"),
        ("view_channel", "the View Channel, Send Messages, Attach Files permissions"),
    ],
)
@pytest.mark.parametrize("how", ["play-bot", "challenging me", "a rematch"])
async def test_no_game_against_the_bot_starts_where_it_could_not_be_seen(
    fake: FakeDiscord, bot_harness: BotHarness, denied: str, named: str, how: str
) -> None:
    """A game the bot can't post would show no board and hold the channel till its deadline."""
    if how == "a rematch":
        await fake.slash(fake.alice, "reversi play-bot", level=1, colour="black")
        board = fake.last_message(fake.general)
        asked = await fake.slash(fake.alice, "reversi resign")
        assert asked.message is not None
        await fake.click(fake.alice, asked.message, label="Yes, abort")
    fake.deny(fake.general, denied)

    if how == "play-bot":
        reply = await fake.slash(fake.alice, "reversi play-bot", level=1)
    elif how == "challenging me":
        reply = await fake.slash(fake.alice, "reversi challenge", opponent=fake.world.bot_user)
    else:
        reply = await fake.click(fake.alice, board, label="Rematch")

    assert reply.ephemeral
    assert f"I'm missing {named} in this channel" in reply.content
    assert await bot_harness.bot.storage.games.active_in(fake.general.id) is None


async def test_a_thread_game_needs_thread_permissions(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    fake.deny(fake.general, "create_public_threads")
    refused = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob, thread=True)
    assert refused.ephemeral
    assert "I'm missing the Create Public Threads permission" in refused.content
    plain = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)
    assert plain.message is not None and not plain.ephemeral


async def test_permissions_lost_mid_game_are_explained_and_the_move_stands(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await fake.click(fake.alice, board, label="d3")
    fake.deny(fake.general, "attach_files")

    moved = await fake.slash(fake.bob, "reversi move", square="c3")
    assert moved.content == "You played **c3**."
    (explained,) = moved.followups
    assert explained.ephemeral
    assert explained.content.startswith("Your move counts, but I can't post the board")
    assert "Attach Files" in explained.content
    assert (await stored(bot_harness, board)).transcript == "d3c3"
    assert fake.messages(fake.general) == [board]

    fake.set_permissions(fake.general)  # an admin clears the overwrite
    shown = await fake.slash(fake.alice, "reversi board")
    assert shown.content == "Here's the board again."
    reposted = fake.last_message(fake.general)
    assert reposted is not board and board.buttons == []
    assert move_labels(reposted) == legal_names(engine.Game.from_transcript("d3c3").position)
    await fake.click(fake.alice, reposted, label=move_labels(reposted)[0])
    assert (await stored(bot_harness, reposted)).ply == 3
