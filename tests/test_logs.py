"""The JSON log line (`bot.logs`): the exception as text, and the ids of the work under way, which
a log call's own `extra` overrides."""

from __future__ import annotations

import json
import logging
import sys

from bot import logs


def line(message: str, **extra: object) -> dict[str, object]:
    try:
        raise ValueError("boom")
    except ValueError:
        exc_info = sys.exc_info()
    record = logging.LogRecord("bot.test", logging.ERROR, __file__, 1, message, (), exc_info)
    record.__dict__.update(extra)
    entry: dict[str, object] = json.loads(logs.JsonFormatter().format(record))
    return entry


def test_a_json_line_carries_the_exception_and_the_ids_of_the_work_under_way() -> None:
    with logs.about(guild=1 << 22, game=12):
        entry = line("Failed")
        with logs.about(game=13):
            inner = line("Failed")
        told = line("Failed", game=14)
    outside = line("Failed")

    assert entry["level"] == "ERROR" and entry["logger"] == "bot.test"
    assert entry["message"] == "Failed"
    exception = entry["exc_info"]
    assert isinstance(exception, str)
    assert exception.startswith("Traceback") and exception.endswith("ValueError: boom")
    assert (entry["guild"], entry["game"]) == (1 << 22, 12)
    assert (inner["guild"], inner["game"]) == (1 << 22, 13)
    assert told["game"] == 14
    assert not {"guild", "game", "shard"} & outside.keys()
