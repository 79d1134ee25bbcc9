"""Puzzles from a server's own games through the fake Discord: a finished game is reviewed,
the move where its player missed the one move that kept the best result becomes a puzzle of
that server, named after the game; its players never get it, nor does another server, a
player who asks to be forgotten takes the names off it, the bot's own misses make none, and a
search that failed is made again at the next start.

The game is WTH_1984#111 of the WTHOR sample: at move 55 (6 empty squares) White played g1,
where b2 alone kept the best result (b2 a1 g1, losing by 20 instead of 24 or more). The
reviews run at the small budget of the review tests, exact from 6 empty squares."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures.process import BrokenProcessPool

import pytest

import bot.services.reviews
from bot.computer import Computer
from bot.domain import GameRecord
from bot.domain.puzzles import NEW_SOLVER, ServerPuzzle, server_puzzle_id
from bot.engine import Game, parse_square
from bot.storage import Storage
from tests.aimed_puzzles import AIMED, answer_wrong
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Message, User

from .play import eventually, wthor_games
from .test_review import FAST, finished_game, review_shown

SAMPLE = 38
"""WTH_1984#111: Black wins 44-20."""
MOVE = 55
SOLUTION = ("b2", "a1", "g1")
NO_GAME_PUZZLE = (
    "No puzzle from this server's games is waiting for you: they come from reviewed games, "
    "where a player missed the one move that kept the best result, and never from your own "
    "games. Try `/reversi puzzle` for any puzzle."
)
GAMES_ONLY = "server-games"


@pytest.fixture(autouse=True)
def fast_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.services.reviews, "default_budget", lambda: FAST)


def storage_of(harness: BotHarness) -> Storage:
    return harness.bot.storage


def missed_position() -> str:
    """The position White was to move in at move 55."""
    game = Game.from_transcript(wthor_games()[SAMPLE]["moves"])
    return game.plies[MOVE - 1].before.to_string()


async def kept(harness: BotHarness, guild_id: int, seconds: float = 30.0) -> ServerPuzzle:
    """The server's puzzle of move 55, once the bot has found it in its worker processes."""
    puzzle_id = server_puzzle_id(guild_id, missed_position())
    deadline = time.monotonic() + seconds
    while (found := await storage_of(harness).puzzles.server_puzzle(puzzle_id)) is None:
        assert time.monotonic() < deadline, "the bot did not keep the puzzle in time"
        await asyncio.sleep(0.02)
    return found


async def reviewed(fake: FakeDiscord, harness: BotHarness, record: GameRecord) -> None:
    asked = await fake.slash(fake.carol, "reversi review", id=record.id)
    assert asked.message is not None
    deadline = time.monotonic() + 30
    while not review_shown(asked.message):
        assert time.monotonic() < deadline, "the review did not end in time"
        await asyncio.sleep(0.02)


async def missed_in_a_game(
    fake: FakeDiscord, harness: BotHarness, white: User | None = None
) -> tuple[GameRecord, ServerPuzzle]:
    """The sample game played to its end (with `white` as White, if given) and reviewed, and the
    puzzle its missed move makes for the server."""
    record = await finished_game(fake, harness, sample=SAMPLE, white=white)
    await reviewed(fake, harness, record)
    return record, await kept(harness, fake.guild.id)


async def aim_at(harness: BotHarness, guild_id: int, user: User, puzzle_id: str) -> None:
    """`user`'s nearest puzzle in rating is `puzzle_id`, whoever may be offered it."""
    storage = storage_of(harness)
    await storage.database.execute_alone(
        "UPDATE puzzle_ratings SET rating = ? WHERE puzzle_id = ?", (AIMED + 1, puzzle_id)
    )
    await storage.database.execute_alone(
        """
        INSERT INTO puzzle_solvers (guild_id, user_id, rating, deviation, volatility, updated_at)
        VALUES (?, ?, ?, ?, ?, 0)
        ON CONFLICT (guild_id, user_id) DO UPDATE SET rating = excluded.rating
        """,
        (guild_id, user.id, AIMED, NEW_SOLVER.deviation, NEW_SOLVER.volatility),
    )


def attempt_id(message: Message) -> int:
    return int(message.attachments[0].filename.split("-")[1])


async def test_a_missed_move_becomes_the_servers_puzzle_solved_by_a_member_with_clicks(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    zed = fake.add_user("zed", display_name="*Zed*")
    record, found = await missed_in_a_game(fake, bot_harness, white=zed)
    assert found.origin.game_id == record.id and found.origin.move == MOVE
    assert found.entry.line == tuple(parse_square(name) for name in SOLUTION)

    reply = await fake.slash(fake.carol, "reversi puzzle", source=GAMES_ONLY)

    message = reply.message
    assert reply.ephemeral and message.ephemeral
    lines = message.content.split("\n")
    assert lines[0] == "🧩 **Puzzle** · White to move · 2 moves to find"
    assert lines[1] == "🏟️ From Alice vs \\*Zed\\*, move 55"
    await fake.click(fake.carol, message, "b2")
    assert "✅ b2 is right; the opponent answered a1." in message.content
    assert "🏟️ From Alice vs \\*Zed\\*, move 55" in message.content
    await fake.click(fake.carol, message, "g1")
    assert message.content.startswith("🎉 **Solved!**")
    assert "Solution: **b2** a1 **g1**" in message.content
    store = storage_of(bot_harness).puzzles
    solver = await store.solver(fake.guild.id, fake.carol.id)
    learned = await store.puzzle(found.entry.id)
    assert solver is not None and (solver.attempts, solver.solved) == (1, 1)
    assert learned is not None and (learned.attempts, learned.solved) == (1, 1)


async def test_a_hint_and_a_wrong_move_work_on_a_puzzle_of_the_servers_games(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await missed_in_a_game(fake, bot_harness)
    message = (await fake.slash(fake.carol, "reversi puzzle", source=GAMES_ONLY)).message

    await fake.click(fake.carol, message, "Hint")
    assert "💡 Look in the top-left quarter (a1-d4)." in message.content
    assert "🏟️ From Alice vs Bob, move 55" in message.content
    wrong = next(b.label for b in message.buttons if b.label not in ("b2", "Hint"))
    await answer_wrong(fake, fake.carol, message, wrong)

    lines = message.content.split("\n")
    assert lines[0].startswith(f"❌ After {wrong}, ")
    assert lines[2] == "Solution: **b2** a1 **g1**"
    attempt = await storage_of(bot_harness).puzzles.attempt(attempt_id(message))
    assert attempt is not None and attempt.hinted and not attempt.solved


async def test_the_games_players_and_other_servers_never_get_its_puzzle(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    _, found = await missed_in_a_game(fake, bot_harness)
    guild, second = fake.guild.id, fake.second_guild.id

    for player in (fake.alice, fake.bob):
        reply = await fake.slash(player, "reversi puzzle", source=GAMES_ONLY)
        assert reply.ephemeral and reply.content == NO_GAME_PUZZLE
    # The puzzle is the nearest to their rating, yet the pick passes it by.
    await aim_at(bot_harness, guild, fake.alice, found.entry.id)
    await aim_at(bot_harness, second, fake.dave, found.entry.id)
    alices = (await fake.slash(fake.alice, "reversi puzzle")).message
    daves = (await fake.slash(fake.dave, "reversi puzzle", channel=fake.lobby)).message
    store = storage_of(bot_harness).puzzles
    for message in (alices, daves):
        attempt = await store.attempt(attempt_id(message))
        assert attempt is not None and attempt.puzzle_id != found.entry.id
        assert "🏟️" not in message.content
    erin = fake.add_user("erin", guild=fake.second_guild)
    reply = await fake.slash(erin, "reversi puzzle", channel=fake.lobby, source=GAMES_ONLY)
    assert reply.content == NO_GAME_PUZZLE
    # A member of the server who did not play it gets it, aimed the same way.
    await aim_at(bot_harness, guild, fake.carol, found.entry.id)
    carols = (await fake.slash(fake.carol, "reversi puzzle")).message
    attempt = await store.attempt(attempt_id(carols))
    assert attempt is not None and attempt.puzzle_id == found.entry.id


async def test_a_forgotten_player_takes_the_names_off_the_puzzle(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await missed_in_a_game(fake, bot_harness)
    message = (await fake.slash(fake.carol, "reversi puzzle", source=GAMES_ONLY)).message
    assert "🏟️ From Alice vs Bob, move 55" in message.content

    await storage_of(bot_harness).forget_player(fake.guild.id, fake.bob.id)
    await fake.click(fake.carol, message, "b2")

    assert "🏟️ From a game in this server, move 55" in message.content
    assert "Alice" not in message.content and "Bob" not in message.content


async def test_in_a_game_against_the_bot_only_the_players_misses_make_puzzles(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    bot_user = fake.world.bot_user
    ignored = await finished_game(fake, bot_harness, sample=SAMPLE, against_bot=True)
    await reviewed(fake, bot_harness, ignored)  # the bot, White, missed b2
    human = await finished_game(
        fake, bot_harness, sample=SAMPLE, against_bot=True, black=bot_user, white=fake.alice
    )
    # The same position, so the same puzzle id: had the bot's miss been kept, it would hold it.
    await reviewed(fake, bot_harness, human)
    found = await kept(bot_harness, fake.guild.id)
    assert found.origin.game_id == human.id
    rows = await storage_of(bot_harness).database.execute_alone(
        "SELECT game_id FROM server_puzzles", ()
    )
    assert [row["game_id"] for row in rows] == [human.id]


async def test_a_search_that_failed_is_made_again_at_the_next_start(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = await finished_game(fake, bot_harness, sample=SAMPLE)
    calls = []

    async def broken(self: Computer, position: str) -> None:
        calls.append(position)
        raise BrokenProcessPool("a worker died")

    original = Computer.find_puzzle
    monkeypatch.setattr(Computer, "find_puzzle", broken)
    await reviewed(fake, bot_harness, record)
    await eventually(lambda: bool(calls))
    unsearched = await storage_of(bot_harness).reviews.unsearched()
    assert [review.game_id for review in unsearched] == [record.id]

    monkeypatch.setattr(Computer, "find_puzzle", original)
    await bot_harness.restart()

    found = await kept(bot_harness, fake.guild.id)
    assert found.origin.game_id == record.id
    assert await storage_of(bot_harness).reviews.unsearched() == []
