"""Everything the storage refuses, as data for the services to turn into refusals; the
database's own troubles carry an English message for the admin."""

from __future__ import annotations


class StorageError(Exception):
    """Base of every storage error."""


class DatabaseError(StorageError):
    """The database file cannot be opened or used."""


class SchemaTooNewError(DatabaseError):
    """The database was written by a newer version of the bot."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(
            f"The database uses schema version {found}, but this version of the bot only knows "
            f"up to {known}. Upgrade the bot or point it at another database file."
        )
        self.found = found
        self.known = known


class NotABotDatabaseError(DatabaseError):
    """A database expected to hold the bot's data has none of its tables."""

    def __init__(self, where: str) -> None:
        super().__init__(f"The database at {where} is not the bot's: it has none of its tables.")


class DatabaseBusyError(DatabaseError):
    """Another process held the database for longer than the busy timeout."""

    def __init__(self) -> None:
        super().__init__("The database is busy right now; please try again in a moment.")


class DatabaseUnavailableError(DatabaseError):
    """The database server can't be reached (it is down or restarting, or the network is): a
    passing outage, not a fault of the bot's. `cause` says what failed, for the log."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__("The database is unavailable right now; please try again shortly.")
        self.cause = cause


class NotFoundError(StorageError, LookupError):
    """The game or challenge does not exist (or no longer exists)."""


class GameNotFoundError(NotFoundError):
    def __init__(self, game_id: int) -> None:
        super().__init__(game_id)
        self.game_id = game_id


class ChallengeNotFoundError(NotFoundError):
    def __init__(self, challenge_id: int) -> None:
        super().__init__(challenge_id)
        self.challenge_id = challenge_id


class StaleMoveError(StorageError):
    """The caller acted on a position that is no longer the current one."""

    def __init__(self, game_id: int, expected_ply: int, ply: int) -> None:
        super().__init__(game_id, expected_ply, ply)
        self.game_id = game_id
        self.expected_ply = expected_ply
        self.ply = ply


class GameOverError(StorageError):
    def __init__(self, game_id: int) -> None:
        super().__init__(game_id)
        self.game_id = game_id


class ChannelBusyError(StorageError):
    """A channel holds at most one active game; `game_id` is the one in progress."""

    def __init__(self, game_id: int) -> None:
        super().__init__(game_id)
        self.game_id = game_id


class ChallengeClosedError(StorageError):
    """The challenge was already accepted, declined, cancelled or expired."""

    def __init__(self, challenge_id: int, status: str) -> None:
        super().__init__(challenge_id, status)
        self.challenge_id = challenge_id
        self.status = status


class ActiveGameError(StorageError):
    """The user's data cannot be deleted while they are playing."""

    def __init__(self, game_id: int) -> None:
        super().__init__(game_id)
        self.game_id = game_id


class OpenTournamentError(StorageError):
    """The user's data cannot be deleted while they are in or organise a tournament not over:
    its rounds to come still pair and tell them."""

    def __init__(self, tournament_id: int) -> None:
        super().__init__(tournament_id)
        self.tournament_id = tournament_id


class RematchOpenError(StorageError):
    """A game's rematch offer is still open: a second one would only ping the opponent again."""

    def __init__(self, challenge_id: int) -> None:
        super().__init__(challenge_id)
        self.challenge_id = challenge_id


class ChannelsChangedError(StorageError):
    """Where games may start in guild `guild_id` changed since it was read: a change worked
    out from what was read is not stored."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(guild_id)
        self.guild_id = guild_id
