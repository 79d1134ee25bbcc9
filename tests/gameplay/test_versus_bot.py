"""Games against the bot: it answers by itself, never holds up other games, and resumes."""

from __future__ import annotations

from bot import engine
from bot.domain import GameRecord
from bot.storage import Storage
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Message
from tests.rendering.images import hinted_squares, marked_squares

from .play import (
    HeldSearches,
    eventually,
    game_id,
    move_labels,
    out_of_book,
    play,
    start_game,
    stored,
    wthor_games,
)

PASS_THEN_ONE_MORE = ("WTH_1997#1597", 57)
"""A tournament game and a ply at which White's only move, h1, leaves Black without one; White
then plays a2, its only move, and Black has a8, the last move of the game."""


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
    async with await Storage.open(harness.config.database) as storage:
        return await storage.games.get(game_id(board))


async def test_a_click_elsewhere_is_answered_while_level_5_thinks(
    fake: FakeDiscord, bot_harness: BotHarness, held_searches: HeldSearches
) -> None:
    people = await start_game(fake, fake.alice, fake.bob, channel=fake.games)
    await fake.slash(fake.carol, "reversi play-bot", level=5, colour="black")
    await out_of_book(fake, bot_harness, bot_board(fake), fake.carol, held_searches)
    await fake.click(fake.alice, people, label="d3").answered()
    # Answered while the bot's search is still held: the click waited for none of it.
    assert "is thinking" in bot_board(fake).content
    assert "d3" not in move_labels(people)
    held_searches.release()
    await eventually(lambda: humans_turn(bot_board(fake)), seconds=30)


async def test_what_the_bot_played_while_the_player_passed_stays_until_they_move(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await fake.slash(fake.alice, "reversi play-bot", level=1, colour="black")
    board = bot_board(fake)
    wthor_id, ply = PASS_THEN_ONE_MORE
    row = next(row for row in wthor_games() if row["game_id"] == wthor_id)
    moves = [row["moves"][i : i + 2] for i in range(0, 2 * ply, 2)]
    assert moves[-1] == "f1"  # Alice's, as Black
    await bot_harness.stop()
    async with await Storage.open(bot_harness.config.database) as storage:
        record = await storage.games.get(game_id(board))
        for move in moves:  # the game so far, played while the bot was down
            now = fake.clock.now().timestamp()
            record = await storage.games.record_move(
                record.id, record.ply, move, deadline=None, now=now
            )
    await bot_harness.start()  # the bot's turn: it plays h1, Alice passes, it plays a2

    await eventually(lambda: f"Move {ply + 3} · " in board.content)
    assert (await stored(bot_harness, board)).transcript.endswith("f1h1a2")
    assert "⚫ Black had no move; White played h1, a2" in board.content
    assert f"Move {ply + 3} · ⚫ {fake.alice.mention} to move" in board.content
    assert move_labels(board) == ["a8"]
    (attachment,) = board.attachments
    image = attachment.image()
    assert marked_squares(image) == [square("h1"), square("a2")]  # not f1, Alice's own
    assert hinted_squares(image) == [square("a8")]
    assert attachment.description is not None
    assert "Black had no move; White played h1, a2." in attachment.description

    await play(fake, board, fake.alice, "a8")  # the last move: the game is over
    assert "had no move" not in board.content
    assert marked_squares(board.attachments[0].image()) == [square("a8")]


def square(name: str) -> int:
    return engine.parse_square(name)


async def test_no_legal_moves_are_drawn_while_the_bot_thinks(
    fake: FakeDiscord, bot_harness: BotHarness, held_searches: HeldSearches
) -> None:
    await fake.slash(fake.alice, "reversi play-bot", level=5, colour="black")
    board = bot_board(fake)
    await out_of_book(fake, bot_harness, board, fake.alice, held_searches)  # the bot thinks
    assert not move_labels(board)
    (attachment,) = board.attachments
    assert hinted_squares(attachment.image()) == []
    assert attachment.description is not None and "Legal moves" not in attachment.description


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
