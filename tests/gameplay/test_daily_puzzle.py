"""The daily puzzle through the fake Discord: set in `/reversi settings`, posted at its hour with
a Solve button that opens it privately, its count of solvers kept up to date, the next day's
post revealing the solution and the first solver (never a forgotten member), and the post made
exactly once a day across restarts and a crash between the post and its record."""

from __future__ import annotations

import asyncio

import pytest

from bot.domain.daily import DAY, HOUR
from bot.domain.puzzles import PUZZLE_DEVIATION, Line
from bot.engine import square_name
from bot.storage import Storage
from bot.storage.daily import DailyStore
from tests.aimed_puzzles import ENTRIES, THREE_MOVES, aim
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Message, User

HOUR_SET = 15
"""The fake clock starts at 12:00 UTC: the first post is due three hours later."""


def storage_of(harness: BotHarness) -> Storage:
    return harness.bot.storage


async def schedule(fake: FakeDiscord, hour: int = HOUR_SET) -> None:
    reply = await fake.slash(
        fake.world.owner, "reversi settings", daily_channel=fake.games, daily_hour=hour
    )
    assert reply.ephemeral and reply.content.startswith("Saved."), reply.content
    assert f"Daily puzzle: in <#{fake.games.id}> at **{hour:02d}:00** UTC" in reply.content


async def to_hour(fake: FakeDiscord, hour: int = HOUR_SET, *, days: int = 0) -> None:
    """Move the clock to `hour` o'clock, `days` days after the first."""
    now = fake.clock.timestamp()
    target = (now // DAY + days) * DAY + hour * HOUR
    await fake.advance(seconds=target - now)


def posts(fake: FakeDiscord) -> list[Message]:
    return [m for m in fake.messages(fake.games) if m.author is fake.world.bot_user]


async def line_of(harness: BotHarness, fake: FakeDiscord) -> Line:
    daily = await storage_of(harness).daily.posted(fake.guild.id)
    assert daily is not None
    return Line.of(ENTRIES[daily.puzzle_id])


def attempt_id(message: Message) -> int:
    return int(message.attachments[0].filename.split("-")[1])


async def solve(fake: FakeDiscord, post: Message, user: User, line: Line) -> Message:
    reply = await fake.click(user, post, label="Solve")
    assert reply.ephemeral and reply.message is not None, reply.content
    puzzle = reply.message
    for square, ours in zip(line.entry.line, line.ours, strict=True):
        if ours:
            await fake.click(user, puzzle, square_name(square))
    assert "🎉 **Solved!**" in puzzle.content
    await fake.settle()
    return puzzle


async def test_the_daily_puzzle_is_posted_at_its_hour_and_counts_who_solved_it(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await schedule(fake)
    await to_hour(fake, HOUR_SET - 1)
    await fake.advance(minutes=59)
    assert posts(fake) == []

    await fake.advance(minutes=1)

    [post] = posts(fake)
    line = await line_of(bot_harness, fake)
    assert post.content.startswith("🧩 **Daily puzzle** · 2030-01-01")
    assert "Nobody has solved it yet" in post.content
    assert [button.label for button in post.buttons] == ["Solve"]
    attachment = post.attachments[0]
    assert attachment.description and "Legal moves:" in attachment.description
    solution = " ".join(square_name(square) for square in line.entry.line)
    assert solution not in post.content.replace("*", "")

    puzzle = await solve(fake, post, fake.alice, line)
    assert "Puzzle rating" in puzzle.content
    assert "✅ Solved by 1 member so far." in post.content
    solver = await storage_of(bot_harness).puzzles.solver(fake.guild.id, fake.alice.id)
    assert solver is not None and (solver.attempts, solver.solved) == (1, 1)

    again = await fake.click(fake.alice, post, label="Solve")
    assert again.ephemeral and again.content.startswith("✅ You've already solved this puzzle")
    await solve(fake, post, fake.bob, line)
    assert "✅ Solved by 2 members so far." in post.content
    assert len(posts(fake)) == 1


async def test_the_next_post_reveals_the_solution_and_the_first_solver_not_a_forgotten_one(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await schedule(fake)
    await to_hour(fake)
    [first] = posts(fake)
    line = await line_of(bot_harness, fake)
    await solve(fake, first, fake.bob, line)
    await solve(fake, first, fake.carol, line)
    await solve(fake, first, fake.alice, line)
    reply = await fake.slash(fake.bob, "reversi forget-me")
    assert reply.message is not None
    await fake.click(fake.bob, reply.message, label="Yes, delete my stats")

    await to_hour(fake, days=1)

    old, new = posts(fake)
    assert old is first
    assert new.content.startswith("🧩 **Daily puzzle** · 2030-01-02")
    solution = " ".join(
        f"**{square_name(s)}**" if ours else square_name(s)
        for s, ours in zip(line.entry.line, line.ours, strict=True)
    )
    assert f"Solution of 2030-01-01: {solution}" in new.content
    assert "solved by 2 members, first by Carol" in new.content
    assert "Bob" not in new.content
    assert (await line_of(bot_harness, fake)).entry.id != line.entry.id
    late = await fake.click(fake.alice, old, label="Solve")
    assert late.ephemeral and late.content.startswith("That daily puzzle is over")


async def test_an_admin_is_told_what_the_bot_lacks_and_can_turn_the_daily_puzzle_off(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    owner = fake.world.owner
    fake.deny(fake.games, "attach_files", "read_message_history")
    refused = await fake.slash(owner, "reversi settings", daily_channel=fake.games, daily_hour=9)
    assert refused.ephemeral and refused.content == (
        f"I can't post the daily puzzle in <#{fake.games.id}>: I'm missing the Attach Files, "
        "Read Message History permissions there. Grant them, then set the channel again."
    )
    alone = await fake.slash(owner, "reversi settings", daily_hour=9)
    assert alone.content.startswith("The daily puzzle needs a channel and an hour")
    assert (await storage_of(bot_harness).settings.get(fake.guild.id)).daily is None

    fake.set_permissions(fake.games)
    await schedule(fake)
    off = await fake.slash(owner, "reversi settings", daily_off=True)
    assert "Daily puzzle: **off**" in off.content
    await to_hour(fake, days=1)
    assert posts(fake) == []


async def test_a_schedule_set_after_its_hour_posts_from_the_next_day(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await schedule(fake, hour=9)  # it is 12:00
    await fake.advance(hours=20)
    assert posts(fake) == []
    await fake.advance(hours=1)
    assert len(posts(fake)) == 1


async def test_restarts_before_and_after_the_hour_post_once(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await schedule(fake)
    await to_hour(fake, HOUR_SET - 1)
    await bot_harness.restart()
    await to_hour(fake)
    assert len(posts(fake)) == 1
    await bot_harness.restart()
    await fake.advance(hours=1)
    assert len(posts(fake)) == 1
    daily = await storage_of(bot_harness).daily.posted(fake.guild.id)
    assert daily is not None and daily.message_id == posts(fake)[0].id


async def test_a_stop_between_the_post_and_its_record_does_not_post_twice(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The post reached Discord, then the process stopped before it recorded it: the next start
    finds it in the channel and records it."""
    await schedule(fake)
    never: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    record = DailyStore.record

    async def stuck(self: DailyStore, *args: object, **kwargs: object) -> None:
        await never

    monkeypatch.setattr(DailyStore, "record", stuck)
    await to_hour(fake)
    [post] = posts(fake)
    await bot_harness.stop()
    monkeypatch.setattr(DailyStore, "record", record)
    async with await Storage.open(bot_harness.config.database) as storage:
        claim = await storage.daily.claim(fake.guild.id, fake.clock.timestamp())
    assert claim.puzzle is not None and claim.puzzle.message_id is None  # claimed, unrecorded

    await bot_harness.start()
    await fake.settle()

    assert posts(fake) == [post]
    daily = await storage_of(bot_harness).daily.posted(fake.guild.id)
    assert daily is not None and daily.message_id == post.id


async def test_a_claim_that_never_reached_discord_is_posted_at_the_next_start(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await schedule(fake)
    await bot_harness.stop()
    await to_hour(fake)
    async with await Storage.open(bot_harness.config.database) as storage:
        bank = [(entry.id, float(entry.rating)) for entry in ENTRIES.values()]
        await storage.puzzles.seed(bank, deviation=PUZZLE_DEVIATION)
        claim = await storage.daily.claim(fake.guild.id, fake.clock.timestamp())
    assert claim.fresh and claim.puzzle is not None

    await bot_harness.start()
    await fake.settle()

    [post] = posts(fake)
    daily = await storage_of(bot_harness).daily.posted(fake.guild.id)
    assert daily is not None and daily.message_id == post.id
    assert daily.puzzle_id == claim.puzzle.puzzle_id


async def test_the_daily_puzzle_opens_beside_a_personal_one_left_where_it_was(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await schedule(fake)
    await to_hour(fake)
    [post] = posts(fake)
    line = await line_of(bot_harness, fake)
    assert line.entry.id != THREE_MOVES.id
    await aim(storage_of(bot_harness), fake.guild.id, fake.alice.id, THREE_MOVES)
    mine = (await fake.slash(fake.alice, "reversi puzzle")).message
    await fake.click(fake.alice, mine, "a4")
    store = storage_of(bot_harness).puzzles
    personal = await store.attempt(attempt_id(mine))
    assert personal is not None and personal.step == 2

    daily = await solve(fake, post, fake.alice, line)

    assert attempt_id(daily) != personal.id
    assert "✅ Solved by 1 member so far." in post.content
    back = await fake.slash(fake.alice, "reversi puzzle")
    assert back.ephemeral and attempt_id(back.message) == personal.id
    assert await store.attempt(personal.id) == personal
    await fake.click(fake.alice, back.message, "b2")
    await fake.click(fake.alice, back.message, "f1")
    assert "🎉 **Solved!**" in back.message.content
    solver = await store.solver(fake.guild.id, fake.alice.id)
    assert solver is not None and (solver.attempts, solver.solved) == (2, 2)


async def test_the_first_solvers_name_is_escaped(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    mallory = fake.add_user("mallory", display_name="**@everyone** _x_")
    await schedule(fake)
    await to_hour(fake)
    [post] = posts(fake)
    await solve(fake, post, mallory, await line_of(bot_harness, fake))

    await to_hour(fake, days=1)

    reveal = posts(fake)[-1].content
    assert "first by \\*\\*@\u200beveryone\\*\\* \\_x\\_" in reveal
    assert "**@everyone**" not in reveal
