"""Settings from the environment: the advanced Discord endpoints."""

from __future__ import annotations

import pytest

from bot.config import Settings, SettingsError


def test_discord_endpoints_default_to_discord_itself() -> None:
    settings = Settings.from_mapping({"DISCORD_API_URL": " ", "DISCORD_GATEWAY_URL": ""})

    assert settings.api_url is None and settings.gateway_url is None


def test_discord_endpoints_lose_their_trailing_slash() -> None:
    settings = Settings.from_mapping(
        {
            "DISCORD_API_URL": "http://proxy:8080/api/v10/",
            "DISCORD_GATEWAY_URL": "wss://gateway.example/",
        }
    )

    assert settings.api_url == "http://proxy:8080/api/v10"
    assert settings.gateway_url == "wss://gateway.example"


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
    with pytest.raises(SettingsError, match=name):
        Settings.from_mapping({name: value})
