"""Restarts and the clock: old messages keep working, deadlines and expiries survive restarts."""

from __future__ import annotations

from datetime import timedelta

from bot import engine
from bot.domain import ChallengeStatus, EndReason, GameStatus
from bot.engine import Color
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness

from .play import (
    legal_names,
    move_labels,
    past_abort_window,
    play,
    start_game,
    stored,
    to_move,
    wthor_games,
)


async def test_a_restart_mid_game_then_the_old_message_finishes_it(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    row = wthor_games()[1]  # WTH_1977#2: Black wins 52-12
    moves = [row["moves"][i : i + 2] for i in range(0, len(row["moves"]), 2)]
    board = await start_game(fake)
    game = engine.Game()
    for square in moves[:30]:
        await play(fake, board, to_move(game, fake.alice, fake.bob), square)
        game.play(square)

    old_bot = bot_harness.bot
    await bot_harness.restart()
    assert bot_harness.bot is not old_bot
    assert move_labels(board) == legal_names(game.position)

    for square in moves[30:]:
        reply = await play(fake, board, to_move(game, fake.alice, fake.bob), square)
        assert reply.message is board
        game.play(square)
    record = await stored(bot_harness, board)
    assert record.status is GameStatus.FINISHED
    assert record.transcript == row["moves"]
    assert (record.black_discs, record.white_discs) == (52, 12)
    assert record.message_id == board.id
    shown, end = fake.messages(fake.general)
    assert shown is board and end.content.startswith("🏁")
    assert f"🏆 {fake.alice.mention} wins · ⚫ 52-12 ⚪" in board.content


async def test_the_side_to_move_loses_on_time(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    board = await start_game(fake)
    await past_abort_window(fake, board)
    await fake.click(fake.alice, board, label="c4")
    await fake.advance(hours=23, minutes=59)
    assert (await stored(bot_harness, board)).active
    await fake.advance(minutes=1, seconds=1)

    record = await stored(bot_harness, board)
    assert record.status is GameStatus.FINISHED
    assert record.end_reason is EndReason.TIMEOUT
    assert record.winner is Color.BLACK
    assert (record.black_discs, record.white_discs) == (6, 3)
    assert f"🏆 {fake.alice.mention} wins on time · ⚫ 61-3 ⚪ (6-3 on the board)" in board.content
    assert [b.label for b in board.buttons] == ["Rematch", "Replay", "Review"]
    assert board.attachments[0].image().format == "PNG"
    assert (board.attachments[0].description or "").endswith(
        "Black wins on time · 61-3 (6-3 on the board)."
    )


async def test_each_move_restarts_the_clock(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    board = await start_game(fake, time="5m")
    await past_abort_window(fake, board)
    await fake.advance(minutes=4)
    await fake.click(fake.alice, board, label="c4")
    await fake.advance(minutes=4)
    await fake.click(fake.bob, board, label="b3")
    await fake.advance(minutes=4)
    assert (await stored(bot_harness, board)).active
    await fake.advance(minutes=1, seconds=1)
    record = await stored(bot_harness, board)
    assert record.end_reason is EndReason.TIMEOUT
    assert record.winner is Color.WHITE


async def test_deadlines_are_rearmed_at_start_up(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await past_abort_window(fake, board)
    await bot_harness.restart()
    await fake.advance(hours=24, seconds=1)
    record = await stored(bot_harness, board)
    assert record.end_reason is EndReason.TIMEOUT
    assert record.winner is Color.WHITE  # Black did not move in time
    assert [b.label for b in board.buttons] == ["Rematch", "Replay", "Review"]


async def test_a_deadline_that_passed_while_the_bot_was_down(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await past_abort_window(fake, board)
    await fake.click(fake.alice, board, label="c4")
    await bot_harness.stop()
    fake.clock.advance(timedelta(days=2))
    await bot_harness.start()
    record = await stored(bot_harness, board)
    assert record.end_reason is EndReason.TIMEOUT
    assert record.winner is Color.BLACK
    assert f"🏆 {fake.alice.mention} wins on time" in board.content


async def test_challenge_expiry_is_rearmed_at_start_up(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    reply = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob, time="3+2")
    invitation = reply.message
    assert invitation is not None
    await bot_harness.restart()
    await fake.advance(minutes=15, seconds=1)
    assert "expired" in invitation.content and invitation.buttons == []
    assert (await bot_harness.bot.storage.challenges.get(1)).status is ChallengeStatus.EXPIRED


async def test_a_challenge_accepted_after_a_restart(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    invitation = (await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)).message
    assert invitation is not None
    await bot_harness.restart()
    await fake.click(fake.bob, invitation, label="Accept")
    assert move_labels(invitation) == ["d3", "c4", "f5", "e6"]
    await fake.advance(minutes=30)  # the expiry timer was cancelled with the acceptance
    assert (await stored(bot_harness, invitation)).active
