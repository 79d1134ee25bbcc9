"""Making a member meet a chosen puzzle next: the bank seeded, then the puzzle and the member
rated far above every other puzzle, beyond the random spread of the pick."""

from __future__ import annotations

from bot.domain.puzzles import NEW_SOLVER, PUZZLE_DEVIATION
from bot.engine.puzzle_bank import Entry, bank
from bot.storage import Storage
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.world import Message, User
from tests.gameplay.play import eventually

ENTRIES = {entry.id: entry for entry in bank()}
ONE_MOVE = ENTRIES["e1394ac97c"]
"""b7, a puzzle of one move."""
THREE_MOVES = ENTRIES["1228751dac"]
"""a4 a7 b2 b3 f1: three moves to find, two replies."""
AIMED = 3000.0


async def aim(storage: Storage, guild_id: int, user_id: int, entry: Entry) -> None:
    """The member's next new puzzle in the server is `entry`."""
    ratings = [(each.id, float(each.rating)) for each in bank()]
    await storage.puzzles.seed(ratings, deviation=PUZZLE_DEVIATION)
    await storage.database.execute_alone(
        "UPDATE puzzle_ratings SET rating = ? WHERE puzzle_id = ?", (AIMED, entry.id)
    )
    await storage.database.execute_alone(
        """
        INSERT INTO puzzle_solvers (guild_id, user_id, rating, deviation, volatility, updated_at)
        VALUES (?, ?, ?, ?, ?, 0)
        ON CONFLICT (guild_id, user_id) DO UPDATE SET rating = excluded.rating
        """,
        (guild_id, user_id, AIMED, NEW_SOLVER.deviation, NEW_SOLVER.volatility),
    )


async def answer_wrong(fake: FakeDiscord, user: User, message: Message, label: str) -> None:
    """Click the wrong move `label`: its refutation is searched in a worker process, out of the
    fake's sight, so wait for the message to show it."""
    await fake.click(user, message, label, expect_answer=False)
    await eventually(lambda: message.content.startswith("❌"), seconds=30)
