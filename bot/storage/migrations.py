"""Numbered schema migrations, tracked with `PRAGMA user_version`.

Migration N (1-based position in `MIGRATIONS`) takes the schema from version N-1 to N. Each is a
sequence of statements applied in one transaction with the version bump, so a failed migration
leaves the database as it was. Never edit a released migration; append a new one.
"""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

from bot.storage.errors import SchemaTooNewError

Migration = Sequence[str]

_INITIAL: Migration = (
    """
    CREATE TABLE guild_settings (
        guild_id      INTEGER PRIMARY KEY,
        time_per_move REAL    NOT NULL CHECK (time_per_move > 0),
        rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
        updated_at    REAL    NOT NULL
    )
    """,
    """
    CREATE TABLE allowed_channels (
        guild_id   INTEGER NOT NULL REFERENCES guild_settings (guild_id) ON DELETE CASCADE,
        channel_id INTEGER NOT NULL,
        PRIMARY KEY (guild_id, channel_id)
    ) WITHOUT ROWID
    """,
    """
    CREATE TABLE games (
        id            INTEGER PRIMARY KEY,
        guild_id      INTEGER NOT NULL,
        channel_id    INTEGER NOT NULL,
        message_id    INTEGER,
        black_id      INTEGER NOT NULL,
        white_id      INTEGER NOT NULL,
        transcript    TEXT    NOT NULL DEFAULT '',
        ply           INTEGER NOT NULL DEFAULT 0 CHECK (length(transcript) = 2 * ply),
        status        TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
        result        TEXT    CHECK (result IN ('black', 'white', 'draw')),
        end_reason    TEXT
                      CHECK (end_reason IN ('normal', 'resignation', 'timeout', 'cancelled')),
        black_discs   INTEGER CHECK (black_discs BETWEEN 0 AND 64),
        white_discs   INTEGER CHECK (white_discs BETWEEN 0 AND 64),
        rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
        time_per_move REAL    NOT NULL CHECK (time_per_move > 0),
        deadline      REAL,
        cancelled_by  INTEGER,
        created_at    REAL    NOT NULL,
        updated_at    REAL    NOT NULL,
        CHECK ((status = 'active') = (end_reason IS NULL)),
        CHECK ((end_reason = 'cancelled') = (cancelled_by IS NOT NULL)),
        CHECK (result IS NULL OR end_reason <> 'cancelled')
    )
    """,
    # The rule "one active game per channel" holds in the schema itself, not only in code.
    "CREATE UNIQUE INDEX games_active_in_channel ON games (channel_id) WHERE status = 'active'",
    "CREATE INDEX games_by_message ON games (message_id) WHERE message_id IS NOT NULL",
    "CREATE INDEX games_by_deadline ON games (deadline) WHERE status = 'active'",
    "CREATE INDEX games_by_guild ON games (guild_id, status, updated_at)",
    "CREATE INDEX games_by_black ON games (guild_id, black_id, updated_at)",
    "CREATE INDEX games_by_white ON games (guild_id, white_id, updated_at)",
    """
    CREATE TABLE challenges (
        id            INTEGER PRIMARY KEY,
        guild_id      INTEGER NOT NULL,
        channel_id    INTEGER NOT NULL,
        challenger_id INTEGER NOT NULL,
        opponent_id   INTEGER CHECK (opponent_id <> challenger_id),
        colour        TEXT    NOT NULL CHECK (colour IN ('black', 'white', 'random')),
        time_per_move REAL    NOT NULL CHECK (time_per_move > 0),
        in_thread     INTEGER NOT NULL CHECK (in_thread IN (0, 1)),
        message_id    INTEGER,
        status        TEXT    NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
        game_id       INTEGER REFERENCES games (id),
        created_at    REAL    NOT NULL,
        expires_at    REAL    NOT NULL,
        updated_at    REAL    NOT NULL,
        CHECK ((status = 'accepted') = (game_id IS NOT NULL))
    )
    """,
    "CREATE INDEX challenges_pending ON challenges (expires_at) WHERE status = 'pending'",
    "CREATE INDEX challenges_by_guild ON challenges (guild_id, challenger_id)",
    """
    CREATE TABLE players (
        guild_id    INTEGER NOT NULL,
        user_id     INTEGER NOT NULL,
        rating      REAL    NOT NULL,
        deviation   REAL    NOT NULL CHECK (deviation > 0),
        volatility  REAL    NOT NULL CHECK (volatility > 0),
        wins        INTEGER NOT NULL DEFAULT 0,
        losses      INTEGER NOT NULL DEFAULT 0,
        draws       INTEGER NOT NULL DEFAULT 0,
        disc_diff   INTEGER NOT NULL DEFAULT 0,
        streak      INTEGER NOT NULL DEFAULT 0,
        best_streak INTEGER NOT NULL DEFAULT 0,
        updated_at  REAL    NOT NULL,
        PRIMARY KEY (guild_id, user_id)
    ) WITHOUT ROWID
    """,
    "CREATE INDEX players_by_rating ON players (guild_id, rating DESC, user_id)",
    # Players per whole rating point, kept by triggers, so that a rank or a total is a sum over a
    # few thousand buckets instead of a count over every player of a large guild. Ratings below 1
    # share bucket 0.
    """
    CREATE TABLE rating_histogram (
        guild_id INTEGER NOT NULL,
        bucket   INTEGER NOT NULL,
        players  INTEGER NOT NULL,
        PRIMARY KEY (guild_id, bucket)
    ) WITHOUT ROWID
    """,
    """
    CREATE TRIGGER players_histogram_insert AFTER INSERT ON players BEGIN
        INSERT INTO rating_histogram (guild_id, bucket, players)
        VALUES (NEW.guild_id, max(CAST(NEW.rating AS INTEGER), 0), 1)
        ON CONFLICT (guild_id, bucket) DO UPDATE SET players = players + 1;
    END
    """,
    """
    CREATE TRIGGER players_histogram_delete AFTER DELETE ON players BEGIN
        UPDATE rating_histogram SET players = players - 1
        WHERE guild_id = OLD.guild_id AND bucket = max(CAST(OLD.rating AS INTEGER), 0);
    END
    """,
    """
    CREATE TRIGGER players_histogram_update AFTER UPDATE OF rating ON players
    WHEN max(CAST(OLD.rating AS INTEGER), 0) <> max(CAST(NEW.rating AS INTEGER), 0) BEGIN
        UPDATE rating_histogram SET players = players - 1
        WHERE guild_id = OLD.guild_id AND bucket = max(CAST(OLD.rating AS INTEGER), 0);
        INSERT INTO rating_histogram (guild_id, bucket, players)
        VALUES (NEW.guild_id, max(CAST(NEW.rating AS INTEGER), 0), 1)
        ON CONFLICT (guild_id, bucket) DO UPDATE SET players = players + 1;
    END
    """,
)

_BOT_LEVEL: Migration = (
    # Games against the bot remember its level, so its moves resume at the same strength.
    "ALTER TABLE games ADD COLUMN bot_level INTEGER CHECK (bot_level BETWEEN 1 AND 5)",
)

_SHOWN_VERSION: Migration = (
    # Which state of the game its message shows (`GameRecord.version`), so a board left behind by
    # a crash between a move's write and its board update is found and shown at start-up.
    "ALTER TABLE games ADD COLUMN shown_version INTEGER",
    "UPDATE games SET shown_version = 2 * ply + (status = 'finished')",
    """
    CREATE INDEX games_board_behind ON games (id)
    WHERE shown_version IS NOT 2 * ply + (status = 'finished')
    """,
)

MIGRATIONS: tuple[Migration, ...] = (_INITIAL, _BOT_LEVEL, _SHOWN_VERSION)


async def migrate(conn: aiosqlite.Connection, migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """Bring the schema up to date and return its version; refuse a schema newer than known.

    Runs under `BEGIN IMMEDIATE`, so two processes opening one file cannot both migrate it.
    """
    await conn.execute_fetchall("BEGIN IMMEDIATE")
    try:
        ((version,),) = await conn.execute_fetchall("PRAGMA user_version")
        if version > len(migrations):
            raise SchemaTooNewError(version, len(migrations))
        for number in range(version + 1, len(migrations) + 1):
            for statement in migrations[number - 1]:
                await conn.execute_fetchall(statement)
        await conn.execute_fetchall(f"PRAGMA user_version = {len(migrations)}")
        await conn.execute_fetchall("COMMIT")
    except BaseException:
        await conn.execute_fetchall("ROLLBACK")
        raise
    return len(migrations)
