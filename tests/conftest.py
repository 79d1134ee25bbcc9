"""Shared fixtures: the fake Discord and the real bot built on it, a PostgreSQL server, and the
guard that fails a test on any ERROR it did not expect (`tests/errorlog.py`)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from tests.errorlog import ErrorLog
from tests.storage.postgres_server import PostgresServer

pytest_plugins = ["tests.fakediscord.fixtures"]


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the test process, started on first use."""
    server = PostgresServer()
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def logged_errors() -> Iterator[ErrorLog]:
    """The ERROR records logged during the test; any the test did not `take` fail it."""
    log = ErrorLog()
    root = logging.getLogger()
    root.addHandler(log)
    try:
        yield log
    finally:
        root.removeHandler(log)
    if log.records:
        pytest.fail(f"errors were logged that the test did not expect:\n  {log.report()}")
