"""Puzzles in the records: the puzzle section of `/reversi stats` (rating, solved, success rate
and the daily streak, across days of the fake clock) and the puzzle leaderboard, which ranks
only the members whose puzzle rating is no longer provisional and forgets who asked to be
forgotten."""

from __future__ import annotations

from bot.domain.puzzles import Line
from bot.engine import square_name
from bot.engine.puzzle_bank import Entry
from tests.aimed_puzzles import ENTRIES, ONE_MOVE, THREE_MOVES, aim, answer_wrong
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import User

from .test_records import embed_of, field, field_names, footer, lines, pager, posted, shown

PUZZLE_PROVISIONAL = "? = provisional puzzle rating (too few puzzles to be sure)"
OTHERS = [entry for entry in ENTRIES.values() if entry not in (ONE_MOVE, THREE_MOVES)]


async def attempt(
    fake: FakeDiscord, harness: BotHarness, user: User, entry: Entry, *, solve: bool
) -> None:
    """`user` meets `entry` next and solves it by clicks, or plays a wrong first move."""
    await aim(harness.bot.storage, fake.guild.id, user.id, entry)
    message = (await fake.slash(user, "reversi puzzle")).message
    line = Line.of(entry)
    if not solve:
        right = square_name(line.solution(0))
        legal = [square_name(square) for square in line.positions[0].legal_moves()]
        await answer_wrong(fake, user, message, next(label for label in legal if label != right))
        return
    for step, ours in enumerate(line.ours):
        if ours:
            await fake.click(user, message, square_name(line.solution(step)))
    assert "🎉 **Solved!**" in message.content


async def puzzle_fields(fake: FakeDiscord, user: User) -> tuple[str, str, str]:
    card = await shown(fake.slash(user, "reversi stats"))
    return field(card, "Puzzle rating"), field(card, "Puzzles solved"), field(card, "Puzzle streak")


async def test_stats_show_puzzles_solved_and_the_daily_streak_across_days(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    alice = fake.alice
    card = await shown(fake.slash(alice, "reversi stats"))
    assert "Puzzle rating" not in field_names(card)  # no attempt yet: no puzzle section

    await attempt(fake, bot_harness, alice, ONE_MOVE, solve=True)  # day 1 (2030-01-01)
    await attempt(fake, bot_harness, alice, OTHERS[0], solve=False)
    solver = await bot_harness.bot.storage.puzzles.solver(fake.guild.id, alice.id)
    assert solver is not None
    rating, solved, streak = await puzzle_fields(fake, alice)
    assert rating == f"**{round(solver.rating.rating)}?** ± {round(solver.rating.deviation)}"
    assert solved == "1 of 2 (50%)"
    assert streak == "1 day (best: 1 day)"
    card = await shown(fake.slash(alice, "reversi stats"))
    assert footer(card) == PUZZLE_PROVISIONAL  # no rated game: only the puzzles' note
    assert card["description"] == f"{alice.mention} hasn't played a rated game here yet."

    await fake.advance(hours=11, minutes=59)  # 23:59 the same day: a second solve adds no day
    await attempt(fake, bot_harness, alice, OTHERS[1], solve=True)
    assert (await puzzle_fields(fake, alice))[1:] == ("2 of 3 (67%)", "1 day (best: 1 day)")

    await fake.advance(minutes=2)  # 00:01 the next day
    await attempt(fake, bot_harness, alice, THREE_MOVES, solve=True)
    assert (await puzzle_fields(fake, alice))[1:] == ("3 of 4 (75%)", "2 days (best: 2 days)")

    await fake.advance(days=1)  # a day without a solve yet: the streak may still go on
    assert (await puzzle_fields(fake, alice))[2] == "2 days (best: 2 days)"
    await attempt(fake, bot_harness, alice, OTHERS[2], solve=False)  # a failure keeps no day
    await fake.advance(days=1)  # a whole day missed: broken
    assert (await puzzle_fields(fake, alice))[2] == "none (best: 2 days)"

    await attempt(fake, bot_harness, alice, OTHERS[3], solve=True)
    assert (await puzzle_fields(fake, alice))[1:] == ("4 of 6 (67%)", "1 day (best: 2 days)")
    # Bob never tried one: his card has no puzzle section.
    bobs = await shown(fake.slash(alice, "reversi stats", player=fake.bob))
    assert "Puzzle rating" not in field_names(bobs)


async def solvers(
    harness: BotHarness, guild_id: int, rows: list[tuple[User, float, float, int, int]]
) -> None:
    """Puzzle records as (user, rating, deviation, attempts, solved), straight into the table."""
    async with harness.bot.storage.database.transaction() as db:
        for user, rating, deviation, attempts, solved in rows:
            await db.all(
                """
                INSERT INTO puzzle_solvers (guild_id, user_id, rating, deviation, volatility,
                                            attempts, solved, updated_at)
                VALUES (?, ?, ?, ?, 0.06, ?, ?, 0)
                """,
                (guild_id, user.id, rating, deviation, attempts, solved),
            )


async def test_the_puzzle_leaderboard_ranks_sure_ratings_pages_and_forgets(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    others = [fake.add_user(f"solver{i}") for i in range(14)]
    # Every third is still provisional, however high: off the board.
    rows = [
        (user, 2000.0 - 40 * i, 150.0 if i % 3 == 0 else 70.0, 30 + i, 20 + i)
        for i, user in enumerate(others)
    ]
    rows.append((fake.alice, 1900.0, 90.0, 40, 31))
    rows.append((fake.bob, 2500.0, 300.0, 3, 3))
    await solvers(bot_harness, fake.guild.id, rows)
    await solvers(bot_harness, fake.second_guild.id, [(fake.carol, 2400.0, 60.0, 50, 40)])
    ranked = sorted((r for r in rows if r[2] <= 110), key=lambda r: -r[1])
    assert len(ranked) == 9 + 1

    def expected(rank: int) -> str:
        user, rating, _, _, solved = ranked[rank - 1]
        place = {1: "🥇", 2: "🥈", 3: "🥉"}.get(rank, f"**{rank}.**")
        return f"{place} {user.mention} — **{round(rating)}** · {solved} solved"

    board = await posted(fake.slash(fake.alice, "reversi leaderboard", kind="puzzles"))
    embed = embed_of(board)
    assert embed["title"] == "🧩 Puzzle leaderboard · Reversi Club"
    assert lines(embed) == [expected(rank) for rank in range(1, 11)]
    alice_rank = 1 + next(i for i, r in enumerate(ranked) if r[0] is fake.alice)
    assert alice_rank == 3  # 1960 and 1920 ahead; 2000 provisional
    assert field(embed, "Your place") == (
        f"{fake.alice.mention}: **#3** of 10 · **1900** · 31 solved"
    )
    assert footer(embed) == "Page 1 of 1 · 10 ranked members"
    assert pager(board) == []
    assert fake.carol.mention not in embed["description"]  # another server's

    provisional = await shown(fake.slash(fake.bob, "reversi leaderboard", kind="puzzles"))
    assert field(provisional, "Your place") == (
        f"{fake.bob.mention}: puzzle rating **2500?**, still provisional; solve more puzzles "
        "to join the board."
    )
    none = await shown(fake.slash(fake.carol, "reversi leaderboard", kind="puzzles"))
    assert field(none, "Your place") == (
        f"{fake.carol.mention}: no puzzles yet; `/reversi puzzle` gives you one."
    )
    games = await shown(fake.slash(fake.alice, "reversi leaderboard"))
    assert games["title"] == "🏆 Reversi leaderboard · Reversi Club"  # games by default

    # Two more sure solvers: a second page, turned and shared.
    late = [fake.add_user(f"late{i}") for i in range(2)]
    await solvers(
        bot_harness, fake.guild.id, [(u, 1000.0 - i, 50.0, 20, 10) for i, u in enumerate(late)]
    )
    board = await posted(fake.slash(fake.alice, "reversi leaderboard", kind="puzzles"))
    assert footer(embed_of(board)) == "Page 1 of 2 · 12 ranked members"
    assert pager(board) == [("Previous", True), ("Next", False)]
    await fake.click(fake.alice, board, "Next")
    assert lines(embed_of(board)) == [
        f"**11.** {late[0].mention} — **1000** · 10 solved",
        f"**12.** {late[1].mention} — **999** · 10 solved",
    ]
    shared = await fake.click(fake.alice, board, "Share")
    (public,) = shared.followups
    assert not public.ephemeral and public.embeds == board.embeds
    await bot_harness.restart()
    await fake.click(fake.bob, public, "Previous")
    assert lines(embed_of(public))[2] == expected(3)

    # Alice asks to be forgotten: off the board, and her stats have no puzzles left.
    reply = await fake.slash(fake.alice, "reversi forget-me")
    assert reply.message is not None
    await fake.click(fake.alice, reply.message, label="Yes, delete my stats")
    embed = await shown(fake.slash(fake.bob, "reversi leaderboard", kind="puzzles"))
    assert fake.alice.mention not in embed["description"]
    assert lines(embed)[2] == expected(4).replace("**4.**", "🥉")
    assert footer(embed).endswith(" · 11 ranked members")
    card = await shown(fake.slash(fake.bob, "reversi stats", player=fake.alice))
    assert "Puzzle rating" not in field_names(card)
