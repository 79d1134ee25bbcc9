"""The storage the bot talks to: one database, and a store for each kind of thing kept in it."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import Self

from bot.domain import DELETED_USER_ID, Challenge
from bot.storage.backends import open_database
from bot.storage.challenges import CHALLENGE_COLUMNS, ChallengeStore, challenge_from_row
from bot.storage.daily import DailyStore
from bot.storage.database import Database, Transaction
from bot.storage.errors import ActiveGameError, OpenTournamentError
from bot.storage.games import GameStore
from bot.storage.history import HistoryStore
from bot.storage.languages import LanguageStore
from bot.storage.notices import NoticeStore
from bot.storage.players import PlayerStore
from bot.storage.puzzles import PuzzleStore
from bot.storage.replays import ReplayStore
from bot.storage.reviews import ReviewStore
from bot.storage.settings import SettingsStore
from bot.storage.tournaments import TournamentStore
from bot.storage.web_secret import WebSecretStore


class Storage:
    """Open with `await Storage.open(url)`; close with `await storage.close()` or `async with`."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.games = GameStore(database)
        self.challenges = ChallengeStore(database)
        self.players = PlayerStore(database)
        self.history = HistoryStore(database)
        self.settings = SettingsStore(database)
        self.reviews = ReviewStore(database)
        self.replays = ReplayStore(database)
        self.notices = NoticeStore(database)
        self.languages = LanguageStore(database)
        self.tournaments = TournamentStore(database)
        self.puzzles = PuzzleStore(database)
        self.daily = DailyStore(database)
        self.web_secret = WebSecretStore(database)

    @classmethod
    async def open(cls, where: str | Path) -> Self:
        """Open the database at `where`, a URL or a SQLite path (see `open_database`), creating
        it if needed, and bring its schema up to date."""
        return cls(await open_database(where))

    async def forget_player(self, guild_id: int, user_id: int) -> list[Challenge]:
        """Delete the user's record, puzzle record and attempts and challenges in the guild (and
        how they like to be told it is their turn, and their language), returning the
        challenges; their finished games stay, with the user replaced by `DELETED_USER_ID`, and
        so do the tournaments they played, with the user replaced by a pseudonym of their own
        in each (`_pseudonymise`). Refused while they play a game there, or are in or organise a
        tournament there that is not over."""
        async with self.database.transaction() as db:
            await db.lock_guild(guild_id)
            playing = await db.value(
                """
                SELECT id FROM games
                WHERE status = 'active' AND guild_id = :guild
                  AND (black_id = :user OR white_id = :user)
                """,
                {"guild": guild_id, "user": user_id},
            )
            if playing is not None:
                raise ActiveGameError(playing)
            open_tournament = await db.value(
                """
                SELECT id FROM tournaments t
                WHERE guild_id = :guild AND state NOT IN ('finished', 'cancelled')
                  AND (organiser_id = :user OR EXISTS (
                    SELECT 1 FROM tournament_entrants e
                    WHERE e.tournament_id = t.id AND e.player_id = :user
                  ))
                ORDER BY id LIMIT 1
                """,
                {"guild": guild_id, "user": user_id},
            )
            if open_tournament is not None:
                raise OpenTournamentError(open_tournament)
            await _pseudonymise(db, guild_id, user_id)
            params = {"guild": guild_id, "user": user_id, "deleted": DELETED_USER_ID}
            deleted = await db.all(
                f"""
                DELETE FROM challenges
                WHERE guild_id = :guild AND (challenger_id = :user OR opponent_id = :user)
                RETURNING {CHALLENGE_COLUMNS}
                """,
                params,
            )
            # Finished games only: on PostgreSQL a game may have started since the check above,
            # and it goes on with its players.
            for statement in (
                "DELETE FROM players WHERE guild_id = :guild AND user_id = :user",
                "DELETE FROM puzzle_solvers WHERE guild_id = :guild AND user_id = :user",
                "DELETE FROM puzzle_attempts WHERE guild_id = :guild AND user_id = :user",
                "DELETE FROM notify_choices WHERE user_id = :user",
                "DELETE FROM player_languages WHERE user_id = :user",
                """
                UPDATE games SET black_id = :deleted
                WHERE guild_id = :guild AND black_id = :user AND status = 'finished'
                """,
                """
                UPDATE games SET white_id = :deleted
                WHERE guild_id = :guild AND white_id = :user AND status = 'finished'
                """,
                """
                UPDATE games SET cancelled_by = :deleted
                WHERE guild_id = :guild AND cancelled_by = :user
                """,
            ):
                await db.all(statement, params)
        return sorted((challenge_from_row(row) for row in deleted), key=lambda c: c.id)

    async def close(self) -> None:
        await self.database.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()


async def _pseudonymise(db: Transaction, guild_id: int, user_id: int) -> None:
    """Replace the user in the guild's tournaments that are over (one they signed up to since
    the check goes on with them) by an id of their own in each, negative (so `is_forgotten`)
    and below any of its entrants': its standings, crosstable and boards stay as they were,
    and two forgotten entrants stay two. Entrants first: the new id
    is then the tournament's lowest, which its boards take. The tournaments they organised keep
    no organiser."""
    params = {"guild": guild_id, "user": user_id, "deleted": DELETED_USER_ID}
    over = "guild_id = :guild AND state IN ('finished', 'cancelled')"
    in_over = f"tournament_id IN (SELECT id FROM tournaments WHERE {over})"
    await db.all(
        f"""
        UPDATE tournament_entrants SET player_id = coalesce((
            SELECT min(x.player_id) FROM tournament_entrants x
            WHERE x.tournament_id = tournament_entrants.tournament_id AND x.player_id < 0
        ), :deleted) - 1
        WHERE player_id = :user AND {in_over}
        """,
        params,
    )
    for column in ("black_id", "white_id", "winner_id"):
        await db.all(
            f"""
            UPDATE tournament_pairings SET {column} = (
                SELECT min(x.player_id) FROM tournament_entrants x
                WHERE x.tournament_id = tournament_pairings.tournament_id
            )
            WHERE {column} = :user AND {in_over}
            """,
            params,
        )
    await db.all(
        f"UPDATE tournaments SET organiser_id = :deleted WHERE {over} AND organiser_id = :user",
        params,
    )
