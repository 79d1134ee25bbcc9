"""The database's own troubles, which any service call may meet and lets through: outages, not
refusals (the services turn what the storage refuses into a `Refusal`). The cogs answer a busy or
unreachable database with "try again" (`cogs/refusal_texts.py`), any other trouble with an
apology, without reaching into the storage."""

from bot.storage.errors import DatabaseBusyError, DatabaseUnavailableError, StorageError

__all__ = ["DatabaseBusyError", "DatabaseUnavailableError", "StorageError"]
