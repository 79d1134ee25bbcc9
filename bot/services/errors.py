"""What the storage refuses, as the services let it through to their callers: the cogs word
these (`cogs/refusal_texts.py`) without reaching into the storage."""

from bot.storage.errors import (
    ActiveGameError,
    ChallengeClosedError,
    ChallengeNotFoundError,
    ChannelBusyError,
    DatabaseBusyError,
    DatabaseError,
    DatabaseUnavailableError,
    GameNotFoundError,
    GameOverError,
    RematchOpenError,
    StaleMoveError,
    StorageError,
)

__all__ = [
    "ActiveGameError",
    "ChallengeClosedError",
    "ChallengeNotFoundError",
    "ChannelBusyError",
    "DatabaseBusyError",
    "DatabaseError",
    "DatabaseUnavailableError",
    "GameNotFoundError",
    "GameOverError",
    "RematchOpenError",
    "StaleMoveError",
    "StorageError",
]
