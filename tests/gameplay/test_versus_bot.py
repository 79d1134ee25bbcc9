"""Games against the bot: it answers by itself, never holds up other games, and resumes."""

from __future__ import annotations

import time

from bot import engine
from bot.domain import GameRecord
from bot.storage import Storage
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Message

from .play import eventually, game_id, move_labels, out_of_book, start_game, stored


def bot_board(fake: FakeDiscord) -> Message:
    return fake.last_message(fake.general)


def over(board: Message) -> bool:
    return "Rematch" in [button.label for button in board.buttons]


def humans_turn(board: Message) -> bool:
    return "is thinking" not in board.content and bool(move_labels(board) or over(board))


async def test_a_whole_game_against_level_1_by_clicks(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    reply = await fake.slash(fake.alice, "reversi play-bot", level=1, colour="black")
    assert reply.ephemeral and "level 1" in reply.content
    board = bot_board(fake)
    assert "against me at level 1" in board.content
    record = await stored(bot_harness, board)
    assert record.bot_level == 1 and not record.rated
    moves = 0
    while True:
        await eventually(lambda: humans_turn(bot_board(fake)))
        board = bot_board(fake)
        if over(board):
            break
        await fake.click(fake.alice, board, label=move_labels(board)[0])
        moves += 1
    record = await stored(bot_harness, board)
    game = engine.Game.from_transcript(record.transcript)
    assert not record.active and game.is_over()
    assert moves == sum(ply.color is engine.Color.BLACK for ply in game.plies)  # each click, once
    assert [b.label for b in board.buttons] == ["Rematch", "Replay", "Review"]


async def test_the_bot_moves_after_a_restart_on_its_turn(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await fake.slash(fake.alice, "reversi play-bot", level=1, colour="white")
    board = bot_board(fake)
    await bot_harness.stop()  # before or while it thinks: either way the move is owed
    record = await stored_after_stop(bot_harness, board)
    await bot_harness.start()
    await eventually(lambda: humans_turn(board))
    after = await stored(bot_harness, board)
    assert after.ply >= max(record.ply, 1)
    assert engine.Game.from_transcript(after.transcript).turn is engine.Color.WHITE


async def stored_after_stop(harness: BotHarness, board: Message) -> GameRecord:
    """The stored game while the bot is down, read from its database file."""
    async with await Storage.open(harness.settings.database) as storage:
        return await storage.games.get(game_id(board))


async def test_a_click_elsewhere_is_answered_while_level_5_thinks(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    people = await start_game(fake, fake.alice, fake.bob, channel=fake.games)
    await fake.slash(fake.carol, "reversi play-bot", level=5, colour="black")
    await out_of_book(fake, bot_harness, bot_board(fake), fake.carol)
    started = time.perf_counter()
    await fake.click(fake.alice, people, label="d3").answered()
    assert time.perf_counter() - started < 0.1
    await eventually(lambda: humans_turn(bot_board(fake)), seconds=30)


async def test_hints_only_in_games_against_the_bot(fake: FakeDiscord) -> None:
    await start_game(fake, fake.alice, fake.bob)
    reply = await fake.slash(fake.alice, "reversi hint")
    assert reply.ephemeral and "only for games against me" in reply.content


async def test_a_hint_names_a_legal_move(fake: FakeDiscord) -> None:
    await fake.slash(fake.alice, "reversi play-bot", level=1, colour="black")
    # The search runs in a worker process, out of the fake's sight: wait for the answer.
    reply = await fake.slash(fake.alice, "reversi hint", expect_answer=False)
    # The first follow-up of a deferred answer replaces its "thinking" message.
    await eventually(lambda: bool(reply.content))
    text = reply.content
    assert any(f"**{square}**" in text for square in ("d3", "c4", "f5", "e6")), text


async def test_challenging_the_bot_starts_a_game_at_the_chosen_level(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    me = fake.world.bot_user
    await fake.slash(fake.alice, "reversi challenge", opponent=me, level=2)
    record = await stored(bot_harness, bot_board(fake))
    assert record.bot_level == 2 and not record.rated


async def test_the_bot_moves_even_when_it_cannot_post_the_board(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await fake.slash(fake.alice, "reversi play-bot", level=1, colour="black")
    board = bot_board(fake)
    fake.deny(fake.general, "attach_files")
    moved = await fake.slash(fake.alice, "reversi move", square="d3")
    assert moved.followups[0].content.startswith("Your move counts, but I can't post the board")
    await eventually(lambda: not bot_harness.bot.background)
    assert len((await stored(bot_harness, board)).transcript) == 4  # the bot's move stands

    fake.set_permissions(fake.general)
    await fake.slash(fake.alice, "reversi board")
    shown = bot_board(fake)
    assert shown is not board and humans_turn(shown)
    await fake.click(fake.alice, shown, label=move_labels(shown)[0])
