"""The board never vanishes: whatever Discord refuses when a click is answered with the new board,
the channel ends up showing the current board, the game knows its message, and the clicker is
told what happened whenever Discord still lets the bot answer."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from typing import Any

import discord
import discord.webhook.async_
import pytest

from bot import engine
from bot.domain import GameState, GameStatus
from bot.domain.events import GameResumed
from cogs import replies
from cogs.play import board_message
from cogs.play.publish import MOVED, NOT_UPDATED
from tests.errorlog import ErrorLog
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.replies import BotReply
from tests.fakediscord.world import Message

from .play import SlowRender, eventually, legal_names, move_labels, start_game, stored

CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"
EDIT_MESSAGE = "PATCH /channels/{channel_id}/messages/{message_id}"
DEFERRED_UPDATE = 6
AFTER_D3 = legal_names(engine.Game.from_transcript("d3").position)


@pytest.fixture
def slow_render(monkeypatch: pytest.MonkeyPatch) -> Iterator[SlowRender]:
    slow = SlowRender(monkeypatch)
    yield slow
    slow.release()  # never leave a render held, whatever the test did


async def shows_d3(harness: BotHarness, board: Message) -> None:
    """`board` is the game's message and shows the position after d3, as stored."""
    record = await stored(harness, board)
    assert record.transcript == "d3"
    assert record.message_id == board.id
    assert record.shown_version == record.version
    assert move_labels(board) == AFTER_D3
    assert "Move 2" in board.content


def told(reply: BotReply) -> str:
    """What the clicker alone was told: the answer, or a follow-up after an acknowledgement."""
    (message,) = [m for m in reply.messages if m.ephemeral]
    return message.content


def board_edits(fake: FakeDiscord, board: Message, since: int) -> list[int]:
    """Statuses of the channel edits of `board` among the requests since `since`."""
    return [
        r.status
        for r in fake.requests[since:]
        if r.route == EDIT_MESSAGE and r.path.endswith(f"/{board.id}")
    ]


async def test_a_click_on_a_board_too_old_to_edit_posts_it_anew(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    fake.faults.limit_old_message_edits()
    board = await start_game(fake)
    await fake.advance(hours=1, minutes=1)
    since = len(fake.requests)

    reply = await fake.click(fake.alice, board, label="d3")

    reposted = fake.last_message(fake.general)
    assert reposted is not board
    await shows_d3(bot_harness, reposted)
    assert told(reply) == MOVED.format(link=reposted.jump_url)
    assert move_labels(board) == ["d3", "c4", "f5", "e6"]  # Discord refused to touch it
    assert board_edits(fake, board, since) == []  # no edit tried that was bound to fail


@pytest.mark.parametrize(
    ("status", "code", "text"),
    [
        (404, 10008, "Unknown Message"),
        (403, 50001, "Missing Access"),
        (403, 50013, "Missing Permissions"),
    ],
    ids=["gone", "no-access", "no-permission"],
)
async def test_a_click_answer_refused_for_good_posts_the_board_anew(
    fake: FakeDiscord, bot_harness: BotHarness, status: int, code: int, text: str
) -> None:
    board = await start_game(fake)
    fake.faults.fail(CALLBACK, status=status, code=code, message=text)

    reply = await fake.click(fake.alice, board, label="d3")

    reposted = fake.last_message(fake.general)
    assert reposted is not board
    await shows_d3(bot_harness, reposted)
    assert told(reply) == MOVED.format(link=reposted.jump_url)


async def test_a_board_deleted_while_its_image_renders_is_posted_anew(
    fake: FakeDiscord, bot_harness: BotHarness, slow_render: SlowRender
) -> None:
    board = await start_game(fake)
    slow_render.hold()
    click = fake.click(fake.alice, board, label="d3")
    await slow_render.wait_started()
    fake.message_deleted(board)  # a moderator deletes it meanwhile: the answer gets 10008
    slow_render.release()
    reply = await click

    reposted = fake.last_message(fake.general)
    await shows_d3(bot_harness, reposted)
    assert told(reply) == MOVED.format(link=reposted.jump_url)


class _NoWait:
    """The `asyncio` of discord.py's webhook requests, whose retries don't sleep."""

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    @staticmethod
    async def sleep(delay: float, result: Any = None) -> Any:
        await asyncio.sleep(0)
        return result


@pytest.fixture
def server_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py tries an interaction answer five times over a 5xx, sleeping 1-9 s between
    (so on Discord a lasting one ends as 10062); here it gives up at once."""
    monkeypatch.setattr(discord.webhook.async_, "asyncio", _NoWait())


@pytest.mark.usefixtures("server_errors")
async def test_a_server_error_on_the_answer_edits_the_board_in_place(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    fake.faults.fail(CALLBACK, status=503, code=0, message="Service Unavailable", times=5)

    reply = await fake.click(fake.alice, board, label="d3")

    await shows_d3(bot_harness, board)
    assert fake.messages(fake.general) == [board]
    assert reply.callback_type == DEFERRED_UPDATE  # acknowledged: the board shows the move


@pytest.mark.usefixtures("server_errors")
async def test_server_errors_on_the_answer_and_the_edit_post_the_board_anew(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    fake.faults.fail(CALLBACK, status=503, code=0, message="Service Unavailable", times=5)
    fake.faults.fail(
        EDIT_MESSAGE, status=503, code=0, message="Service Unavailable", message_id=board.id
    )

    reply = await fake.click(fake.alice, board, label="d3")

    reposted = fake.last_message(fake.general)
    assert reposted is not board
    await shows_d3(bot_harness, reposted)
    assert told(reply) == MOVED.format(link=reposted.jump_url)


async def test_a_slow_render_is_acknowledged_in_time_and_then_shown_in_place(
    fake: FakeDiscord,
    bot_harness: BotHarness,
    slow_render: SlowRender,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = await start_game(fake)
    monkeypatch.setattr(replies, "ACK_WITHIN", 0.01)  # the 2 s of the timer, without waiting
    slow_render.hold()
    click = fake.click(fake.alice, board, label="d3")
    await click.answered()  # the timer acknowledged the click while the image renders
    assert click.record.callback_type == DEFERRED_UPDATE
    slow_render.release()
    reply = await click

    assert not reply.late
    await shows_d3(bot_harness, board)
    assert fake.messages(fake.general) == [board]


async def test_a_slow_render_on_a_board_too_old_to_edit_tells_the_clicker_where_it_went(
    fake: FakeDiscord,
    bot_harness: BotHarness,
    slow_render: SlowRender,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake.faults.limit_old_message_edits()
    board = await start_game(fake)
    await fake.advance(hours=1, minutes=1)
    monkeypatch.setattr(replies, "ACK_WITHIN", 0.01)
    slow_render.hold()
    click = fake.click(fake.alice, board, label="d3")
    await click.answered()
    slow_render.release()
    reply = await click

    reposted = fake.last_message(fake.general)
    assert reposted is not board
    await shows_d3(bot_harness, reposted)
    assert reply.callback_type == DEFERRED_UPDATE
    assert told(reply) == MOVED.format(link=reposted.jump_url)


async def test_a_slow_first_board_still_turns_the_challenge_into_the_board(
    fake: FakeDiscord,
    bot_harness: BotHarness,
    slow_render: SlowRender,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    invitation = (await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)).message
    assert invitation is not None
    monkeypatch.setattr(replies, "ACK_WITHIN", 0.01)
    slow_render.hold()
    click = fake.click(fake.bob, invitation, label="Accept")
    await click.answered()  # acknowledged by the timer while the first board renders
    slow_render.release()
    await click

    assert fake.messages(fake.general) == [invitation]
    assert move_labels(invitation) == ["d3", "c4", "f5", "e6"]
    record = await stored(bot_harness, invitation)
    assert record.message_id == invitation.id and record.shown_version == record.version


async def test_a_missed_answer_window_still_shows_the_board_in_place(
    fake: FakeDiscord, bot_harness: BotHarness, slow_render: SlowRender
) -> None:
    """The bot stalled past Discord's 3 seconds (the fake clock says so): nothing can answer the
    click any more, but the board it was made on shows the move."""
    board = await start_game(fake)
    slow_render.hold()
    click = fake.click(fake.alice, board, label="d3", expect_answer=False)
    await slow_render.wait_started()
    fake.clock.advance(timedelta(seconds=4))
    slow_render.release()
    reply = await click

    assert reply.late
    await shows_d3(bot_harness, board)
    assert fake.messages(fake.general) == [board]


async def test_a_missed_answer_window_on_an_old_board_posts_it_anew(
    fake: FakeDiscord, bot_harness: BotHarness, slow_render: SlowRender
) -> None:
    fake.faults.limit_old_message_edits()
    board = await start_game(fake)
    await fake.advance(hours=1, minutes=1)
    slow_render.hold()
    click = fake.click(fake.alice, board, label="d3", expect_answer=False)
    await slow_render.wait_started()
    fake.clock.advance(timedelta(seconds=4))
    slow_render.release()
    reply = await click

    assert reply.late
    reposted = fake.last_message(fake.general)
    assert reposted is not board
    await shows_d3(bot_harness, reposted)


async def test_a_move_stored_but_not_shown_is_said_to_count(
    fake: FakeDiscord,
    bot_harness: BotHarness,
    monkeypatch: pytest.MonkeyPatch,
    logged_errors: ErrorLog,
) -> None:
    board = await start_game(fake)

    def broken(*args: Any) -> Any:
        raise RuntimeError("the renderer ran out of memory")

    with monkeypatch.context() as patch:
        patch.setattr(board_message, "_image", broken)
        reply = await fake.click(fake.alice, board, label="d3")

    assert reply.ephemeral and reply.content == NOT_UPDATED
    (logged,) = logged_errors.take("cogs.play.publish")
    assert logged.exc_info is not None
    record = await stored(bot_harness, board)
    assert record.transcript == "d3" and record.shown_version != record.version
    assert move_labels(board) == ["d3", "c4", "f5", "e6"]

    shown = await fake.slash(fake.bob, "reversi board")  # what the reply told them to do
    assert shown.content == "Here's the board again."
    await shows_d3(bot_harness, fake.last_message(fake.general))


async def test_an_older_board_is_never_shown_over_a_newer_one(
    fake: FakeDiscord, bot_harness: BotHarness, slow_render: SlowRender
) -> None:
    board = await start_game(fake)
    slow_render.hold()
    first = fake.click(fake.alice, board, label="d3")
    await slow_render.wait_started()  # d3's board is still being drawn...
    second = fake.slash(fake.bob, "reversi move", square="c3")
    await second.answered()  # ...when c3 is played
    slow_render.release()
    await first
    assert (await second).content == "You played **c3**."

    await bot_harness.bot.services.boards.write_marks()  # a click's mark waits for the next move
    record = await stored(bot_harness, board)
    assert record.transcript == "d3c3"
    assert record.message_id == board.id and record.shown_version == record.version
    assert move_labels(board) == legal_names(engine.Game.from_transcript("d3c3").position)
    assert "Move 3" in board.content
    assert fake.messages(fake.general) == [board]


async def test_a_board_read_before_a_move_never_replaces_the_newer_one(
    fake: FakeDiscord, bot_harness: BotHarness, slow_render: SlowRender
) -> None:
    """A start-up recovery reads a game, a move lands, and the recovery announces what it read
    while the move's board is being drawn: the click is still answered with the move."""
    board = await start_game(fake)
    before = await stored(bot_harness, board)
    slow_render.hold()
    click = fake.click(fake.alice, board, label="d3")
    await slow_render.wait_started()
    stale = replace(before, shown_version=None)  # behind, as the recovery found it
    bot_harness.bot.events.emit(GameResumed(GameState.of(stale)))
    slow_render.release()
    await click
    await fake.settle()
    assert move_labels(board) == AFTER_D3
    assert "Move 2" in board.content


async def test_a_clicks_board_drawn_while_the_game_ended_never_replaces_the_end(
    fake: FakeDiscord, bot_harness: BotHarness, slow_render: SlowRender
) -> None:
    board = await start_game(fake)
    slow_render.hold()
    click = fake.click(fake.alice, board, label="d3")
    await slow_render.wait_started()  # d3's board is still being drawn...
    asked = await fake.slash(fake.bob, "reversi resign").answered()
    assert asked.message is not None
    await fake.click(fake.bob, asked.message, label="Yes, abort").answered()  # ...as Bob ends it
    await eventually(lambda: not move_labels(board))  # the end's board, shown by itself
    slow_render.release()
    reply = await click
    await fake.settle()

    assert reply.callback_type == DEFERRED_UPDATE  # acknowledged: the end's board is there
    record = await stored(bot_harness, board)
    assert record.status is GameStatus.FINISHED and record.transcript == "d3"
    assert record.shown_version == record.version
    assert not move_labels(board) and "aborted" in board.content
    assert fake.messages(fake.general)[:-1] == [board]  # and the end's announcement


async def test_a_board_asked_for_again_comes_at_the_bottom_even_after_a_newer_click(
    fake: FakeDiscord, bot_harness: BotHarness, slow_render: SlowRender
) -> None:
    board = await start_game(fake)
    slow_render.hold()
    asked = fake.slash(fake.bob, "reversi board")
    await slow_render.wait_started()  # the board asked for is still being drawn...
    assert (await asked.answered()).content == "Here's the board again."
    clicked = await fake.click(fake.alice, board, label="d3").answered()  # ...as Alice moves
    assert clicked.message is board and move_labels(board) == AFTER_D3
    slow_render.release()
    await asked
    await fake.settle()

    reposted = fake.last_message(fake.general)
    assert reposted is not board
    await shows_d3(bot_harness, reposted)
    assert "moved down here" in board.content and not board.buttons
