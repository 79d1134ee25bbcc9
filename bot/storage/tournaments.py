"""Tournaments, their entrants and the boards of their rounds.

A board's result is written in the transaction that ends its game (`record_game_result`, called
by the game store), and a round's boards are inserted in one transaction that also moves the
tournament to that round, once (`pair_round`): a crash between a game's end and the next round's
pairing loses nothing and pairs nothing twice.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain import GameRecord, TimeControl
from bot.domain.shards import ALL_SHARDS, Shards
from bot.domain.tournament import (
    Board,
    Entrant,
    Format,
    Pairing,
    TournamentRecord,
    TournamentState,
    TournamentView,
)
from bot.storage.database import Row, Store, Transaction
from bot.storage.errors import StorageError
from bot.storage.games import insert_game
from bot.storage.rows import time_control_columns, time_control_from_row
from bot.storage.shards import in_shards

TOURNAMENT_COLUMNS = (
    "id, guild_id, organiser_id, name, format, swiss_rounds, time_per_move, clock_base, "
    "clock_increment, rated, entry_limit, starts_at, channel_id, message_id, event_id, state, "
    "round, rounds, seed, created_at, updated_at"
)
BOARD_COLUMNS = (
    "tournament_id, round, board, black_id, white_id, game_id, finished, forfeit, winner_id, "
    "black_discs, white_discs"
)


class TournamentChangedError(StorageError):
    """The tournament was not in the state or round the change expected (another got there)."""


class AlreadyEnteredError(StorageError):
    pass


class TournamentFullError(StorageError):
    pass


def tournament_from_row(row: Row) -> TournamentRecord:
    return TournamentRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        organiser_id=row["organiser_id"],
        name=row["name"],
        format=Format(row["format"]),
        swiss_rounds=row["swiss_rounds"],
        time_control=time_control_from_row(row),
        rated=bool(row["rated"]),
        entry_limit=row["entry_limit"],
        starts_at=float(row["starts_at"]),
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        event_id=row["event_id"],
        state=TournamentState(row["state"]),
        round=row["round"],
        rounds=row["rounds"],
        seed=row["seed"],
        created_at=float(row["created_at"]),
        updated_at=float(row["updated_at"]),
    )


def board_from_row(row: Row) -> Board:
    pairing = Pairing(
        round=row["round"],
        black=row["black_id"],
        white=row["white_id"],
        black_discs=row["black_discs"],
        white_discs=row["white_discs"],
        winner=row["winner_id"],
        finished=bool(row["finished"]),
        forfeit=bool(row["forfeit"]),
    )
    return Board(row["tournament_id"], row["board"], pairing, row["game_id"])


class TournamentStore(Store):
    async def create(
        self,
        *,
        guild_id: int,
        organiser_id: int,
        name: str,
        format: Format,
        swiss_rounds: int,
        time_control: TimeControl,
        rated: bool,
        entry_limit: int,
        starts_at: float,
        channel_id: int,
        seed: int,
        now: float,
    ) -> TournamentRecord:
        async with self.transaction() as db:
            row = await db.one(
                f"""
                INSERT INTO tournaments (guild_id, organiser_id, name, format, swiss_rounds,
                    time_per_move, clock_base, clock_increment, rated, entry_limit, starts_at,
                    channel_id, seed, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                RETURNING {TOURNAMENT_COLUMNS}
                """,
                (
                    guild_id,
                    organiser_id,
                    name,
                    format.value,
                    swiss_rounds,
                    *time_control_columns(time_control),
                    rated,
                    entry_limit,
                    starts_at,
                    channel_id,
                    seed,
                    now,
                    now,
                ),
            )
        assert row is not None
        return tournament_from_row(row)

    async def get(self, tournament_id: int) -> TournamentRecord:
        async with self.transaction(read_only=True) as db:
            row = await db.one(
                f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
            )
        if row is None:
            raise LookupError(tournament_id)
        return tournament_from_row(row)

    async def view(self, tournament_id: int) -> TournamentView:
        async with self.transaction(read_only=True) as db:
            return await _view(db, tournament_id)

    async def of_guild(self, guild_id: int, limit: int = 25) -> list[TournamentRecord]:
        """The server's latest tournaments, newest first."""
        async with self.transaction(read_only=True) as db:
            rows = await db.all(
                f"""
                SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE guild_id = ?
                ORDER BY id DESC LIMIT ?
                """,
                (guild_id, limit),
            )
        return [tournament_from_row(row) for row in rows]

    async def unfinished(self, shards: Shards = ALL_SHARDS) -> list[TournamentRecord]:
        """Tournaments signing up or under way in the servers of `shards`: what a restart
        picks up."""
        async with self.transaction(read_only=True) as db:
            rows = await db.all(
                f"""
                SELECT {TOURNAMENT_COLUMNS} FROM tournaments
                WHERE state NOT IN ('finished', 'cancelled') AND {in_shards(shards)}
                ORDER BY id
                """
            )
        return [tournament_from_row(row) for row in rows]

    async def names_of_games(self, guild_id: int, player_id: int) -> dict[int, str]:
        """The name of the tournament each of the player's games of a current round belongs
        to, by game id."""
        async with self.transaction(read_only=True) as db:
            rows = await db.all(
                """
                SELECT p.game_id, t.name FROM tournaments t
                JOIN tournament_pairings p ON p.tournament_id = t.id AND p.round = t.round
                WHERE t.guild_id = ? AND t.state IN ('running', 'paused')
                    AND p.game_id IS NOT NULL AND (p.black_id = ? OR p.white_id = ?)
                """,
                (guild_id, player_id, player_id),
            )
        return {row["game_id"]: row["name"] for row in rows}

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        async with self.transaction() as db:
            await db.all(
                "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id)
            )

    async def set_event(self, tournament_id: int, event_id: int) -> None:
        async with self.transaction() as db:
            await db.all(
                "UPDATE tournaments SET event_id = ? WHERE id = ?", (event_id, tournament_id)
            )

    async def join(
        self, tournament_id: int, player_id: int, rating: float, *, now: float
    ) -> TournamentView:
        """Enter the player while sign-up is open, within the entry limit."""
        async with self.transaction() as db:
            tournament = await _locked(db, tournament_id, TournamentState.SIGNUP)
            count = await db.value(
                "SELECT count(*) FROM tournament_entrants WHERE tournament_id = ?",
                (tournament_id,),
            )
            if count >= tournament.entry_limit:
                raise TournamentFullError(tournament_id)
            row = await db.one(
                """
                INSERT INTO tournament_entrants (tournament_id, player_id, rating, joined_at)
                VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING player_id
                """,
                (tournament_id, player_id, rating, now),
            )
            if row is None:
                raise AlreadyEnteredError(tournament_id)
            return await _view(db, tournament_id)

    async def leave(self, tournament_id: int, player_id: int) -> TournamentView:
        """Take the player off the list before the start."""
        async with self.transaction() as db:
            await _locked(db, tournament_id, TournamentState.SIGNUP)
            await db.all(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND player_id = ?",
                (tournament_id, player_id),
            )
            return await _view(db, tournament_id)

    async def withdraw(self, tournament_id: int, player_id: int) -> TournamentView:
        """The player takes no part after the round the tournament is in; their board of it, if
        its game has not begun, is lost without play. Refused once it is over."""
        async with self.transaction() as db:
            tournament = await _locked(db, tournament_id, None)
            if tournament.state not in (TournamentState.RUNNING, TournamentState.PAUSED):
                raise TournamentChangedError(tournament_id)
            params = {"t": tournament_id, "p": player_id, "r": tournament.round}
            await db.all(
                """
                UPDATE tournament_entrants SET withdrawn_after = :r
                WHERE tournament_id = :t AND player_id = :p AND withdrawn_after IS NULL
                """,
                params,
            )
            # Their board of this round, paired but not yet begun, is lost without play.
            await db.all(
                """
                UPDATE tournament_pairings
                SET finished = TRUE, forfeit = TRUE,
                    winner_id = CASE WHEN black_id = :p THEN white_id ELSE black_id END
                WHERE tournament_id = :t AND round = :r AND game_id IS NULL AND NOT finished
                  AND (black_id = :p OR white_id = :p)
                """,
                params,
            )
            return await _view(db, tournament_id)

    async def set_state(
        self,
        tournament_id: int,
        expected: Sequence[TournamentState],
        state: TournamentState,
        *,
        now: float,
        rounds: int | None = None,
    ) -> TournamentRecord:
        """Move the tournament to `state` if it is in one of `expected` (starting it fixes its
        number of `rounds`)."""
        async with self.transaction() as db:
            tournament = await _locked(db, tournament_id, None)
            if tournament.state not in expected:
                raise TournamentChangedError(tournament_id)
            row = await db.one(
                f"""
                UPDATE tournaments SET state = ?, rounds = coalesce(?, rounds), updated_at = ?
                WHERE id = ? RETURNING {TOURNAMENT_COLUMNS}
                """,
                (state.value, rounds, now, tournament_id),
            )
        assert row is not None
        return tournament_from_row(row)

    async def pair_round(
        self, tournament_id: int, number: int, pairings: Sequence[Pairing], *, now: float
    ) -> TournamentView:
        """Store round `number`'s boards and move the tournament to it, if it is at the round
        before (else another pairing got there first: `TournamentChangedError`)."""
        async with self.transaction() as db:
            tournament = await _locked(db, tournament_id, TournamentState.RUNNING)
            if tournament.round != number - 1:
                raise TournamentChangedError(tournament_id)
            await db.all(
                "UPDATE tournaments SET round = ?, updated_at = ? WHERE id = ?",
                (number, now, tournament_id),
            )
            for board, p in enumerate(pairings, start=1):
                await db.all(
                    f"""
                    INSERT INTO tournament_pairings ({BOARD_COLUMNS})
                    VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)
                    """,
                    (
                        tournament_id,
                        number,
                        board,
                        p.black,
                        p.white,
                        p.finished,
                        p.forfeit,
                        p.winner,
                        p.black_discs,
                        p.white_discs,
                    ),
                )
            return await _view(db, tournament_id)

    async def start_game(
        self,
        board: Board,
        guild_id: int,
        channel_id: int,
        *,
        deadline: float | None,
        now: float,
    ) -> GameRecord | None:
        """Start the board's game in `channel_id` (its thread), unless it has one already, was
        forfeited, or the tournament is over: None then."""
        async with self.transaction() as db:
            tournament = await _locked(db, board.tournament_id, None)
            if tournament.state.over:
                return None
            taken = await db.value(
                """
                SELECT game_id IS NOT NULL OR finished FROM tournament_pairings
                WHERE tournament_id = ? AND round = ? AND board = ?
                """,
                (board.tournament_id, board.pairing.round, board.number),
            )
            if taken:
                return None
            assert board.pairing.white is not None
            record = await insert_game(
                db,
                guild_id=guild_id,
                channel_id=channel_id,
                black_id=board.pairing.black,
                white_id=board.pairing.white,
                rated=tournament.rated,
                time_control=tournament.time_control,
                deadline=deadline,
                now=now,
                tournament_id=board.tournament_id,
            )
            await db.all(
                """
                UPDATE tournament_pairings SET game_id = ?
                WHERE tournament_id = ? AND round = ? AND board = ?
                """,
                (record.id, board.tournament_id, board.pairing.round, board.number),
            )
            return record


async def _locked(
    db: Transaction, tournament_id: int, state: TournamentState | None
) -> TournamentRecord:
    """The tournament, locked until the transaction ends; in `state` if one is named."""
    row = await db.one(
        f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ? {db.dialect.for_update}",
        (tournament_id,),
    )
    if row is None:
        raise LookupError(tournament_id)
    tournament = tournament_from_row(row)
    if state is not None and tournament.state is not state:
        raise TournamentChangedError(tournament_id)
    return tournament


async def _view(db: Transaction, tournament_id: int) -> TournamentView:
    row = await db.one(
        f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
    )
    if row is None:
        raise LookupError(tournament_id)
    entrants = await db.all(
        """
        SELECT player_id, rating, withdrawn_after FROM tournament_entrants
        WHERE tournament_id = ? ORDER BY joined_at, player_id
        """,
        (tournament_id,),
    )
    boards = await db.all(
        f"""
        SELECT {BOARD_COLUMNS} FROM tournament_pairings WHERE tournament_id = ?
        ORDER BY round, board
        """,
        (tournament_id,),
    )
    return TournamentView(
        tournament_from_row(row),
        tuple(Entrant(e["player_id"], float(e["rating"]), e["withdrawn_after"]) for e in entrants),
        tuple(board_from_row(b) for b in boards),
    )
