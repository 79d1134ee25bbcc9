"""Every ERROR the code under test logs fails the test, unless the test expected it.

A traceback in the log is how a fault hides behind a polite reply or a retry that works: the
`logged_errors` fixture (autouse, in `tests/conftest.py`) collects every record of level ERROR
and above from any logger while a test runs, and the test fails at teardown if any is left. A test
that provokes an error on purpose takes it with `logged_errors.take(...)` and asserts on it.
"""

from __future__ import annotations

import logging


class ErrorLog(logging.Handler):
    """The ERROR records logged since it was attached to the root logger."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def take(self, logger: str = "") -> list[logging.LogRecord]:
        """The records of `logger` and its children (all if empty), removed from the log."""
        taken = [r for r in self.records if _under(r.name, logger)]
        self.records = [r for r in self.records if not _under(r.name, logger)]
        return taken

    def report(self) -> str:
        formatter = logging.Formatter("%(name)s: %(message)s")
        lines = []
        for record in self.records:
            line = formatter.format(record)
            lines.append(line if record.exc_info is None else line.replace("\n", "\n    "))
        return "\n  ".join(lines)


def _under(name: str, logger: str) -> bool:
    return not logger or name == logger or name.startswith(logger + ".")
