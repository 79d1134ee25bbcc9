"""Which bot process runs which shards of one PostgreSQL database: each claims its shards with
advisory locks, held on a connection of its own for as long as it runs.

The locks go with their connection, however it ends, so a process that dies frees its shards at
once. So does a connection that drops while the process runs (a restart of the database, say),
and another process could then start on the same shards. So the claim watches its connection and,
when it is lost, takes every lock again on a new one. If it can't, because another process took
a shard meanwhile or the database stays out of reach, the claim is lost for good and the process
must stop: two processes must never serve one shard.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress

import asyncpg

from bot.storage.errors import DatabaseError
from bot.storage.postgres import CONNECT_TIMEOUT, DRIVER_ERRORS, connection_lost, shown_url

CLAIMS = 0x52565253
"""The first key of the bot's advisory locks (ASCII "RVRS"), apart from any other application's."""
APPLICATION_NAME = "reversi-bot claim"
"""What the claim's connection is called in `pg_stat_activity`, apart from the pool's."""
RETRY_EVERY = 0.5
"""Seconds between two attempts to take a lost claim again."""
RETAKE_WITHIN = 60.0
"""Seconds a lost claim is tried again for before the process gives up on the database."""

log = logging.getLogger(__name__)


class ClaimedError(DatabaseError):
    """Another process on the database already runs part of what this one would."""


class ClaimLostError(DatabaseError):
    """The claim's connection was lost, and the database stayed out of reach."""


@asynccontextmanager
async def claimed(
    url: str, keys: Sequence[int], *, shared: bool, retake_within: float = RETAKE_WITHIN
) -> AsyncIterator[Claim]:
    """Hold advisory locks on `keys` for the block; raises `ClaimedError` if any is taken.
    `shared` locks coexist, exclusive ones don't: a process running every shard claims key 0
    alone, a process running some shares key 0 and claims one key per shard.

    Yields the claim. Its task `kept` ends only if the claim is lost for good, raising
    `ClaimedError` if another process took a key while the connection was down, or
    `ClaimLostError` if no new connection could take them within `retake_within` seconds."""
    claim = Claim(url, keys, shared)
    conn = await claim.take()
    claim.kept = keeping = asyncio.create_task(claim.keep(conn, retake_within), name="shard claim")
    try:
        yield claim
    finally:
        keeping.cancel()
        await asyncio.wait([keeping])
        if not keeping.cancelled():
            keeping.exception()  # the caller's to raise, or not once it is stopping anyway
        await claim.release()


class Claim:
    """One process's claim: the keys it locks, and the connection that holds them now."""

    kept: asyncio.Task[None]
    """Keeps the claim; ends only when it is lost for good."""

    def __init__(self, url: str, keys: Sequence[int], shared: bool) -> None:
        self._url = url
        self._shown = shown_url(url)
        self._keys = keys
        self._shared = shared
        self._conn: asyncpg.Connection[asyncpg.Record] | None = None

    @property
    def held(self) -> bool:
        """Whether a connection holds the locks now; not while the claim is being taken again."""
        return self._conn is not None

    async def take(self) -> asyncpg.Connection[asyncpg.Record]:
        """A new connection that holds every lock, or an error and none held."""
        try:
            conn = await asyncpg.connect(
                self._url,
                timeout=CONNECT_TIMEOUT,
                server_settings={"application_name": APPLICATION_NAME},
            )
        except DRIVER_ERRORS as error:
            raise DatabaseError(f"Cannot open the database at {self._shown}: {error}.") from error
        try:
            await self._lock(conn)
        except DRIVER_ERRORS as error:
            conn.terminate()
            raise DatabaseError(f"Cannot use the database at {self._shown}: {error}.") from error
        except BaseException:
            conn.terminate()  # frees the locks taken so far
            raise
        self._conn = conn
        return conn

    async def _lock(self, conn: asyncpg.Connection[asyncpg.Record]) -> None:
        whole = "pg_try_advisory_lock_shared" if self._shared else "pg_try_advisory_lock"
        if not await conn.fetchval(f"SELECT {whole}($1, 0)", CLAIMS):
            raise ClaimedError(
                f"Another bot process already runs {'every shard' if self._shared else 'shards'} "
                f"on the database at {self._shown}. Stop it first, or give each process its own "
                "SHARD_IDS."
            )
        for key in self._keys:
            if not await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", CLAIMS, key):
                raise ClaimedError(
                    f"Another bot process already runs shard {key - 1} on the database at "
                    f"{self._shown}. Give each process its own SHARD_IDS."
                )

    async def keep(self, conn: asyncpg.Connection[asyncpg.Record], retake_within: float) -> None:
        """Take the claim again whenever its connection is lost, until it can't be."""
        while True:
            await connection_lost(conn)
            self._conn = None
            log.warning("The connection claiming this process's shards was lost; claiming again")
            conn = await self._retake(retake_within)
            log.info("Claimed this process's shards again")

    async def _retake(self, within: float) -> asyncpg.Connection[asyncpg.Record]:
        loop = asyncio.get_running_loop()
        give_up = loop.time() + within
        while True:
            try:
                return await self.take()
            except ClaimedError:
                raise
            except DatabaseError as error:
                if loop.time() >= give_up:
                    raise ClaimLostError(
                        f"Lost the claim on this process's shards, and the database stayed out "
                        f"of reach for {within:g} s: {error}"
                    ) from error
            await asyncio.sleep(RETRY_EVERY)

    async def release(self) -> None:
        """Close the claim's connection, which frees its locks; quietly if it is gone already."""
        if self._conn is not None:
            with suppress(*DRIVER_ERRORS):  # asyncpg aborts a connection it can't close
                await self._conn.close(timeout=CONNECT_TIMEOUT)
