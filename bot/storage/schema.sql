-- The schema every migration in bot/storage/migrations.py makes, as SQLite stores it: for
-- reading, never run (the migrations make the schema). PostgreSQL's is the same in its own
-- types (BIGINT ids, DOUBLE PRECISION times, BOOLEAN flags, identity keys) and keeps its
-- version in the table schema_version, where SQLite uses PRAGMA user_version.
-- tests/storage/test_schema.py checks that this file is what the migrations make.
-- Schema version 22.

CREATE TABLE allowed_channels (
    guild_id   INTEGER NOT NULL REFERENCES guild_settings (guild_id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
) WITHOUT ROWID;

CREATE TABLE blocked_channels (
    guild_id   INTEGER NOT NULL REFERENCES guild_settings (guild_id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
) WITHOUT ROWID;

CREATE TABLE "challenges" (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    challenger_id   INTEGER NOT NULL,
    opponent_id     INTEGER CHECK (opponent_id <> challenger_id),
    colour          TEXT    NOT NULL CHECK (colour IN ('black', 'white', 'random')),
    time_per_move   REAL    CHECK (time_per_move > 0),
    clock_base      REAL    CHECK (clock_base > 0),
    clock_increment REAL    CHECK (clock_increment >= 0),
    in_thread       INTEGER NOT NULL CHECK (in_thread IN (0, 1)),
    message_id      INTEGER,
    status          TEXT    NOT NULL DEFAULT 'pending' CHECK
                    (status IN ('pending', 'accepted', 'declined', 'cancelled',
                                'expired')),
    game_id         INTEGER REFERENCES games (id),
    created_at      REAL    NOT NULL,
    expires_at      REAL    NOT NULL,
    updated_at      REAL    NOT NULL, rematch_of BIGINT REFERENCES games (id),
    CHECK ((status = 'accepted') = (game_id IS NOT NULL)),
    CHECK ((time_per_move IS NULL) <> (clock_base IS NULL)),
    CHECK ((clock_base IS NULL) = (clock_increment IS NULL))
);

CREATE INDEX challenges_by_guild ON challenges (guild_id, challenger_id);

CREATE UNIQUE INDEX challenges_one_rematch ON challenges (rematch_of)
WHERE status = 'pending' AND rematch_of IS NOT NULL;

CREATE INDEX challenges_open_in_guild ON challenges (guild_id) WHERE status = 'pending';

CREATE INDEX challenges_pending ON challenges (expires_at) WHERE status = 'pending';

CREATE TABLE daily_puzzles (
    guild_id   INTEGER NOT NULL,
    day        INTEGER NOT NULL,
    puzzle_id  TEXT    NOT NULL REFERENCES puzzle_ratings (puzzle_id),
    channel_id INTEGER NOT NULL,
    claimed_at REAL    NOT NULL,
    message_id INTEGER,
    posted_at  REAL,
    PRIMARY KEY (guild_id, day),
    UNIQUE (guild_id, puzzle_id)
) WITHOUT ROWID;

CREATE TABLE "games" (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    message_id      INTEGER,
    black_id        INTEGER NOT NULL,
    white_id        INTEGER NOT NULL,
    transcript      TEXT    NOT NULL DEFAULT '',
    ply             INTEGER NOT NULL DEFAULT 0 CHECK (length(transcript) = 2 * ply),
    status          TEXT    NOT NULL DEFAULT 'active'
                    CHECK (status IN ('active', 'finished')),
    result          TEXT    CHECK (result IN ('black', 'white', 'draw')),
    end_reason      TEXT    CHECK (end_reason IN ('normal', 'resignation', 'timeout', 'cancelled', 'aborted')),
    black_discs     INTEGER CHECK (black_discs BETWEEN 0 AND 64),
    white_discs     INTEGER CHECK (white_discs BETWEEN 0 AND 64),
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    time_per_move   REAL    CHECK (time_per_move > 0),
    clock_base      REAL    CHECK (clock_base > 0),
    clock_increment REAL    CHECK (clock_increment >= 0),
    black_clock     REAL,
    white_clock     REAL,
    turn_started    REAL    NOT NULL,
    deadline        REAL,
    cancelled_by    INTEGER,
    created_at      REAL    NOT NULL,
    updated_at      REAL    NOT NULL,
    bot_level       INTEGER CHECK (bot_level BETWEEN 1 AND 5),
    shown_version   INTEGER, tournament_id BIGINT,
    CHECK ((status = 'active') = (end_reason IS NULL)),
    CHECK (end_reason <> 'cancelled' OR cancelled_by IS NOT NULL), CHECK (cancelled_by IS NULL OR end_reason IN ('cancelled', 'aborted')), CHECK (result IS NULL OR end_reason NOT IN ('cancelled', 'aborted')), CHECK ((time_per_move IS NULL) <> (clock_base IS NULL)), CHECK ((clock_base IS NULL) = (clock_increment IS NULL)), CHECK ((clock_base IS NULL) = (black_clock IS NULL)), CHECK ((clock_base IS NULL) = (white_clock IS NULL))
);

CREATE UNIQUE INDEX games_active_in_channel ON games (channel_id) WHERE status = 'active';

CREATE INDEX games_board_behind ON games (id)
WHERE shown_version IS NOT 2 * ply + (status = 'finished');

CREATE INDEX games_by_black ON games (guild_id, black_id, updated_at);

CREATE INDEX games_by_guild ON games (guild_id, status, updated_at);

CREATE INDEX games_by_white ON games (guild_id, white_id, updated_at);

CREATE TABLE guild_settings (
    guild_id      INTEGER PRIMARY KEY,
    time_per_move REAL    NOT NULL CHECK (time_per_move > 0),
    rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
    updated_at    REAL    NOT NULL
, clock_base REAL CHECK (clock_base > 0), clock_increment REAL CHECK (clock_increment >= 0), language TEXT, organiser_role_id BIGINT, daily_channel_id BIGINT, daily_hour INTEGER CHECK (daily_hour BETWEEN 0 AND 23), daily_since DOUBLE PRECISION, web_pages INTEGER NOT NULL DEFAULT 0
    CHECK (web_pages IN (0, 1)));

CREATE TABLE notify_choices (
    user_id    INTEGER PRIMARY KEY,
    choice     TEXT    NOT NULL CHECK (choice IN ('channel', 'dm', 'none')),
    updated_at REAL    NOT NULL
);

CREATE TABLE player_languages (
    user_id    INTEGER PRIMARY KEY,
    language   TEXT    NOT NULL,
    updated_at REAL    NOT NULL
);

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
) WITHOUT ROWID;

CREATE INDEX players_by_rating ON players (guild_id, rating DESC, user_id);

CREATE TRIGGER players_histogram_delete AFTER DELETE ON players BEGIN
    UPDATE rating_histogram SET players = players - 1
    WHERE guild_id = OLD.guild_id AND bucket = max(CAST(OLD.rating AS INTEGER), 0);
END;

CREATE TRIGGER players_histogram_insert AFTER INSERT ON players BEGIN
    INSERT INTO rating_histogram (guild_id, bucket, players)
    VALUES (NEW.guild_id, max(CAST(NEW.rating AS INTEGER), 0), 1)
    ON CONFLICT (guild_id, bucket) DO UPDATE SET players = players + 1;
END;

CREATE TRIGGER players_histogram_update AFTER UPDATE OF rating ON players
WHEN max(CAST(OLD.rating AS INTEGER), 0) <> max(CAST(NEW.rating AS INTEGER), 0) BEGIN
    UPDATE rating_histogram SET players = players - 1
    WHERE guild_id = OLD.guild_id AND bucket = max(CAST(OLD.rating AS INTEGER), 0);
    INSERT INTO rating_histogram (guild_id, bucket, players)
    VALUES (NEW.guild_id, max(CAST(NEW.rating AS INTEGER), 0), 1)
    ON CONFLICT (guild_id, bucket) DO UPDATE SET players = players + 1;
END;

CREATE TABLE puzzle_attempts (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    puzzle_id     TEXT    NOT NULL REFERENCES puzzle_ratings (puzzle_id),
    step          INTEGER NOT NULL DEFAULT 0 CHECK (step >= 0),
    hinted        INTEGER NOT NULL DEFAULT 0 CHECK (hinted IN (0, 1)),
    status        TEXT    NOT NULL DEFAULT 'open'
                          CHECK (status IN ('open', 'solved', 'failed')),
    rating_before REAL,
    rating_after  REAL,
    started_at    REAL    NOT NULL,
    finished_at   REAL, daily INTEGER NOT NULL DEFAULT 0
    CHECK (daily IN (0, 1)),
    UNIQUE (guild_id, user_id, puzzle_id),
    CHECK ((status = 'open') = (finished_at IS NULL))
);

CREATE UNIQUE INDEX puzzle_attempts_open ON puzzle_attempts (guild_id, user_id, daily)
WHERE status = 'open';

CREATE TABLE puzzle_ratings (
    puzzle_id  TEXT    PRIMARY KEY,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    solved     INTEGER NOT NULL DEFAULT 0
, guild_id INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;

CREATE INDEX puzzle_ratings_by_rating ON puzzle_ratings (guild_id, rating, puzzle_id);

CREATE TABLE puzzle_solvers (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    solved     INTEGER NOT NULL DEFAULT 0,
    updated_at REAL    NOT NULL, streak INTEGER NOT NULL DEFAULT 0, best_streak INTEGER NOT NULL DEFAULT 0, solved_day INTEGER,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE INDEX puzzle_solvers_ranked ON puzzle_solvers (guild_id, rating DESC, user_id)
WHERE deviation <= 110.0;

CREATE TABLE rating_histogram (
    guild_id INTEGER NOT NULL,
    bucket   INTEGER NOT NULL,
    players  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, bucket)
) WITHOUT ROWID;

CREATE TABLE replays (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    channel_id INTEGER,
    message_id INTEGER,
    claimed_at REAL    NOT NULL,
    CHECK ((channel_id IS NULL) = (message_id IS NULL))
);

CREATE TABLE reviews (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    engine     TEXT    NOT NULL,
    guild_id   INTEGER NOT NULL,
    status     TEXT    NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
    positions  INTEGER NOT NULL CHECK (positions BETWEEN 1 AND 60),
    analyses   TEXT    NOT NULL DEFAULT '[]',
    channel_id INTEGER,
    message_id INTEGER,
    created_at REAL    NOT NULL,
    updated_at REAL    NOT NULL, puzzles_searched INTEGER NOT NULL DEFAULT 0
    CHECK (puzzles_searched IN (0, 1)),
    UNIQUE (game_id, engine),
    CHECK ((channel_id IS NULL) = (message_id IS NULL))
);

CREATE INDEX reviews_running ON reviews (guild_id) WHERE status = 'running';

CREATE INDEX reviews_unsearched ON reviews (guild_id)
WHERE status = 'done' AND NOT puzzles_searched;

CREATE TABLE server_puzzles (
    puzzle_id  TEXT    PRIMARY KEY REFERENCES puzzle_ratings (puzzle_id),
    guild_id   INTEGER NOT NULL,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    move       INTEGER NOT NULL CHECK (move > 0),
    position   TEXT    NOT NULL,
    line       TEXT    NOT NULL,
    score      INTEGER NOT NULL,
    margin     INTEGER NOT NULL,
    themes     TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    UNIQUE (game_id, move)
) WITHOUT ROWID;

CREATE TABLE tournament_entrants (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id       INTEGER NOT NULL,
    rating          REAL    NOT NULL,
    withdrawn_after INTEGER,
    joined_at       REAL    NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
) WITHOUT ROWID;

CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round > 0),
    board         INTEGER NOT NULL CHECK (board > 0),
    black_id      INTEGER NOT NULL,
    white_id      INTEGER,
    game_id       INTEGER REFERENCES games (id),
    finished      INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
    forfeit       INTEGER NOT NULL DEFAULT 0 CHECK (forfeit IN (0, 1)),
    winner_id     INTEGER,
    black_discs   INTEGER,
    white_discs   INTEGER,
    PRIMARY KEY (tournament_id, round, board)
) WITHOUT ROWID;

CREATE UNIQUE INDEX tournament_pairings_by_game ON tournament_pairings (game_id);

CREATE TABLE tournaments (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    organiser_id    INTEGER NOT NULL,
    name            TEXT    NOT NULL,
    format          TEXT    NOT NULL
                    CHECK (format IN ('swiss', 'round_robin', 'double_round_robin')),
    swiss_rounds    INTEGER NOT NULL CHECK (swiss_rounds > 0),
    time_per_move   REAL,
    clock_base      REAL,
    clock_increment REAL,
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    entry_limit     INTEGER NOT NULL CHECK (entry_limit >= 2),
    starts_at       REAL    NOT NULL,
    channel_id      INTEGER NOT NULL,
    message_id      INTEGER,
    state           TEXT    NOT NULL DEFAULT 'signup' CHECK
                    (state IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    round           INTEGER NOT NULL DEFAULT 0,
    rounds          INTEGER NOT NULL DEFAULT 0,
    seed            INTEGER NOT NULL,
    created_at      REAL    NOT NULL,
    updated_at      REAL    NOT NULL
, event_id BIGINT);

CREATE INDEX tournaments_by_guild ON tournaments (guild_id, id);

CREATE INDEX tournaments_open ON tournaments (id) WHERE state NOT IN ('finished', 'cancelled');

CREATE TABLE turn_notices (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id),
    ping_ply      INTEGER,
    reminder_ply  INTEGER,
    channel_id    INTEGER,
    message_id    INTEGER, end_ply INTEGER,
    CHECK ((channel_id IS NULL) = (message_id IS NULL))
);

CREATE TABLE web_secret (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    secret TEXT    NOT NULL
);
