"""Persistence on SQLite or PostgreSQL: games, challenges, ratings and leaderboards, with no
Discord types."""

from bot.storage.backends import sqlite_file
from bot.storage.claims import ClaimedError, ClaimLostError, claimed
from bot.storage.copy import CopyMismatchError, CopyReport, TargetNotEmptyError, copy_database
from bot.storage.errors import (
    ActiveGameError,
    ChallengeClosedError,
    ChallengeNotFoundError,
    ChannelBusyError,
    ChannelsChangedError,
    DatabaseBusyError,
    DatabaseError,
    DatabaseUnavailableError,
    GameNotFoundError,
    GameOverError,
    NotFoundError,
    OpenTournamentError,
    RematchOpenError,
    SchemaTooNewError,
    StaleMoveError,
    StorageError,
)
from bot.storage.storage import Storage

__all__ = [
    "ActiveGameError",
    "ChallengeClosedError",
    "ChallengeNotFoundError",
    "ChannelBusyError",
    "ChannelsChangedError",
    "ClaimLostError",
    "ClaimedError",
    "CopyMismatchError",
    "CopyReport",
    "DatabaseBusyError",
    "DatabaseError",
    "DatabaseUnavailableError",
    "GameNotFoundError",
    "GameOverError",
    "NotFoundError",
    "OpenTournamentError",
    "RematchOpenError",
    "SchemaTooNewError",
    "StaleMoveError",
    "Storage",
    "StorageError",
    "TargetNotEmptyError",
    "claimed",
    "copy_database",
    "sqlite_file",
]
