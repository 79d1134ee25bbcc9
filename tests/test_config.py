"""Config from the environment: the advanced Discord endpoints and the shards."""

from __future__ import annotations

import re

import pytest

from bot.config import Config, ConfigError
from bot.domain.shards import Shards


def test_discord_endpoints_default_to_discord_itself() -> None:
    config = Config.from_mapping({"DISCORD_API_URL": " ", "DISCORD_GATEWAY_URL": ""})

    assert config.api_url is None and config.gateway_url is None


def test_discord_endpoints_lose_their_trailing_slash() -> None:
    config = Config.from_mapping(
        {
            "DISCORD_API_URL": "http://proxy:8080/api/v10/",
            "DISCORD_GATEWAY_URL": "wss://gateway.example/",
        }
    )

    assert config.api_url == "http://proxy:8080/api/v10"
    assert config.gateway_url == "wss://gateway.example"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DISCORD_API_URL", "proxy:8080/api/v10"),
        ("DISCORD_API_URL", "wss://gateway.discord.gg"),
        ("DISCORD_GATEWAY_URL", "https://gateway.discord.gg"),
        ("DISCORD_GATEWAY_URL", "ws://"),
    ],
)
def test_a_discord_endpoint_must_be_a_url_of_its_kind(name: str, value: str) -> None:
    with pytest.raises(ConfigError, match=name):
        Config.from_mapping({name: value})


def test_by_default_one_process_runs_every_shard_discord_recommends() -> None:
    config = Config.from_mapping({"SHARD_COUNT": " ", "SHARD_IDS": ""})

    assert config.shards == Shards()


@pytest.mark.parametrize(
    ("values", "shards"),
    [
        ({"SHARD_COUNT": "4"}, Shards(4)),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1"}, Shards(2, (1,))),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "0-3"}, Shards(8, (0, 1, 2, 3))),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "6, 0,2 - 3,2"}, Shards(8, (0, 2, 3, 6))),
    ],
)
def test_shard_settings(values: dict[str, str], shards: Shards) -> None:
    assert Config.from_mapping(values).shards == shards


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number, 1 or more, not '0'"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_COUNT": "²"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "lists shard 2, but with SHARD_COUNT=2 the "),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "ranges such as 0,2 or 4-7, not '3-1'"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,,1"}, "SHARD_IDS must list shard ids"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "-1"}, "SHARD_IDS must list shard ids"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-99999999999"}, "lists shard 99999999999"),
    ],
)
def test_bad_shard_settings_say_how_to_fix_them(values: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        Config.from_mapping(values)


def test_the_database_is_a_sqlite_file_unless_a_url_says_otherwise() -> None:
    assert Config.from_mapping({}).database == "reversi.sqlite3"
    assert Config.from_mapping({"DATABASE_PATH": " data/r.db "}).database == "data/r.db"
    both = {"DATABASE_PATH": "data/r.db", "DATABASE_URL": "postgresql://bot@db/reversi"}
    assert Config.from_mapping(both).database == "postgresql://bot@db/reversi"


def test_the_http_server_is_off_and_on_loopback_unless_told() -> None:
    assert Config.from_mapping({}).web_port is None
    config = Config.from_mapping(
        {"WEB_PORT": "8080", "WEB_URL": "https://reversi.example/", "WEB_HOST": ""}
    )
    assert (config.web_port, config.web_host) == (8080, "127.0.0.1")
    assert config.web_url == "https://reversi.example"
    assert Config.from_mapping({"WEB_PORT": "80", "WEB_HOST": "0.0.0.0"}).web_host == "0.0.0.0"


@pytest.mark.parametrize("port", ["0", "65536", "http", "-1", "\uff18\uff10"])
def test_a_web_port_must_be_a_port(port: str) -> None:
    with pytest.raises(ConfigError, match="WEB_PORT must be a port number from 1 to 65535"):
        Config.from_mapping({"WEB_PORT": port})


def test_a_web_url_must_be_a_web_address() -> None:
    with pytest.raises(ConfigError, match="WEB_URL must be a URL starting with http"):
        Config.from_mapping({"WEB_URL": "reversi.example"})


def test_logs_are_readable_lines_unless_json_is_asked_for() -> None:
    assert Config.from_mapping({}).log_format == "text"
    assert Config.from_mapping({"LOG_FORMAT": " JSON "}).log_format == "json"
    with pytest.raises(ConfigError, match=re.escape("LOG_FORMAT must be text or json, not 'xml'")):
        Config.from_mapping({"LOG_FORMAT": "xml"})
