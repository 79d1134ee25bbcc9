"""`/reversi puzzle` through the fake Discord: solving by clicks, a wrong move refuted, a hint,
every forged or stale click refused without a change, and each attempt rated once."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from bot.domain.puzzles import Line
from bot.engine import square_name
from bot.engine.puzzle_bank import Entry
from bot.storage import Storage
from cogs import replies
from cogs.core import NOT_ON_ITS_MESSAGE
from cogs.puzzles import message as puzzle_message
from tests.aimed_puzzles import ENTRIES, ONE_MOVE, THREE_MOVES, aim, answer_wrong
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Message, User
from tests.gameplay.play import eventually
from tests.rendering.images import decode, hinted_squares, marked_squares

FINISHED = "That puzzle is already over: start another with `/reversi puzzle`."
DEFERRED_UPDATE = 6
STALE = "That puzzle has moved on since this board; use the latest one."


def storage_of(harness: BotHarness) -> Storage:
    return harness.bot.storage


async def puzzle(fake: FakeDiscord, harness: BotHarness, user: User, entry: Entry) -> Message:
    """`user`'s puzzle message, at `entry`."""
    await aim(storage_of(harness), fake.guild.id, user.id, entry)
    reply = await fake.slash(user, "reversi puzzle")
    assert reply.ephemeral and reply.message.ephemeral
    return reply.message


def move_labels(message: Message) -> list[str]:
    return [button.label for button in message.buttons if button.label != "Hint"]


def image_of(message: Message) -> tuple[list[int], list[int], str]:
    """The squares marked as legal moves and as the moves just made, and the alt text."""
    attachment = message.attachments[0]
    image = decode(attachment.data)
    return hinted_squares(image), marked_squares(image), attachment.description or ""


async def test_a_one_move_puzzle_is_solved_with_a_click(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    message = await puzzle(fake, bot_harness, fake.alice, ONE_MOVE)
    start = Line.of(ONE_MOVE).positions[0]
    legal = [square_name(square) for square in start.legal_moves()]
    assert [button.label for button in message.buttons] == [*legal, "Hint"]
    assert "1 move to find" in message.content
    hinted, marked, alt = image_of(message)
    assert hinted == start.legal_moves() and marked == []
    assert f"Legal moves: {', '.join(legal)}." in alt

    await fake.click(fake.alice, message, "b7")

    solver = await storage_of(bot_harness).puzzles.solver(fake.guild.id, fake.alice.id)
    assert solver is not None and (solver.attempts, solver.solved) == (1, 1)
    gain = round(solver.rating.rating) - 3000
    assert gain > 0
    assert message.content.startswith(
        f"🎉 **Solved!** Puzzle rating {round(solver.rating.rating)}? (+{gain})"
    )
    assert "Solution: **b7**" in message.content
    assert [button.label for button in message.buttons] == ["Next puzzle"]
    hinted, marked, alt = image_of(message)
    assert hinted == [] and marked == [ONE_MOVE.line[0]] and "Solved!" in alt


async def test_a_puzzle_of_three_moves_is_solved_move_by_move(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    message = await puzzle(fake, bot_harness, fake.alice, THREE_MOVES)
    line = Line.of(THREE_MOVES)
    assert "3 moves to find" in message.content
    for step, (mine, reply) in enumerate((("a4", "a7"), ("b2", "b3"))):
        await fake.click(fake.alice, message, mine)
        assert f"✅ {mine} is right; the opponent answered {reply}." in message.content
        assert f"{2 - step} move" in message.content
        position = line.positions[2 * step + 2]
        assert move_labels(message) == [square_name(s) for s in position.legal_moves()]
        hinted, marked, alt = image_of(message)
        assert hinted == position.legal_moves()
        assert f"Last move {reply}. {position.turn.title} to move. Legal moves: " in alt
        assert sorted(marked) == sorted(line.entry.line[2 * step : 2 * step + 2])
    await fake.click(fake.alice, message, "f1")
    assert "🎉 **Solved!**" in message.content
    assert "Solution: **a4** a7 **b2** b3 **f1**" in message.content


async def test_a_wrong_move_shows_the_reply_that_refutes_it_and_the_solution(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    message = await puzzle(fake, bot_harness, fake.alice, THREE_MOVES)
    await fake.click(fake.alice, message, "a4")
    wrong = next(label for label in move_labels(message) if label != "b2")

    await answer_wrong(fake, fake.alice, message, wrong)

    attempt = await storage_of(bot_harness).puzzles.start(
        fake.guild.id, fake.alice.id, 0.0, now=0.0
    )  # the failed one is over: this is the next
    assert attempt is not None and attempt.puzzle_id != THREE_MOVES.id
    lines = message.content.split("\n")
    assert lines[0].startswith(f"❌ After {wrong}, ") and " discs short (with best play" in lines[0]
    assert lines[1].startswith("Puzzle rating ") and "(-" in lines[1]
    assert lines[2] == "Solution: **a4** a7 **b2** b3 **f1**"
    reply = lines[0].split(", ")[1].split(" ")[0]
    hinted, marked, alt = image_of(message)
    assert hinted == [] and sorted(marked) == sorted([_square(wrong), _square(reply)])
    assert "discs short of the best" in alt
    assert [button.label for button in message.buttons] == ["Next puzzle"]


def _square(name: str) -> int:
    return "abcdefgh".index(name[0]) + 8 * (int(name[1]) - 1)


async def test_a_hint_names_the_quarter_and_the_theme_and_a_hinted_solve_counts_half(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    message = await puzzle(fake, bot_harness, fake.alice, ONE_MOVE)
    await fake.click(fake.alice, message, "Hint")
    assert "💡 Look in the bottom-left quarter (a5-d8). Think of parity" in message.content
    assert "b7" in move_labels(message)  # the board and its buttons stay
    await fake.click(fake.alice, message, "b7")
    assert "with a hint, it counts as half a win" in message.content
    attempt = await storage_of(bot_harness).puzzles.attempt(_attempt_id(message))
    assert attempt is not None and attempt.hinted and attempt.solved


def _attempt_id(message: Message) -> int:
    return int(message.attachments[0].filename.split("-")[1])


async def test_next_puzzle_starts_another_in_the_same_message_rated_once_each(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    message = await puzzle(fake, bot_harness, fake.alice, ONE_MOVE)
    first = _attempt_id(message)
    await fake.click(fake.alice, message, "b7")
    await fake.click(fake.alice, message, "Next puzzle")
    second = _attempt_id(message)
    assert second != first and "Hint" in [button.label for button in message.buttons]
    store = storage_of(bot_harness).puzzles
    started = await store.attempt(second)
    assert started is not None
    solution = square_name(ENTRIES[started.puzzle_id].line[0])
    wrong = next(label for label in move_labels(message) if label != solution)
    await answer_wrong(fake, fake.alice, message, wrong)
    done = [await store.attempt(first), await store.attempt(second)]
    assert all(attempt is not None and attempt.finished for attempt in done)
    assert done[0] is not None and done[1] is not None
    assert done[0].rating_after == done[1].rating_before  # rated in turn, once each
    solver = await store.solver(fake.guild.id, fake.alice.id)
    assert solver is not None and (solver.attempts, solver.solved) == (2, 1)
    assert solver.rating.rating == done[1].rating_after


async def test_stale_and_finished_boards_are_refused_and_change_nothing(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    old = await puzzle(fake, bot_harness, fake.alice, THREE_MOVES)
    latest = (await fake.slash(fake.alice, "reversi puzzle")).message  # the same attempt
    assert _attempt_id(latest) == _attempt_id(old)
    await fake.click(fake.alice, latest, "a4")
    store = storage_of(bot_harness).puzzles
    before = await store.attempt(_attempt_id(old))

    reply = await fake.click(fake.alice, old, "a4")
    assert reply.ephemeral and reply.content == STALE
    assert await store.attempt(_attempt_id(old)) == before
    await fake.click(fake.alice, latest, "b2")
    await fake.click(fake.alice, latest, "f1")
    for message, label in ((old, "Hint"), (old, "a4")):
        reply = await fake.click(fake.alice, message, label)
        assert reply.content == FINISHED
    solver = await store.solver(fake.guild.id, fake.alice.id)
    assert solver is not None and solver.attempts == 1


async def test_forged_clicks_are_refused_and_change_nothing(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    message = await puzzle(fake, bot_harness, fake.alice, ONE_MOVE)
    storage = storage_of(bot_harness)
    attempt = await storage.puzzles.attempt(_attempt_id(message))
    b7 = next(b.custom_id for b in message.buttons if b.label == "b7")
    hint = next(b.custom_id for b in message.buttons if b.label == "Hint")
    # Nobody else sees Alice's message, nor does she from another server: her buttons, forged
    # on a message of their own (Bob's puzzle, hers in the second server), are off their message.
    bobs = (await fake.slash(fake.bob, "reversi puzzle")).message
    elsewhere = (await fake.slash(fake.alice, "reversi puzzle", channel=fake.lobby)).message
    for user, other in ((fake.bob, bobs), (fake.alice, elsewhere)):
        for custom_id in (b7, hint):
            reply = await fake.forge_click(user, custom_id, message=other)
            assert reply.ephemeral and reply.content == NOT_ON_ITS_MESSAGE
    assert await storage.puzzles.attempt(attempt.id if attempt else 0) == attempt
    assert "Solved" not in message.content

    await storage.forget_player(fake.guild.id, fake.alice.id)  # the attempt is gone
    reply = await fake.click(fake.alice, message, "b7")
    assert reply.content == "That puzzle doesn't exist."
    assert await storage.puzzles.solver(fake.guild.id, fake.alice.id) is None


async def test_twenty_clicks_at_once_count_one_answer(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    message = await puzzle(fake, bot_harness, fake.alice, ONE_MOVE)
    clicks = [fake.click(fake.alice, message, "b7") for _ in range(20)]
    replies = await asyncio.gather(*clicks)
    refused = [reply for reply in replies if reply.ephemeral and reply.content in (FINISHED, STALE)]
    assert len(refused) == 19
    assert "🎉 **Solved!**" in message.content
    store = storage_of(bot_harness).puzzles
    solver = await store.solver(fake.guild.id, fake.alice.id)
    learned = await store.puzzle(ONE_MOVE.id)
    assert solver is not None and (solver.attempts, solver.solved) == (1, 1)
    assert learned is not None and learned.attempts == 1


async def test_the_first_puzzle_is_near_a_newcomers_rating(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    message = (await fake.slash(fake.alice, "reversi puzzle")).message  # the bank seeded now
    attempt = await storage_of(bot_harness).puzzles.attempt(_attempt_id(message))
    assert attempt is not None and abs(ENTRIES[attempt.puzzle_id].rating - 1500) <= 100
    assert "Hint" in [button.label for button in message.buttons]


async def test_a_slow_answer_is_acknowledged_in_time_and_then_shown_in_place(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    message = await puzzle(fake, bot_harness, fake.alice, ONE_MOVE)
    release = threading.Event()
    draw = puzzle_message._draw

    def slow(board: Any) -> tuple[bytes, str]:
        release.wait(timeout=30)
        return draw(board)

    monkeypatch.setattr(puzzle_message, "_draw", slow)
    monkeypatch.setattr(replies, "ACK_WITHIN", 0.01)  # the 2 s of the timer, without waiting
    click = fake.click(fake.alice, message, "b7")
    try:
        await click.answered()  # the timer acknowledged the click while the image is drawn
        assert click.record.callback_type == DEFERRED_UPDATE
    finally:
        release.set()
    reply = await click

    assert not reply.late
    assert "🎉 **Solved!**" in message.content
    assert [button.label for button in message.buttons] == ["Next puzzle"]


async def test_a_refutation_is_searched_away_from_everyone_elses_answers(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a wrong move's refutation is being searched, in a worker, another member's
    puzzle is answered at once; the refutation then shows in its own message."""
    alices = await puzzle(fake, bot_harness, fake.alice, THREE_MOVES)
    bobs = await puzzle(fake, bot_harness, fake.bob, THREE_MOVES)
    held = asyncio.Event()
    searching = asyncio.Event()
    service = bot_harness.bot.services.puzzles
    refute = service.refuter
    assert refute == bot_harness.bot.computer.refute  # the worker processes'

    async def slow(position: Any, move: int) -> Any:
        searching.set()
        await held.wait()
        return await refute(position, move)

    monkeypatch.setattr(service, "refuter", slow)
    wrong = next(label for label in move_labels(alices) if label != "a4")
    fake.click(fake.alice, alices, wrong, expect_answer=False)
    await asyncio.wait_for(searching.wait(), 30)

    await fake.click(fake.bob, bobs, "a4")
    assert "✅ a4 is right" in bobs.content
    assert not alices.content.startswith("❌")

    held.set()
    await eventually(lambda: alices.content.startswith("❌"), seconds=30)
