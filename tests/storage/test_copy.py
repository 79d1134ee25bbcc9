import re
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.domain import DELETED_USER_ID, Ending, EndReason, TimeControl
from bot.domain.puzzles import Origin, ServerPuzzle, server_puzzle_id
from bot.domain.tournament import Format, Pairing, TournamentState
from bot.engine import Color
from bot.engine.puzzle_bank import bank
from bot.storage import DatabaseError, Storage
from bot.storage.copy import TABLES, CopyMismatchError, TargetNotEmptyError, copy_database
from bot.storage.database import SQLITE, Transaction
from bot.storage.errors import NotABotDatabaseError
from bot.storage.postgres import PostgresTransaction
from bot.storage.sqlite import SqliteTransaction
from tests.ids import ALICE, BOB, BOT, CAROL, CHANNEL, GUILD, OTHER_GUILD
from tests.storage.conftest import start_game
from tests.storage.postgres_server import PostgresServer
from tests.storage.test_migrations import stored_version

Snapshot = dict[str, list[tuple[Any, ...]]]


async def snapshot(url: str) -> Snapshot:
    """Every row of every table, booleans as 0 and 1 as SQLite keeps them."""
    async with await Storage.open(url) as storage, storage.database.transaction() as db:
        tables = {
            table.name: await db.all(
                f"SELECT {', '.join(table.columns)} FROM {table.name} "
                f"ORDER BY {', '.join(table.key)}"
            )
            for table in TABLES
        }
        tables["rating_histogram"] = await db.all(
            "SELECT * FROM rating_histogram WHERE players > 0 ORDER BY guild_id, bucket"
        )
    return {
        name: [tuple(int(v) if isinstance(v, bool) else v for v in row) for row in rows]
        for name, rows in tables.items()
    }


async def fill(storage: Storage) -> None:
    """A bit of everything: settings, games in every state, challenges, ratings, a player who
    asked to be forgotten."""
    await storage.settings.update(
        GUILD, time_control=TimeControl(per_move=300), blocked_channels=[CHANNEL], now=1
    )
    await storage.settings.update(
        OTHER_GUILD, allowed_channels=[CHANNEL, CHANNEL + 1], now=2, web_pages=True
    )
    await storage.web_secret.get_or_create("the pages' key")
    for n, (black, white, winner) in enumerate(
        [(ALICE, BOB, Color.BLACK), (BOB, CAROL, None), (CAROL, ALICE, Color.WHITE)]
    ):
        game = await start_game(storage, black, white, now=10.5 * n)
        game = await storage.games.record_move(game.id, 0, "f5", deadline=99.25, now=10.5 * n)
        await storage.games.set_board(game.id, 1_180_000_000_000_000_000 + n, game.version)
        ending = Ending(EndReason.NORMAL, winner, 40, 24)
        await storage.games.record_final_move(game.id, 1, "d6", ending, now=11.5 * n)
    entry = replace(bank()[0], id=server_puzzle_id(GUILD, bank()[0].position))
    found = ServerPuzzle(GUILD, entry, Origin(game.id, 2, CAROL, ALICE))
    await storage.puzzles.searched(game.id, "engine", [found], deviation=200.0, now=12.5)
    cancelled = await start_game(storage, ALICE, CAROL, guild=OTHER_GUILD)
    await storage.games.finish(
        cancelled.id, 0, Ending(EndReason.CANCELLED, None, 2, 2, cancelled_by=BOB), now=50
    )
    await start_game(storage, ALICE, BOT, rated=False, bot_level=3, channel=CHANNEL + 1)
    playing = await start_game(storage, BOB, ALICE, channel=CHANNEL + 2)
    await storage.games.record_move(playing.id, 0, "c4", deadline=1_000.125, now=60)
    challenge = await storage.challenges.create(GUILD, CHANNEL, ALICE, BOB, now=70)
    await storage.challenges.accept(
        challenge.id, BOB, challenger_color=Color.BLACK, now=71, deadline=None
    )
    await storage.challenges.create(GUILD, CHANNEL + 3, CAROL, now=72, in_thread=True)
    await storage.challenges.create(GUILD, CHANNEL + 4, BOB, ALICE, now=0, expires_in=5)
    await storage.challenges.expire(now=73)
    await storage.forget_player(GUILD, CAROL)


async def fill_tournament(storage: Storage) -> None:
    """A tournament in its first round: a board played, a board in play and a bye."""
    dave = 1_170_000_000_000_000_004
    await storage.settings.update(GUILD, organiser_role=1_190_000_000_000_000_001, now=80)
    created = await storage.tournaments.create(
        guild_id=GUILD,
        organiser_id=ALICE,
        name="Winter Cup",
        format=Format.SWISS,
        swiss_rounds=3,
        time_control=TimeControl(base=300, increment=2),
        rated=True,
        entry_limit=8,
        starts_at=90.5,
        channel_id=CHANNEL + 5,
        seed=2_000_000_000,
        now=81,
    )
    for player in (ALICE, BOB, CAROL, BOT, dave):
        await storage.tournaments.join(created.id, player, 1512.75, now=82)
    await storage.tournaments.set_state(
        created.id, (TournamentState.SIGNUP,), TournamentState.RUNNING, now=91, rounds=3
    )
    pairings = (
        Pairing(1, ALICE, BOB),
        Pairing(1, CAROL, BOT),
        Pairing(1, dave, None, black_discs=32, winner=dave, finished=True),
    )
    view = await storage.tournaments.pair_round(created.id, 1, pairings, now=92)
    for board, thread in zip(view.round_boards(1)[:2], (CHANNEL + 6, CHANNEL + 7), strict=True):
        await storage.tournaments.start_game(board, GUILD, thread, deadline=400.5, now=93)
    played = (await storage.tournaments.view(created.id)).round_boards(1)[0]
    assert played.game_id is not None
    await storage.games.finish(
        played.game_id, 0, Ending(EndReason.TIMEOUT, Color.WHITE, 2, 2), now=94
    )
    await storage.tournaments.set_message(created.id, 1_180_000_000_000_000_099)


async def test_round_trip_from_sqlite_to_postgresql_and_back(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    first, last = f"sqlite:///{tmp_path}/first.sqlite3", f"sqlite:///{tmp_path}/last.sqlite3"
    middle = await postgres.fresh_schema()
    async with await Storage.open(first) as storage:
        await fill(storage)
        await fill_tournament(storage)
    original = await snapshot(first)

    there = await copy_database(first, middle)
    back = await copy_database(middle, last)

    assert await snapshot(middle) == original == await snapshot(last)
    expected = {name: len(rows) for name, rows in original.items() if name != "rating_histogram"}
    assert there.rows == back.rows == expected
    assert expected["games"] == 9 and expected["players"] == 2 and expected["challenges"] == 2
    assert expected["tournaments"] == 1 and expected["tournament_entrants"] == 5
    assert expected["tournament_pairings"] == 3
    assert expected["server_puzzles"] == 1 and expected["web_secret"] == 1
    assert [row[-1] for row in original["guild_settings"]] == [False, True]  # pages on, kept
    assert [row[-1] for row in original["puzzle_ratings"]] == [GUILD]  # still this server's
    assert DELETED_USER_ID in {row[5] for row in original["games"]}  # Carol, forgotten
    assert (
        f"Copied {first} to {middle}: guild_settings 2, allowed_channels 2, blocked_channels 1,"
        in str(there)
    )


async def test_the_copy_goes_on_where_the_original_stopped(
    tmp_path: Path, database_url: str
) -> None:
    """New rows take new ids, the game in progress goes on, and the ranks are the same."""
    source = f"sqlite:///{tmp_path}/source.sqlite3"
    async with await Storage.open(source) as storage:
        await fill(storage)
        board = await storage.players.leaderboard(GUILD, viewer_id=BOB)

    await copy_database(source, database_url)

    async with await Storage.open(database_url) as copied:
        (playing,) = [g for g in await copied.games.active() if g.channel_id == CHANNEL + 2]
        moved = await copied.games.record_move(playing.id, 1, "c3", deadline=None, now=80)
        assert moved.transcript == "c4c3"
        game = await start_game(copied, ALICE, BOB, channel=CHANNEL + 9)
        challenge = await copied.challenges.create(
            GUILD, CHANNEL + 9, ALICE, now=81, in_thread=True
        )
        async with copied.database.transaction() as db:
            assert game.id == await db.value("SELECT max(id) FROM games")
            assert challenge.id == await db.value("SELECT max(id) FROM challenges")
            assert game.id > playing.id and await db.value("SELECT count(*) FROM games") == 8
        assert await copied.players.leaderboard(GUILD, viewer_id=BOB) == board


async def test_a_target_with_rows_is_refused_and_left_alone(
    tmp_path: Path, database_url: str
) -> None:
    source = f"sqlite:///{tmp_path}/source.sqlite3"
    async with await Storage.open(source) as storage:
        await fill(storage)
    async with await Storage.open(database_url) as target:
        await start_game(target)
    before = await snapshot(database_url)

    with pytest.raises(TargetNotEmptyError, match=r"already holds rows \(1 in games\)"):
        await copy_database(source, database_url)

    assert await snapshot(database_url) == before


async def test_a_source_that_does_not_exist_is_refused_not_created(tmp_path: Path) -> None:
    missing, target = tmp_path / "typo" / "reversi.sqlite3", tmp_path / "target.sqlite3"

    with pytest.raises(
        DatabaseError,
        match=re.escape(f"Cannot open the database at {missing}: there is no such file."),
    ):
        await copy_database(f"sqlite:///{missing}", target)

    assert not missing.parent.exists() and not target.exists()


async def test_a_source_without_the_bots_tables_is_refused_and_left_alone(
    tmp_path: Path, database_url: str
) -> None:
    if database_url.startswith("sqlite:"):
        with sqlite3.connect(database_url.removeprefix("sqlite:///")) as conn:
            conn.execute("CREATE TABLE notes (text TEXT)")  # another program's database
        conn.close()
    target = tmp_path / "target.sqlite3"

    with pytest.raises(NotABotDatabaseError, match="is not the bot's: it has none of its tables"):
        await copy_database(database_url, target)

    assert await stored_version(database_url) is None
    assert not target.exists()
    if database_url.startswith("sqlite:"):
        with sqlite3.connect(database_url.removeprefix("sqlite:///")) as conn:
            assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        conn.close()


async def test_a_database_is_not_copied_onto_itself(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await Storage.open(database_url) as storage:
        await start_game(storage)
    before = await snapshot(database_url)
    if database_url.startswith("sqlite:"):
        path = Path(database_url.removeprefix("sqlite:///"))
        monkeypatch.chdir(path.parent)
        spellings = [database_url, path.name, f"sqlite:///../{path.parent.name}/{path.name}"]
    else:
        spellings = [database_url, database_url.replace("postgresql://", "postgres://", 1)]

    for target in spellings:
        with pytest.raises(DatabaseError, match="is both the source and the target"):
            await copy_database(database_url, target)

    assert await snapshot(database_url) == before


async def test_a_copy_that_differs_keeps_nothing(
    tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = f"sqlite:///{tmp_path}/source.sqlite3"
    async with await Storage.open(source) as storage:
        await fill(storage)
    target_class = SqliteTransaction if database_url.startswith("sqlite") else PostgresTransaction
    insert_many = target_class.insert_many

    async def losing_a_game(
        self: Transaction, table: str, columns: Any, rows: list[tuple[Any, ...]]
    ) -> None:
        await insert_many(self, table, columns, rows[:-1] if table == "games" else rows)

    monkeypatch.setattr(target_class, "insert_many", losing_a_game)

    with pytest.raises(
        CopyMismatchError, match=r"games differs after the copy: 7 rows read, 6 found"
    ):
        await copy_database(source, database_url)

    assert all(rows == [] for rows in (await snapshot(database_url)).values())


async def test_every_column_is_copied(database_url: str) -> None:
    """A column added by a later migration must be added to the copy too."""
    async with await Storage.open(database_url) as storage, storage.database.transaction() as db:
        if db.dialect is SQLITE:
            query = "SELECT name FROM pragma_table_info(?)"
        else:
            query = """
                SELECT column_name FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name = ?
                """
        for table in TABLES:
            assert {row[0] for row in await db.all(query, (table.name,))} == set(table.columns)
        tables = await db.all(
            "SELECT name FROM sqlite_schema WHERE type = 'table'"
            if db.dialect is SQLITE
            else "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema()"
        )
    assert {row[0] for row in tables} - {t.name for t in TABLES} <= {
        "rating_histogram",
        "schema_version",
    }
