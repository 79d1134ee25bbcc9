"""The end of a correspondence game reaches both players, each as they chose in `/reversi notify`:
one message in the channel for those who chose it, a direct message in the reader's language to
those who chose that, nothing to those who chose nothing; it says who did what, who won, the
score and where the board is, with a Review button when there is a result. None for live games
or games against the bot, and a 60-move game leaves one message besides its board. An end a stop
cut off, even as it was being posted, is announced by the next start: at least once, and twice
only when the stop fell between Discord taking the post and the bot recording it."""

from __future__ import annotations

import pytest

from bot import engine
from bot.domain import GameState
from bot.domain.events import GameResumed
from bot.i18n import _, using
from bot.storage import DatabaseBusyError
from bot.timers import TIMER_RETRY_DELAY
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.faults import Hold
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Channel, Message, User

from .play import past_abort_window, play, start_game, stored, to_move, wthor_games
from .test_notices import POST, failing_once, notices

WIPEOUT = ("d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4")
"""Nine moves and White has no disc left: Black wins 13-0 (64-0 with the empty squares)."""


def said(code: str, message: str) -> str:
    """`message` as the catalogue of `code` has it; never the English itself."""
    with using(code):
        translated = _(message)
    assert translated != message, f"{message!r} is not translated into {code}"
    return translated


def labels(message: Message) -> list[str]:
    return [button.label or "" for button in message.buttons]


async def resign(
    fake: FakeDiscord, user: User, label: str = "Yes, resign", channel: Channel | None = None
) -> None:
    asked = await fake.slash(user, "reversi resign", channel=channel or fake.general)
    assert asked.message is not None, asked.content
    await fake.click(user, asked.message, label=label)


async def resign_held(fake: FakeDiscord, held: Hold) -> None:
    """Alice resigns; returns once the end's announcement is held on its way to Discord."""
    asked = await fake.slash(fake.alice, "reversi resign")
    assert asked.message is not None, asked.content
    await fake.click(fake.alice, asked.message, label="Yes, resign").answered()
    await held.reached()


async def test_the_last_move_tells_both_players_in_one_message(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    for index, square in enumerate(WIPEOUT):
        await play(fake, board, fake.bob if index % 2 else fake.alice, square)
    number = (await stored(bot_harness, board)).id

    (end,) = notices(fake, board)
    assert end.content == (
        f"🏁 {fake.alice.mention} {fake.bob.mention}: game #{number} is over · Alice played f4"
        f" · 🏆 Alice won · ⚫ 64-0 ⚪ (13-0 on the board) → {board.jump_url}"
    )
    assert end.mentioned_ids() == [fake.alice.id, fake.bob.id]
    assert labels(end) == ["Review"]
    assert fake.world.dms_to(fake.alice) == [] and fake.world.dms_to(fake.bob) == []
    await fake.advance(days=3)
    assert notices(fake, board) == [end]  # once


async def test_a_resignation_reaches_each_by_their_choice_and_in_their_language(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """Bob reads Icelandic by direct message; Alice chose nothing, then the channel, which
    speaks Hausa."""
    await fake.slash(fake.bob, "reversi language", language="is")
    await fake.slash(fake.bob, "reversi notify", choice="dm")
    await fake.slash(fake.alice, "reversi notify", choice="none")
    board = await start_game(fake)
    await past_abort_window(fake, board)
    await resign(fake, fake.bob, said("is", "Yes, resign"))
    record = await stored(bot_harness, board)

    (dm,) = fake.world.dms_to(fake.bob)
    what = " · ".join(
        [
            said("is", "{player} resigned").format(player="Bob"),
            "🏆 " + said("is", "{player} won by resignation").format(player="Alice"),
        ]
    )
    opening = said("is", "🏁 Game #{id} is over · {what} → {link}").split("{what}")[0]
    assert dm.content.startswith(opening.format(id=record.id) + what)
    assert dm.content.endswith(f" → {board.jump_url}")
    assert "<@" not in dm.content  # his own DM mentions nobody: he is who it is for
    assert notices(fake, board) == [] and fake.world.dms_to(fake.alice) == []

    await fake.slash(fake.alice, "reversi notify", choice="channel")
    board = await start_game(fake, channel=fake.games)
    await fake.slash(fake.world.owner, "reversi settings", language="ha")
    await past_abort_window(fake, board)
    await resign(fake, fake.alice, said("ha", "Yes, resign"), fake.games)
    (end,) = notices(fake, board)
    resigned = said("ha", "{player} resigned").format(player="Alice")
    assert end.content.startswith(f"🏁 {fake.alice.mention}: ") and resigned in end.content
    assert end.mentioned_ids() == [fake.alice.id]
    assert labels(end) == [said("ha", "Review")]
    assert len(fake.world.dms_to(fake.bob)) == 2  # one end each: the first game's and this one's


async def test_an_abort_on_time_names_whose_time_ran_out_and_offers_no_review(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await play(fake, board, fake.alice, "f5")
    await fake.advance(days=2)  # Bob's day for his first move goes by

    record = await stored(bot_harness, board)
    assert not record.active and record.end_reason is not None
    assert f"Game aborted: {fake.bob.mention} ran out of time; it is not rated." in board.content
    (end,) = notices(fake, board)
    assert end.content == (
        f"🏁 {fake.alice.mention} {fake.bob.mention}: game #{record.id} is over · aborted: Bob ran"
        f" out of time → {board.jump_url}"
    )
    assert labels(end) == []


async def test_a_loss_on_time_and_an_abort_say_who(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await past_abort_window(fake, board)
    await fake.advance(days=2)  # Alice, to move, lets her day go by
    (end,) = notices(fake, board)
    assert "· Alice ran out of time · 🏆 Bob won on time · ⚫ " in end.content

    board = await start_game(fake, fake.carol, fake.bob, channel=fake.games)
    await resign(fake, fake.carol, "Yes, abort", fake.games)
    (end,) = notices(fake, board)
    assert end.content.endswith(f"is over · aborted by Carol → {board.jump_url}")


async def test_a_moderator_who_cancels_is_named_and_no_review_is_offered(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await play(fake, board, fake.alice, "d3")
    await fake.slash(fake.carol, "reversi admin cancel")
    number = (await stored(bot_harness, board)).id

    end = next(m for m in fake.messages(fake.general) if m.content.startswith("🏁"))
    assert end.content == (
        f"🏁 {fake.alice.mention} {fake.bob.mention}: game #{number} is over · cancelled by "
        f"Carol → {board.jump_url}"
    )
    assert end.mentioned_ids() == [fake.alice.id, fake.bob.id] and labels(end) == []


async def test_no_end_notice_for_live_games_or_games_against_the_bot(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake, time="15+10")
    await past_abort_window(fake, board)
    await resign(fake, fake.alice)
    assert not (await stored(bot_harness, board)).active
    assert notices(fake, board) == []

    await fake.slash(fake.carol, "reversi play-bot", channel=fake.games, level=1, colour="white")
    await fake.advance(minutes=1)
    versus = fake.messages(fake.games)[0]  # the board; a turn notice after it goes at the end
    await resign(fake, fake.carol, "Yes, abort", fake.games)
    assert fake.messages(fake.games) == [versus] and fake.world.dms_to(fake.carol) == []
    await fake.settle()  # both ends are settled: a restart has nothing to announce
    assert await bot_harness.bot.storage.games.ends_unannounced(0.0) == []


async def test_the_end_is_announced_once_the_database_is_back(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = await start_game(fake)
    await past_abort_window(fake, board)
    failed = failing_once(
        monkeypatch, bot_harness.bot.storage.notices, "choices", DatabaseBusyError()
    )
    await resign(fake, fake.alice)
    assert failed and notices(fake, board) == []
    await fake.advance(seconds=TIMER_RETRY_DELAY)
    (end,) = notices(fake, board)
    assert "Alice resigned" in end.content
    await fake.advance(hours=1)
    assert notices(fake, board) == [end]


async def test_an_end_a_stop_cut_off_is_announced_at_the_next_start_once(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stop cancels the announcement waiting for its retry; the next start sends it, and
    the one after that does not again."""
    board = await start_game(fake)
    await past_abort_window(fake, board)
    failing_once(monkeypatch, bot_harness.bot.storage.notices, "choices", DatabaseBusyError())
    await resign(fake, fake.alice)
    assert notices(fake, board) == []
    await bot_harness.stop()
    await bot_harness.start()
    await fake.settle()

    (end,) = notices(fake, board)
    assert "Alice resigned" in end.content
    await bot_harness.restart()
    await fake.advance(hours=1)
    assert notices(fake, board) == [end]


async def test_an_end_whose_post_a_stop_cut_off_is_announced_at_the_next_start_once(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """The post is on its way when the bot stops: Discord never gets it, so the next start
    announces the end, and the one after that does not again."""
    board = await start_game(fake)
    await past_abort_window(fake, board)
    held = fake.faults.hold(POST, channel_id=board.channel.id)
    await resign_held(fake, held)
    await bot_harness.stop()
    held.release()  # its sender is gone: it never reaches Discord
    await bot_harness.start()
    await fake.settle()

    (end,) = notices(fake, board)
    assert "Alice resigned" in end.content
    await bot_harness.restart()
    await fake.advance(hours=1)
    assert notices(fake, board) == [end]


async def test_an_end_posted_but_not_recorded_before_a_stop_is_announced_again_once(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the README admits: a stop between the post and its record (here the record fails and
    waits for its retry) has the next start announce the end a second time, and no more."""
    board = await start_game(fake)
    await past_abort_window(fake, board)
    failed = failing_once(
        monkeypatch, bot_harness.bot.storage.notices, "claim", DatabaseBusyError()
    )
    await resign(fake, fake.alice)
    assert failed
    (first,) = notices(fake, board)
    await bot_harness.restart()
    await fake.settle()

    again, second = notices(fake, board)
    assert again is first and "Alice resigned" in second.content
    await bot_harness.restart()
    await fake.advance(hours=1)
    assert notices(fake, board) == [first, second]


async def test_an_end_is_posted_once_whatever_asks_for_it_while_it_goes_out(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second event for the ended game while its announcement is on its way, and a retry
    after the record failed, post nothing more."""
    board = await start_game(fake)
    await past_abort_window(fake, board)
    failing_once(monkeypatch, bot_harness.bot.storage.notices, "claim", DatabaseBusyError())
    held = fake.faults.hold(POST, channel_id=board.channel.id)
    await resign_held(fake, held)
    record = await stored(bot_harness, board)
    bot_harness.bot.events.emit(GameResumed(GameState.of(record)))
    held.release()
    await fake.settle()
    (end,) = notices(fake, board)

    await fake.advance(seconds=TIMER_RETRY_DELAY)
    assert notices(fake, board) == [end]
    assert await bot_harness.bot.storage.games.ends_unannounced(0.0) == []


@pytest.mark.parametrize(
    ("alice", "bob", "in_channel", "alices_dms", "bobs_dms"),
    [("channel", "channel", 2, 0, 0), ("dm", "dm", 1, 1, 1), ("dm", "none", 1, 1, 0)],
)
async def test_what_a_60_move_correspondence_game_leaves(
    fake: FakeDiscord,
    bot_harness: BotHarness,
    alice: str,
    bob: str,
    in_channel: int,
    alices_dms: int,
    bobs_dms: int,
) -> None:
    """Every move waits past the grace, so every turn is told; at the end, the channel keeps the
    board and the end for those who chose the channel, each DM the end alone."""
    await fake.slash(fake.alice, "reversi notify", choice=alice)
    await fake.slash(fake.bob, "reversi notify", choice=bob)
    row = wthor_games()[0]  # WTH_1977#1: 60 moves, two passes
    moves = [row["moves"][i : i + 2] for i in range(0, len(row["moves"]), 2)]
    board = await start_game(fake)
    game = engine.Game()
    for square in moves:
        await fake.advance(minutes=2)
        await play(fake, board, to_move(game, fake.alice, fake.bob), square)
        game.play(square)
    await fake.settle()

    assert not (await stored(bot_harness, board)).active
    assert len(fake.messages(fake.general)) == in_channel
    assert len(fake.world.dms_to(fake.alice)) == alices_dms
    assert len(fake.world.dms_to(fake.bob)) == bobs_dms
    ends = [*notices(fake, board), *fake.world.dms_to(fake.alice), *fake.world.dms_to(fake.bob)]
    assert all("🏆 Alice won · ⚫ 34-30 ⚪" in end.content for end in ends)
