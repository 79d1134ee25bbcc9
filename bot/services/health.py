"""Whether the database answers now: the bot's readiness check asks it on every probe."""

from __future__ import annotations

import asyncio

from bot.services.context import Service
from bot.storage import DatabaseUnavailableError, StorageError

ANSWER_WITHIN = 2.0
"""Seconds the database has to answer a probe: a query any healthy one answers in a millisecond."""


class Health(Service):
    async def database_problem(self) -> str | None:
        """What keeps the database from answering a query now, or None when it answers."""
        try:
            async with asyncio.timeout(ANSWER_WITHIN):
                await self.storage.database.answers()
        except TimeoutError:
            return f"no answer within {ANSWER_WITHIN:g} s"
        except DatabaseUnavailableError as error:
            return f"out of reach ({error.cause})"
        except StorageError as error:
            return str(error)
        return None
