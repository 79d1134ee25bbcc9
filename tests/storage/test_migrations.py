import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.domain import Ending, EndReason, TimeControl
from bot.domain.notices import NoticeKind
from bot.storage import DatabaseError, SchemaTooNewError, Storage
from bot.storage.backends import open_database
from bot.storage.database import SQLITE, Transaction
from bot.storage.migrations import MIGRATIONS, Migration
from tests.storage.postgres_server import PostgresServer


async def stored_version(url: str) -> int | None:
    """The schema version the database records, read without migrating it (None: none yet)."""
    if url.startswith("sqlite:"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        conn.close()
        return version or None
    conn = await asyncpg.connect(url)
    try:
        if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
            return None
        return int(await conn.fetchval("SELECT version FROM schema_version"))
    finally:
        await conn.close()


async def set_version(url: str, version: int) -> None:
    if url.startswith("sqlite:"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            conn.execute(f"PRAGMA user_version = {version}")
        conn.close()
        return
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        await conn.execute("INSERT INTO schema_version VALUES ($1)", version)
    finally:
        await conn.close()


async def names(db: Transaction) -> set[str]:
    """The tables and indexes in the database (but the one that keeps PostgreSQL's version)."""
    if db.dialect is SQLITE:
        return {row[0] for row in await db.all("SELECT name FROM sqlite_schema")}
    rows = await db.all(
        """
        SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()
        UNION SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()
        """
    )
    return {row[0] for row in rows} - {"schema_version"}


async def migrated(url: str, migrations: list[Migration]) -> int | None:
    database = await open_database(url, migrations)
    await database.close()
    return await stored_version(url)


async def test_empty_database_gets_current_schema(database_url: str) -> None:
    async with await Storage.open(database_url) as storage, storage.database.transaction() as db:
        found = await names(db)

    assert await stored_version(database_url) == len(MIGRATIONS)
    assert {"games", "challenges", "players", "guild_settings", "rating_histogram"} <= found
    assert {"games_active_in_channel", "games_board_behind", "players_by_rating"} <= found
    assert {"tournaments", "tournament_entrants", "tournament_pairings"} <= found
    assert {"tournament_pairings_by_game", "tournaments_open"} <= found


async def test_sqlite_settings(db_path: Path) -> None:
    async with await Storage.open(db_path) as storage, storage.database.transaction() as db:
        pragmas = {
            name: await db.value(f"PRAGMA {name}")
            for name in ("journal_mode", "foreign_keys", "busy_timeout", "synchronous")
        }

    assert pragmas == {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": 5000,
                       "synchronous": 1}  # fmt: skip


async def test_reopening_keeps_data_and_version(database_url: str) -> None:
    async with await Storage.open(database_url) as storage:
        game = await storage.games.create(
            1, 2, 3, 4, rated=True, time_control=TimeControl(per_move=60), deadline=None, now=0
        )
        await storage.close()  # closing early, then again on leaving the block, is harmless
    async with await Storage.open(database_url) as storage:
        assert await storage.games.get(game.id) == game
    assert await stored_version(database_url) == len(MIGRATIONS)


async def test_newer_schema_is_refused_and_left_alone(database_url: str) -> None:
    await set_version(database_url, len(MIGRATIONS) + 1)

    with pytest.raises(SchemaTooNewError) as refused:
        await Storage.open(database_url)

    assert f"schema version {len(MIGRATIONS) + 1}" in str(refused.value)
    assert await stored_version(database_url) == len(MIGRATIONS) + 1
    # Opened as a version that knows one more migration, an empty one: not one table was made.
    database = await open_database(database_url, [*MIGRATIONS, ()])
    try:
        async with database.transaction() as db:
            assert await names(db) == set()
    finally:
        await database.close()


async def test_migrations_apply_in_order_and_only_once(database_url: str) -> None:
    first = ("CREATE TABLE a (x INTEGER)",)
    second = ("CREATE TABLE b (y INTEGER)", "INSERT INTO b VALUES (7)")

    assert await migrated(database_url, [first]) == 1
    # Re-running `first` would fail on the existing table: only `second` may run.
    assert await migrated(database_url, [first, second]) == 2
    assert await migrated(database_url, [first, second]) == 2
    database = await open_database(database_url, [first, second])
    try:
        async with database.transaction() as db:
            assert [tuple(row) for row in await db.all("SELECT y FROM b")] == [(7,)]
    finally:
        await database.close()


async def test_failed_migration_changes_nothing(database_url: str) -> None:
    first = ("CREATE TABLE a (x INTEGER)",)
    broken = ("CREATE TABLE b (y INTEGER)", "INSERT INTO missing VALUES (1)")
    await migrated(database_url, [first])

    with pytest.raises(DatabaseError, match="Cannot use the database"):
        await open_database(database_url, [first, broken])

    database = await open_database(database_url, [first])
    try:
        async with database.transaction() as db:
            assert await names(db) == {"a"}
    finally:
        await database.close()
    assert await stored_version(database_url) == 1


async def test_not_a_database_gives_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("this is not a database" * 100)

    with pytest.raises(DatabaseError, match=r"Cannot use the database at .*notes\.txt"):
        await Storage.open(path)


async def test_directory_path_gives_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="Cannot"):
        await Storage.open(tmp_path)


async def test_missing_parent_directory_is_created(tmp_path: Path) -> None:
    path = tmp_path / "data" / "reversi.sqlite3"
    async with await Storage.open(path):
        pass
    assert await stored_version(f"sqlite:///{path}") == len(MIGRATIONS)


async def test_foreign_keys_are_enforced(storage: Storage) -> None:
    with pytest.raises((sqlite3.IntegrityError, asyncpg.ForeignKeyViolationError)):
        async with storage.database.transaction() as db:
            await db.all(
                """
                INSERT INTO challenges (guild_id, channel_id, challenger_id, colour,
                    time_per_move, in_thread, status, game_id, created_at, expires_at, updated_at)
                VALUES (1, 2, 3, 'black', 60, FALSE, 'accepted', 999, 0, 60, 0)
                """
            )


async def test_times_keep_double_precision(storage: Storage) -> None:
    """Epoch seconds with microseconds, and fractions of a second, come back exactly."""
    now = 1_754_000_000.123456
    live = TimeControl(base=90, increment=2)
    game = await storage.games.create(
        1, 2, 3, 4, rated=True, time_control=live, deadline=now + 0.1, now=now
    )

    assert await storage.games.get(game.id) == game
    assert (game.created_at, game.time_control, game.deadline) == (now, live, now + 0.1)
    assert game.clocks == (90, 90)


async def test_clocks_migration_keeps_games_and_challenges(database_url: str) -> None:
    """Migration 4 rebuilds SQLite's games and challenges: every row, its links and its
    indexes come through, as correspondence games whose turn began at their last change."""
    before = MIGRATIONS[:3]
    database = await open_database(database_url, before)
    try:
        async with database.transaction() as db:
            await db.all(
                """
                INSERT INTO games (id, guild_id, channel_id, black_id, white_id, transcript, ply,
                    rated, time_per_move, deadline, created_at, updated_at)
                VALUES (1, 10, 20, 3, 4, 'f5d6', 2, TRUE, 600, 1300, 0, 700)
                """
            )
            await db.all(
                """
                INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, colour,
                    time_per_move, in_thread, status, game_id, created_at, expires_at,
                    updated_at)
                VALUES (10, 20, 3, 4, 'black', 600, FALSE, 'accepted', 1, 0, 900, 5)
                """
            )
    finally:
        await database.close()

    async with await Storage.open(database_url) as storage:
        game = await storage.games.get(1)
        assert (game.transcript, game.deadline, game.turn_started) == ("f5d6", 1300, 700)
        assert (game.time_control, game.clocks) == (TimeControl(per_move=600), None)
        assert (await storage.games.active_in(20)) == game
        challenge = await storage.challenges.get(1)
        assert (challenge.game_id, challenge.time_control) == (1, TimeControl(per_move=600))
        finished = await storage.games.finish(
            1, 2, Ending(EndReason.ABORTED, None, 3, 3, cancelled_by=4), now=800
        )
        assert finished.game.end_reason is EndReason.ABORTED and finished.black is None
        async with storage.database.transaction() as db:
            assert {"games_active_in_channel", "games_board_behind", "challenges_pending"} <= (
                await names(db)
            )


async def test_both_backends_report_the_same_version(
    db_path: Path, postgres: PostgresServer
) -> None:
    sqlite_url, postgresql_url = f"sqlite:///{db_path}", await postgres.fresh_schema()
    for url in (sqlite_url, postgresql_url):
        await (await Storage.open(url)).close()

    assert await stored_version(sqlite_url) == len(MIGRATIONS)
    assert await stored_version(postgresql_url) == len(MIGRATIONS)


async def test_stored_time_controls_become_whole_seconds(database_url: str) -> None:
    """Older versions kept any fraction a player wrote (a clock of 0.06 s, an increment of
    1e-9 s); the eighth migration rounds them to the second, a clock to one at least, so that each
    loads as a `TimeControl`."""
    database = await open_database(database_url, MIGRATIONS[:7])
    try:
        async with database.transaction() as db:
            await db.all(
                """
                INSERT INTO guild_settings (guild_id, time_per_move, rated, updated_at,
                    clock_base, clock_increment)
                VALUES (10, 86400, TRUE, 0, 0.06, 1e-9)
                """
            )
            await db.all(
                """
                INSERT INTO games (id, guild_id, channel_id, black_id, white_id, rated,
                    clock_base, clock_increment, black_clock, white_clock, turn_started,
                    deadline, created_at, updated_at)
                VALUES (1, 10, 20, 3, 4, FALSE, 90.4, 2.4, 0.5, 90.4, 0, 0.5, 0, 0)
                """
            )
            await db.all(
                """
                INSERT INTO games (id, guild_id, channel_id, black_id, white_id, rated,
                    time_per_move, turn_started, deadline, created_at, updated_at)
                VALUES (2, 10, 21, 3, 4, FALSE, 90.6, 0, 90.6, 0, 0)
                """
            )
            await db.all(
                """
                INSERT INTO challenges (guild_id, channel_id, challenger_id, colour,
                    clock_base, clock_increment, in_thread, status, created_at, expires_at,
                    updated_at)
                VALUES (10, 22, 3, 'black', 0.4, 179.6, FALSE, 'pending', 0, 60, 0)
                """
            )
    finally:
        await database.close()

    async with await Storage.open(database_url) as storage:
        settings = await storage.settings.get(10)
        assert settings.time_control == TimeControl(base=1)
        live = await storage.games.get(1)
        assert live.time_control == TimeControl(base=90, increment=2)
        assert (live.clocks, live.deadline) == ((0.5, 90.4), 0.5)  # the time left is kept
        assert (await storage.games.get(2)).time_control == TimeControl(per_move=91)
        challenge = await storage.challenges.get(1)
        assert challenge.time_control == TimeControl(base=1, increment=180)


async def test_blocked_channels_come_with_the_allowed_ones_kept(database_url: str) -> None:
    """Migration 10 adds the channels games may not start in; the allowed ones stay."""
    database = await open_database(database_url, MIGRATIONS[:9])
    try:
        async with database.transaction() as db:
            await db.all(
                "INSERT INTO guild_settings (guild_id, time_per_move, rated, updated_at) "
                "VALUES (10, 86400, TRUE, 0)"
            )
            await db.all("INSERT INTO allowed_channels (guild_id, channel_id) VALUES (10, 20)")
    finally:
        await database.close()

    async with await Storage.open(database_url) as storage:
        settings = await storage.settings.get(10)
        assert (settings.allowed_channels, settings.blocked_channels) == ({20}, set())
        blocked = await storage.settings.update(
            10, allowed_channels=[], blocked_channels=[21], now=1
        )
        assert blocked.allows(20) and not blocked.allows(21)
        async with storage.database.transaction() as db:
            assert "blocked_channels" in await names(db)


async def test_tournaments_kept_have_no_scheduled_event_until_one_is_made(
    database_url: str,
) -> None:
    """Migration 12 adds the Discord scheduled event a tournament may have; those stored
    before it have none."""
    database = await open_database(database_url, MIGRATIONS[:11])
    try:
        async with database.transaction() as db:
            await db.all(
                "INSERT INTO tournaments (guild_id, organiser_id, name, format, swiss_rounds, "
                "time_per_move, rated, entry_limit, starts_at, channel_id, seed, created_at, "
                "updated_at) VALUES (10, 11, 'Cup', 'swiss', 3, 3600, TRUE, 8, 100, 20, 7, 1, 1)"
            )
    finally:
        await database.close()

    async with await Storage.open(database_url) as storage:
        (kept,) = await storage.tournaments.of_guild(10)
        assert (kept.name, kept.event_id) == ("Cup", None)
        await storage.tournaments.set_event(kept.id, 1_170_000_000_000_000_099)
        assert (await storage.tournaments.get(kept.id)).event_id == 1_170_000_000_000_000_099


async def test_the_indexes_no_query_uses_are_dropped(database_url: str) -> None:
    """Migration 13 drops the indexes of games by message and by deadline, which only cost
    each move a write."""
    unused = {"games_by_message", "games_by_deadline"}
    database = await open_database(database_url, MIGRATIONS[:12])
    try:
        async with database.transaction() as db:
            assert unused <= await names(db)
    finally:
        await database.close()

    async with await Storage.open(database_url) as storage, storage.database.transaction() as db:
        assert not unused & await names(db)


async def test_the_games_already_over_count_as_announced(database_url: str) -> None:
    """Migration 14 records the ply each game's end was announced for; the games over before it
    count as announced (a restart announces no old end), a game in play does not."""
    database = await open_database(database_url, MIGRATIONS[:13])
    try:
        async with database.transaction() as db:
            for game_id, status, reason in ((1, "finished", "'cancelled'"), (2, "active", "NULL")):
                await db.all(
                    f"""
                    INSERT INTO games (id, guild_id, channel_id, black_id, white_id, rated,
                        status, end_reason, cancelled_by, time_per_move, turn_started,
                        created_at, updated_at)
                    VALUES ({game_id}, 10, {20 + game_id}, 3, 4, FALSE, '{status}', {reason},
                        {"5" if status == "finished" else "NULL"}, 86400, 0, 0, 0)
                    """
                )
            await db.all("INSERT INTO turn_notices (game_id, ping_ply) VALUES (1, 0)")
    finally:
        await database.close()

    async with await Storage.open(database_url) as storage:
        assert await storage.games.ends_unannounced(0.0) == []
        assert not await storage.notices.claim(1, 0, NoticeKind.END)
        assert await storage.notices.claim(2, 0, NoticeKind.END)
        assert not await storage.notices.claim(2, 0, NoticeKind.END)


async def test_the_attempts_opened_from_a_daily_post_are_marked_daily(database_url: str) -> None:
    """Migration 20 tells the daily puzzle's attempts from personal ones, so that one of each
    may be open: those at a server's daily puzzle begun since its claim are the daily ones."""
    database = await open_database(database_url, MIGRATIONS[:19])
    try:
        async with database.transaction() as db:
            await db.all(
                """
                INSERT INTO puzzle_ratings (puzzle_id, rating, deviation, volatility)
                VALUES ('a', 1500, 200, 0.06), ('b', 1500, 200, 0.06), ('c', 1500, 200, 0.06)
                """
            )
            await db.all(
                """
                INSERT INTO daily_puzzles (guild_id, day, puzzle_id, channel_id, claimed_at)
                VALUES (10, 1, 'a', 20, 100)
                """
            )
            await db.all(
                """
                INSERT INTO puzzle_attempts (guild_id, user_id, puzzle_id, started_at)
                VALUES (10, 3, 'a', 150), (10, 4, 'a', 50), (11, 5, 'a', 150), (10, 6, 'b', 150)
                """
            )
    finally:
        await database.close()

    async with await Storage.open(database_url) as storage:
        rows = await storage.database.execute_alone(
            "SELECT user_id, daily FROM puzzle_attempts ORDER BY user_id"
        )
        assert [(row["user_id"], bool(row["daily"])) for row in rows] == [
            (3, True),
            (4, False),
            (5, False),
            (6, False),
        ]
        beside = await storage.puzzles.start(10, 3, 1500.0, now=200.0)
        assert beside is not None and beside.puzzle_id != "a" and not beside.finished
