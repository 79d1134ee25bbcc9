"""Rated puzzles: every puzzle's learned rating, members' puzzle ratings per server, and their
attempts.

An attempt moves on only from the step its answer names and only while it is open, in one
conditional write: of any number of concurrent answers to one position, one gets through, and a
finished attempt rates the member and the puzzle once, in the same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain.glicko2 import Rating, rate
from bot.domain.puzzles import (
    NEW_SOLVER,
    Attempt,
    AttemptStatus,
    PuzzleRecord,
    RatingChanges,
    SolverRecord,
    attempt_score,
)
from bot.storage.database import Row, Store, Transaction

ATTEMPT_COLUMNS = (
    "id, guild_id, user_id, puzzle_id, step, hinted, status, rating_before, rating_after, "
    "started_at, finished_at"
)
SOLVER_COLUMNS = "guild_id, user_id, rating, deviation, volatility, attempts, solved, updated_at"
PUZZLE_COLUMNS = "puzzle_id, rating, deviation, volatility, attempts, solved"
SEED_BATCH = 500
"""Puzzles inserted by one statement when the bank is seeded (4 parameters each)."""


def attempt_from_row(row: Row) -> Attempt:
    return Attempt(
        id=row["id"],
        guild_id=row["guild_id"],
        user_id=row["user_id"],
        puzzle_id=row["puzzle_id"],
        step=row["step"],
        hinted=bool(row["hinted"]),
        status=AttemptStatus(row["status"]),
        rating_before=row["rating_before"],
        rating_after=row["rating_after"],
        started_at=float(row["started_at"]),
        finished_at=None if row["finished_at"] is None else float(row["finished_at"]),
    )


def _rating(row: Row) -> Rating:
    return Rating(row["rating"], row["deviation"], row["volatility"])


def solver_from_row(row: Row) -> SolverRecord:
    return SolverRecord(
        guild_id=row["guild_id"],
        user_id=row["user_id"],
        rating=_rating(row),
        attempts=row["attempts"],
        solved=row["solved"],
        updated_at=float(row["updated_at"]),
    )


def puzzle_from_row(row: Row) -> PuzzleRecord:
    return PuzzleRecord(row["puzzle_id"], _rating(row), row["attempts"], row["solved"])


class PuzzleStore(Store):
    async def seed(self, ratings: Sequence[tuple[str, float]], *, deviation: float) -> int:
        """Give each puzzle of `ratings` (id, starting rating) that has no rating yet its
        starting one, with `deviation`; returns how many were added. Cheap when none is missing:
        the bank only grows, so equal counts mean nothing to add."""
        async with self.transaction() as db:
            held = await db.value("SELECT count(*) FROM puzzle_ratings")
            if held >= len(ratings):
                return 0
            known = {row[0] for row in await db.all("SELECT puzzle_id FROM puzzle_ratings")}
            missing = [(id_, rating) for id_, rating in ratings if id_ not in known]
            volatility = NEW_SOLVER.volatility
            for start in range(0, len(missing), SEED_BATCH):
                batch = missing[start : start + SEED_BATCH]
                values = ", ".join("(?, ?, ?, ?)" for _ in batch)
                params = [
                    value
                    for id_, rating in batch
                    for value in (id_, float(rating), deviation, volatility)
                ]
                await db.all(
                    f"""
                    INSERT INTO puzzle_ratings (puzzle_id, rating, deviation, volatility)
                    VALUES {values} ON CONFLICT (puzzle_id) DO NOTHING
                    """,
                    params,
                )
        return len(missing)

    async def solver(self, guild_id: int, user_id: int) -> SolverRecord | None:
        async with self.transaction(read_only=True) as db:
            row = await db.one(
                f"SELECT {SOLVER_COLUMNS} FROM puzzle_solvers WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )
        return None if row is None else solver_from_row(row)

    async def puzzle(self, puzzle_id: str) -> PuzzleRecord | None:
        async with self.transaction(read_only=True) as db:
            row = await db.one(
                f"SELECT {PUZZLE_COLUMNS} FROM puzzle_ratings WHERE puzzle_id = ?", (puzzle_id,)
            )
        return None if row is None else puzzle_from_row(row)

    async def attempt(self, attempt_id: int) -> Attempt | None:
        async with self.transaction(read_only=True) as db:
            row = await db.one(
                f"SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts WHERE id = ?", (attempt_id,)
            )
        return None if row is None else attempt_from_row(row)

    async def start(
        self, guild_id: int, user_id: int, target: float, *, sample_from: str = "", now: float
    ) -> Attempt | None:
        """The member's open attempt in the server if they have one, else a new one at a puzzle
        they never met there, near `target` in rating (`pick_unmet`, which samples from id
        `sample_from` on if it must); None if they have met every puzzle."""
        async with self.transaction() as db:
            found = await _open_attempt(db, guild_id, user_id)
            if found is not None:
                return found
            puzzle_id = await pick_unmet(db, guild_id, user_id, target, sample_from)
            if puzzle_id is None:
                return None
            row = await db.one(
                f"""
                INSERT INTO puzzle_attempts (guild_id, user_id, puzzle_id, started_at)
                VALUES (?, ?, ?, ?)
                ON CONFLICT DO NOTHING
                RETURNING {ATTEMPT_COLUMNS}
                """,
                (guild_id, user_id, puzzle_id, now),
            )
            # Nothing inserted: a concurrent start opened one first.
            return attempt_from_row(row) if row else await _open_attempt(db, guild_id, user_id)

    async def advance(self, attempt_id: int, step: int, to: int) -> Attempt | None:
        """Move the open attempt at `step` on to step `to`; None if it is not open at `step`."""
        rows = await self.execute_alone(
            f"""
            UPDATE puzzle_attempts SET step = ?
            WHERE id = ? AND step = ? AND status = 'open'
            RETURNING {ATTEMPT_COLUMNS}
            """,
            (to, attempt_id, step),
        )
        return attempt_from_row(rows[0]) if rows else None

    async def hint(self, attempt_id: int, step: int) -> Attempt | None:
        """Mark the open attempt at `step` as helped by a hint; None if it is not open there."""
        rows = await self.execute_alone(
            f"""
            UPDATE puzzle_attempts SET hinted = TRUE
            WHERE id = ? AND step = ? AND status = 'open'
            RETURNING {ATTEMPT_COLUMNS}
            """,
            (attempt_id, step),
        )
        return attempt_from_row(rows[0]) if rows else None

    async def finish(
        self, attempt_id: int, step: int, *, solved: bool, now: float
    ) -> tuple[Attempt, RatingChanges] | None:
        """End the open attempt at `step`, solved or failed, and rate the member and the puzzle
        against each other, all in one transaction; None if it is not open at `step`."""
        status = AttemptStatus.SOLVED if solved else AttemptStatus.FAILED
        async with self.transaction() as db:
            row = await db.one(
                f"""
                UPDATE puzzle_attempts SET status = ?, finished_at = ?
                WHERE id = ? AND step = ? AND status = 'open'
                RETURNING {ATTEMPT_COLUMNS}
                """,
                (status.value, now, attempt_id, step),
            )
            if row is None:
                return None
            attempt = attempt_from_row(row)
            # The puzzle first, then the member: every finishing transaction locks in this order.
            puzzle_row = await db.one(
                f"""
                SELECT {PUZZLE_COLUMNS} FROM puzzle_ratings WHERE puzzle_id = ?
                {db.dialect.for_update}
                """,
                (attempt.puzzle_id,),
            )
            assert puzzle_row is not None  # the attempt refers to it
            puzzle = _rating(puzzle_row)
            solver = await _locked_solver(db, attempt.guild_id, attempt.user_id, now)
            score = attempt_score(solved=solved, hinted=attempt.hinted)
            changes = RatingChanges(
                solver=(solver, rate(solver, [(puzzle, score)])),
                puzzle=(puzzle, rate(puzzle, [(solver, 1.0 - score)])),
            )
            new_solver, new_puzzle = changes.solver[1], changes.puzzle[1]
            await db.all(
                """
                UPDATE puzzle_solvers
                SET rating = ?, deviation = ?, volatility = ?, attempts = attempts + 1,
                    solved = solved + ?, updated_at = ?
                WHERE guild_id = ? AND user_id = ?
                """,
                (
                    new_solver.rating,
                    new_solver.deviation,
                    new_solver.volatility,
                    int(solved),
                    now,
                    attempt.guild_id,
                    attempt.user_id,
                ),
            )
            await db.all(
                """
                UPDATE puzzle_ratings
                SET rating = ?, deviation = ?, volatility = ?, attempts = attempts + 1,
                    solved = solved + ?
                WHERE puzzle_id = ?
                """,
                (
                    new_puzzle.rating,
                    new_puzzle.deviation,
                    new_puzzle.volatility,
                    int(solved),
                    attempt.puzzle_id,
                ),
            )
            row = await db.one(
                f"""
                UPDATE puzzle_attempts SET rating_before = ?, rating_after = ? WHERE id = ?
                RETURNING {ATTEMPT_COLUMNS}
                """,
                (solver.rating, new_solver.rating, attempt_id),
            )
        assert row is not None
        return attempt_from_row(row), changes


async def _open_attempt(db: Transaction, guild_id: int, user_id: int) -> Attempt | None:
    row = await db.one(
        f"""
        SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts
        WHERE guild_id = ? AND user_id = ? AND status = 'open'
        """,
        (guild_id, user_id),
    )
    return None if row is None else attempt_from_row(row)


NEAR = 50
"""Puzzles the pick walks past on each side of the target rating before it samples instead."""
SAMPLE = 300
"""Puzzles in a sample, in id order from a random one on."""
UNMET = """
    (
        SELECT 1 FROM puzzle_attempts a
        WHERE a.guild_id = ? AND a.user_id = ? AND a.puzzle_id = r.puzzle_id
    ) IS NULL
"""
"""A probe of the member's attempts per puzzle walked past. A scalar subquery, not NOT EXISTS:
PostgreSQL would make that an anti join, which its generic plan for a prepared statement (from
the sixth run on) does by hashing every attempt in the table, 200 ms with 100,000 of them."""


async def pick_unmet(
    db: Transaction, guild_id: int, user_id: int, target: float, sample_from: str
) -> str | None:
    """The puzzle nearest `target` in rating that the member never met in the server, among the
    `NEAR` nearest on each side. A member who met all of those (their attempts gather around
    their rating) gets the nearest among the `SAMPLE` puzzles from id `sample_from` on (ids are
    digests: any run of them is a random sample); one who met those too, the nearest of all. So
    a pick probes a bounded number of puzzles however many the member met, short of nearly all.
    Ties go to the lower id."""
    near = await _walks(db, guild_id, user_id, target, NEAR)
    if not near:
        near = await db.all(
            f"""
            SELECT puzzle_id, rating FROM (
                SELECT puzzle_id, rating FROM puzzle_ratings WHERE puzzle_id >= ?
                ORDER BY puzzle_id LIMIT {SAMPLE}
            ) r WHERE {UNMET}
            """,
            (sample_from, guild_id, user_id),
        )
    if not near:
        near = await _walks(db, guild_id, user_id, target, None)
    if not near:
        return None
    best = min(near, key=lambda row: (abs(row["rating"] - target), row["puzzle_id"]))
    return str(best["puzzle_id"])


async def _walks(
    db: Transaction, guild_id: int, user_id: int, target: float, limit: int | None
) -> list[Row]:
    """The first unmet puzzle up from `target` and the first down, along the rating index,
    within `limit` puzzles each way (without a limit, as far as it takes)."""
    found = []
    for side, order in ((">=", ""), ("<", " DESC")):
        bounded = "" if limit is None else f"LIMIT {limit}"
        row = await db.one(
            f"""
            SELECT puzzle_id, rating FROM (
                SELECT puzzle_id, rating FROM puzzle_ratings WHERE rating {side} ?
                ORDER BY rating{order}, puzzle_id{order} {bounded}
            ) r WHERE {UNMET}
            ORDER BY rating{order}, puzzle_id{order} LIMIT 1
            """,
            (target, guild_id, user_id),
        )
        if row is not None:
            found.append(row)
    return found


async def _locked_solver(db: Transaction, guild_id: int, user_id: int, now: float) -> Rating:
    """The member's puzzle rating, created as a newcomer's if they have none, locked until the
    transaction ends."""
    await db.all(
        """
        INSERT INTO puzzle_solvers (guild_id, user_id, rating, deviation, volatility, updated_at)
        VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (guild_id, user_id) DO NOTHING
        """,
        (
            guild_id,
            user_id,
            NEW_SOLVER.rating,
            NEW_SOLVER.deviation,
            NEW_SOLVER.volatility,
            now,
        ),
    )
    row = await db.one(
        f"""
        SELECT rating, deviation, volatility FROM puzzle_solvers
        WHERE guild_id = ? AND user_id = ? {db.dialect.for_update}
        """,
        (guild_id, user_id),
    )
    assert row is not None
    return _rating(row)
