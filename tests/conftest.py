"""Shared fixtures: the fake Discord and the real bot built on it, and a PostgreSQL server."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.storage.postgres_server import PostgresServer

pytest_plugins = ["tests.fakediscord.fixtures"]


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the test process, started on first use."""
    server = PostgresServer()
    yield server
    server.stop()
