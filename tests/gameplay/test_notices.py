"""Turn notices through Discord: a mention after a minute's grace, one on screen per game, a
reminder when a quarter of the time is left, direct messages, and none for live games; a notice
under way as the player moves or the game ends, and a database that fails while one goes out."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import pytest

from bot import engine
from bot.notifications import PING_AFTER
from bot.storage import DatabaseBusyError, DatabaseError
from bot.storage.notices import NoticeStore
from bot.timers import TIMER_RETRY_DELAY
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Message, User

from .play import play, start_game, stored, to_move, wthor_games

POST = "POST /channels/{channel_id}/messages"


def notices(fake: FakeDiscord, board: Message) -> list[Message]:
    """The channel's messages besides the board."""
    return [m for m in fake.messages(board.channel) if m is not board]


def posted(fake: FakeDiscord, board: Message) -> list[Message]:
    """Every message the channel has had besides the board, deleted ones too."""
    channel = board.channel
    return [
        m
        for m in fake.world.messages.values()
        if m.channel is channel and m.visible_to is None and m is not board
    ]


def failing_once(
    monkeypatch: pytest.MonkeyPatch, store: NoticeStore, method: str, error: Exception
) -> list[Exception]:
    """Make `store.method` raise `error` on its next call only; the errors raised, as listed."""
    real: Callable[..., Awaitable[Any]] = getattr(store, method)
    raised: list[Exception] = []

    async def once(*args: Any, **kwargs: Any) -> Any:
        if not raised:
            raised.append(error)
            raise error
        return await real(*args, **kwargs)

    monkeypatch.setattr(store, method, once)
    return raised


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


def ping(board: Message, user: User, what: str, score: str, deadline: float | None) -> str:
    """A turn notice: to whom, the opponent's move, the discs, and the time left."""
    return (
        f"{user.mention}: {what} · ⚫ {score} ⚪ · your move (⏳ <t:{int(deadline or 0)}:R>) → "
        f"{board.jump_url}"
    )


async def test_a_player_is_told_after_a_minute_and_one_notice_stays_on_screen(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    deadline = (await stored(bot_harness, board)).deadline
    await fake.advance(seconds=PING_AFTER - 1)
    assert notices(fake, board) == []
    await fake.advance(seconds=1)

    (first,) = notices(fake, board)
    assert first.content == ping(board, fake.alice, "new game against Bob", "2-2", deadline)
    assert first.mentioned_ids() == [fake.alice.id]

    await play(fake, board, fake.alice, "f5")
    await fake.advance(seconds=30)
    await play(fake, board, fake.bob, "d6")  # within the grace: Bob is never told
    deadline = (await stored(bot_harness, board)).deadline
    await fake.advance(seconds=PING_AFTER)
    (second,) = notices(fake, board)  # Alice's new notice replaced her old one
    assert second is not first and first.deleted
    assert second.content == ping(board, fake.alice, "Bob played d6", "3-3", deadline)

    await fake.advance(hours=5)
    assert notices(fake, board) == [second]  # once per move


async def test_a_reminder_comes_when_a_quarter_of_the_time_is_left(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake, time="1h")
    await play(fake, board, fake.alice, "f5")
    record = await stored(bot_harness, board)
    assert record.deadline is not None
    await fake.advance(minutes=44)
    (first,) = notices(fake, board)
    await fake.advance(minutes=1)

    (reminder,) = notices(fake, board)
    assert first.deleted
    assert reminder.content == "⏰ " + ping(
        board, fake.bob, "Alice played f5", "4-1", record.deadline
    )
    await fake.advance(minutes=14)
    assert notices(fake, board) == [reminder]


async def test_direct_messages_and_no_notices_by_choice(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    chosen = await fake.slash(fake.alice, "reversi notify", choice="dm")
    assert chosen.ephemeral and chosen.content.startswith("Saved: your turn notices are now a")
    await fake.slash(fake.bob, "reversi notify", choice="none")
    shown = await fake.slash(fake.bob, "reversi notify")
    assert shown.ephemeral and "nothing" in shown.content

    board = await start_game(fake)
    deadline = (await stored(bot_harness, board)).deadline
    await fake.advance(minutes=2)
    (dm,) = fake.world.dms_to(fake.alice)
    in_channel = ping(board, fake.alice, "new game against Bob", "2-2", deadline)
    # her own DM names nobody: she is who it is for
    assert dm.content == in_channel.replace(f"{fake.alice.mention}: new", "New")
    assert "<@" not in dm.content
    assert notices(fake, board) == []

    await play(fake, board, fake.alice, "f5")
    await fake.advance(hours=20)  # Bob's reminder time too: he chose none
    assert notices(fake, board) == [] and fake.world.dms_to(fake.bob) == []
    await play(fake, board, fake.bob, "d6")
    await fake.advance(minutes=2)
    second = fake.world.dms_to(fake.alice)
    assert len(second) == 1 and second[0] is not dm and dm.deleted  # one at a time, in DMs too


async def test_closed_direct_messages_fall_back_to_the_channel(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await fake.slash(fake.alice, "reversi notify", choice="dm")
    fake.alice.dms_open = False
    board = await start_game(fake)
    await fake.advance(minutes=2)
    (notice,) = notices(fake, board)
    assert notice.mentioned_ids() == [fake.alice.id]
    assert fake.world.dms_to(fake.alice) == []


async def test_no_notices_in_live_games_or_for_the_bot(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake, time="15+10")
    await fake.advance(minutes=10)
    assert notices(fake, board) == []

    await fake.slash(fake.carol, "reversi play-bot", channel=fake.games, level=1, colour="white")
    await fake.advance(minutes=10)
    for message in fake.messages(fake.games)[1:]:
        assert fake.world.bot_user.mention not in message.content


async def test_a_60_move_correspondence_game_leaves_its_board_and_its_end(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    row = wthor_games()[0]  # WTH_1977#1: 60 moves, two passes
    moves = [row["moves"][i : i + 2] for i in range(0, len(row["moves"]), 2)]
    board = await start_game(fake)
    game = engine.Game()
    posted = 0
    for square in moves:
        await fake.advance(minutes=2)  # each player lets the grace pass: everyone is told
        posted += len([m for m in notices(fake, board) if not m.deleted])
        await play(fake, board, to_move(game, fake.alice, fake.bob), square)
        game.play(square)
    record = await stored(bot_harness, board)

    assert not record.active and record.transcript == row["moves"]
    assert posted == len(moves)  # a notice before every move
    (end,) = notices(fake, board)  # the game's end took the last one away, and said so
    assert end.content.startswith(f"🏁 {fake.alice.mention} {fake.bob.mention}: game #")


async def test_a_notice_due_while_the_bot_was_down_is_sent_once_after_it(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await bot_harness.stop()
    fake.clock.advance(timedelta(minutes=5))
    await bot_harness.start()
    await fake.settle()
    (notice,) = notices(fake, board)
    assert notice.mentioned_ids() == [fake.alice.id]

    await bot_harness.restart()
    await fake.advance(minutes=5)
    assert notices(fake, board) == [notice]


async def test_a_notice_posted_as_the_player_moves_is_deleted_at_once(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await fake.advance(seconds=PING_AFTER - 1)
    hold = fake.faults.hold(POST, channel_id=board.channel.id)
    fake.clock.advance(timedelta(seconds=1))
    await hold.reached()  # Alice's notice is on its way...

    await fake.click(fake.alice, board, label="f5").answered()  # ...as she moves
    hold.release()
    await fake.settle()

    (late,) = posted(fake, board)
    assert late.deleted  # not left saying it is her move until Bob's notice
    assert (await stored(bot_harness, board)).transcript == "f5"
    await fake.advance(seconds=PING_AFTER)
    (bobs,) = notices(fake, board)
    assert bobs.mentioned_ids() == [fake.bob.id]


async def test_a_notice_posted_as_the_game_ends_is_deleted(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await fake.advance(seconds=PING_AFTER - 1)
    hold = fake.faults.hold(POST, channel_id=board.channel.id)
    fake.clock.advance(timedelta(seconds=1))
    await hold.reached()  # Alice's notice is on its way...

    asked = await fake.slash(fake.alice, "reversi resign").answered()  # ...as she gives up
    assert asked.message is not None
    await fake.click(fake.alice, asked.message, label="Yes, abort").answered()
    hold.release()
    await fake.settle()

    assert not (await stored(bot_harness, board)).active
    late, end = posted(fake, board)
    assert late.deleted and not end.deleted
    assert "aborted by Alice" in end.content


async def test_a_notice_the_database_held_up_is_sent_once_it_is_back(
    fake: FakeDiscord,
    bot_harness: BotHarness,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    store = bot_harness.bot.storage.notices
    failed = failing_once(monkeypatch, store, "claim", DatabaseBusyError())
    board = await start_game(fake)

    await fake.advance(seconds=PING_AFTER)
    assert failed and posted(fake, board) == []
    assert warnings(caplog) == [
        "Timer ('ping', 1) failed, retrying in 30 s: "
        "The database is busy right now; please try again in a moment."
    ]
    await fake.advance(seconds=TIMER_RETRY_DELAY)
    (notice,) = notices(fake, board)
    assert notice.mentioned_ids() == [fake.alice.id]

    await fake.advance(hours=5)
    assert posted(fake, board) == [notice]  # sent once


async def test_a_notice_whose_record_failed_is_recorded_later_and_still_removed(
    fake: FakeDiscord,
    bot_harness: BotHarness,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """PostgreSQL is out of reach just after the notice went out, and again at the game's end:
    the notice is posted once, recorded on the retry, and the end's clean-up, retried, finds it."""
    store = bot_harness.bot.storage.notices
    down = DatabaseError("The database connection failed: connection refused.")
    failing_once(monkeypatch, store, "shown", down)
    board = await start_game(fake)

    await fake.advance(seconds=PING_AFTER)
    (notice,) = notices(fake, board)
    assert len(warnings(caplog)) == 1
    await fake.advance(seconds=TIMER_RETRY_DELAY)
    await fake.advance(hours=5)
    assert posted(fake, board) == [notice] and not notice.deleted

    failing_once(monkeypatch, store, "take", down)
    asked = await fake.slash(fake.alice, "reversi resign")
    assert asked.message is not None
    await fake.click(fake.alice, asked.message, label="Yes, abort")
    assert not notice.deleted and len(warnings(caplog)) == 2
    await fake.advance(seconds=TIMER_RETRY_DELAY)
    assert notice.deleted and [m.content[:1] for m in notices(fake, board)] == ["🏁"]
