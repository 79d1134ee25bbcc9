"""Live games through Discord: each player's clock, a restart in the middle, the flag falling,
and how many messages a whole game leaves in the channel."""

from __future__ import annotations

from bot import engine
from bot.domain import EndReason, TimeControl
from bot.engine import Color
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness

from .play import legal_names, play, start_game, stored, to_move, wthor_games

THINK = (7.25, 3.5)
"""Seconds Black and White spend on each move."""


async def test_a_live_game_keeps_exact_clocks_through_a_restart_and_leaves_one_message(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    row = wthor_games()[1]  # WTH_1977#2, 60 moves
    moves = [row["moves"][i : i + 2] for i in range(0, len(row["moves"]), 2)]
    board = await start_game(fake, time="10+5")
    assert "10+5" in board.content
    control = TimeControl(base=600, increment=5)
    expected = {Color.BLACK: 600.0, Color.WHITE: 600.0}
    game = engine.Game()
    errors = []
    for index, square in enumerate(moves):
        mover = game.turn
        await fake.advance(seconds=THINK[mover is Color.WHITE])
        await play(fake, board, to_move(game, fake.alice, fake.bob), square)
        game.play(square)
        expected[mover] += control.increment - THINK[mover is Color.WHITE]
        if index == 29:
            await bot_harness.restart()  # mid-game: the clocks come back from the database
            record = await stored(bot_harness, board)
            assert record.clocks is not None
            errors += [
                abs(record.clocks[0] - expected[Color.BLACK]),
                abs(record.clocks[1] - expected[Color.WHITE]),
            ]
            assert record.deadline == fake.clock.now().timestamp() + expected[game.turn]
    record = await stored(bot_harness, board)

    assert record.end_reason is EndReason.NORMAL and record.transcript == row["moves"]
    assert record.clocks == (expected[Color.BLACK], expected[Color.WHITE])
    assert errors == [0.0, 0.0]  # the clock error after a restart, in seconds
    assert fake.messages(fake.general) == [board]  # the whole game left one message


async def test_the_flag_falls_at_the_second_and_costs_the_game(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake, time="1+1")
    game = engine.Game()
    for square in ("f5", "d6", "c3", "d3"):  # two moves each: the abort window is over
        await fake.advance(seconds=10)
        await play(fake, board, to_move(game, fake.alice, fake.bob), square)
        game.play(square)
    record = await stored(bot_harness, board)
    assert record.clocks == (42, 42)  # 60 - 2 * 10 + 2 * 1
    assert record.deadline is not None
    assert f"⚫ Black: {fake.alice.mention} · 4 discs · ⏱ 0:42" in board.content
    assert f"flag falls: <t:{int(record.deadline)}:R>" in board.content
    alt = board.attachments[0].description or ""
    assert "Clocks as the turn began: Black 0:42 (running), White 0:42." in alt

    await fake.advance(seconds=41.9)
    assert (await stored(bot_harness, board)).active
    await fake.advance(seconds=0.1)

    record = await stored(bot_harness, board)
    assert record.end_reason is EndReason.TIMEOUT and record.winner is Color.WHITE
    assert record.clocks == (0, 42)
    assert f"🏆 {fake.bob.mention} wins on time" in board.content
    assert "⏱ 0:00" in board.content
    assert "Clocks: Black 0:00 (out of time), White 0:42." in (
        board.attachments[0].description or ""
    )
    assert [b.label for b in board.buttons][:2] == ["Rematch", "Replay"]


async def test_running_out_of_time_before_two_moves_each_aborts(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake, time="3+2")
    await play(fake, board, fake.alice, "f5")
    await fake.advance(minutes=3, seconds=1)

    record = await stored(bot_harness, board)
    assert record.end_reason is EndReason.ABORTED and record.winner is None
    assert not record.rated
    assert f"Game aborted: {fake.bob.mention} ran out of time; it is not rated." in board.content
    assert await bot_harness.bot.storage.players.get(fake.guild.id, fake.bob.id) is None


async def test_a_server_default_clock_applies_to_new_challenges(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    owner = fake.world.owner
    saved = await fake.slash(owner, "reversi settings", time="5+0")
    assert saved.ephemeral and "Time control: **5+0**" in saved.content

    board = await start_game(fake)

    record = await stored(bot_harness, board)
    assert record.time_control == TimeControl(base=300) and record.clocks == (300, 300)
    assert legal_names(engine.Position.initial()) == ["d3", "c4", "f5", "e6"]


async def test_the_time_option_offers_presets_and_refuses_nonsense(fake: FakeDiscord) -> None:
    offered = await fake.autocomplete(fake.alice, "reversi challenge", "time", "1")
    assert [choice.value for choice in offered][:3] == ["1+1", "10+5", "15+10"]
    custom = await fake.autocomplete(fake.alice, "reversi challenge", "time", "7+3")
    assert (custom[0].name, custom[0].value) == ("7+3 · live: 7 minutes, +3 s a move", "7+3")

    refused = await fake.slash(fake.alice, "reversi challenge", time="soon")
    assert refused.ephemeral and "isn't a time control" in refused.content
    too_long = await fake.slash(fake.alice, "reversi challenge", time="999+0")
    assert too_long.ephemeral and "180 minutes" in too_long.content
    assert fake.messages(fake.general) == []
