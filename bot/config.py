"""The bot's configuration, read from the environment and an optional `.env` file.

Everything the bot can be told lives here, so `.env.example` and this module
are the one place a server admin needs to read.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from dotenv import dotenv_values

from bot.domain.shards import ALL_SHARDS, Shards
from bot.engine.native import ENGINES, ENVIRONMENT
from bot.logs import FORMATS as LOG_FORMATS

DEFAULT_DATABASE = "reversi.sqlite3"


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says how to fix it."""


@dataclass(frozen=True, slots=True)
class Config:
    """The bot's configuration. Build it with `Config.load()` or directly in tests."""

    token: str | None = None
    database: str = DEFAULT_DATABASE
    """Where the data is kept: a SQLite file's path, `sqlite:///path`, or `postgresql://...`."""
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    log_format: str = "text"
    """`text`: readable lines; `json`: one JSON object a line, for a log collector."""
    api_url: str | None = None
    """Discord's REST API base (None: discord.py's own), for a proxy in front of Discord."""
    gateway_url: str | None = None
    """Discord's gateway (None: discord.py's own), likewise."""
    shards: Shards = ALL_SHARDS
    """The shards this process runs (default: all, as many as Discord recommends)."""
    engine: str = "native"
    """`native`: the native engine core where it is built; `python`: the pure-Python engine."""
    web_port: int | None = None
    """Where the bot's HTTP server listens (pages, health, metrics); None: it has none."""
    web_host: str = "127.0.0.1"
    """The address it listens on: loopback, for a reverse proxy in front, unless told."""
    web_url: str | None = None
    """The public base address of the pages, used in links; None: no page is linked."""

    @classmethod
    def load(cls, env_file: str | Path | None = ".env") -> Config:
        """Read config from `env_file` (if it exists) overlaid by the process environment."""
        values: dict[str, str] = {}
        if env_file is not None and Path(env_file).is_file():
            values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
        values.update(os.environ)
        return cls.from_mapping(values)

    @classmethod
    def from_mapping(cls, values: Mapping[str, str]) -> Config:
        """Parse config from a plain mapping of environment variables."""
        guild = values.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(f"DEV_GUILD_ID must be a numeric server id, not {guild!r}.")
        level = values.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}.")
        return cls(
            token=values.get("DISCORD_TOKEN", "").strip() or None,
            database=(
                values.get("DATABASE_URL", "").strip()
                or values.get("DATABASE_PATH", "").strip()
                or DEFAULT_DATABASE
            ),
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            log_format=_log_format(values),
            api_url=_url(values, "DISCORD_API_URL", ("http", "https")),
            gateway_url=_url(values, "DISCORD_GATEWAY_URL", ("ws", "wss")),
            shards=_shards(values),
            engine=_engine(values),
            web_port=_port(values, "WEB_PORT"),
            web_host=values.get("WEB_HOST", "").strip() or "127.0.0.1",
            web_url=_url(values, "WEB_URL", ("http", "https")),
        )


def _port(values: Mapping[str, str], name: str) -> int | None:
    text = values.get(name, "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) < 65536:
        raise ConfigError(f"{name} must be a port number from 1 to 65535, not {text!r}.")
    return int(text)


def _log_format(values: Mapping[str, str]) -> str:
    form = values.get("LOG_FORMAT", "").strip().lower() or "text"
    if form not in LOG_FORMATS:
        raise ConfigError(f"LOG_FORMAT must be text or json, not {form!r}.")
    return form


def _engine(values: Mapping[str, str]) -> str:
    engine = values.get(ENVIRONMENT, "").strip().lower() or "native"
    if engine not in ENGINES:
        raise ConfigError(f"{ENVIRONMENT} must be native or python, not {engine!r}.")
    return engine


def _url(values: Mapping[str, str], name: str, schemes: tuple[str, ...]) -> str | None:
    """An optional absolute URL with one of `schemes`, without a trailing slash."""
    url = values.get(name, "").strip().rstrip("/")
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in schemes or not parts.netloc:
        raise ConfigError(
            f"{name} must be a URL starting with {' or '.join(s + '://' for s in schemes)}, "
            f"not {url!r}."
        )
    return url


def _shards(values: Mapping[str, str]) -> Shards:
    """SHARD_COUNT, a whole number, and SHARD_IDS, ids and ranges such as `0,2` or `4-7`."""
    count_text = values.get("SHARD_COUNT", "").strip()
    ids_text = values.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError(
                "SHARD_IDS needs SHARD_COUNT: set how many shards all processes run together."
            )
        return ALL_SHARDS
    if not (count_text.isascii() and count_text.isdigit()) or int(count_text) < 1:
        raise ConfigError(f"SHARD_COUNT must be a whole number, 1 or more, not {count_text!r}.")
    count = int(count_text)
    if not ids_text:
        return Shards(count)
    ids: set[int] = set()
    for part in ids_text.split(","):
        match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", part, re.ASCII)
        low, high = (int(match[1]), int(match[2] or match[1])) if match else (1, 0)
        if low > high:
            raise ConfigError(
                f"SHARD_IDS must list shard ids and ranges such as 0,2 or 4-7, not {ids_text!r}."
            )
        if high >= count:
            raise ConfigError(
                f"SHARD_IDS lists shard {high}, but with SHARD_COUNT={count} the shards are "
                f"0 to {count - 1}."
            )
        ids.update(range(low, high + 1))
    return Shards(count, tuple(sorted(ids)))
