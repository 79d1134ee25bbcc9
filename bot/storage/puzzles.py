"""Rated puzzles: every puzzle's learned rating, members' puzzle ratings per server, and their
attempts.

An attempt moves on only from the step its answer names and only while it is open, in one
conditional write: of any number of concurrent answers to one position, one gets through, and a
finished attempt rates the member and the puzzle once, in the same transaction.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.domain import InvalidInputError
from bot.domain.glicko2 import PROVISIONAL_DEVIATION, Rating, rate
from bot.domain.puzzles import (
    BANK_POOL,
    NEW_SOLVER,
    Attempt,
    AttemptStatus,
    Origin,
    PuzzleBoard,
    PuzzleBoardEntry,
    PuzzleRecord,
    RatingChanges,
    ServerPuzzle,
    SolverRecord,
    Streak,
    attempt_score,
    day_of,
)
from bot.engine.puzzle_bank import Entry, moves_text, parse_moves, parse_themes, themes_text
from bot.storage.database import Row, Store, Transaction
from bot.storage.players import MAX_PER_PAGE

ATTEMPT_COLUMNS = (
    "id, guild_id, user_id, puzzle_id, step, hinted, status, rating_before, rating_after, "
    "started_at, finished_at"
)
SOLVER_COLUMNS = (
    "guild_id, user_id, rating, deviation, volatility, attempts, solved, updated_at, "
    "streak, best_streak, solved_day"
)
PUZZLE_COLUMNS = "puzzle_id, rating, deviation, volatility, attempts, solved, guild_id"
SERVER_PUZZLE_COLUMNS = (
    "puzzle_id, guild_id, game_id, move, position, line, score, margin, themes, created_at"
)
RANKED = f"guild_id = :guild AND deviation <= {PROVISIONAL_DEVIATION!r}"
"""The members a server's puzzle leaderboard ranks: those whose rating is no longer
provisional. The limit is a literal, the one of the partial index `puzzle_solvers_ranked`, so
that both databases walk that index."""
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
        streak=_streak(row),
    )


def _streak(row: Row) -> Streak:
    return Streak(row["streak"], row["best_streak"], row["solved_day"])


def puzzle_from_row(row: Row) -> PuzzleRecord:
    return PuzzleRecord(row["puzzle_id"], _rating(row), row["attempts"], row["solved"])


def server_puzzle_from_row(row: Row) -> ServerPuzzle:
    """A row of `server_puzzles` with its learned rating and its game's players."""
    entry = Entry(
        row["puzzle_id"],
        row["position"],
        parse_moves(row["line"]),
        row["score"],
        row["margin"],
        parse_themes(row["themes"]),
        round(row["rating"]),
    )
    origin = Origin(row["game_id"], row["move"], row["black_id"], row["white_id"])
    return ServerPuzzle(row["guild_id"], entry, origin)


class PuzzleStore(Store):
    async def seed(self, ratings: Sequence[tuple[str, float]], *, deviation: float) -> int:
        """Give each puzzle of `ratings` (id, starting rating) that has no rating yet its
        starting one, with `deviation`; returns how many were added. Cheap when none is missing:
        the bank only grows, so equal counts mean nothing to add."""
        bank = f"FROM puzzle_ratings WHERE guild_id = {BANK_POOL}"
        async with self.transaction() as db:
            held = await db.value(f"SELECT count(*) {bank}")
            if held >= len(ratings):
                return 0
            known = {row[0] for row in await db.all(f"SELECT puzzle_id {bank}")}
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

    async def searched(
        self,
        game_id: int,
        engine: str,
        found: Sequence[ServerPuzzle],
        *,
        deviation: float,
        now: float,
    ) -> int:
        """Keep the puzzles found in a game by its review (by `engine`), each with its starting
        rating (the entry's) and `deviation`, and mark the review searched, in one transaction;
        returns how many were new (a position the server has a puzzle of already adds nothing:
        the id is the server's and the position's)."""
        added = 0
        async with self.transaction() as db:
            await db.all(
                "UPDATE reviews SET puzzles_searched = TRUE WHERE game_id = ? AND engine = ?",
                (game_id, engine),
            )
            for puzzle in found:
                entry, origin = puzzle.entry, puzzle.origin
                rows = await db.all(
                    """
                    INSERT INTO puzzle_ratings (puzzle_id, rating, deviation, volatility, guild_id)
                    VALUES (?, ?, ?, ?, ?) ON CONFLICT (puzzle_id) DO NOTHING
                    RETURNING puzzle_id
                    """,
                    (
                        entry.id,
                        float(entry.rating),
                        deviation,
                        NEW_SOLVER.volatility,
                        puzzle.guild_id,
                    ),
                )
                if not rows:
                    continue
                await db.all(
                    f"""
                    INSERT INTO server_puzzles ({SERVER_PUZZLE_COLUMNS})
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    (
                        entry.id,
                        puzzle.guild_id,
                        origin.game_id,
                        origin.move,
                        entry.position,
                        moves_text(entry.line),
                        entry.score,
                        entry.margin,
                        themes_text(entry.themes),
                        now,
                    ),
                )
                added += 1
        return added

    async def server_puzzle(self, puzzle_id: str) -> ServerPuzzle | None:
        """A puzzle of a server's games, with its game's players as they are now."""
        async with self.transaction(read_only=True) as db:
            row = await db.one(
                """
                SELECT s.puzzle_id, s.guild_id, s.game_id, s.move, s.position, s.line, s.score,
                       s.margin, s.themes, r.rating, g.black_id, g.white_id
                FROM server_puzzles s
                JOIN puzzle_ratings r ON r.puzzle_id = s.puzzle_id
                JOIN games g ON g.id = s.game_id
                WHERE s.puzzle_id = ?
                """,
                (puzzle_id,),
            )
        return None if row is None else server_puzzle_from_row(row)

    async def solver(self, guild_id: int, user_id: int) -> SolverRecord | None:
        async with self.transaction(read_only=True) as db:
            row = await db.one(
                f"SELECT {SOLVER_COLUMNS} FROM puzzle_solvers WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )
        return None if row is None else solver_from_row(row)

    async def leaderboard(
        self, guild_id: int, *, page: int = 1, per_page: int = 10, viewer_id: int | None = None
    ) -> PuzzleBoard:
        """One page of the server's members whose puzzle rating is no longer provisional, by
        rating (ties by id), plus the viewer's own entry and record. A page past the end gives
        the last page, and one below 1 the first."""
        if not 1 <= per_page <= MAX_PER_PAGE:
            raise InvalidInputError(f"A page holds between 1 and {MAX_PER_PAGE} members.")
        ranked = {"guild": guild_id}
        async with self.transaction(read_only=True) as db:
            total = await db.value(f"SELECT count(*) FROM puzzle_solvers WHERE {RANKED}", ranked)
            page = min(max(page, 1), max(1, math.ceil(total / per_page)))
            offset = (page - 1) * per_page
            rows = await db.all(
                f"""
                SELECT {SOLVER_COLUMNS} FROM puzzle_solvers WHERE {RANKED}
                ORDER BY rating DESC, user_id LIMIT :limit OFFSET :offset
                """,
                {**ranked, "limit": per_page, "offset": offset},
            )
            entries = tuple(
                PuzzleBoardEntry(offset + i + 1, solver_from_row(row)) for i, row in enumerate(rows)
            )
            viewer = next((e for e in entries if e.solver.user_id == viewer_id), None)
            record = None if viewer is None else viewer.solver
            if viewer is None and viewer_id is not None:
                row = await db.one(
                    f"""
                    SELECT {SOLVER_COLUMNS} FROM puzzle_solvers
                    WHERE guild_id = ? AND user_id = ?
                    """,
                    (guild_id, viewer_id),
                )
                record = None if row is None else solver_from_row(row)
            if viewer is None and record is not None and not record.provisional:
                ahead = await db.value(
                    f"""
                    SELECT count(*) FROM puzzle_solvers WHERE {RANKED}
                      AND (rating > :rating OR (rating = :rating AND user_id < :user))
                    """,
                    {**ranked, "rating": record.rating.rating, "user": record.user_id},
                )
                viewer = PuzzleBoardEntry(ahead + 1, record)
        return PuzzleBoard(guild_id, page, per_page, total, entries, viewer, record)

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
        self,
        guild_id: int,
        user_id: int,
        target: float,
        *,
        sample_from: str = "",
        pools: Sequence[int] = (BANK_POOL,),
        now: float,
    ) -> Attempt | None:
        """The member's open personal attempt in the server if they have one (a daily one is
        `DailyStore.attempt`'s), else a new one at a puzzle of `pools` they never met there,
        near `target` in rating (`pick_unmet`, which samples from id `sample_from` on if it
        must); None if they have met every such puzzle."""
        async with self.transaction() as db:
            found = await _open_attempt(db, guild_id, user_id)
            if found is not None:
                return found
            puzzle_id = await pick_unmet(db, guild_id, user_id, target, sample_from, pools)
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
        async with self.transaction() as db:
            return await finish_attempt(db, attempt_id, step, solved=solved, now=now)


async def finish_attempt(
    db: Transaction, attempt_id: int, step: int, *, solved: bool, now: float
) -> tuple[Attempt, RatingChanges] | None:
    """End the open attempt at `step`, solved or failed, and rate the member and the puzzle
    against each other, in `db`; None if it is not open at `step`."""
    status = AttemptStatus.SOLVED if solved else AttemptStatus.FAILED
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
    solver, streak = await _locked_solver(db, attempt.guild_id, attempt.user_id, now)
    if solved:
        streak = streak.after_solve(day_of(now))
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
            solved = solved + ?, updated_at = ?, streak = ?, best_streak = ?,
            solved_day = ?
        WHERE guild_id = ? AND user_id = ?
        """,
        (
            new_solver.rating,
            new_solver.deviation,
            new_solver.volatility,
            int(solved),
            now,
            streak.length,
            streak.best,
            streak.last_day,
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
    """The member's open personal attempt: one opened from a daily post comes back by its post."""
    row = await db.one(
        f"""
        SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts
        WHERE guild_id = ? AND user_id = ? AND status = 'open' AND NOT daily
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


NOT_PLAYED = """
    (
        SELECT 1 FROM server_puzzles s JOIN games g ON g.id = s.game_id
        WHERE s.puzzle_id = r.puzzle_id AND (g.black_id = ? OR g.white_id = ?)
    ) IS NULL
"""
"""A probe, per puzzle of a server's games walked past, of whether the member played that game:
its players saw the position already."""


async def pick_unmet(
    db: Transaction,
    guild_id: int,
    user_id: int,
    target: float,
    sample_from: str,
    pools: Sequence[int] = (BANK_POOL,),
) -> str | None:
    """The puzzle of `pools` (`BANK_POOL`, the server's id for its games' puzzles) nearest
    `target` in rating that the member never met in the server, among the `NEAR` nearest on
    each side in each pool; none of a game they played. A member who met all of those (their
    attempts gather around their rating) gets the nearest among the bank's `SAMPLE` puzzles
    from id `sample_from` on (ids are digests: any run of them is a random sample); one who met
    those too, the nearest of all. So a pick probes a bounded number of puzzles however many the
    member met, short of nearly all. Ties go to the lower id."""
    near = await _walks(db, guild_id, user_id, target, NEAR, pools)
    if not near and BANK_POOL in pools:
        near = await db.all(
            f"""
            SELECT puzzle_id, rating FROM (
                SELECT puzzle_id, rating FROM puzzle_ratings
                WHERE puzzle_id >= ? AND guild_id = {BANK_POOL}
                ORDER BY puzzle_id LIMIT {SAMPLE}
            ) r WHERE {UNMET}
            """,
            (sample_from, guild_id, user_id),
        )
    if not near:
        near = await _walks(db, guild_id, user_id, target, None, pools)
    if not near:
        return None
    best = min(near, key=lambda row: (abs(row["rating"] - target), row["puzzle_id"]))
    return str(best["puzzle_id"])


async def _walks(
    db: Transaction,
    guild_id: int,
    user_id: int,
    target: float,
    limit: int | None,
    pools: Sequence[int],
) -> list[Row]:
    """In each pool, the first unmet puzzle up from `target` and the first down, along the
    rating index, within `limit` puzzles each way (without a limit, as far as it takes)."""
    found = []
    bounded = "" if limit is None else f"LIMIT {limit}"
    for pool in pools:
        played = "" if pool == BANK_POOL else f"AND {NOT_PLAYED}"
        extra = () if pool == BANK_POOL else (user_id, user_id)
        for side, order in ((">=", ""), ("<", " DESC")):
            row = await db.one(
                f"""
                SELECT puzzle_id, rating FROM (
                    SELECT puzzle_id, rating FROM puzzle_ratings
                    WHERE guild_id = ? AND rating {side} ?
                    ORDER BY rating{order}, puzzle_id{order} {bounded}
                ) r WHERE {UNMET} {played}
                ORDER BY rating{order}, puzzle_id{order} LIMIT 1
                """,
                (pool, target, guild_id, user_id, *extra),
            )
            if row is not None:
                found.append(row)
    return found


async def _locked_solver(
    db: Transaction, guild_id: int, user_id: int, now: float
) -> tuple[Rating, Streak]:
    """The member's puzzle rating and streak, created as a newcomer's if they have none, locked
    until the transaction ends."""
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
        SELECT rating, deviation, volatility, streak, best_streak, solved_day FROM puzzle_solvers
        WHERE guild_id = ? AND user_id = ? {db.dialect.for_update}
        """,
        (guild_id, user_id),
    )
    assert row is not None
    return _rating(row), _streak(row)
