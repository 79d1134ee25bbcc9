"""The JSON log line of `LOG_FORMAT=json`, one object a line for a log collector, and what each
entry is about.

A JSON line names the server, the game and the shard its work is about. The task doing that work
carries them (a context variable), so that every line it and the tasks it starts log names them
without each log call repeating them: the client names an interaction's server, the publisher the
game a click changed, and the event bus the game or server of each event for the subscribers'
work on it. A log call's own `extra={"game": ...}` wins.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from types import MappingProxyType

from bot.domain.shards import shard_of

FORMATS = ("text", "json")
IDS = ("guild", "game", "shard")
"""What a JSON line names, where it applies."""

_about: ContextVar[Mapping[str, int]] = ContextVar("about", default=MappingProxyType({}))
_shards: list[int] = []
"""The shard count once known, to tell a server's shard (`count_shards`)."""


def count_shards(count: int) -> None:
    """The bot runs `count` shards in all: from now on a server names its shard."""
    _shards[:] = [count]


def _with(ids: Mapping[str, int | None]) -> Mapping[str, int]:
    given = {name: value for name, value in ids.items() if value is not None}
    return MappingProxyType({**_about.get(), **given})


@contextmanager
def about(*, guild: int | None = None, game: int | None = None) -> Iterator[None]:
    """Name this server and game in what is logged within the block, and in the tasks it
    starts."""
    token = _about.set(_with({"guild": guild, "game": game}))
    try:
        yield
    finally:
        _about.reset(token)


def now_about(*, guild: int | None = None, game: int | None = None) -> None:
    """Name this server and game in what the current task logs from now on: for a task that
    handles one interaction, whose context ends with it."""
    _about.set(_with({"guild": guild, "game": game}))


def current() -> dict[str, int]:
    """The ids the work under way is about, with the server's shard when it is known."""
    ids = dict(_about.get())
    if "guild" in ids and _shards:
        ids["shard"] = shard_of(ids["guild"], _shards[0])
    return ids


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (ISO 8601, UTC), level, logger, message, the exception when
    there is one, and the ids of `IDS` that apply."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exc_info"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack_info"] = self.formatStack(record.stack_info)
        ids = current()
        ids.update({name: getattr(record, name) for name in IDS if hasattr(record, name)})
        entry.update((name, ids[name]) for name in IDS if ids.get(name) is not None)
        return json.dumps(entry, ensure_ascii=False, default=str)
